/**
 * Recognising an API key pasted where it does not belong (a prompt for an amount, an asset, a time zone,
 * plain chat), so the bot can delete it before anything echoes or stores it.
 *
 * A length-and-alphabet pattern alone is wrong: withdrawal addresses (bc1q…, 0x…, r…, base58) look just
 * like keys and are typed at prompts on purpose. So a token counts as a key only when it is
 * - the user's own connected key, compared by its keyed fingerprint in the vault (any format), or
 * - of a key format known for certain. Digital Surge does not document its key format (the spec says
 *   only "a personal API key"), so the one known format is the sandbox exchange's (`sbx_rw_` / `sbx_ro_`
 *   and 32 lowercase hex digits, see src/sandbox/accounts.ts), which no address or amount can match.
 * An address that is not the user's key therefore always passes.
 */

/** Printable ASCII without spaces, 16 to 256 characters: loose enough for any real key format. */
export const API_KEY_PATTERN = /^[\x21-\x7e]{16,256}$/;

/** Key formats recognised for every user, connected or not. */
const KNOWN_KEY_FORMATS: readonly RegExp[] = [/^sbx_r[wo]_[0-9a-f]{32}$/];

/** Characters that may wrap or join a pasted key: quotes, brackets, `key=…`, `key:…`, list punctuation. */
const SEPARATORS = /[\s"'`=:,;()[\]{}<>]+/;

/** A run of {@link API_KEY_PATTERN}'s characters as long as its shortest key. */
const KEY_LENGTH_RUN = /[\x21-\x7e]{16}/;

/**
 * Whether `text` may hold a key at all: every candidate is a piece of the text that fits
 * {@link API_KEY_PATTERN}, so a text without 16 printable characters in a row holds none. Cheap, for
 * the messages (most of them) that are checked on their way in.
 */
export function mayHoldKey(text: string): boolean {
  return KEY_LENGTH_RUN.test(text);
}

/**
 * The tokens of `text` that could be a key: each whitespace-separated word, and its pieces between
 * quotes, brackets and `=`/`:`/`,`/`;`, that fit {@link API_KEY_PATTERN}. Empty for ordinary answers.
 */
export function keyCandidates(text: string): string[] {
  if (!mayHoldKey(text)) return [];
  const candidates = new Set<string>();
  for (const word of text.split(/\s+/)) {
    for (const token of [word, ...word.split(SEPARATORS), word.replace(/[.!?]+$/, "")]) {
      if (API_KEY_PATTERN.test(token)) candidates.add(token);
    }
  }
  return [...candidates];
}

/** Whether `token` has a key format known for certain (see the module comment). */
export function hasKnownKeyFormat(token: string): boolean {
  return KNOWN_KEY_FORMATS.some((format) => format.test(token));
}
