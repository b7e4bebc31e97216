import { useCallback, useRef, useState } from "react";
import { answerOf, api, failureText } from "#lib/api-client";
import {
  CHAT_ATTACHMENTS_MAX,
  CHAT_FILE_MAX_BYTES,
  CHAT_FILE_TOO_LARGE,
  CHAT_FILE_TYPE_REFUSED,
  HEIC_REFUSED,
  sniffChatFileType,
  type ChatAttachment,
  type ChatFileType,
} from "#lib/chat-files";
import { toastError } from "#lib/toast";

export type ChatUpload = {
  key: string;
  name: string;
  contentType: ChatFileType;
  size: number;
  /** A local preview of a photo (object URL), shown in the tray. */
  preview?: string;
  width?: number;
  height?: number;
  progress: number;
  status: "uploading" | "done" | "failed";
  file: File;
  /** Set once stored: what goes on the message. */
  attachment?: ChatAttachment;
};

/**
 * The compressing and the upload with progress come with the first file picked, not with the chat: most
 * chats are opened to type, and the tray already shows the file as preparing or uploading while it loads.
 */
const uploadWork = () => import("~/components/post/photo-uploader");

async function dimensionsOf(file: File): Promise<{ width: number; height: number } | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return undefined;
  }
}

/**
 * Prepares one picked file: its type from its bytes (the same check the server makes), photos compressed
 * like post photos (which also turns a HEIC the browser can read into a JPEG), PDFs as they are.
 */
async function prepare(file: File): Promise<File> {
  const type = sniffChatFileType(new Uint8Array(await file.slice(0, 32).arrayBuffer()));
  if (type === "application/pdf") return file;
  if (type === null && !file.type.startsWith("image/")) throw new Error(CHAT_FILE_TYPE_REFUSED);
  const { compress } = await uploadWork();
  try {
    return await compress(file);
  } catch {
    // The browser could not read it (HEIC outside Safari, a broken file): the server's rules say why.
    if (type === "image/heic" || /\.hei[cf]$/i.test(file.name)) throw new Error(HEIC_REFUSED);
    if (type) return file;
    throw new Error(CHAT_FILE_TYPE_REFUSED);
  }
}

/** One prepared file through its own signed upload: the attachment to put on a message. */
export async function uploadChatFile(
  file: File,
  details: { name: string; contentType: ChatFileType; width?: number; height?: number },
  onProgress: (fraction: number) => void = () => {},
): Promise<ChatAttachment> {
  const [{ uploadURL }, { putWithProgress }] = await Promise.all([
    answerOf(api.POST("/api/objects/chat-upload")),
    uploadWork(),
  ]);
  await putWithProgress(uploadURL, file, onProgress);
  return {
    url: new URL(uploadURL, window.location.origin).pathname,
    name: details.name,
    contentType: details.contentType,
    size: file.size,
    ...(details.width && details.height ? { width: details.width, height: details.height } : {}),
  };
}

/**
 * The photos and files waiting to go on the next message: each one prepared, then sent through
 * its own signed upload with a progress bar. A failed one stays in the tray to retry or remove; the draft's
 * text is never touched.
 */
export function useChatUploads() {
  const [uploads, setUploads] = useState<ChatUpload[]>([]);
  const [preparing, setPreparing] = useState(0);
  const count = useRef(0);
  count.current = uploads.length + preparing;

  const patch = useCallback(
    (key: string, change: Partial<ChatUpload>) =>
      setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u))),
    [],
  );

  const upload = useCallback(
    async (item: ChatUpload) => {
      patch(item.key, { status: "uploading", progress: 0 });
      try {
        const attachment = await uploadChatFile(item.file, item, (fraction) =>
          patch(item.key, { progress: fraction }),
        );
        patch(item.key, { status: "done", progress: 1, attachment });
      } catch (error) {
        patch(item.key, { status: "failed" });
        toastError(`${item.name}: ${failureText(error, "please try again")}`, "Upload failed");
      }
    },
    [patch],
  );

  const add = useCallback(
    async (list: FileList | File[] | null) => {
      const files = [...(list ?? [])];
      if (files.length === 0) return;
      const room = CHAT_ATTACHMENTS_MAX - count.current;
      if (files.length > room) {
        toastError(
          `A message can carry at most ${CHAT_ATTACHMENTS_MAX} files. You can add ${Math.max(0, room)} more.`,
          "Too many files",
        );
        return;
      }
      setPreparing((n) => n + files.length);
      for (const picked of files) {
        try {
          const file = await prepare(picked);
          if (file.size > CHAT_FILE_MAX_BYTES) throw new Error(CHAT_FILE_TOO_LARGE);
          const contentType = sniffChatFileType(new Uint8Array(await file.slice(0, 32).arrayBuffer()));
          if (!contentType || contentType === "image/heic") throw new Error(CHAT_FILE_TYPE_REFUSED);
          const photo = contentType.startsWith("image/");
          const item: ChatUpload = {
            key: crypto.randomUUID(),
            // A compressed photo is a JPEG now, and named so.
            name: (photo ? file.name : picked.name).slice(0, 200),
            contentType,
            size: file.size,
            preview: photo ? URL.createObjectURL(file) : undefined,
            ...(photo ? await dimensionsOf(file) : {}),
            progress: 0,
            status: "uploading",
            file,
          };
          setUploads((current) => [...current, item]);
          void upload(item);
        } catch (error) {
          toastError(
            `${picked.name}: ${error instanceof Error ? error.message : CHAT_FILE_TYPE_REFUSED}`,
            "Cannot send this file",
          );
        } finally {
          setPreparing((n) => n - 1);
        }
      }
    },
    [upload],
  );

  const retry = useCallback(
    (key: string) => {
      const item = uploads.find((u) => u.key === key);
      if (item) void upload(item);
    },
    [uploads, upload],
  );

  const remove = useCallback((key: string) => {
    setUploads((list) => {
      const gone = list.find((u) => u.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return list.filter((u) => u.key !== key);
    });
  }, []);

  /** After a send: the tray empties (previews stay valid for the optimistic message). */
  const clear = useCallback(() => setUploads([]), []);

  const busy = preparing > 0 || uploads.some((u) => u.status === "uploading");
  const failed = uploads.some((u) => u.status === "failed");
  const attachments = uploads.flatMap((u) => (u.attachment ? [u.attachment] : []));
  return { uploads, add, retry, remove, clear, busy, failed, attachments, preparing };
}
