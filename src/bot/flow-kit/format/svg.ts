/** The SVG pieces the bot's pictures (/portfolio, /chart) are written with. */

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** `text` escaped for an SVG element's content or a quoted attribute. */
export function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/** How a {@link svgText} is drawn. */
export interface TextStyle {
  size: number;
  color: string;
  bold?: boolean;
  anchor?: "start" | "end" | "middle";
}

/** A `<text>` element at (x, y), coordinates to a tenth of a pixel, its content escaped. */
export function svgText(x: number, y: number, content: string, style: TextStyle): string {
  const weight = style.bold ? ' font-weight="700"' : "";
  const anchor = style.anchor && style.anchor !== "start" ? ` text-anchor="${style.anchor}"` : "";
  return `<text x="${+x.toFixed(1)}" y="${+y.toFixed(1)}" font-size="${style.size}" fill="${style.color}"${weight}${anchor}>${xml(content)}</text>`;
}
