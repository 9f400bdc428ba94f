import { describe, expect, it } from "vitest";
import { renderPdf } from "../../src/sandbox/pdf.ts";

describe("pdf writer", () => {
  it("paginates long documents and keeps xref offsets exact", () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({
      text: `Line ${i} (with parens) and a \\ backslash`,
    }));
    const pdf = renderPdf({ title: "Test", lines, createdAt: Date.UTC(2025, 0, 1) }).toString("latin1");
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    expect(pdf.endsWith("%%EOF\n")).toBe(true);
    const pages = Number(/\/Count (\d+)/.exec(pdf)?.[1]);
    expect(pages).toBeGreaterThan(2);
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    const table = pdf.slice(xrefAt).split("\n");
    expect(table[0]).toBe("xref");
    const size = Number(table[1]?.split(" ")[1]);
    expect(size).toBe(6 + pages * 2);
    for (let id = 1; id < size; id++) {
      const offset = Number(table[2 + id]?.slice(0, 10));
      expect(pdf.slice(offset).startsWith(`${id} 0 obj\n`)).toBe(true);
    }
    expect(pdf).toContain("(Line 7 \\(with parens\\) and a \\\\ backslash) Tj");
  });
});
