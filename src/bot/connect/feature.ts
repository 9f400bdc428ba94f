/**
 * /connect and /disconnect. The key arrives either as `/connect KEY` or as the next message after a
 * bare /connect; either way the message is deleted first, and the key goes straight to the account
 * service (checked, then encrypted in the vault). It never enters the session, a conversation or a log.
 * Installed before the conversations, so a key is never recorded in a conversation's state.
 */
import { type Composer, InlineKeyboard } from "grammy";
import { API_KEY_PATTERN } from "../../services/connect/pasted-keys.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { withChatAction } from "../flow-kit/chat-action.ts";
import { describeExchangeError } from "../flow-kit/exchange-errors.ts";
import { interactiveCall } from "../flow-kit/exchange-wait.ts";
import { recordShown } from "../flow-kit/live-confirmations.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";
import { deleteMessageOnce } from "../pipeline/key-takedown.ts";
import { isAwaitedKey } from "../pipeline/secret-guard.ts";

const AWAIT_KEY_MS = 5 * 60 * 1000;
const DISCONNECT_TOKEN_TTL_S = 10 * 60;

async function connectWith(ctx: BotContext, deps: BotDeps, apiKey: string): Promise<void> {
  const deleted = await deleteMessageOnce(ctx);
  const notes = deleted ? ctx.t("connect-deleted-note") : ctx.t("connect-delete-failed");
  if (!API_KEY_PATTERN.test(apiKey)) {
    await ctx.reply(`${ctx.t("connect-bad-format")}\n${notes}`);
    return;
  }
  const status = await ctx.reply(`${ctx.t("connect-checking")}\n${notes}`);
  const userId = ctx.from?.id as number; // private chats only: a user is always there
  let text: string;
  try {
    // A /cancel meanwhile leaves the key unstored and is told as "cancelled" (not silenced: the
    // "checking" message must not stay as it is).
    const result = await withChatAction(
      ctx,
      () => deps.accounts.connect(userId, apiKey, interactiveCall(ctx, deps)),
      { intervalMs: deps.chatActionIntervalMs },
    );
    // Events already on the account are not news: the watcher reads them as known. Not awaited: that
    // read must not hold up the answer (tellAlerts logs a failure).
    if (result.status === "connected") void tellAlerts(ctx, () => deps.alerts.userConnected(userId));
    if (result.status === "invalid") text = ctx.t("connect-invalid");
    else if (result.permission === "read_write") text = ctx.t("connect-ok-trade");
    else if (result.permission === "read_only") text = ctx.t("connect-ok-read-only");
    else text = ctx.t("connect-ok-unknown");
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    text = explained;
  }
  await ctx.api.editMessageText(status.chat.id, status.message_id, `${text}\n${notes}`);
}

/** Tells the alert watcher about a (dis)connect; it catches up on its own, so a failure is only logged. */
async function tellAlerts(ctx: BotContext, call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (error) {
    ctx.log.warn({ err: { message: (error as Error).message } }, "could not tell the alert watcher");
  }
}

/** Connecting and disconnecting a key. */
export function connectFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  const privateChats = composer.chatType("private");

  privateChats.command("connect", async (ctx) => {
    await ctx.conversation.exitAll();
    const apiKey = ctx.match.trim();
    if (apiKey === "") {
      ctx.session.awaitingKeyUntil = Date.now() + AWAIT_KEY_MS;
      await ctx.reply(ctx.t("connect-ask"));
      return;
    }
    ctx.session.awaitingKeyUntil = undefined;
    await connectWith(ctx, deps, apiKey);
  });

  // The message after a bare /connect is the key, unless it is a command.
  privateChats
    .on("message:text")
    .filter((ctx) => ctx.session.awaitingKeyUntil !== undefined && !ctx.message.text.startsWith("/"))
    .use((ctx, next) => {
      const awaited = isAwaitedKey(ctx);
      ctx.session.awaitingKeyUntil = undefined;
      return awaited ? connectWith(ctx, deps, ctx.message.text.trim()) : next();
    });

  privateChats.command("disconnect", async (ctx) => {
    if (!(await deps.accounts.isConnected(ctx.from.id))) {
      await ctx.reply(ctx.t("disconnect-none"));
      return;
    }
    const payload = { action: "disconnect" };
    const token = await deps.tokens.issue(ctx.from.id, payload, DISCONNECT_TOKEN_TTL_S, "cancelled");
    const sent = await ctx.reply(ctx.t("disconnect-confirm"), {
      reply_markup: new InlineKeyboard()
        .text(ctx.t("disconnect-yes"), `t:${token}`)
        .text(ctx.t("button-cancel"), `t:${token}:x`),
    });
    await recordShown(ctx, deps, token, sent.message_id);
  });

  return composer;
}

/** Runs a disconnect whose confirm token was consumed (`verb` "x": its Cancel). */
export async function completeDisconnect(
  ctx: BotContext,
  deps: BotDeps,
  verb: string | undefined,
): Promise<void> {
  if (verb === "x") {
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(ctx.t("cancelled"));
    return;
  }
  const userId = ctx.from?.id as number;
  const removed = await ctx.cancelScope.writing("disconnect", () => deps.accounts.disconnect(userId));
  if (removed) await tellAlerts(ctx, () => deps.alerts.userDisconnected(userId));
  await ctx.answerCallbackQuery();
  await ctx.editMessageText(ctx.t(removed ? "disconnect-done" : "disconnect-none"));
}
