import type PDFDocument from "pdfkit";

export type PdfDocument = InstanceType<typeof PDFDocument>;

/**
 * Renders a PDF (receipts, statements) with pdfkit into a Buffer. A4, its built-in Helvetica (its
 * WinAnsi encoding has £), and the document's title and author set for screen readers and file lists.
 */
export async function renderPdf(meta: { title: string; author: string }, draw: (doc: PdfDocument) => void): Promise<Buffer> {
  // pdfkit (and its font engine) is loaded on the first PDF, not at start-up.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: 50, info: { Title: meta.title, Author: meta.author }, lang: "en-GB", displayTitle: true });
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    draw(doc);
    doc.end();
  });
}
