/**
 * A stub Telegram Bot API for benchmarks: a `fetch` that answers every method at once with a plausible
 * result and keeps nothing but each chat's latest message id and text (so a benchmark can press the
 * button of the message just sent, and check what the bot answered). The in-process fake of
 * src/telegram-fake/ records every call and renders HTML, which would weigh on both bots and grow memory.
 *
 * Options (bench:storm; none by default): a round trip for every call, and Telegram's pace enforced on
 * the methods that create messages (per chat a burst of 3 then 1 per second, 30 per second overall;
 * beyond either, 429 with retry_after, as Telegram answers a flood), the 429s counted per chat.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import type { UserFromGetMe } from "grammy/types";
// The module itself, not the fake's index: that would load the whole fake into the measured process.
import { newBotIdentity } from "../../src/telegram-fake/bot-identity.ts";

/** Where grammY is pointed; the stub answers any host. */
export const STUB_API_ROOT = "https://stub.telegram.invalid";

/** The stub bot's identity. */
export const STUB_BOT: UserFromGetMe = newBotIdentity({
  id: 7_000_000_002,
  first_name: "Bench Bot",
  username: "bench_bot",
});

/** The token both bots use. */
export const STUB_TOKEN = `${STUB_BOT.id}:AAStubTokenForBenchmarks-0123456789ab`;

/** A stub Telegram. */
export interface StubTelegram {
  fetch: typeof fetch;
  /** The id, text and buttons (as JSON) of the latest message sent or edited in a chat. */
  last(chatId: number): { messageId: number; text: string; buttons: string } | undefined;
  /** Calls answered so far, per method (429s included). */
  readonly calls: Map<string, number>;
  /** 429s answered so far, per chat (only with `enforcePace`). */
  readonly floods: Map<number, number>;
}

/** Options of {@link createStubTelegram}; the defaults answer every call at once and refuse none. */
export interface StubTelegramOptions {
  /** How long every call waits for its answer (a real Bot API round trip); 0 by default. */
  latencyMs?: number;
  /**
   * Enforce Telegram's pace on the methods that create messages (sendMessage, sendPhoto, sendDocument,
   * sendMediaGroup, ...; not answerCallbackQuery, answerInlineQuery, editMessage*, sendChatAction,
   * deleteMessage): per chat a burst of {@link CHAT_BURST} then one per second, {@link OVERALL_PER_SECOND}
   * in any sliding second overall; a call beyond either gets 429 with retry_after (whole seconds until it
   * would pass) and counts for nothing. Off by default.
   */
  enforcePace?: boolean;
  /**
   * Sees every call as it arrives: its method, payload, and what the pace made of it: "ok", or the limit
   * it broke ("chat": the chat's pace, "overall": 30 per second), for which it got a 429.
   */
  observe?: (method: string, payload: Record<string, unknown>, verdict: PaceVerdict) => void;
}

/** What the pace made of a call: accepted, or refused for the limit it broke. */
export type PaceVerdict = "ok" | "chat" | "overall";

/** Telegram's pace: messages a chat may get at once, then one per second. */
export const CHAT_BURST = 3;
/** Telegram's pace: messages in any sliding second, all chats together. */
export const OVERALL_PER_SECOND = 30;

/** Methods that create a message (those Telegram's pace counts). */
const MESSAGE_METHODS: ReadonlySet<string> = new Set([
  "sendMessage",
  "sendPhoto",
  "sendDocument",
  "sendMediaGroup",
  "sendVideo",
  "sendAnimation",
  "sendAudio",
  "sendVoice",
  "sendVideoNote",
  "sendSticker",
  "sendLocation",
  "sendVenue",
  "sendContact",
  "sendPoll",
  "sendDice",
  "sendInvoice",
  "sendPaidMedia",
  "copyMessage",
  "copyMessages",
  "forwardMessage",
  "forwardMessages",
]);

const TRUE_BODY = JSON.stringify({ ok: true, result: true });

/**
 * Telegram's pace, checked when a message-creating call arrives: the limit it breaks and the seconds to wait
 * (none: it passes, and is counted). Per chat a bucket of {@link CHAT_BURST} refilled at one a second;
 * overall a sliding second.
 */
function createPace() {
  const buckets = new Map<number, { tokens: number; at: number }>();
  const accepted: number[] = [];
  let windowStart = 0;
  return (chatId: number, now: number): { verdict: PaceVerdict; retryAfter: number } => {
    const bucket = buckets.get(chatId) ?? { tokens: CHAT_BURST, at: now };
    const tokens = Math.min(CHAT_BURST, bucket.tokens + (now - bucket.at) / 1000);
    if (tokens < 1) return { verdict: "chat", retryAfter: Math.max(1, Math.ceil(1 - tokens)) };
    while (windowStart < accepted.length && now - (accepted[windowStart] as number) >= 1000) windowStart++;
    if (windowStart > 4096) {
      accepted.splice(0, windowStart);
      windowStart = 0;
    }
    if (accepted.length - windowStart >= OVERALL_PER_SECOND) return { verdict: "overall", retryAfter: 1 };
    accepted.push(now);
    buckets.set(chatId, { tokens: tokens - 1, at: now });
    return { verdict: "ok", retryAfter: 0 };
  };
}

const PASSED = { verdict: "ok", retryAfter: 0 } as const;

/** Creates the stub. */
export function createStubTelegram(options: StubTelegramOptions = {}): StubTelegram {
  const lastByChat = new Map<number, { messageId: number; text: string; buttons: string }>();
  const calls = new Map<string, number>();
  const floods = new Map<number, number>();
  const pace = options.enforcePace ? createPace() : undefined;
  const latencyMs = options.latencyMs ?? 0;
  let nextMessageId = 1;
  const stubFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = url.slice(url.lastIndexOf("/") + 1);
    calls.set(method, (calls.get(method) ?? 0) + 1);
    const payload = typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const chatId = Number(payload.chat_id);
    const text = String(payload.text ?? "");
    const { verdict, retryAfter } =
      pace !== undefined && MESSAGE_METHODS.has(method) ? pace(chatId, performance.now()) : PASSED;
    options.observe?.(method, payload, verdict);
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (retryAfter > 0) {
      floods.set(chatId, (floods.get(chatId) ?? 0) + 1);
      const flood = {
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${retryAfter}`,
        parameters: { retry_after: retryAfter },
      };
      return new Response(JSON.stringify(flood), {
        status: 429,
        headers: { "content-type": "application/json" },
      });
    }
    let body = TRUE_BODY;
    if (method === "sendMessage" || method === "editMessageText") {
      const messageId = method === "sendMessage" ? nextMessageId++ : Number(payload.message_id);
      lastByChat.set(chatId, { messageId, text, buttons: JSON.stringify(payload.reply_markup ?? null) });
      body = JSON.stringify({
        ok: true,
        result: {
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: "private", first_name: "Bench" },
          from: { id: STUB_BOT.id, is_bot: true, first_name: STUB_BOT.first_name },
          text,
        },
      });
    }
    return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
  };
  return { fetch: stubFetch as typeof fetch, last: (chatId) => lastByChat.get(chatId), calls, floods };
}

/**
 * The stub behind an HTTP server on 127.0.0.1, for bots in other processes (their TELEGRAM_API_ROOT is
 * `url`): each request handed to the stub's fetch as it came (method, path, body), its answer sent back.
 */
export async function serveStubTelegram(
  stub: StubTelegram,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const answer = await stub.fetch(`${STUB_API_ROOT}${req.url ?? "/"}`, {
      method: req.method ?? "POST",
      ...(body === "" ? {} : { body }),
    });
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
