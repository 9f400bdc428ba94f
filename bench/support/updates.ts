/** Telegram updates for benchmarks: private-chat texts, commands, button presses and inline queries. */
import type { Update } from "grammy/types";
import { STUB_BOT } from "./stub-telegram.ts";

let nextUpdateId = 1;
let nextIncomingId = 1_000_000;

const user = (id: number) => ({ id, is_bot: false, first_name: "Bench", language_code: "en" });
const privateChat = (id: number) => ({ id, type: "private" as const, first_name: "Bench" });

/** A text message from user `id` in their private chat; "/cmd ..." gets its bot_command entity. */
export function textUpdate(id: number, text: string): Update {
  const command = /^\/\w+/.exec(text)?.[0];
  return {
    update_id: nextUpdateId++,
    message: {
      message_id: nextIncomingId++,
      date: Math.floor(Date.now() / 1000),
      chat: privateChat(id),
      from: user(id),
      text,
      ...(command ? { entities: [{ type: "bot_command" as const, offset: 0, length: command.length }] } : {}),
    },
  };
}

/** A press of a button with `data` on the bot's message `messageId` in user `id`'s private chat. */
export function callbackUpdate(id: number, messageId: number, data: string): Update {
  return {
    update_id: nextUpdateId++,
    callback_query: {
      id: String(nextUpdateId),
      from: user(id),
      chat_instance: String(id),
      data,
      message: {
        message_id: messageId,
        date: Math.floor(Date.now() / 1000),
        chat: privateChat(id),
        from: { id: STUB_BOT.id, is_bot: true, first_name: STUB_BOT.first_name },
        text: "…",
      },
    },
  };
}

/** An inline query `query` typed by user `id` in their chat with the bot; `queryId` names it in the answer. */
export function inlineUpdate(id: number, query: string, queryId = `iq${nextUpdateId}`): Update {
  return {
    update_id: nextUpdateId++,
    inline_query: { id: queryId, from: user(id), query, offset: "", chat_type: "sender" },
  };
}
