/**
 * Instant swaps. The required flow: estimate; create with the same assets and amount field and
 * `expected_price` = the estimate's `estimated_price_exact`; then poll `get` about once a second.
 */
import type { Transport } from "./http.ts";
import { iteratePages } from "./pagination.ts";
import {
  checkSwapCreate,
  checkSwapEstimate,
  type SwapCreateRequest,
  type SwapEstimateRequest,
} from "./requests/swaps.ts";
import { checkId, checkPage, type PageParams } from "./requests/values.ts";
import { paginated, Swap, SwapDetail, SwapEstimate, SwapListItem } from "./schemas.ts";

const SwapPage = paginated(SwapListItem);

/** Operations on swaps. */
export function swapsApi(http: Transport) {
  const list = async (query: PageParams = {}) =>
    http.request("swaps.list", { query: { ...checkPage(query.page, query.page_size) }, schema: SwapPage });
  return {
    /** Prices a swap without moving funds. */
    estimate: async (request: SwapEstimateRequest) =>
      http.request("swaps.estimate", { body: checkSwapEstimate(request), schema: SwapEstimate }),
    /** Places a swap; throws SwapRejectedError when the market moved beyond tolerance of `expected_price`. */
    create: async (request: SwapCreateRequest) =>
      http.request("swaps.create", { body: checkSwapCreate(request), schema: Swap }),
    /** One swap, for following its status; `aud_value` is null when the service leaves it out. */
    get: async (id: number) => http.request("swaps.get", { params: { id: checkId(id) }, schema: SwapDetail }),
    /** One page of swaps, most recent first. */
    list,
    /** Every swap, most recent first. */
    iterate: (query: Omit<PageParams, "page"> = {}) => iteratePages((page) => list({ ...query, page })),
  };
}
