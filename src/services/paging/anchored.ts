/**
 * Stable paging over a newest-first list whose source pages shift while the user reads: new rows arrive
 * at the top and push every row down, so "page 2" of the source may repeat rows of page 1. Screen pages
 * here are anchored instead: a page is "the next `pageSize` rows after the last row already shown", by
 * a key that never changes (creation time, then id). Rows are de-duplicated by id, so a page never shows
 * a row twice, and no row between two anchors is skipped.
 *
 * The source's tie order among rows created at the same instant is not trusted: rows are re-sorted by
 * key here, and a page is only cut once every row sharing the boundary's time has been seen.
 */

/** The order key of a row: newest first, then the higher id first. */
export interface RowKey {
  /** Creation time, epoch ms. */
  created: number;
  id: number;
}

/** One page of the source list (page numbers from 1), and whether the source has a page after it. */
export interface SourcePage<T> {
  rows: readonly T[];
  hasNext: boolean;
}

/** What {@link nextPage} needs. */
export interface NextPageOptions<T> {
  /** Fetches a page of the source; a page past the end returns no rows. */
  fetch: (page: number, pageSize: number) => Promise<SourcePage<T>>;
  keyOf: (row: T) => RowKey;
  /** The last row already shown; none for the first page. */
  after?: RowKey;
  /** How many rows were shown before this page (where to start looking in the source). */
  shownBefore: number;
  /** Rows per screen page. */
  pageSize: number;
  /** Rows per source page. */
  sourcePageSize: number;
  /** At most this many source pages are read for one screen page. */
  maxSourcePages?: number;
}

/** A screen page: its rows, newest first, and whether any row follows the last one. */
export interface AnchoredPage<T> {
  rows: T[];
  hasMore: boolean;
}

/** Whether `a` comes before `b` in the list (newer, or as new with a higher id). */
export function isBefore(a: RowKey, b: RowKey): boolean {
  return a.created > b.created || (a.created === b.created && a.id > b.id);
}

function compareKeys(a: RowKey, b: RowKey): number {
  return b.created - a.created || b.id - a.id;
}

/**
 * The source page to scan from: the last one found whose first row is strictly newer than `created`
 * (or page 1). Every row after the anchor is on it or later, since earlier pages only hold newer rows
 * and rows only ever move down. From the estimate it gallops forward over pages wholly above the anchor
 * (rows added above push it down) and bisects back over pages at or below it (rows that left a time
 * window pull it up), within the read budget.
 */
async function findStart<T>(
  fetch: (page: number) => Promise<SourcePage<T>>,
  keyOf: (row: T) => RowKey,
  created: number,
  estimate: number,
  budget: { reads: number; max: number },
): Promise<{ start: number; page: SourcePage<T> }> {
  let lo = 1;
  let loPage: SourcePage<T> | undefined;
  let hi: number | undefined;
  let probe = Math.max(1, estimate);
  for (let step = 1; budget.reads < budget.max; ) {
    const page = await fetch(probe);
    const top = page.rows[0];
    if (probe === 1 || (top !== undefined && keyOf(top).created > created)) {
      lo = probe;
      loPage = page;
      const last = page.rows.at(-1);
      const whollyAbove = last !== undefined && keyOf(last).created > created && page.hasNext;
      if (!whollyAbove) break;
      if (hi === undefined) {
        probe = lo + step;
        step *= 2;
        continue;
      }
    } else {
      hi = probe;
    }
    if (hi !== undefined && hi - lo <= 1) break;
    probe = hi === undefined ? lo + 1 : Math.floor((lo + hi) / 2);
  }
  return { start: lo, page: loPage ?? (await fetch(lo)) };
}

/**
 * The screen page of `pageSize` rows that follow `after` (or the newest rows without it).
 *
 * The search for where to start reading begins at the source page where the rows shown so far would
 * end if nothing had changed (see findStart). Finding the start and collecting the rows each read at
 * most `maxSourcePages` pages; a page cut short by that bound says more may follow.
 */
export async function nextPage<T>(options: NextPageOptions<T>): Promise<AnchoredPage<T>> {
  const { fetch, keyOf, after, pageSize, sourcePageSize } = options;
  const maxSourcePages = options.maxSourcePages ?? 20;
  const budget = { reads: 0, max: maxSourcePages };
  const counted = async (page: number) => {
    budget.reads++;
    return fetch(page, sourcePageSize);
  };
  const estimate = Math.floor(options.shownBefore / sourcePageSize) + 1;
  const { start, page: first } =
    after === undefined
      ? { start: 1, page: await counted(1) }
      : await findStart(counted, keyOf, after.created, estimate, budget);

  const found = new Map<number, { row: T; key: RowKey }>();
  let page = first;
  for (let number = start, reads = 1; ; ) {
    for (const row of page.rows) {
      const key = keyOf(row);
      if (after !== undefined && !isBefore(after, key)) continue;
      if (!found.has(key.id)) found.set(key.id, { row, key });
    }
    const last = page.rows.at(-1);
    // Enough once pageSize + 1 rows are in hand and the source has moved past the boundary's time.
    const sorted = [...found.values()].sort((a, b) => compareKeys(a.key, b.key));
    const boundary = sorted[pageSize];
    const settled =
      boundary !== undefined && last !== undefined && keyOf(last).created < boundary.key.created;
    if (settled || !page.hasNext || page.rows.length === 0 || reads >= maxSourcePages) break;
    number++;
    page = await fetch(number, sourcePageSize);
    reads++;
  }
  const sorted = [...found.values()].sort((a, b) => compareKeys(a.key, b.key));
  const exhausted = !page.hasNext || page.rows.length === 0;
  return {
    rows: sorted.slice(0, pageSize).map((entry) => entry.row),
    hasMore: sorted.length > pageSize || !exhausted,
  };
}

/**
 * Where each screen page starts: entry k is the last row shown before page k (none for the first). A
 * page's anchor is recorded when the page before it is shown, so going back re-reads the same rows and
 * going forward again continues after the row the user last saw.
 */
export type AnchorStack = (RowKey | null)[];

/** The stack after page `index` was shown ending at `last`: later entries are dropped (they may change). */
export function recordShown(stack: AnchorStack, index: number, last: RowKey | undefined): AnchorStack {
  const kept = stack.slice(0, index + 1);
  while (kept.length < index + 1) kept.push(null);
  if (last !== undefined) kept.push(last);
  return kept;
}
