/** The bot-level state the fake keeps: commands per scope and language, and the webhook. */
import type { BotCommand, BotCommandScope, WebhookInfo } from "grammy/types";

/** A webhook as setWebhook stored it. */
export interface WebhookSettings {
  url: string;
  secretToken?: string;
  allowedUpdates?: WebhookInfo["allowed_updates"];
  maxConnections: number;
}

/** Commands and webhook of the bot. */
export class BotSettings {
  /** Commands by scope and language (see commandsKey). */
  readonly commands = new Map<string, BotCommand[]>();
  webhook: WebhookSettings | undefined;
}

/** The key commands are stored under: the scope's fields in a fixed order, and the language code. */
export function commandsKey(scope: BotCommandScope | undefined, languageCode: string | undefined): string {
  const s = (scope ?? { type: "default" }) as { type: string; chat_id?: unknown; user_id?: unknown };
  return JSON.stringify([s.type, s.chat_id ?? null, s.user_id ?? null, languageCode ?? ""]);
}
