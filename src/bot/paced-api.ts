/**
 * The Api the bot's background messages go through (alerts, digests, swap and withdrawal follow-ups):
 * every call to a chat takes a slot of the shared pacer right before it is sent, and gives it back when
 * Telegram answers; a 429 holds every paced send on every instance. The pacing sits under the bounded
 * auto-retry, so each retry is paced and counted like a first attempt. Replies in chats keep `bot.api`
 * (unpaced: a user is waiting, and the pacer's default rate leaves them room).
 */
import { Api, type ApiClientOptions, type Transformer } from "grammy";
import type { SendPriority, TelegramPacer } from "../services/telegram-pacer.ts";
import { configureApi } from "./api-config.ts";

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
    if (!result.ok && result.error_code === 429) {
      await pacer.hold((result.parameters?.retry_after ?? 1) * 1000).catch(() => undefined);
    }
    return result;
  };
}

/** A new Api for background messages at `priority`, with the bot's transformers above the pacing. */
export function createPacedApi(
  token: string,
  client: ApiClientOptions,
  pacer: TelegramPacer,
  priority: SendPriority,
): Api {
  const api = new Api(token, client);
  // Installed first, so it is the innermost: the auto-retry installed next goes through it on every attempt.
  api.config.use(pacedTransformer(pacer, priority));
  configureApi(api);
  return api;
}
