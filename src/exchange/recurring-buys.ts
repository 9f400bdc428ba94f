/** Recurring trades (DCA schedules). A cadence change restarts the schedule now unless `start` is given. */
import type { Transport } from "./http.ts";
import { iteratePages } from "./pagination.ts";
import {
  checkRecurringBuyCreate,
  checkRecurringBuyUpdate,
  type RecurringBuyCreateInput,
  type RecurringBuyUpdateInput,
} from "./requests/recurring-buys.ts";
import { checkAssetCode, checkId, checkPage, type PageParams } from "./requests/values.ts";
import { paginated, RecurringBuy } from "./schemas.ts";

const RecurringBuyPage = paginated(RecurringBuy);

/** Filters of the recurring buy list. */
export interface RecurringBuyQuery extends PageParams {
  asset?: string;
  enabled?: boolean;
}

/** Operations on recurring buys. */
export function recurringBuysApi(http: Transport) {
  const list = async (query: RecurringBuyQuery = {}) =>
    http.request("recurringBuys.list", {
      query: {
        ...checkPage(query.page, query.page_size),
        asset: query.asset === undefined ? undefined : checkAssetCode(query.asset),
        enabled: query.enabled,
      },
      schema: RecurringBuyPage,
    });
  return {
    /** Creates a schedule. */
    create: async (input: RecurringBuyCreateInput) =>
      http.request("recurringBuys.create", { body: checkRecurringBuyCreate(input), schema: RecurringBuy }),
    /** One page of schedules. */
    list,
    /** Every schedule. */
    iterate: (query: Omit<RecurringBuyQuery, "page"> = {}) =>
      iteratePages((page) => list({ ...query, page })),
    /** One schedule. */
    get: async (id: number) =>
      http.request("recurringBuys.get", { params: { id: checkId(id) }, schema: RecurringBuy }),
    /** Changes any of asset, start, quantity, period, enabled, direction. */
    update: async (id: number, input: RecurringBuyUpdateInput) =>
      http.request("recurringBuys.update", {
        params: { id: checkId(id) },
        body: checkRecurringBuyUpdate(input),
        schema: RecurringBuy,
      }),
    /** Deletes a schedule. */
    delete: async (id: number) =>
      http.request("recurringBuys.delete", { params: { id: checkId(id) }, schema: undefined }),
  };
}
