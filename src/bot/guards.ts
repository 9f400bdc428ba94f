/**
 * Gates in front of every feature: who may use the bot, and that account matters stay in private chats.
 */
import type { Composer } from "grammy";
import type { BotContext, BotDeps } from "./context.ts";
import { BotComposer } from "./fast-filter.ts";

/** Commands that touch an account: refused outside private chats. */
export const ACCOUNT_COMMANDS = [
  "start",
  "connect",
  "disconnect",
  "balance",
  "portfolio",
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

/** "/Balance@my_bot now" -> "balance"; undefined for text that is not a command. */
export function commandName(text: string | undefined): string | undefined {
  const match = /^\/([A-Za-z0-9_]{1,32})(?:@\w+)?(?:\s|$)/.exec(text ?? "");
  return match?.[1]?.toLowerCase();
}

/** Tells a user outside ALLOWED_USER_IDS that the bot is private (a press, or a private message). */
async function refuse(ctx: BotContext): Promise<void> {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: ctx.t("not-allowed") });
  else if (ctx.chat?.type === "private" && ctx.message) await ctx.reply(ctx.t("not-allowed"));
}

/** Stops updates from users outside ALLOWED_USER_IDS (when it is set) and account matters in groups. */
export function guardsFeature(deps: BotDeps): Composer<BotContext> {
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
    const command = commandName(ctx.message?.text);
    if (command === undefined) return; // chatter is not for us
    // So is a command for another bot ("/start@other_bot").
    const target = /^\/\w+@(\w+)/.exec(ctx.message?.text ?? "")?.[1];
    if (target !== undefined && target.toLowerCase() !== ctx.me.username.toLowerCase()) return;
    if ((ACCOUNT_COMMANDS as readonly string[]).includes(command)) {
      // A key posted in a group is exposed: take it down if we can, and tell the user to revoke it.
      const postedKey = command === "connect" && /^\/\S+\s+\S/.test(ctx.message?.text ?? "");
      if (postedKey) {
        const deleted = await ctx.deleteMessage().then(
          () => true,
          () => false,
        );
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
