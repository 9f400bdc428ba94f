/**
 * Gates in front of every feature: who may use the bot, and that account matters stay in private chats.
 */
import type { Composer, MiddlewareFn } from "grammy";
import { mayHoldKey } from "../../services/connect/pasted-keys.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { addressedText, commandName, isOurs } from "./command-text.ts";
import { BotComposer } from "./fast-filter.ts";
import { deleteMessageOnce } from "./key-takedown.ts";

/** Commands that touch an account: refused outside private chats. */
export const ACCOUNT_COMMANDS = [
  "start",
  "connect",
  "disconnect",
  "balance",
  "portfolio",
  "chart",
  "settings",
  "cancel",
  "buy",
  "sell",
  "swap",
  "swaps",
  "alert",
  "alerts",
  "dca",
  "history",
  "statement",
  "withdraw",
  "withdrawals",
  "addresses",
] as const;

function isGroupChat(ctx: BotContext): boolean {
  return ctx.chat !== undefined && ctx.chat.type !== "private";
}

/**
 * In a group, the bot reads its own buttons, commands meant for it and messages addressed to it (a mention
 * or a reply); and, for the pasted-key guard, any text that may hold a key. The rest of the group's talk
 * goes no further: it takes no place in the group's lane (sequencing.ts) and no Redis read.
 */
export const groupChatterDropped: MiddlewareFn<BotContext> = (ctx, next) => {
  const chat = ctx.chat;
  if (chat === undefined || chat.type === "private" || ctx.callbackQuery !== undefined) return next();
  const message = ctx.message ?? ctx.editedMessage;
  const text = message?.text ?? message?.caption;
  if (text === undefined) return Promise.resolve();
  if (mayHoldKey(text)) return next();
  if (ctx.message?.text === undefined) return Promise.resolve();
  const command = commandName(text) !== undefined;
  if (command ? isOurs(ctx, text) : addressedText(ctx) !== undefined) return next();
  return Promise.resolve();
};

/** Tells a user outside ALLOWED_USER_IDS that the bot is private (a press, or a private message). */
async function refuse(ctx: BotContext): Promise<void> {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: ctx.t("not-allowed") });
  else if (ctx.chat?.type === "private" && ctx.message) await ctx.reply(ctx.t("not-allowed"));
}

/**
 * Reads a group message addressed to the bot as a request: true when the update is now the command it comes
 * to, false when it was answered (listen/plain-requests.ts, given by the bot's wiring: the gates sit below
 * the features).
 */
export type ReadAddressed = (ctx: BotContext, deps: BotDeps) => Promise<boolean>;

/** Stops updates from users outside ALLOWED_USER_IDS (when it is set) and account matters in groups. */
export function guardsFeature(deps: BotDeps, readAddressed: ReadAddressed): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();

  composer
    .filter((ctx) => {
      const userId = ctx.from?.id;
      return deps.allowedUserIds.size > 0 && (userId === undefined || !deps.allowedUserIds.has(userId));
    })
    .use(refuse);

  // In groups only commands meant for everyone (/price, /help) go on; account commands are refused.
  composer.filter(isGroupChat).use(async (ctx, next) => {
    if (ctx.callbackQuery) {
      await ctx.answerCallbackQuery({ text: ctx.t("private-only"), show_alert: true });
      return;
    }
    // A message addressed to the bot ("@my_bot btc", or a reply to it) is read as a request: the
    // command it comes to goes through the same checks as one typed.
    if (commandName(ctx.message?.text) === undefined && !(await readAddressed(ctx, deps))) return;
    const command = commandName(ctx.message?.text);
    if (command === undefined) return; // chatter is not for us
    // So is a command for another bot ("/start@other_bot").
    if (!isOurs(ctx, ctx.message?.text)) return;
    if ((ACCOUNT_COMMANDS as readonly string[]).includes(command)) {
      // A key posted in a group is exposed: take it down if we can, and tell the user to revoke it.
      const postedKey = command === "connect" && /^\/\S+\s+\S/.test(ctx.message?.text ?? "");
      if (postedKey) {
        // Taken down on arrival already, unless that failed (key-takedown.ts).
        const deleted = await deleteMessageOnce(ctx).catch(() => false);
        await ctx.reply(
          `${ctx.t("private-only")}\n\n${ctx.t(deleted ? "group-key-deleted" : "group-key-exposed")}`,
        );
        return;
      }
      await ctx.reply(ctx.t("private-only"), {
        reply_parameters: { message_id: ctx.msgId ?? 0, allow_sending_without_reply: true },
      });
      return;
    }
    await next();
  });

  return composer;
}
