/** The exchange's own free text, quoted as its words. */
import type { TranslateFunction } from "@grammyjs/i18n";
import { escapeHtml, shorten } from "./html.ts";

/**
 * The exchange's own free text (a trade's description, a failure reason, a message it did not word for
 * us), labelled as its words: "The exchange says: “…”", never spliced into a sentence of ours, in any
 * language. Cut to `max` characters.
 */
export function exchangeSays(text: string, t: TranslateFunction, max = 300): string {
  return t("exchange-says", { words: escapeHtml(shorten(text.trim(), max)) });
}
