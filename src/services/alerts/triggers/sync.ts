/**
 * What the chat tells the alert watcher. The watcher reads each user's triggers from the exchange on its
 * own schedule; these calls make it read sooner, so levels set, edited or deleted in the chat are watched
 * at once, and so events that already exist when a user connects are taken as seen, never sent as new.
 */
import type { RecurringBuy } from "../../../exchange/index.ts";

export interface AlertsSync {
  /** The user connected a key: read their triggers now and take every existing event as already known. */
  userConnected(userId: number): Promise<void>;
  /** The user disconnected: stop reading their triggers and forget their levels. */
  userDisconnected(userId: number): Promise<void>;
  /** The user created, edited or deleted a trigger in the chat: read their triggers again now. */
  triggersChanged(userId: number): Promise<void>;
  /**
   * The user wrote a recurring trade in the chat: keep the exchange's answer (none: deleted) as the
   * schedule's last known state, so the change is not taken for a run and a run it causes is reported.
   */
  schedulesChanged(userId: number, id: number, schedule?: RecurringBuy): Promise<void>;
}
