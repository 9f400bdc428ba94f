/**
 * The start that every Confirm / Cancel of an account write shares (alerts, withdrawals, recurring trades):
 * the tap is answered, Cancel closes the summary, and Confirm goes on only with a connected key that may
 * trade. Each refusal edits the summary to say why, so no write is ever tried without a reason shown.
 */
import { InlineKeyboard } from "grammy";
import type { ExchangeClient } from "../../exchange/index.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { withChatAction } from "./chat-action.ts";
import { describeExchangeError } from "./exchange-errors.ts";
import { clientOrConnect } from "./exchange-wait.ts";

/** Confirm / Cancel of a single-use token (verbs "c" and "x"); `confirmKey` names the Confirm button. */
export function confirmKeyboard(
  ctx: BotContext,
  token: string,
  confirmKey = "button-confirm",
): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t(confirmKey), `t:${token}:c`)
    .text(ctx.t("button-cancel"), `t:${token}:x`);
}

/** The message ids a flow shows for a Cancel tap and for a read-only key. */
export interface ConfirmTexts {
  cancelled: string;
  readOnly: string;
}

/**
 * Answers a pressed Confirm (`verb` "c") or Cancel ("x") of a write summary; any other verb is ignored.
 * Returns the account's client when the write may be sent, undefined when the message already says why not.
 */
export async function confirmedWriter(
  ctx: BotContext,
  deps: BotDeps,
  verb: string | undefined,
  texts: ConfirmTexts,
): Promise<ExchangeClient | undefined> {
  await ctx.answerCallbackQuery();
  if (verb === "x") {
    await ctx.editMessageText(ctx.t(texts.cancelled));
    return undefined;
  }
  if (verb !== "c") return undefined;
  const userId = ctx.from?.id as number;
  const client = await clientOrConnect(ctx, deps, true);
  if (!client) return undefined;
  // The exchange refuses every write of a read-only key: say so without sending one.
  if ((await deps.accounts.permission(userId)) === "read_only") {
    await ctx.editMessageText(ctx.t(texts.readOnly));
    return undefined;
  }
  return client;
}

/**
 * Runs a confirmed write while "typing…" shows; an exchange error it can put in plain words replaces the
 * summary, any other error goes on to the error boundary.
 */
export async function runConfirmed(
  ctx: BotContext,
  deps: BotDeps,
  write: () => Promise<void>,
): Promise<void> {
  try {
    await withChatAction(ctx, write, { intervalMs: deps.chatActionIntervalMs });
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    await ctx.editMessageText(explained);
  }
}
