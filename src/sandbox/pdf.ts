/**
 * A minimal PDF 1.4 writer: A4 pages of text lines in Helvetica (regular and bold, WinAnsi encoding),
 * paginated automatically, with a correct cross-reference table so any PDF reader accepts it.
 */

/** One line of text; `columns` places each cell at its own x offset (points from the left margin). */
export interface PdfLine {
  text: string | string[];
  size?: number;
  bold?: boolean;
  columns?: number[];
}

/** A document: a title for the Info dictionary and the lines to lay out. */
export interface PdfDocument {
  title: string;
  lines: PdfLine[];
  /** Creation time (epoch ms) for the Info dictionary. */
  createdAt: number;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 50;
const DEFAULT_SIZE = 10;
const FOOTER_SIZE = 8;

/** Renders the document to PDF bytes. */
export function renderPdf(doc: PdfDocument): Buffer {
  const pages = layout(doc.lines);
  const objects: string[] = [];
  // Object numbers: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its content per page.
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  objects[5] = `<< /Title (${escapeText(doc.title)}) /Producer (surge-bot sandbox) /CreationDate (${pdfDate(doc.createdAt)}) >>`;
  pages.forEach((content, i) => {
    const pageId = 6 + i * 2;
    const footer = textOp(`Page ${i + 1} of ${pages.length}`, MARGIN, MARGIN / 2, FOOTER_SIZE, false);
    const stream = `${content}${footer}`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}endstream`;
  });
  return assemble(objects);
}

/** Joins numbered objects into a file with header, xref table and trailer. */
function assemble(objects: string[]): Buffer {
  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    const chunk = Buffer.from(`${id} 0 obj\n${objects[id]}\nendobj\n`, "latin1");
    offsets[id] = offset;
    offset += chunk.length;
    chunks.push(chunk);
  }
  let xref = `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) xref += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
  chunks.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(chunks);
}

/** Lays the lines out top to bottom, starting a new page when one is full. Returns each page's content. */
function layout(lines: PdfLine[]): string[] {
  const pages: string[] = [];
  let content = "";
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of lines) {
    const size = line.size ?? DEFAULT_SIZE;
    const step = size * 1.4;
    if (y - step < MARGIN) {
      pages.push(content);
      content = "";
      y = PAGE_HEIGHT - MARGIN;
    }
    y -= step;
    const cells = Array.isArray(line.text) ? line.text : [line.text];
    cells.forEach((cell, i) => {
      if (cell !== "")
        content += textOp(cell, MARGIN + (line.columns?.[i] ?? 0), y, size, line.bold ?? false);
    });
  }
  pages.push(content);
  return pages;
}

function textOp(text: string, x: number, y: number, size: number, bold: boolean): string {
  return `BT /${bold ? "F2" : "F1"} ${size} Tf ${x.toFixed(2)} ${y.toFixed(2)} Td (${escapeText(text)}) Tj ET\n`;
}

/** Escapes a PDF literal string; characters outside printable ASCII become "?". */
function escapeText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, "?").replace(/[\\()]/g, (c) => `\\${c}`);
}

function pdfDate(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}
