/** Checks of the values every area's paths and lists take: asset codes, record ids and paging. */
import { checkAsset, checkPositiveInteger, defined, Problems } from "./fields.ts";

/** An asset code (`^\w{1,10}$`) upper-cased, e.g. "btc" -> "BTC"; errors are reported under `field`. */
export function checkAssetCode(code: string, field = "asset"): string {
  const p = new Problems();
  return p.done(checkAsset(p, field, code, true) as string);
}

/** A record id: a whole number of 1 or more; errors are reported under `field`. */
export function checkId(id: number, field = "id"): number {
  const p = new Problems();
  return p.done(checkPositiveInteger(p, field, id) as number);
}

/** Page-size cap of every list (the service's maximum). */
export const MAX_PAGE_SIZE = 1000;

/** List paging: `page` from 1, `page_size` 1 to {@link MAX_PAGE_SIZE}. */
export interface PageParams {
  page?: number;
  page_size?: number;
}

/** Paging parameters into `p`'s problems, for checks whose query also takes paging. */
export function collectPage(p: Problems, page: unknown, pageSize: unknown): PageParams {
  const query: PageParams = {};
  if (page !== undefined) query.page = checkPositiveInteger(p, "page", page);
  if (pageSize !== undefined) {
    const size = checkPositiveInteger(p, "page_size", pageSize);
    if (size !== undefined && size > MAX_PAGE_SIZE) p.add("page_size", `Use at most ${MAX_PAGE_SIZE}.`);
    query.page_size = size;
  }
  return defined(query);
}

/** Checks optional paging parameters and returns the query part holding the given ones. */
export function checkPage(page?: number, page_size?: number): PageParams {
  const p = new Problems();
  return p.done(collectPage(p, page, page_size));
}
