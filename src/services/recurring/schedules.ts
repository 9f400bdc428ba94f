/**
 * Recurring trades as the bot uses them: every schedule of an account in a stable order (so pages built
 * from it never show a row twice, even when schedules are added meanwhile), and writes whose failures
 * are classified by {@link writeOutcome}: refused (nothing changed) or unknown (it may have happened).
 */
import { type ExchangeClient, type RecurringBuy, writeOutcome } from "../../exchange/index.ts";

/** Schedules read for one list; far above what a person keeps, and a bound on the calls made. */
export const MAX_SCHEDULES = 500;

const PAGE_SIZE = 100;

/** Every schedule of the account (at most {@link MAX_SCHEDULES}), newest (highest id) first. */
export async function allSchedules(client: ExchangeClient): Promise<RecurringBuy[]> {
  const found = new Map<number, RecurringBuy>();
  for await (const schedule of client.recurringBuys.iterate({ page_size: PAGE_SIZE })) {
    // A row that moved to the next page while we read appears twice: keep one.
    found.set(schedule.id, schedule);
    if (found.size >= MAX_SCHEDULES) break;
  }
  return [...found.values()].sort((a, b) => b.id - a.id);
}

/** One page of a list ordered newest first, addressed by the id it starts after (stable under inserts). */
export interface SchedulePage {
  rows: RecurringBuy[];
  /** 1-based page number and page count, for the header. */
  page: number;
  pages: number;
  /** Cursor for older rows (the last id shown), when there are any. */
  olderThan?: number;
  /** Cursor for newer rows (the first id shown), when there are any. */
  newerThan?: number;
}

/**
 * The page of `all` (newest first) that starts after id `olderThan` (or at the top), or the page that
 * ends just before id `newerThan` when paging back. Ids, not offsets, so a schedule created meanwhile
 * never pushes a row onto the next page a second time.
 */
export function pageOf(
  all: readonly RecurringBuy[],
  size: number,
  cursor: { olderThan?: number; newerThan?: number } = {},
): SchedulePage {
  let start = 0;
  if (cursor.olderThan !== undefined) {
    const bound = cursor.olderThan;
    start = all.findIndex((s) => s.id < bound);
    if (start === -1) start = Math.max(0, all.length - size);
  } else if (cursor.newerThan !== undefined) {
    const bound = cursor.newerThan;
    const end = all.filter((s) => s.id > bound).length;
    start = Math.max(0, end - size);
  }
  const rows = all.slice(start, start + size);
  const first = rows[0];
  const last = rows.at(-1);
  return {
    rows,
    // Counted from where the page stands, so rows added above it never make "page 3 of 2".
    page: Math.ceil(start / size) + 1,
    pages: Math.ceil(start / size) + 1 + Math.ceil(Math.max(0, all.length - start - size) / size),
    ...(start + size < all.length && last ? { olderThan: last.id } : {}),
    ...(start > 0 && first ? { newerThan: first.id } : {}),
  };
}

/** What a write came to: done with its answer, refused by the exchange, or possibly done. */
export type WriteResult<T> =
  | { status: "done"; value: T }
  | { status: "refused"; error: unknown }
  | { status: "unknown"; error: unknown };

/** Runs a write and classifies a failure: only a refusal may be told as "nothing changed". */
export async function attemptWrite<T>(write: () => Promise<T>): Promise<WriteResult<T>> {
  try {
    return { status: "done", value: await write() };
  } catch (error) {
    return { status: writeOutcome(error) === "not_done" ? "refused" : "unknown", error };
  }
}
