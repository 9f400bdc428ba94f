/** Checks of price trigger creates and updates. */
import type { Direction, Match } from "../schemas.ts";
import {
  checkAsset,
  checkBool,
  checkChoice,
  checkNotEmpty,
  checkPositive,
  defined,
  isObject,
  Problems,
} from "./fields.ts";

/**
 * Body of a price trigger create. `order_direction` null (or left out) means alert only; a trade
 * needs exactly one of order_quantity (spend side) or order_get_quantity (receive side).
 */
export interface PriceTriggerCreateRequest {
  asset: string;
  price: string;
  match?: Match | null;
  order_direction?: Direction | null;
  order_quantity?: string | null;
  order_get_quantity?: string | null;
  notify_sms?: boolean;
  notify_email?: boolean;
  enabled?: boolean;
}

/** Body of a price trigger update: any create field, plus marking events seen; at least one field. */
export interface PriceTriggerUpdateRequest extends Partial<PriceTriggerCreateRequest> {
  mark_seen?: boolean;
  events?: { seen: boolean }[];
}

const MATCHES: readonly (Match | null)[] = [1, 2, null];
const DIRECTIONS_OR_NULL: readonly (Direction | null)[] = [10, 20, null];

function checkQuantity(p: Problems, field: string, value: unknown): string | null | undefined {
  return value === null ? null : checkPositive(p, field, value, false);
}

/**
 * Quantity rules on what the request itself settles. On create a missing field counts as null; on an
 * update it is left as stored, so only the fields sent can contradict each other.
 */
function collectTrigger(
  p: Problems,
  input: PriceTriggerUpdateRequest,
  create: boolean,
): PriceTriggerUpdateRequest {
  const body: PriceTriggerUpdateRequest = {
    asset: checkAsset(p, "asset", input.asset, create),
    price: checkPositive(p, "price", input.price, create),
    match: checkChoice(p, "match", input.match, MATCHES, false),
    order_direction: checkChoice(p, "order_direction", input.order_direction, DIRECTIONS_OR_NULL, false),
    order_quantity: checkQuantity(p, "order_quantity", input.order_quantity),
    order_get_quantity: checkQuantity(p, "order_get_quantity", input.order_get_quantity),
    notify_sms: checkBool(p, "notify_sms", input.notify_sms),
    notify_email: checkBool(p, "notify_email", input.notify_email),
    enabled: checkBool(p, "enabled", input.enabled),
  };
  const asGiven = (v: unknown) => (create && v === undefined ? null : v);
  const isSet = (v: unknown) => v !== null && v !== undefined;
  const direction = asGiven(input.order_direction);
  const quantity = asGiven(input.order_quantity);
  const getQuantity = asGiven(input.order_get_quantity);
  if (isSet(quantity) && isSet(getQuantity)) {
    const message = "Give only one of order_quantity and order_get_quantity.";
    p.add("order_quantity", message);
    p.add("order_get_quantity", message);
  } else if ((direction === 10 || direction === 20) && quantity === null && getQuantity === null) {
    const message = "A trade needs order_quantity or order_get_quantity.";
    p.add("order_quantity", message);
    p.add("order_get_quantity", message);
  }
  if (direction === null && (isSet(quantity) || isSet(getQuantity))) {
    p.add("order_direction", "Set order_direction (10 buy, 20 sell) to trade a quantity.");
  }
  return body;
}

/** Checks a new trigger: asset, positive price, match, notify flags and the trade rules. */
export function checkPriceTriggerCreate(input: PriceTriggerCreateRequest): PriceTriggerCreateRequest {
  const p = new Problems();
  return p.done(defined(collectTrigger(p, input, true)) as PriceTriggerCreateRequest);
}

/** Checks a trigger update: the given fields as on create, mark_seen, events [{seen}], at least one field. */
export function checkPriceTriggerUpdate(input: PriceTriggerUpdateRequest): PriceTriggerUpdateRequest {
  const p = new Problems();
  checkNotEmpty(p, input);
  const body = collectTrigger(p, input, false);
  body.mark_seen = checkBool(p, "mark_seen", input.mark_seen);
  if (input.events !== undefined) {
    if (!Array.isArray(input.events)) p.add("events", "Must be a list of {seen} objects.");
    else {
      body.events = input.events.map((event: unknown, i) => {
        const seen = isObject(event) ? event.seen : undefined;
        if (typeof seen !== "boolean") p.add(`events.${i}.seen`, "Must be true or false.");
        return { seen: seen as boolean };
      });
    }
  }
  return p.done(defined(body));
}
