/**
 * Which trigger events are new. An event has no id on the wire; it is named by its trigger and the
 * instant it fired. The watcher keeps, per user, the names of the events it has handled (sent, or known
 * when the user connected); an event is new when it is not among them and not already marked seen.
 */
import type { PriceTrigger } from "../../../exchange/index.ts";

/** What an alert message needs to know about its trigger and event. Carries no secret. */
export interface AlertEvent {
  triggerId: number;
  asset: string;
  /** The trigger's level. */
  level: string;
  /** The trigger's match: 1 above, 2 below, null unknown. */
  match: number | null;
  /** 10 buy, 20 sell, null alert only. */
  orderDirection: number | null;
  orderQuantity: string | null;
  orderGetQuantity: string | null;
  /** When it fired, ISO 8601 UTC. */
  fired: string;
  /** Position of the event in the trigger's list (used to mark it seen). */
  index: number;
  /** The price it fired at. */
  price: string;
  /** 1 above, 2 below. */
  matched: number;
  /** The trade placed, as the exchange describes it; null when none. */
  trade: string | null;
  /** Why no trade was placed; null when none failed. */
  failureReason: string | null;
  /**
   * Whether the trigger was armed (enabled, not paused) when the event was read: the exchange pauses a
   * trigger as it fires. Absent in deliveries queued before it was recorded.
   */
  armed?: boolean;
}

/** The name of an event: `<triggerId>-<fired epoch ms>` (also part of its delivery job id). */
export function eventName(triggerId: number, fired: Date): string {
  return `${triggerId}-${fired.getTime()}`;
}

/** The outcome of comparing a read with what is known. */
export interface EventDiff {
  /** Events to deliver, oldest first. */
  fresh: AlertEvent[];
  /** Names of every event in the read (the new known set, once the fresh ones are queued). */
  names: string[];
}

/**
 * Compares the triggers read with the known event names. With no baseline yet (`known` undefined), the
 * events that fired before `since` (the moment the user connected; all of them when unknown) are taken
 * as known.
 */
export function diffEvents(
  triggers: readonly PriceTrigger[],
  known: ReadonlySet<string> | undefined,
  since: number | undefined,
): EventDiff {
  const fresh: AlertEvent[] = [];
  const names: string[] = [];
  for (const t of triggers) {
    t.events.forEach((e, index) => {
      const name = eventName(t.id, e.fired);
      names.push(name);
      if (known?.has(name) || e.seen) return;
      if (!known && (since === undefined || e.fired.getTime() < since)) return;
      fresh.push({
        triggerId: t.id,
        asset: t.asset.toUpperCase(),
        level: t.price,
        match: t.match,
        orderDirection: t.order_direction,
        orderQuantity: t.order_quantity,
        orderGetQuantity: t.order_get_quantity,
        fired: e.fired.toISOString(),
        index,
        price: e.price,
        matched: e.matched,
        trade: e.trade,
        failureReason: e.failure_reason,
        armed: t.enabled && !t.paused,
      });
    });
  }
  fresh.sort((a, b) => a.fired.localeCompare(b.fired));
  return { fresh, names };
}
