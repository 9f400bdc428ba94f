/** Text and caption rules of the Bot API: parse modes, emptiness and length limits. */
import { badRequest } from "./api-error.ts";
import { parseHtmlStrict } from "./html.ts";
import type { FormattedText } from "./types.ts";

const MAX_TEXT = 4096;
const MAX_CAPTION = 1024;
const PARSE_MODES = new Set(["html", "markdown", "markdownv2"]);

/**
 * Applies parse_mode to a message text or caption like Telegram: HTML is parsed strictly (see html.ts),
 * Markdown modes are kept as plain text. Throws the 400 failure Telegram answers for bad input.
 */
export function formatText(text: unknown, parseMode: unknown, kind: "text" | "caption"): FormattedText {
  if (text === undefined || text === null || text === "") {
    if (kind === "text") throw badRequest("message text is empty");
    return { plainText: "", entities: [] };
  }
  if (typeof text !== "string") throw badRequest(`field "${kind}" must be of type String`);
  let formatted: FormattedText = { plainText: text, entities: [] };
  if (parseMode !== undefined && parseMode !== null && parseMode !== "") {
    const mode = String(parseMode).toLowerCase();
    if (!PARSE_MODES.has(mode)) throw badRequest(`unsupported parse_mode "${String(parseMode)}"`);
    if (mode === "html") {
      const parsed = parseHtmlStrict(text);
      if (!parsed.ok) throw badRequest(`can't parse entities: ${parsed.error}`);
      formatted = { plainText: parsed.text, entities: parsed.entities };
    }
  }
  // Telegram trims surrounding whitespace, so a text of tags and spaces only is empty.
  if (kind === "text" && formatted.plainText.trim() === "") throw badRequest("message text is empty");
  if (kind === "text" && formatted.plainText.length > MAX_TEXT) throw badRequest("message is too long");
  if (kind === "caption" && formatted.plainText.length > MAX_CAPTION)
    throw badRequest("message caption is too long");
  return formatted;
}
