import { describe, expect, it } from "vitest";
import { sniffImageType } from "#lib/image-type";

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("sniffImageType", () => {
  it.each([
    ["image/jpeg", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF")],
    ["image/png", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ["image/gif", bytes("GIF89a", [1, 0, 1, 0])],
    ["image/gif", bytes("GIF87a", [1, 0, 1, 0])],
    ["image/webp", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 ")],
    ["image/avif", bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0], "avifmif1miaf")],
    ["image/avif", bytes([0, 0, 0, 0x1c], "ftypmif1", [0, 0, 0, 0], "mif1avifmiaf")],
  ])("recognises %s", (type, data) => {
    expect(sniffImageType(data)).toBe(type);
  });

  it.each([
    ["an SVG", bytes("<svg xmlns='http://www.w3.org/2000/svg'/>")],
    ["a PDF", bytes("%PDF-1.7")],
    ["an MP4", bytes([0, 0, 0, 0x18], "ftypmp42", [0, 0, 0, 0], "isommp42")],
    ["a RIFF that is not WebP", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["a truncated JPEG", bytes([0xff, 0xd8])],
    ["nothing", new Uint8Array()],
  ])("refuses %s", (_label, data) => {
    expect(sniffImageType(data)).toBeNull();
  });
});
