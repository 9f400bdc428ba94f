/**
 * Closest listed assets to an unknown code, from the full asset list: a code or name that starts with
 * what was typed, or one within a few edits of it ("ETHH" -> ETH, "BITCOIN" -> BTC by name).
 */

const MAX_DISTANCE = 2;
const MAX_QUERY = 24;

/** Levenshtein distance (both strings are short: codes and asset names). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** How close `code` (with its `name`) is to `query`: lower is closer, undefined when not close. */
function closeness(query: string, code: string, name: string): number | undefined {
  const upperName = name.toUpperCase();
  if (upperName === query) return 0;
  if (code.startsWith(query) || query.startsWith(code)) return 1;
  if (upperName.startsWith(query)) return 2;
  // One edit per three characters typed, at most two: a one- or two-letter query is near everything.
  const allowed = Math.min(MAX_DISTANCE, Math.floor(query.length / 3));
  const best = Math.min(distance(query, code), distance(query, upperName));
  return best <= allowed ? 2 + best : undefined;
}

/**
 * Up to `limit` codes of `assets` (code -> name) closest to `query` (upper-case), closest first, ties
 * alphabetical.
 */
export function closestAssets(query: string, assets: ReadonlyMap<string, string>, limit = 5): string[] {
  // Codes have at most 10 characters (the spec's pattern); a long query is close to none of them.
  if (query.length > MAX_QUERY) return [];
  const scored: [string, number][] = [];
  for (const [code, name] of assets) {
    const score = closeness(query, code, name);
    if (score !== undefined) scored.push([code, score]);
  }
  return scored
    .sort(([a, x], [b, y]) => x - y || a.localeCompare(b))
    .slice(0, limit)
    .map(([code]) => code);
}
