/**
 * Assets by name: what a typed word means as an asset. A word is an asset's code, its name on the
 * exchange or one of its aliases (other names kept in the locale files: "ether", "比特币"), in any case;
 * anything else is unrecognised, with the closest assets by code, name and alias. Never a statement
 * about an account or the market: that is for the caller, once the asset is known.
 *
 * The directory is built once per asset list (the market data keeps one list for ten minutes) and the
 * lookup of a known word is one map read.
 */
import { distance } from "fastest-levenshtein";

/** Listed assets and their words, ready for lookups. Build it with {@link assetDirectory}. */
export interface AssetDirectory {
  /** Every word (normalised) that names an asset exactly -> its code. */
  readonly exact: ReadonlyMap<string, string>;
  /** Each asset's code with the words searched for suggestions (normalised: code, name, aliases). */
  readonly entries: readonly { code: string; words: readonly string[] }[];
  /** The exchange's name of each asset ("" when it has none), for showing suggestions. */
  readonly names: ReadonlyMap<string, string>;
}

/** What a word turned out to be. */
export type AssetMatch = { found: true; code: string } | { found: false; closest: string[] };

// One edit per three characters typed, at most two: a short word is near everything.
const MAX_DISTANCE = 2;
// Names are short: a longer text is no asset and close to none.
const MAX_WORD = 40;

/** The form words are compared in: Unicode-normalised, trimmed, lower-case, single spaces. */
export function normaliseAssetWord(word: string): string {
  return word.normalize("NFKC").trim().toLowerCase().replace(/\s+/g, " ");
}

/**
 * Parses aliases as the locale files keep them: one asset a line, its code, a colon, then its words
 * separated by commas ("BTC: bitcoin, 比特币"). Lines without a colon are ignored.
 */
export function parseAliases(text: string): Map<string, string[]> {
  const aliases = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    const code = line.slice(0, colon).trim().toUpperCase();
    const words = line
      .slice(colon + 1)
      .split(",")
      .map(normaliseAssetWord)
      .filter((w) => w !== "");
    if (code !== "" && words.length > 0) aliases.set(code, [...(aliases.get(code) ?? []), ...words]);
  }
  return aliases;
}

/**
 * The directory of `listed` assets (code -> the exchange's name) with their `aliases` (code -> words;
 * aliases of assets not listed are left out). A code wins over a name, a name over an alias, when the
 * same word would name two assets.
 */
export function assetDirectory(
  listed: ReadonlyMap<string, string>,
  aliases: ReadonlyMap<string, readonly string[]>,
): AssetDirectory {
  const exact = new Map<string, string>();
  const entries: { code: string; words: string[] }[] = [];
  for (const [code, name] of listed) {
    const own = aliases.get(code) ?? [];
    for (const word of own) exact.set(word, code);
    entries.push({ code, words: [code.toLowerCase(), ...(name ? [normaliseAssetWord(name)] : []), ...own] });
  }
  for (const [code, name] of listed) if (name) exact.set(normaliseAssetWord(name), code);
  for (const code of listed.keys()) exact.set(code.toLowerCase(), code);
  return { exact, entries, names: listed };
}

/** How close `word` is to `query` (both normalised): lower is closer, undefined when not close. */
function closeness(query: string, word: string, isCode: boolean): number | undefined {
  if (word === query) return 0;
  if (word.startsWith(query)) return isCode ? 1 : 1.5;
  if (word.length >= 2 && query.startsWith(word)) return 2;
  const allowed = Math.min(MAX_DISTANCE, Math.floor(query.length / 3));
  if (allowed === 0 || Math.abs(word.length - query.length) > allowed) return undefined;
  const edits = distance(query, word);
  return edits <= allowed ? 2 + edits : undefined;
}

/**
 * Up to `limit` codes closest to `word` by code, name and alias, closest first (ties alphabetical):
 * "bitcon" gives BTC (Bitcoin, one edit) before anything else.
 */
export function closestAssets(directory: AssetDirectory, word: string, limit = 5): string[] {
  const query = normaliseAssetWord(word);
  if (query === "" || query.length > MAX_WORD) return [];
  const scored: [string, number][] = [];
  for (const { code, words } of directory.entries) {
    let best: number | undefined;
    words.forEach((w, i) => {
      const score = closeness(query, w, i === 0);
      if (score !== undefined && (best === undefined || score < best)) best = score;
    });
    if (best !== undefined) scored.push([code, best]);
  }
  return scored
    .sort(([a, x], [b, y]) => x - y || a.localeCompare(b))
    .slice(0, limit)
    .map(([code]) => code);
}

/** The asset `word` names exactly, or that it names none with the closest ones. */
export function resolveAsset(directory: AssetDirectory, word: string, limit = 5): AssetMatch {
  const code = directory.exact.get(normaliseAssetWord(word));
  return code !== undefined
    ? { found: true, code }
    : { found: false, closest: closestAssets(directory, word, limit) };
}

/** "BTC (Bitcoin), LTC (Litecoin)": codes with their exchange names, for a suggestion in text. */
export function describeAssets(directory: AssetDirectory, codes: readonly string[]): string {
  return codes
    .map((code) => {
      const name = directory.names.get(code);
      return name && name.toUpperCase() !== code ? `${code} (${name})` : code;
    })
    .join(", ");
}
