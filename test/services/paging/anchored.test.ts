/**
 * Anchored paging over a shifting newest-first source: page boundaries, an empty list, rows arriving at
 * the top while the user pages (and even between two source reads of one page), ties at one instant in
 * any source order, rows leaving a time window, the read bound, and going back and forth.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AnchorStack,
  type NextPageOptions,
  nextPage,
  type RowKey,
  recordShown,
} from "../../../src/services/paging/anchored.ts";

/** A source list held newest first, with a hook that runs before every read (to add rows mid-paging). */
class Source {
  rows: RowKey[] = [];
  reads = 0;
  beforeRead: (() => void) | undefined;
  /** Tie order within one instant: by id ascending when "scrambled" (the opposite of our key). */
  scrambled = false;

  add(...rows: RowKey[]): void {
    this.rows.push(...rows);
  }

  ordered(): RowKey[] {
    return [...this.rows].sort(
      (a, b) => b.created - a.created || (this.scrambled ? a.id - b.id : b.id - a.id),
    );
  }

  fetch = async (page: number, size: number) => {
    this.beforeRead?.();
    this.reads++;
    const all = this.ordered();
    const rows = all.slice((page - 1) * size, page * size);
    return { rows, hasNext: page * size < all.length };
  };
}

function rows(count: number, from = 1, created = (id: number) => id * 1000): RowKey[] {
  return Array.from({ length: count }, (_, i) => ({ id: from + i, created: created(from + i) }));
}

/** Pages through the whole source forward; returns the pages' ids. */
async function walk(
  source: Source,
  options: Partial<NextPageOptions<RowKey>> = {},
  betweenPages?: (index: number) => void,
): Promise<number[][]> {
  const pages: number[][] = [];
  let stack: AnchorStack = [null];
  for (let index = 0; index < 1000; index++) {
    betweenPages?.(index);
    const page = await nextPage({
      fetch: source.fetch,
      keyOf: (row) => row,
      after: stack[index] ?? undefined,
      shownBefore: index * 5,
      pageSize: 5,
      sourcePageSize: 7,
      ...options,
    });
    pages.push(page.rows.map((row) => row.id));
    stack = recordShown(stack, index, page.rows.at(-1));
    if (!page.hasMore) break;
  }
  return pages;
}

describe("nextPage", () => {
  it("an empty list: one empty page, nothing more", async () => {
    const source = new Source();
    expect(await walk(source)).toEqual([[]]);
  });

  it("page boundaries: exactly a page has no next; one more row makes a second page", async () => {
    const source = new Source();
    source.add(...rows(5));
    expect(await walk(source)).toEqual([[5, 4, 3, 2, 1]]);
    source.add(...rows(1, 6));
    expect(await walk(source)).toEqual([[6, 5, 4, 3, 2], [1]]);
    source.add(...rows(4, 7));
    expect(await walk(source)).toEqual([
      [10, 9, 8, 7, 6],
      [5, 4, 3, 2, 1],
    ]);
  });

  it("rows added at the top between pages: the next page continues after the last row seen", async () => {
    const source = new Source();
    source.add(...rows(12));
    const first = await nextPage({
      fetch: source.fetch,
      keyOf: (r) => r,
      shownBefore: 0,
      pageSize: 5,
      sourcePageSize: 5,
    });
    expect(first.rows.map((r) => r.id)).toEqual([12, 11, 10, 9, 8]);
    // Three new rows push everything down by three: the source's page 2 now starts at 10.
    source.add(...rows(3, 13));
    const second = await nextPage({
      fetch: source.fetch,
      keyOf: (r) => r,
      after: first.rows.at(-1) as RowKey,
      shownBefore: 5,
      pageSize: 5,
      sourcePageSize: 5,
    });
    expect(second.rows.map((r) => r.id)).toEqual([7, 6, 5, 4, 3]);
    expect(second.hasMore).toBe(true);
  });

  it("rows added between two source reads of one page: no row twice, none skipped", async () => {
    const source = new Source();
    source.add(...rows(30));
    let next = 31;
    source.beforeRead = () => {
      source.add(...rows(2, next));
      next += 2;
    };
    const pages = await walk(source, { sourcePageSize: 3 });
    for (const page of pages) expect(new Set(page).size).toBe(page.length);
    // Every original row is seen exactly once, in order, whatever arrived meanwhile.
    const seenOriginal = pages.flat().filter((id) => id <= 30);
    expect(seenOriginal).toEqual(
      rows(30)
        .map((r) => r.id)
        .reverse(),
    );
  });

  it("rows created at the same instant, in any source order, are neither repeated nor skipped", async () => {
    const source = new Source();
    source.scrambled = true;
    source.add(...rows(13, 1, () => 5000), ...rows(4, 14, (id) => id * 1000));
    const pages = await walk(source, { sourcePageSize: 4 });
    expect(pages.flat()).toEqual([17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 2]);
  });

  it("rows that left a time window: the start page is moved back, nothing after the anchor is missed", async () => {
    const source = new Source();
    source.add(...rows(20));
    const anchor = { id: 16, created: 16_000 };
    // Ten old rows dropped out of the window since: the estimated start page is past the end.
    source.rows = source.rows.filter((r) => r.id > 10);
    const page = await nextPage({
      fetch: source.fetch,
      keyOf: (r) => r,
      after: anchor,
      shownBefore: 15,
      pageSize: 5,
      sourcePageSize: 5,
    });
    expect(page.rows.map((r) => r.id)).toEqual([15, 14, 13, 12, 11]);
    expect(page.hasMore).toBe(false);
  });

  it("reads at most maxSourcePages source pages, and says more may follow", async () => {
    const source = new Source();
    source.add(...rows(50));
    const page = await nextPage({
      fetch: source.fetch,
      keyOf: (r) => r,
      after: { id: 49, created: 49_000 },
      // A wrong estimate far past the end: the search gives up at page 1, which then fills the page.
      shownBefore: 500,
      pageSize: 5,
      sourcePageSize: 5,
      maxSourcePages: 3,
    });
    expect(source.reads).toBeLessThanOrEqual(3 + 1 + 3);
    expect(page.rows.map((r) => r.id)).toEqual([48, 47, 46, 45, 44]);
    expect(page.hasMore).toBe(true);
    // Two source pages to read: a screen page cut short still says more may follow.
    const short = await nextPage({
      fetch: source.fetch,
      keyOf: (r) => r,
      after: { id: 49, created: 49_000 },
      shownBefore: 0,
      pageSize: 5,
      sourcePageSize: 2,
      maxSourcePages: 2,
    });
    expect(short.rows.map((r) => r.id)).toEqual([48, 47]);
    expect(short.hasMore).toBe(true);
  });

  it("property: rows arriving between pages, any tie order: each page distinct, every original row once", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 0, maxLength: 60 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 30 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 12 }),
        async (times, inserts, scrambled, pageSize, sourcePageSize) => {
          const source = new Source();
          source.scrambled = scrambled;
          source.add(...times.map((t, i) => ({ id: i + 1, created: t * 1000 })));
          const original = source.ordered().map((r) => r.id);
          let nextId = 1000;
          // New rows, newer than anything in the list, arrive between the pages the user reads.
          const pages = await walk(source, { pageSize, sourcePageSize }, (index) => {
            for (let i = 0; i < (inserts[index] ?? 0); i++)
              source.add({ id: nextId, created: 100_000 + nextId++ });
          });
          for (const page of pages) expect(new Set(page).size).toBe(page.length);
          const seen = pages.flat().filter((id) => id < 1000);
          expect(new Set(seen).size).toBe(seen.length);
          expect([...seen].sort((a, b) => a - b)).toEqual([...original].sort((a, b) => a - b));
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("recordShown", () => {
  it("keeps the anchors up to the page shown and records where the next one starts", () => {
    const a = { id: 5, created: 5 };
    const b = { id: 3, created: 3 };
    let stack: AnchorStack = [null];
    stack = recordShown(stack, 0, a);
    stack = recordShown(stack, 1, b);
    expect(stack).toEqual([null, a, b]);
    // Back on page 0, which now ends elsewhere (new rows at the top): later anchors are dropped.
    const c = { id: 7, created: 7 };
    expect(recordShown(stack, 0, c)).toEqual([null, c]);
    // An empty page records nothing after it.
    expect(recordShown(stack, 1, undefined)).toEqual([null, a]);
  });
});
