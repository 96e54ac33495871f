import { PDFParse } from "pdf-parse";

/** A PDF's text, page by page joined, for tests that read a receipt or statement back. */
export async function pdfText(data: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
