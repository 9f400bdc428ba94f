/** Price triggers: alerts at a price level that can also place a market order. */
import type { Transport } from "./http.ts";
import { iteratePages } from "./pagination.ts";
import {
  checkPriceTriggerCreate,
  checkPriceTriggerUpdate,
  type PriceTriggerCreateRequest,
  type PriceTriggerUpdateRequest,
} from "./requests/price-triggers.ts";
import { checkAssetCode, checkId, checkPage, type PageParams } from "./requests/values.ts";
import { type Direction, PriceTrigger, paginated } from "./schemas.ts";

const PriceTriggerPage = paginated(PriceTrigger);

/** Filters of the trigger list (names from the service's docs). */
export interface PriceTriggerQuery extends PageParams {
  asset?: string;
  direction?: Direction;
  enabled?: boolean;
  trade_set?: boolean;
  trade_successful?: boolean;
}

/** Operations on price triggers. */
export function priceTriggersApi(http: Transport) {
  const list = async (query: PriceTriggerQuery = {}) =>
    http.request("priceTriggers.list", {
      query: {
        ...checkPage(query.page, query.page_size),
        asset: query.asset === undefined ? undefined : checkAssetCode(query.asset),
        direction: query.direction,
        enabled: query.enabled,
        trade_set: query.trade_set,
        trade_successful: query.trade_successful,
      },
      schema: PriceTriggerPage,
    });
  return {
    /** Creates a trigger; `match` null lets the service pick above/below from the current price. */
    create: async (request: PriceTriggerCreateRequest) =>
      http.request("priceTriggers.create", { body: checkPriceTriggerCreate(request), schema: PriceTrigger }),
    /** One page of triggers. */
    list,
    /** Every trigger. */
    iterate: (query: Omit<PriceTriggerQuery, "page"> = {}) =>
      iteratePages((page) => list({ ...query, page })),
    /** One trigger with its events. */
    get: async (id: number) =>
      http.request("priceTriggers.get", { params: { id: checkId(id) }, schema: PriceTrigger }),
    /** Changes a trigger, or marks its events seen (`mark_seen: true`). */
    update: async (id: number, request: PriceTriggerUpdateRequest) =>
      http.request("priceTriggers.update", {
        params: { id: checkId(id) },
        body: checkPriceTriggerUpdate(request),
        schema: PriceTrigger,
      }),
    /** Deletes a trigger. */
    delete: async (id: number) =>
      http.request("priceTriggers.delete", { params: { id: checkId(id) }, schema: undefined }),
  };
}
