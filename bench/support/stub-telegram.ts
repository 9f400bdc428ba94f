/**
 * A stub Telegram Bot API for benchmarks: a `fetch` that answers every method at once with a plausible
 * result and keeps nothing but each chat's latest message id and text (so a benchmark can press the
 * button of the message just sent, and check what the bot answered). The in-process fake of
 * src/telegram-fake/ records every call and renders HTML, which would weigh on both bots and grow memory.
 */
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
  /** Calls answered so far, per method. */
  readonly calls: Map<string, number>;
}

const TRUE_BODY = JSON.stringify({ ok: true, result: true });

/** Creates the stub. */
export function createStubTelegram(): StubTelegram {
  const lastByChat = new Map<number, { messageId: number; text: string; buttons: string }>();
  const calls = new Map<string, number>();
  let nextMessageId = 1;
  const stubFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = url.slice(url.lastIndexOf("/") + 1);
    calls.set(method, (calls.get(method) ?? 0) + 1);
    const payload = typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const chatId = Number(payload.chat_id);
    const text = String(payload.text ?? "");
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
  return { fetch: stubFetch as typeof fetch, last: (chatId) => lastByChat.get(chatId), calls };
}
