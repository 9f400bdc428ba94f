/**
 * The Api the bot's background messages go through (alerts, digests, swap and withdrawal follow-ups):
 * every call to a chat takes a slot of the shared pacer right before it is sent, and gives it back when
 * Telegram answers; a 429 holds every paced send on every instance. The pacing sits under the bounded
 * auto-retry, so each retry is paced and counted like a first attempt.
 *
 * Replies in chats (`bot.api`, and each conversation's Api) are paced too, more lightly: each message counts
 * in the same window (background sends keep to 25 of Telegram's 30 a second, replies may use all 30) and
 * against its chat's budget (Telegram's burst of 3, then one a second), with no wait while there is room and
 * no round trip far from the limit (bot/pipeline/telegram-pace/reply-pace.ts). A reply that could not go within a few seconds is dropped, never queued for minutes
 * behind Telegram's pace: the handler sees {@link ReplyDropped}.
 */
import { Api, type ApiClientOptions, type Transformer } from "grammy";
import { configureApi } from "../api-config.ts";
import type { RepliesPace } from "./reply-pace.ts";
import type { SendPriority, TelegramPacer } from "./shared-pacer.ts";

/** Methods that put a message in a chat: what Telegram paces. */
const MESSAGE_METHODS = new Set([
  "sendMessage",
  "sendPhoto",
  "sendDocument",
  "sendMediaGroup",
  "sendAnimation",
  "sendVideo",
  "sendAudio",
  "sendVoice",
  "sendSticker",
  "sendLocation",
  "copyMessage",
  "forwardMessage",
]);

type CallResult = Awaited<ReturnType<Parameters<Transformer>[0]>>;

/** How long Telegram's 429 says to wait (ms), or undefined for an answer that is no 429. */
function floodWaitMs(result: CallResult): number | undefined {
  return !result.ok && result.error_code === 429 ? (result.parameters?.retry_after ?? 1) * 1000 : undefined;
}

/** A reply that could not be sent within its wait at Telegram's pace: dropped, not sent. */
export class ReplyDropped extends Error {
  constructor(method: string) {
    super(`${method} dropped: over Telegram's pace for longer than the bot waits`);
    this.name = "ReplyDropped";
  }
}

/** Called once Telegram answered a paced reply (`undefined`: the request failed without an answer). */
type Answered = (result: CallResult | undefined) => Promise<void>;

/** Runs `work` once: live it runs, replayed it gives back what it gave the first time (a conversation's `external`). */
export type Once = <T>(work: () => Promise<T>) => Promise<T>;

/** The pace of replies, for the bot's own Api and for the Api of each conversation step. */
export interface ReplyPacing {
  /** For an Api whose every call is a real send (`bot.api`, a paced Api). */
  api: Transformer;
  /**
   * For a conversation's Api: the conversations plugin replays every earlier step's calls on each update,
   * answering them from its record without sending anything. The turn is taken inside `once` (the
   * conversation's `external`), so a replayed send takes no place in the chat's budget: only a message that
   * really goes counts, and a flow's tenth step waits no longer than its first.
   */
  conversation(once: Once): Transformer;
}

/**
 * Paces the messages of replies (see the module comment), decided in the process
 * (bot/pipeline/telegram-pace/reply-pace.ts): nothing for edits, answers to presses or chat actions; no wait while
 * there is room, and no round trip far from the limit. A reply waits at most `maxWaitMs`, else
 * {@link ReplyDropped}; with a `reserve`, it leaves that many of the window's places to other replies.
 */
export function replyPacing(
  replies: RepliesPace,
  pacer: Pick<TelegramPacer, "hold">,
  { maxWaitMs = 3000, reserve = 0 }: { maxWaitMs?: number; reserve?: number } = {},
  sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
): ReplyPacing {
  /** Waits for the reply's turn: what to call once Telegram answered, or undefined when it cannot go in time. */
  const turnOf = async (chatId: string): Promise<Answered | undefined> => {
    let waited = 0;
    let turn = await replies.take(chatId, reserve);
    while (!turn.go) {
      if (waited + turn.waitMs > maxWaitMs) return undefined;
      waited += turn.waitMs;
      await sleep(turn.waitMs);
      turn = await replies.take(chatId, reserve);
    }
    const { answered } = turn;
    return async (result) => {
      answered();
      const ms = result && floodWaitMs(result);
      if (ms !== undefined) {
        replies.hold(ms);
        await pacer.hold(ms).catch(() => undefined);
      }
    };
  };
  const paced =
    (once: Once | undefined): Transformer =>
    async (prev, method, payload, signal) => {
      if (!MESSAGE_METHODS.has(method)) return prev(method, payload, signal);
      const chatId = String((payload as { chat_id?: unknown }).chat_id);
      let done: Answered | undefined;
      const take = async () => {
        done = await turnOf(chatId);
        return done !== undefined;
      };
      // Replayed, `once` answers from the record and `done` stays unset: nothing is counted again.
      if (!(await (once ? once(take) : take()))) throw new ReplyDropped(method);
      let result: CallResult | undefined;
      try {
        result = await prev(method, payload, signal);
        return result;
      } finally {
        // A send that threw (its request failed) still gives its place back.
        await done?.(result);
      }
    };
  return { api: paced(undefined), conversation: paced };
}

/** A transformer that paces every call naming a `chat_id`. */
export function pacedTransformer(pacer: TelegramPacer, priority: SendPriority): Transformer {
  return async (prev, method, payload, signal) => {
    const chatId =
      payload && typeof payload === "object" && "chat_id" in payload ? String(payload.chat_id) : undefined;
    if (chatId === undefined) return prev(method, payload, signal);
    // Redis unreachable here: nothing is sent, and the caller's job runs again later.
    const token = await pacer.take(chatId, priority);
    // Once sent, Telegram's answer must reach the caller even when Redis is lost meanwhile: a message
    // Telegram took but reported as failed would be sent again by the job's retry. A slot not given back
    // frees at its lease, and a 429 not recorded is still waited out by the auto-retry.
    let result: Awaited<ReturnType<typeof prev>>;
    try {
      result = await prev(method, payload, signal);
    } finally {
      await pacer.done(token, chatId).catch(() => undefined);
    }
    const floodMs = floodWaitMs(result);
    if (floodMs !== undefined) await pacer.hold(floodMs).catch(() => undefined);
    return result;
  };
}

/**
 * A new Api for messages the bot sends on its own, paced by `pacing` ({@link pacedTransformer}, or
 * {@link replyPacing} for a message that lands among a chat's replies: the notice of skipped updates), with
 * the bot's transformers above the pacing.
 */
export function createPacedApi(token: string, client: ApiClientOptions, pacing: Transformer): Api {
  const api = new Api(token, client);
  // Installed first, so it is the innermost: the auto-retry installed next goes through it on every attempt.
  api.config.use(pacing);
  configureApi(api);
  return api;
}
