import { describe, expect, it } from "vitest";
import { chatFilePathOf, sniffChatFileType } from "#lib/chat-files";
import { callText, messagePreview } from "#lib/chat-texts";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("chat files", () => {
  it("tells the type by the first bytes: PDF, JPEG, PNG, WebP; HEIC named as such; the rest refused", () => {
    expect(sniffChatFileType(bytes("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffChatFileType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffChatFileType(bytes([0x89], "PNG\r\n", [0x1a, 0x0a]))).toBe("image/png");
    expect(sniffChatFileType(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("image/webp");
    expect(sniffChatFileType(bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0]))).toBe("image/heic");
    expect(sniffChatFileType(bytes("GIF89a"))).toBeNull();
    expect(sniffChatFileType(bytes("PK", [3, 4]))).toBeNull();
  });

  it("takes only our own chat-file addresses", () => {
    const id = "0b6f2f3e-8a49-4c1e-9a37-2f1d6f0c9a11";
    expect(chatFilePathOf(`/objects/chat-files/${id}`)).toBe(`/objects/chat-files/${id}`);
    expect(chatFilePathOf(`https://dealerlane.app/objects/chat-files/${id}`, "https://dealerlane.app")).toBe(
      `/objects/chat-files/${id}`,
    );
    expect(
      chatFilePathOf(`https://evil.example/objects/chat-files/${id}`, "https://dealerlane.app"),
    ).toBeNull();
    expect(chatFilePathOf(`/objects/uploads/${id}`)).toBeNull();
    expect(chatFilePathOf(`/objects/chat-files/${id}?signature=x`)).toBeNull();
  });

  it("words a text-less message for the chat list", () => {
    const photo = { name: "a.jpg", contentType: "image/jpeg" };
    const pdf = { name: "Title.pdf", contentType: "application/pdf" };
    expect(messagePreview({ content: "Still there?", attachments: [photo] })).toBe("Still there?");
    expect(messagePreview({ content: "", attachments: [photo] })).toBe("Photo");
    expect(messagePreview({ content: "", attachments: [photo, photo] })).toBe("2 photos");
    expect(messagePreview({ content: "", attachments: [pdf] })).toBe("Title.pdf");
    expect(messagePreview({ content: "", attachments: [photo, pdf] })).toBe("2 files");
    expect(callText({ kind: "video", outcome: "completed", durationSeconds: 192 })).toBe("Video call · 3:12");
    expect(callText({ kind: "voice", outcome: "missed", durationSeconds: 0 })).toBe("Missed voice call");
    expect(
      messagePreview({ content: "", call: { kind: "video", outcome: "declined", durationSeconds: 0 } }),
    ).toBe("Declined video call");
  });
});
