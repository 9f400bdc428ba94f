/**
 * Writes to price triggers, independent of the chat: each comes back as done (with the trigger), refused
 * (the exchange said no, so nothing changed) or unknown (the answer was lost, so it may have happened),
 * following src/exchange/write-outcome.ts. Reads are left to the client.
 */
import {
  type ExchangeClient,
  type Match,
  type PriceTrigger,
  type PriceTriggerEvent,
  type PriceTriggerUpdateRequest,
  writeOutcome,
} from "../../../exchange/index.ts";
import { type AlertDraft, createRequest } from "./checks.ts";

/** What a write came to. */
export type WriteResult<T> =
  | { status: "done"; value: T }
  | { status: "refused"; error: unknown }
  | { status: "unknown"; error: unknown };

/** A change the chat makes to an existing trigger. */
export type TriggerChange =
  | { kind: "enable"; enabled: boolean }
  | { kind: "level"; level: string; match: Match | null }
  | { kind: "quantity"; quantity: string; side: "spend" | "receive" }
  | { kind: "seen" };

/** Runs a write, sorting a failure into refused or unknown. */
export async function write<T>(run: () => Promise<T>): Promise<WriteResult<T>> {
  try {
    return { status: "done", value: await run() };
  } catch (error) {
    return writeOutcome(error) === "not_done" ? { status: "refused", error } : { status: "unknown", error };
  }
}

/** Creates the trigger a checked draft describes. */
export function createTrigger(client: ExchangeClient, draft: AlertDraft): Promise<WriteResult<PriceTrigger>> {
  return write(() => client.priceTriggers.create(createRequest(draft)));
}

/**
 * Applies a change. A new level keeps the trigger's side (`match` is sent with it; the exchange would
 * otherwise pick the side again from the current price); a new quantity replaces the other side's.
 */
export function changeTrigger(
  client: ExchangeClient,
  id: number,
  change: TriggerChange,
): Promise<WriteResult<PriceTrigger>> {
  const body: PriceTriggerUpdateRequest =
    change.kind === "enable"
      ? { enabled: change.enabled }
      : change.kind === "level"
        ? {
            price: change.level,
            ...(change.match === null ? {} : { match: change.match }),
          }
        : change.kind === "quantity"
          ? change.side === "spend"
            ? { order_quantity: change.quantity, order_get_quantity: null }
            : { order_get_quantity: change.quantity, order_quantity: null }
          : { mark_seen: true };
  return write(() => client.priceTriggers.update(id, body));
}

/** Deletes a trigger. */
export function deleteTrigger(client: ExchangeClient, id: number): Promise<WriteResult<undefined>> {
  return write(async () => {
    await client.priceTriggers.delete(id);
    return undefined;
  });
}

/** The events not yet marked seen. */
export function unseenEvents(trigger: PriceTrigger): PriceTriggerEvent[] {
  return trigger.events.filter((event) => !event.seen);
}

/** The event of `trigger` that fired at `firedAtSec` (epoch seconds), if it is still there. */
export function eventFiredAt(trigger: PriceTrigger, firedAtSec: number): PriceTriggerEvent | undefined {
  return trigger.events.find((event) => Math.floor(event.fired.getTime() / 1000) === firedAtSec);
}
