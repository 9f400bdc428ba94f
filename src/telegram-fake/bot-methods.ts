/** Bot-level methods: getMe, commands per scope and language, webhook settings, getUpdates, close and logOut. */
import type { BotCommand, BotCommandScope, WebhookInfo } from "grammy/types";
import { badRequest, conflict } from "./api-error.ts";
import { commandsKey } from "./bot-settings.ts";
import type { Handled, MethodHandler } from "./context.ts";
import type { GetUpdatesParams } from "./update-queue.ts";

const COMMAND = /^[a-z0-9_]{1,32}$/;
const MAX_COMMANDS = 100;
const MAX_DESCRIPTION = 256;
const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
const DEFAULT_MAX_CONNECTIONS = 40;

const done: Handled = { result: true };

function keyOf(payload: Record<string, unknown>): string {
  return commandsKey(
    payload.scope as BotCommandScope | undefined,
    typeof payload.language_code === "string" ? payload.language_code : undefined,
  );
}

function checkCommands(value: unknown): BotCommand[] {
  if (!Array.isArray(value)) throw badRequest('field "commands" must be an Array');
  if (value.length > MAX_COMMANDS) throw badRequest("BOT_COMMANDS_TOO_MUCH");
  return value.map((item: { command?: unknown; description?: unknown }) => {
    if (typeof item.command !== "string" || !COMMAND.test(item.command))
      throw badRequest("BOT_COMMAND_INVALID");
    const description = item.description;
    if (
      typeof description !== "string" ||
      description.trim() === "" ||
      description.length > MAX_DESCRIPTION
    ) {
      throw badRequest("BOT_COMMAND_DESCRIPTION_INVALID");
    }
    return { command: item.command, description };
  });
}

/** The bot-level methods by Bot API name. */
export const BOT_METHODS: Readonly<Record<string, MethodHandler>> = {
  getMe: (_payload, ctx) => ({ result: ctx.bot }),
  setMyCommands: (payload, ctx) => {
    ctx.settings.commands.set(keyOf(payload), checkCommands(payload.commands));
    return done;
  },
  getMyCommands: (payload, ctx) => ({ result: ctx.settings.commands.get(keyOf(payload)) ?? [] }),
  deleteMyCommands: (payload, ctx) => {
    ctx.settings.commands.delete(keyOf(payload));
    return done;
  },
  setWebhook: (payload, ctx) => {
    const url = typeof payload.url === "string" ? payload.url : "";
    if (url === "") {
      ctx.settings.webhook = undefined;
    } else {
      if (!url.startsWith("https://"))
        throw badRequest("bad webhook: An HTTPS URL must be provided for webhook");
      const secret = payload.secret_token;
      if (secret !== undefined && (typeof secret !== "string" || !SECRET_TOKEN.test(secret))) {
        throw badRequest("secret token contains unallowed characters");
      }
      const connections = payload.max_connections;
      if (
        connections !== undefined &&
        (typeof connections !== "number" ||
          !Number.isInteger(connections) ||
          connections < 1 ||
          connections > 100)
      ) {
        throw badRequest("max_connections must be an integer from 1 to 100");
      }
      ctx.settings.webhook = {
        url,
        ...(secret === undefined ? {} : { secretToken: secret }),
        ...(Array.isArray(payload.allowed_updates)
          ? { allowedUpdates: payload.allowed_updates as WebhookInfo["allowed_updates"] }
          : {}),
        maxConnections:
          typeof payload.max_connections === "number" ? payload.max_connections : DEFAULT_MAX_CONNECTIONS,
      };
    }
    if (payload.drop_pending_updates === true) ctx.updates.drop();
    return done;
  },
  deleteWebhook: (payload, ctx) => {
    ctx.settings.webhook = undefined;
    if (payload.drop_pending_updates === true) ctx.updates.drop();
    return done;
  },
  getWebhookInfo: (_payload, ctx) => {
    const webhook = ctx.settings.webhook;
    const info: WebhookInfo = {
      url: webhook?.url ?? "",
      has_custom_certificate: false,
      pending_update_count: ctx.updates.size,
      ...(webhook === undefined ? {} : { max_connections: webhook.maxConnections }),
      ...(webhook?.allowedUpdates === undefined ? {} : { allowed_updates: webhook.allowedUpdates }),
    };
    return { result: info };
  },
  getUpdates: async (payload, ctx) => {
    if (ctx.settings.webhook !== undefined) {
      throw conflict(
        "can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    }
    return { result: await ctx.updates.take(payload as GetUpdatesParams, ctx.signal) };
  },
  close: () => done,
  logOut: () => done,
};
