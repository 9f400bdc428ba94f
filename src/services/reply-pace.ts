/**
 * The pace of replies in chats, kept by each process without a round trip per reply: per chat, Telegram's
 * burst then one a second (a budget refilled at a steady rate, GCRA); in all, at most `perSecond` messages
 * in any sliding second together with every other process's replies and every paced send (alerts,
 * follow-ups, digests). Each process counts its own replies in the window and, while it is sending,
 * publishes the count ten times a second through the Telegram pacer, learning in the same script what
 * else fills the window; the pacer's sends count the published replies, so background messages yield to
 * replies. A reply is decided here at once, from what the process knows.
 *
 * What that knows of the others is at most `syncMs` old while it sends (a quarter of that once the window is
 * more than half full): in a burst on several instances at once the window may overfill by what they sent
 * in that time. A process that has not learned for a while
 * (it was quiet) lets only a few replies go before it learns again, a moment later. A chat's budget is the process's own: a chat's
 * updates run one at a time (sequencing.ts, and the chat lock across instances), so its replies come from
 * one process at a time.
 */
import { randomUUID } from "node:crypto";
import type { TelegramPacer } from "./telegram-pacer.ts";

/** How replies in chats are paced. */
export interface ReplyPace {
  /** Messages in any sliding second, all processes and paced sends together; default 30. */
  perSecond: number;
  /** Messages to one chat at once, then `chatPerSecond`; default 3 then 1 (Telegram's per-chat pace). */
  chatBurst: number;
  chatPerSecond: number;
}

/** Telegram's pace as the bot keeps to it with its replies. */
export const DEFAULT_REPLY_PACE: ReplyPace = { perSecond: 30, chatBurst: 3, chatPerSecond: 1 };

/**
 * A reply may go now (call `answered` once Telegram answered it, or the send failed), or not before
 * `waitMs` (`chat`: only its chat is full).
 */
export type ReplyTurn = { go: true; answered: () => void } | { go: false; waitMs: number; chat: boolean };

/** The pace of one process's replies. */
export interface RepliesPace {
  /** Whether a message may go to `chatId` now; when it may, it is counted as sent. */
  take(chatId: string): ReplyTurn;
  /** Telegram answered 429: nothing goes for `ms` (the pacer holds every instance too). */
  hold(ms: number): void;
}

/** Options of {@link createRepliesPace}. */
export interface RepliesPaceOptions {
  pacer: Pick<TelegramPacer, "publishReplies">;
  pace?: Partial<ReplyPace>;
  /** How often the count is published while replies are sent; default 100 ms. */
  syncMs?: number;
  /** The clock (epoch ms); default Date.now. */
  now?: () => number;
}

const WINDOW_MS = 1000;
/** From this share of the window on, the process learns what the others sent more often than every sync. */
const NEAR_FULL = 0.6;
/** Replies in the window a process lets go while what it knows of the others is stale. */
const STALE_ALLOWANCE = 5;
/** Chats whose budget is full again are forgotten once this many are kept. */
const CHATS_KEPT = 10_000;

/** Creates the pace of this process's replies. */
export function createRepliesPace(options: RepliesPaceOptions): RepliesPace {
  const pace = { ...DEFAULT_REPLY_PACE, ...options.pace };
  const interval = 1000 / pace.chatPerSecond;
  const now = options.now ?? Date.now;
  const syncMs = options.syncMs ?? 100;
  const processId = randomUUID();
  /**
   * This process's replies in the window: those sent and not yet answered, and those answered, each until a
   * window after its answer (Telegram counts a message somewhere between, however late a loaded machine
   * sends it). Answers come in time order, so the oldest is first: `answered` from `oldest` on.
   */
  let inFlight = 0;
  let answered: number[] = [];
  let oldest = 0;
  const count = () => inFlight + answered.length - oldest;
  /** Per chat, when its budget is full again. */
  let chats = new Map<string, number>();
  /** What else fills the window, as last learned. */
  let busy = 0;
  let learnedAt = Number.NEGATIVE_INFINITY;
  let heldUntil = 0;
  let timer: NodeJS.Timeout | undefined;

  const forgetOld = (at: number) => {
    while (oldest < answered.length && (answered[oldest] as number) <= at) oldest++;
    // Dropped from the front now and then rather than one by one (a shift copies the rest).
    if (oldest > 1024 && oldest * 2 > answered.length) {
      answered = answered.slice(oldest);
      oldest = 0;
    }
  };
  let syncing = false;
  let syncedAt = Number.NEGATIVE_INFINITY;
  const sync = () => {
    if (syncing) return;
    syncing = true;
    const at = now();
    syncedAt = at;
    forgetOld(at);
    options.pacer.publishReplies(processId, count()).then(
      (learned) => {
        syncing = false;
        busy = learned.busy;
        learnedAt = now();
        heldUntil = Math.max(heldUntil, now() + learned.floodMs);
        // Quiet everywhere: nothing to publish until the next reply.
        if (count() === 0 && busy === 0 && timer !== undefined) {
          clearInterval(timer);
          timer = undefined;
        }
      },
      // Redis out of reach: what was learned last stands.
      () => {
        syncing = false;
      },
    );
  };

  return {
    take(chatId) {
      const at = now();
      if (heldUntil > at) return { go: false, waitMs: heldUntil - at, chat: false };
      const full = Math.max(chats.get(chatId) ?? 0, at);
      const after = full + interval;
      if (after - at > interval * pace.chatBurst)
        return { go: false, waitMs: Math.ceil(after - at - interval * pace.chatBurst), chat: true };
      forgetOld(at);
      const known = at - learnedAt <= 3 * syncMs;
      const room = known ? pace.perSecond - busy : Math.min(STALE_ALLOWANCE, pace.perSecond);
      if (count() >= room) {
        const frees = oldest < answered.length ? (answered[oldest] as number) - at : syncMs;
        return { go: false, waitMs: Math.max(1, Math.min(frees, syncMs)), chat: false };
      }
      if (chats.size >= CHATS_KEPT) chats = new Map([...chats].filter(([, until]) => until > at));
      chats.set(chatId, after);
      inFlight++;
      if (timer === undefined) {
        timer = setInterval(sync, syncMs);
        timer.unref();
        sync();
      } else if (count() + busy >= pace.perSecond * NEAR_FULL && at - syncedAt >= syncMs / 4) {
        // Near the limit, what the others sent since the last sync matters: learn it sooner.
        sync();
      }
      return {
        go: true,
        answered: () => {
          inFlight--;
          answered.push(now() + WINDOW_MS);
        },
      };
    },
    hold(ms) {
      heldUntil = Math.max(heldUntil, now() + ms);
    },
  };
}
