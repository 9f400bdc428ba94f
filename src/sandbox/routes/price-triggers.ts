/**
 * Price triggers: create, list (filters asset, direction, enabled, trade_set, trade_successful), retrieve,
 * PATCH, DELETE, and evaluation. Match 1 fires when the market price (the ticker's last) rises to or above
 * the level, 2 when it falls to or below; a null match is set from the current price. Firing records an
 * event, sets last_trigger and pauses the trigger; a PATCH that sets enabled true or a new price re-arms
 * it. With order_direction set, firing places a market order for order_quantity (spend side) or
 * order_get_quantity (receive side); the event's trade or failure_reason tells how it went.
 */
import { ASSETS, assetName, cryptoAsset, normaliseAssetCode } from "../assets.ts";
import type { Sandbox } from "../context.ts";
import { type Dec, FIAT, formatAmount } from "../decimal.ts";
import { ApiError, type Body, empty, json, notFound } from "../http-utils.ts";
import { paginate } from "../pagination.ts";
import type { Account, Direction, Match, Trigger, TriggerEvent } from "../records.ts";
import type { Router } from "../router.ts";
import { formatOptionalTime, formatTime } from "../time.ts";
import { describeTrade, executeMarketOrder, quoteTrade } from "../trading.ts";
import {
  FieldErrors,
  present,
  queryBoolean,
  readAsset,
  readBoolean,
  readDecimal,
  readInteger,
} from "../validation.ts";

function eventJson(e: TriggerEvent): Record<string, unknown> {
  return {
    fired: formatTime(e.fired),
    price: e.price,
    matched: e.matched,
    trade: e.trade,
    failure_reason: e.failureReason,
    seen: e.seen,
  };
}

/** Assets spent and received by a trigger's order. */
function orderAssets(direction: Direction, asset: string): { spend: string; receive: string } {
  return direction === 10 ? { spend: FIAT, receive: asset } : { spend: asset, receive: FIAT };
}

function formatQuantity(t: Trigger, side: "spend" | "receive", q: Dec | null): string | null {
  if (!q) return null;
  return formatAmount(orderAssets(t.orderDirection ?? 10, t.asset)[side], q);
}

/** The wire shape of a price trigger; unset order quantities and last_trigger are null. */
function triggerJson(t: Trigger): Record<string, unknown> {
  return {
    id: t.id,
    asset: t.asset,
    asset_name: assetName(t.asset),
    in_discovery_zone: false,
    created: formatTime(t.created),
    price: t.price.toFixed(),
    match: t.match,
    paused: t.paused,
    last_trigger: formatOptionalTime(t.lastTrigger),
    order_side: t.orderDirection === 10 ? "buy" : t.orderDirection === 20 ? "sell" : "",
    enabled: t.enabled,
    notify_sms: t.notifySms,
    notify_email: t.notifyEmail,
    order_direction: t.orderDirection,
    order_quantity: formatQuantity(t, "spend", t.orderQuantity),
    order_get_quantity: formatQuantity(t, "receive", t.orderGetQuantity),
    mark_seen: false,
    events: t.events.map(eventJson),
  };
}

function autoMatch(sb: Sandbox, asset: string, price: Dec): Match {
  return price.greaterThan(sb.market.mid(asset)) ? 1 : 2;
}

/** The order fields as a request leaves them; undefined means "not in the request". */
interface OrderFields {
  direction: Direction | null | undefined;
  quantity: Dec | null | undefined;
  getQuantity: Dec | null | undefined;
}

function readOrder(body: Body, errors: FieldErrors): OrderFields {
  return {
    direction: readInteger(body, "order_direction", errors, { nullable: true, choices: [10, 20] }) as
      | Direction
      | null
      | undefined,
    quantity: readDecimal(body, "order_quantity", errors, { nullable: true }),
    getQuantity: readDecimal(body, "order_get_quantity", errors, { nullable: true }),
  };
}

/** Checks the order fields as they will stand (after a PATCH is applied) and their decimal places. */
function checkOrder(
  asset: string,
  direction: Direction | null,
  quantity: Dec | null,
  getQuantity: Dec | null,
  errors: FieldErrors,
): void {
  if (quantity && getQuantity) {
    errors.add("non_field_errors", "order_quantity and order_get_quantity are mutually exclusive.");
  }
  if (direction === null) {
    if (quantity || getQuantity)
      errors.add("order_direction", "Set order_direction to trade an order quantity.");
    return;
  }
  if (!quantity && !getQuantity) {
    errors.add("non_field_errors", "A trade needs order_quantity or order_get_quantity.");
  }
  const { spend, receive } = orderAssets(direction, asset);
  const places = (a: string): number => (a === FIAT ? 2 : 8);
  if (quantity && quantity.decimalPlaces() > places(spend)) {
    errors.add("order_quantity", `Ensure that there are no more than ${places(spend)} decimal places.`);
  }
  if (getQuantity && getQuantity.decimalPlaces() > places(receive)) {
    errors.add("order_get_quantity", `Ensure that there are no more than ${places(receive)} decimal places.`);
  }
}

function createTrigger(sb: Sandbox, account: Account, body: Body): Trigger {
  const errors = new FieldErrors();
  const asset = readAsset(body, "asset", errors, { required: true });
  const price = readDecimal(body, "price", errors, { required: true });
  const match = readInteger(body, "match", errors, { nullable: true, choices: [1, 2] }) as
    | Match
    | null
    | undefined;
  const enabled = readBoolean(body, "enabled", errors);
  const notifySms = readBoolean(body, "notify_sms", errors);
  const notifyEmail = readBoolean(body, "notify_email", errors);
  const order = readOrder(body, errors);
  errors.throwIfAny();
  const code = present(asset);
  checkOrder(code, order.direction ?? null, order.quantity ?? null, order.getQuantity ?? null, errors);
  errors.throwIfAny();
  const level = present(price);
  const trigger: Trigger = {
    id: sb.ids.next("trigger"),
    asset: code,
    created: sb.clock.now(),
    price: level,
    match: match ?? autoMatch(sb, code, level),
    paused: false,
    lastTrigger: null,
    enabled: enabled ?? true,
    notifySms: notifySms ?? false,
    notifyEmail: notifyEmail ?? true,
    orderDirection: order.direction ?? null,
    orderQuantity: order.quantity ?? null,
    orderGetQuantity: order.getQuantity ?? null,
    events: [],
  };
  account.triggers.push(trigger);
  triggerArmed(sb, account, trigger);
  return trigger;
}

function patchTrigger(sb: Sandbox, account: Account, t: Trigger, body: Body): void {
  const errors = new FieldErrors();
  const asset = readAsset(body, "asset", errors);
  const price = readDecimal(body, "price", errors);
  const match = readInteger(body, "match", errors, { nullable: true, choices: [1, 2] }) as
    | Match
    | null
    | undefined;
  const enabled = readBoolean(body, "enabled", errors);
  const notifySms = readBoolean(body, "notify_sms", errors);
  const notifyEmail = readBoolean(body, "notify_email", errors);
  const markSeen = readBoolean(body, "mark_seen", errors);
  const order = readOrder(body, errors);
  const seen = readEventsSeen(body, t, errors);
  errors.throwIfAny();
  const next = {
    asset: asset ?? t.asset,
    direction: order.direction === undefined ? t.orderDirection : order.direction,
    quantity: order.quantity === undefined ? t.orderQuantity : order.quantity,
    getQuantity: order.getQuantity === undefined ? t.orderGetQuantity : order.getQuantity,
  };
  checkOrder(next.asset, next.direction, next.quantity, next.getQuantity, errors);
  errors.throwIfAny();
  t.asset = next.asset;
  t.orderDirection = next.direction;
  t.orderQuantity = next.quantity;
  t.orderGetQuantity = next.getQuantity;
  if (price) t.price = price;
  if (match) t.match = match;
  // A new level (or asset) without an explicit match is matched against the current price again.
  else if (price || asset || match === null) t.match = autoMatch(sb, t.asset, t.price);
  if (typeof enabled === "boolean") t.enabled = enabled;
  if (enabled === true || price) t.paused = false;
  if (typeof notifySms === "boolean") t.notifySms = notifySms;
  if (typeof notifyEmail === "boolean") t.notifyEmail = notifyEmail;
  seen.forEach((value, i) => {
    const event = t.events[i];
    if (event && value !== undefined) event.seen = value;
  });
  if (markSeen) for (const e of t.events) e.seen = true;
  triggerArmed(sb, account, t);
}

/** Reads `events`: an array of {seen} applied to the trigger's events by position. */
function readEventsSeen(body: Body, t: Trigger, errors: FieldErrors): Array<boolean | undefined> {
  const raw = body.events;
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    errors.add("events", "Expected a list of items.");
    return [];
  }
  if (raw.length > t.events.length) {
    errors.add("events", `This trigger has ${t.events.length} events; got ${raw.length}.`);
    return [];
  }
  return raw.map((item, i) => {
    if (item === null || typeof item !== "object" || Array.isArray(item)) {
      errors.add("events", `Item ${i}: expected an object with "seen".`);
      return undefined;
    }
    const value = readBoolean(item as Body, "seen", errors);
    return typeof value === "boolean" ? value : undefined;
  });
}

/** What the last trigger pass saw per sandbox: the mid prices, and the triggers armed since. */
const lastPass = new WeakMap<Sandbox, { mids: Dec[]; armed: [Account, Trigger][] }>();

/** A trigger was made or changed: the next pass must look at it. */
function triggerArmed(sb: Sandbox, account: Account, t: Trigger): void {
  lastPass.get(sb)?.armed.push([account, t]);
}

/** Fires every armed trigger whose condition holds at the current price (sandbox time `at`). */
export function evaluateTriggers(sb: Sandbox, at: number): void {
  // It runs before every request: with thousands of triggers a full pass each time would dominate the
  // sandbox. While no price moved (mids are replaced, never mutated) only the triggers armed since the
  // last pass can fire.
  const mids = ASSETS.map((a) => sb.market.mid(a.code));
  const previous = lastPass.get(sb);
  lastPass.set(sb, { mids, armed: [] });
  if (previous?.mids.every((mid, i) => mid === mids[i])) {
    for (const [account, t] of previous.armed) evaluateOne(sb, account, t, at);
    return;
  }
  for (const account of sb.accounts.all()) {
    for (const t of account.triggers) evaluateOne(sb, account, t, at);
  }
}

function evaluateOne(sb: Sandbox, account: Account, t: Trigger, at: number): void {
  if (!t.enabled || t.paused || !account.triggers.includes(t)) return;
  const last = sb.market.mid(t.asset);
  const hit = t.match === 1 ? last.greaterThanOrEqualTo(t.price) : last.lessThanOrEqualTo(t.price);
  if (hit) fire(sb, account, t, last, at);
}

function fire(sb: Sandbox, account: Account, t: Trigger, last: Dec, at: number): void {
  const event: TriggerEvent = {
    fired: at,
    price: last.toFixed(cryptoAsset(t.asset)?.priceDecimals ?? 2),
    matched: t.match,
    trade: "",
    failureReason: "",
    seen: false,
  };
  if (t.orderDirection !== null) {
    const { spend, receive } = orderAssets(t.orderDirection, t.asset);
    const side = t.orderQuantity
      ? { spend: t.orderQuantity }
      : t.orderGetQuantity
        ? { get: t.orderGetQuantity }
        : undefined;
    const quote = side ? quoteTrade(sb, spend, receive, side) : "The trigger has no order quantity.";
    const result =
      typeof quote === "string" ? quote : executeMarketOrder(sb, account, quote, "price_trigger", t.id);
    if (typeof result === "string") event.failureReason = result;
    else if (typeof quote !== "string")
      event.trade = `${describeTrade(quote)} (transaction ${result.summaryId})`;
  }
  t.events.push(event);
  t.lastTrigger = at;
  t.paused = true;
}

function findTrigger(account: Account, id: string | undefined): Trigger {
  const t = account.triggers.find((x) => x.id === Number(id));
  if (!t) throw notFound();
  return t;
}

/** trade_successful: whether the latest firing that tried to trade did trade (undefined when none tried). */
function tradeSucceeded(t: Trigger): boolean | undefined {
  const last = [...t.events].reverse().find((e) => e.trade !== "" || e.failureReason !== "");
  return last ? last.trade !== "" : undefined;
}

function listFilter(query: URLSearchParams): (t: Trigger) => boolean {
  const asset = query.get("asset");
  const wanted = asset ? normaliseAssetCode(asset) : undefined;
  const rawDirection = query.get("direction");
  const direction = rawDirection ? Number(rawDirection) : undefined;
  if (direction !== undefined && direction !== 10 && direction !== 20) {
    throw new ApiError(400, { direction: [`"${rawDirection}" is not a valid choice.`] });
  }
  const enabled = queryBoolean(query, "enabled");
  const tradeSet = queryBoolean(query, "trade_set");
  const successful = queryBoolean(query, "trade_successful");
  return (t) =>
    (wanted === undefined || t.asset === wanted) &&
    (direction === undefined || t.orderDirection === direction) &&
    (enabled === undefined || t.enabled === enabled) &&
    (tradeSet === undefined || (t.orderDirection !== null) === tradeSet) &&
    (successful === undefined || tradeSucceeded(t) === successful);
}

/** Registers the price-trigger routes under /api/private/broker/price-triggers/. */
export function registerPriceTriggerRoutes(router: Router): void {
  const base = "/api/private/broker/price-triggers/";
  router.private("GET", base, (req) => {
    const list = req.account.triggers.filter(listFilter(req.query)).sort((a, b) => b.id - a.id);
    return json(200, paginate(req, list.map(triggerJson)));
  });
  router.private("POST", base, ({ sb, account, body }) =>
    json(201, triggerJson(createTrigger(sb, account, body))),
  );
  router.private("GET", `${base}{id}/`, ({ account, params }) =>
    json(200, triggerJson(findTrigger(account, params.id))),
  );
  router.private("PATCH", `${base}{id}/`, ({ sb, account, params, body }) => {
    const t = findTrigger(account, params.id);
    patchTrigger(sb, account, t, body);
    return json(200, triggerJson(t));
  });
  router.private("DELETE", `${base}{id}/`, ({ account, params }) => {
    const t = findTrigger(account, params.id);
    account.triggers.splice(account.triggers.indexOf(t), 1);
    return empty(204);
  });
}
