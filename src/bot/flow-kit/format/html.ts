/** Telegram HTML: everything that did not come from our own templates is escaped. */
import { withoutKeyLikeRuns } from "../../../services/connect/pasted-keys.ts";
import { escapeHtml } from "../../pipeline/escape-html.ts";

// Escaping lives below the flows, where the pipeline's own notices use it too.
export { escapeHtml };

/**
 * Shortens text the user typed for quoting it back: at most `max` characters, cut at whole code points
 * (cutting UTF-16 units can split an emoji, and Telegram refuses such text), with "…" when cut.
 */
export function shorten(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : text;
}

/**
 * What the user typed, quoted back to them: escaped, at most `max` characters, and with every run that could
 * be a key (whole or cut) replaced by "…", so no reply repeats a key however it was wrapped.
 */
export function typedExcerpt(text: string, max = 40): string {
  return escapeHtml(shorten(withoutKeyLikeRuns(text.trim()), max));
}

/** Telegram's limit for a caption, counted after its HTML is parsed. */
export const MAX_CAPTION = 1024;

/** The length Telegram counts for our HTML: tags dropped, each entity one character. */
export function visibleLength(html: string): number {
  return html.replace(/<[^>]*>/g, "").replace(/&[#\w]+;/g, "_").length;
}
