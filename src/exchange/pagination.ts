/** Walking the service's paginated lists (`{count, next, previous, results}`, `page` from 1). */
import type { Paginated } from "./schemas.ts";

/**
 * Yields every item of a list, fetching page after page while the service says there is a `next`.
 * Page numbers are counted here rather than following `next`, whose host may be an internal one.
 */
export async function* iteratePages<T>(
  fetchPage: (page: number) => Promise<Paginated<T>>,
): AsyncGenerator<T, void, undefined> {
  for (let page = 1; ; page++) {
    const current = await fetchPage(page);
    yield* current.results;
    if (current.next === null || current.results.length === 0) return;
  }
}

/** Every item of a list, collected ({@link iteratePages}). */
export async function collectPages<T>(fetchPage: (page: number) => Promise<Paginated<T>>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iteratePages(fetchPage)) items.push(item);
  return items;
}
