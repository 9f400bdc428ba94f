/** Long texts as several Telegram messages. */

/** Telegram's limit is 4096 characters; room is left for the HTML entities of escaping. */
export const MAX_MESSAGE = 3800;

/**
 * Splits `text` into parts of at most `max` characters, cutting after the last ", " or line break
 * that fits (mid-text only when a part has neither), and dropping the separator at each cut.
 */
export function splitMessage(text: string, max = MAX_MESSAGE): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const cut = Math.max(rest.lastIndexOf(", ", max - 1), rest.lastIndexOf("\n", max));
    const at = cut > 0 ? cut : max;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at).replace(/^(, |\n)/, "");
  }
  parts.push(rest);
  return parts;
}
