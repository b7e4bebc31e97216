import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "@cantoo/pdf-lib";

/** The text a pdf-lib page draws: its content streams' hex strings, decoded. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const chunks: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const raw = new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
      for (const match of raw.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
        chunks.push(match[1]!.replace(/../g, (h) => String.fromCharCode(parseInt(h, 16))));
    }
  }
  return chunks.join("\n");
}
