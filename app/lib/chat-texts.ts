/*
 * How a chat's messages read in words: in the chat list, on a file card, on a call's line. Apart from the
 * attachment rules in chat-files.ts, which only the chat screens and the worker need: the shell's chat list
 * shows previews on every signed-in page.
 */

export const isChatPhoto = (contentType: string) => contentType.startsWith("image/");

/** "2.4 MB", "312 KB": a file card's size. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** "3:12" or "1:02:05": a call's length. */
export function durationText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

type CallSummary = {
  kind: "video" | "voice";
  outcome: "completed" | "missed" | "declined";
  durationSeconds: number;
};

/** A call's line in words: "Video call · 3:12", "Missed voice call", "Declined video call". */
export function callText(call: CallSummary): string {
  const kind = call.kind === "video" ? "video call" : "voice call";
  if (call.outcome === "completed")
    return `${call.kind === "video" ? "Video" : "Voice"} call · ${durationText(call.durationSeconds)}`;
  return `${call.outcome === "missed" ? "Missed" : "Declined"} ${kind}`;
}

/** What a chat list shows for a message: its text, else its call, photos or file. */
export function messagePreview(message: {
  content: string;
  attachments?: readonly { name: string; contentType: string }[] | null;
  call?: CallSummary | null;
}): string {
  if (message.content) return message.content;
  if (message.call) return callText(message.call);
  const files = message.attachments ?? [];
  if (files.length === 0) return "";
  if (files.every((f) => isChatPhoto(f.contentType)))
    return files.length === 1 ? "Photo" : `${files.length} photos`;
  return files.length === 1 ? files[0]!.name : `${files.length} files`;
}
