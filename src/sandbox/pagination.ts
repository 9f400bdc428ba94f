/**
 * Page-number pagination: `page` from 1, `page_size` default 100 and at most 1000. The envelope is
 * {count, next, previous, results} with absolute links; a page past the end is 404 "Invalid page.".
 */
import { ApiError } from "./http-utils.ts";
import type { ApiRequest } from "./router.ts";

/** The paginated envelope. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;

/** One page of `items` for the request's page and page_size. */
export function paginate<T>(req: ApiRequest, items: readonly T[]): Page<T> {
  const { page, size } = pageParams(req.query);
  const pages = Math.max(1, Math.ceil(items.length / size));
  if (page > pages) throw new ApiError(404, { detail: "Invalid page." });
  return {
    count: items.length,
    next: page < pages ? pageLink(req, page + 1) : null,
    previous: page > 1 ? pageLink(req, page - 1) : null,
    results: items.slice((page - 1) * size, page * size),
  };
}

/** The requested page number and size (an unusable page is 404, an unusable size falls back to the default). */
function pageParams(query: URLSearchParams): { page: number; size: number } {
  const rawPage = query.get("page");
  const page = rawPage === null || rawPage === "last" ? 1 : Number(rawPage);
  if (!Number.isSafeInteger(page) || page < 1) throw new ApiError(404, { detail: "Invalid page." });
  const rawSize = Number(query.get("page_size"));
  const size =
    Number.isSafeInteger(rawSize) && rawSize >= 1 ? Math.min(rawSize, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  return { page, size };
}

function pageLink(req: ApiRequest, page: number): string {
  const query = new URLSearchParams(req.query);
  query.set("page", String(page));
  return `${req.baseUrl}${req.path}?${query.toString()}`;
}
