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

/**
 * Characters a person does not see: zero-width spaces and joiners, word joiners, the BOM, soft hyphens,
 * bidirectional marks. Read both as nothing (a key with one inside still looks whole) and as a separator.
 */
const INVISIBLE =
  /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0]/g;

/** What can never be inside a key: anything outside printable ASCII (spaces, CJK and typographic punctuation, emoji). */
const OUTSIDE_KEYS = /[^\x21-\x7e]+/;

/** ASCII punctuation that wraps or joins a key (quotes, brackets, markdown, `key=`, a URL's slashes…). */
const WRAPPERS = /[^A-Za-z0-9_-]+/;

/** Keys written with base64's extra characters still come out whole when only these split. */
const SOFT_WRAPPERS = /[^A-Za-z0-9_+/=-]+/;

/** A run of {@link API_KEY_PATTERN}'s characters as long as its shortest key. */
const KEY_LENGTH_RUN = /[\x21-\x7e]{16}/;

/** Non-ASCII text: it may hide a key behind full-width letters or invisible characters. */
const NON_ASCII = /\P{ASCII}/u;

/**
 * The text as a person sees it: Unicode compatibility forms folded (full-width letters and punctuation
 * become ASCII), invisible characters dropped, and also read as separators.
 */
function asSeen(text: string): string[] {
  const folded = text.normalize("NFKC");
  return [folded.replace(INVISIBLE, ""), folded.replace(INVISIBLE, " ")];
}

/**
 * Whether `text` may hold a key at all: every candidate is a piece of the text, as a person sees it, that
 * fits {@link API_KEY_PATTERN}, so a text without 16 printable characters in a row holds none. Cheap, for
 * the messages (most of them) that are checked on their way in; only non-ASCII text is normalised first.
 */
export function mayHoldKey(text: string): boolean {
  if (KEY_LENGTH_RUN.test(text)) return true;
  return NON_ASCII.test(text) && asSeen(text).some((seen) => KEY_LENGTH_RUN.test(seen));
}

/**
 * The tokens of `text` that could be a key, read as a person sees it (see {@link asSeen}): each run of
 * printable ASCII, and its pieces between any punctuation that wraps a key (quotes of every language,
 * brackets, markdown's `*`, `_`-free pipes and backticks, `key=`/`key:`, a URL's path), that fit
 * {@link API_KEY_PATTERN}. Empty for ordinary answers.
 */
export function keyCandidates(text: string): string[] {
  if (!mayHoldKey(text)) return [];
  const candidates = new Set<string>();
  for (const seen of asSeen(text)) {
    for (const run of seen.split(OUTSIDE_KEYS)) {
      if (run.length < 16) continue;
      for (const piece of [run, ...run.split(SOFT_WRAPPERS), ...run.split(WRAPPERS)]) {
        // Markdown's _italics_ and ~strike~, list dashes and a sentence's full stop around it.
        for (const token of [piece, piece.replace(/^[_~*.-]+|[_~*.!?-]+$/g, "")])
          if (API_KEY_PATTERN.test(token)) candidates.add(token);
      }
    }
  }
  return [...candidates];
}

/**
 * `text` with every run that could be a key (16 or more characters a key may hold, as a person sees them,
 * letters and digits both among them) replaced by "…": for quoting what a user typed back to them, which must
 * never repeat a key, whole or in part (cut to 40 characters, a key's first 40 are most of it). A run of
 * letters alone ("Atlantis/Capital", a time zone typed wrong) is no random key and is quoted as typed.
 */
export function withoutKeyLikeRuns(text: string): string {
  return text
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .replace(/[\x21-\x7e]{16,}/g, (run) => (/\d/.test(run) && /[a-z]/i.test(run) ? "…" : run));
}

/** Whether `token` has a key format known for certain (see the module comment). */
export function hasKnownKeyFormat(token: string): boolean {
  return KNOWN_KEY_FORMATS.some((format) => format.test(token));
}
