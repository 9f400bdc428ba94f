/**
 * The pace of replies in chats: per chat, Telegram's burst then one a second (a budget refilled at a steady
 * rate, GCRA); in all, at most `perSecond` messages in any sliding second together with every other
 * process's replies and every paced send (alerts, follow-ups, digests).
 *
 * Far from the limit a reply is decided in the process, without a round trip: the process counts its own
 * replies in the window and, while it is sending, publishes the count ten times a second through the Telegram
 * pacer, learning in the same script what else fills the window and how many other processes reply. Near
 * the limit (from this process's share of the window's first 60 %: all of it alone, a third of it beside two
 * others) each reply is taken in Redis, against everything every process published: several instances
 * replying at once never overfill the window on what they knew a moment ago. The pacer's sends count the
 * published replies, so background messages yield to replies.
 *
 * A chat's budget is the process's own: a chat's updates run one at a time (bot/pipeline/sequencing.ts, and
 * across instances the chat lock, which carries the budget from one instance to the next:
 * {@link RepliesPace.chatLeft}).
 */
import { randomUUID } from "node:crypto";
import type { RepliesLearned, TelegramPacer } from "./shared-pacer.ts";

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
  /**
   * Whether a message may go to `chatId` now; when it may, it is counted as sent. Decided at once far from
   * the limit, after a round trip to Redis near it. With a `reserve` (a message that can wait), only while
   * the window keeps that many places free for replies, always asked of Redis.
   */
  take(chatId: string, reserve?: number): ReplyTurn | Promise<ReplyTurn>;
  /** Telegram answered 429: nothing goes for `ms` (the pacer holds every instance too). */
  hold(ms: number): void;
  /** How long until `chatId`'s budget is whole again (ms; 0 when it is): handed on with the chat's lock. */
  chatLeft(chatId: string): number;
  /** Another process replied in `chatId`: its budget is whole again in `ms` at the earliest. */
  chatUsed(chatId: string, ms: number): void;
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
/** From this share of the window on (split between the processes replying), replies are taken in Redis. */
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
  /** What else fills the window, and how many other processes reply, as last learned. */
  let busy = 0;
  let others = 0;
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
  const learn = (learned: RepliesLearned) => {
    busy = learned.busy;
    others = learned.others;
    learnedAt = now();
    heldUntil = Math.max(heldUntil, learnedAt + learned.floodMs);
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
        learn(learned);
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
  /**
   * A reply to `chatId` counted as sent at `takenAt`, its chat's budget then full at `after`: keeps the count
   * published while there are any.
   */
  const went = (chatId: string, takenAt: number, after: number): ReplyTurn => {
    if (timer === undefined) {
      timer = setInterval(sync, syncMs);
      timer.unref();
      sync();
    }
    return {
      go: true,
      answered: () => {
        const at = now();
        inFlight--;
        answered.push(at + WINDOW_MS);
        // Telegram counted it somewhere up to now: the chat's next replies are spaced from now, so a send
        // that a loaded machine delayed never has the next one land on its heels.
        if (at > takenAt && after + (at - takenAt) > (chats.get(chatId) ?? 0))
          chats.set(chatId, after + (at - takenAt));
      },
    };
  };
  /** Near the limit: the reply counted here and published, if it fits with what every process published. */
  const takeShared = async (
    chatId: string,
    before: number | undefined,
    takenAt: number,
    after: number,
    reserve: number,
  ): Promise<ReplyTurn> => {
    inFlight++;
    let learned: RepliesLearned;
    try {
      learned = await options.pacer.publishReplies(processId, count(), pace.perSecond - reserve);
    } catch {
      // Redis out of reach: the reply goes (its message may be the one saying so); Telegram's 429 is the bound.
      return went(chatId, takenAt, after);
    }
    learn(learned);
    if (learned.fitted) return went(chatId, takenAt, after);
    inFlight--;
    // The chat's budget is given back, unless another of its replies took it meanwhile.
    if (chats.get(chatId) === after) {
      if (before === undefined) chats.delete(chatId);
      else chats.set(chatId, before);
    }
    if (learned.floodMs > 0) return { go: false, waitMs: learned.floodMs, chat: false };
    const at = now();
    forgetOld(at);
    const frees = oldest < answered.length ? (answered[oldest] as number) - at : syncMs;
    return { go: false, waitMs: Math.max(1, Math.min(frees, syncMs / 4)), chat: false };
  };

  return {
    take(chatId, reserve = 0) {
      const at = now();
      if (heldUntil > at) return { go: false, waitMs: heldUntil - at, chat: false };
      const before = chats.get(chatId);
      const after = Math.max(before ?? 0, at) + interval;
      if (after - at > interval * pace.chatBurst)
        return { go: false, waitMs: Math.ceil(after - at - interval * pace.chatBurst), chat: true };
      if (chats.size >= CHATS_KEPT) chats = new Map([...chats].filter(([, until]) => until > at));
      chats.set(chatId, after);
      forgetOld(at);
      // This process's share of the window it may fill on what it knows; a few only while that is stale.
      const share = (pace.perSecond * NEAR_FULL) / (1 + others);
      const known = at - learnedAt <= 3 * syncMs;
      if (
        reserve > 0 ||
        (known ? count() + busy + 1 > share : count() + 1 > Math.min(STALE_ALLOWANCE, share))
      )
        return takeShared(chatId, before, at, after, reserve);
      inFlight++;
      // Nearing its share, what the others sent since the last sync matters: learn it sooner.
      if (timer !== undefined && count() + busy >= share / 2 && at - syncedAt >= syncMs / 4) sync();
      return went(chatId, at, after);
    },
    hold(ms) {
      heldUntil = Math.max(heldUntil, now() + ms);
    },
    chatLeft(chatId) {
      return Math.max(0, (chats.get(chatId) ?? 0) - now());
    },
    chatUsed(chatId, ms) {
      if (ms <= 0) return;
      const until = now() + ms;
      if (until > (chats.get(chatId) ?? 0)) chats.set(chatId, until);
    },
  };
}
