/**
 * Withdrawals: /withdraw (the guided steps, see conversation.ts), what the summary's Confirm does, and
 * /withdrawals with its pages and details.
 *
 * Confirm is single-use and owner-bound (its token). Before creating, the destination and the balance
 * are read again and checked (an entry may have been deleted, a balance spent): nothing is written when
 * a check fails. Creating leaves a draft; then the 2FA code is asked for and read outside any
 * conversation (two-factor.ts). When the create's answer is lost, the withdrawal may exist: the user is
 * told so and a background job looks for it.
 */
import { type Composer, InlineKeyboard } from "grammy";
import type { ExchangeClient } from "../../exchange/index.ts";
import {
  checkDestination,
  checkWithdrawalAmount,
  destinationEntry,
} from "../../services/withdrawals/checks.ts";
import { createWithdrawal, type WithdrawalRequest } from "../../services/withdrawals/create.ts";
import { recentWithdrawals, withdrawalFee } from "../../services/withdrawals/history.ts";
import type { WithdrawalTarget } from "../../services/withdrawals/watcher.ts";
import { commandAsset } from "../asset-input.ts";
import { confirmedWriter, runConfirmed } from "../confirm-write.ts";
import { type BotContext, type BotDeps, userTimezone } from "../context.ts";
import { showExchangeError, showWhereAsked } from "../exchange-errors.ts";
import { clientOrConnect, waitForExchange } from "../exchange-wait.ts";
import { BotComposer } from "../fast-filter.ts";
import { escapeHtml } from "../format/html.ts";
import {
  describeAmountProblem,
  WITHDRAW_CONVERSATION,
  type WithdrawArgs,
  type WithdrawPayload,
} from "./conversation.ts";
import { labelOf, renderDetail, renderListLine, renderSummary, withdrawalIcon } from "./format.ts";
import { startCodeWait } from "./two-factor.ts";

const LIST_PAGE_SIZE = 5;

/** The problem with the confirmed request as the exchange has things now, in words; undefined when none. */
async function recheck(
  ctx: BotContext,
  client: ExchangeClient,
  request: WithdrawalRequest,
): Promise<string | undefined> {
  const [entry, balance] = await Promise.all([
    client.addressBook.get(request.entryId),
    client.balances.get(request.asset),
  ]);
  const destination = checkDestination(destinationEntry(entry), request.asset);
  if (destination?.code === "unconfirmed") {
    return ctx.t("wd-unconfirmed-refused", { label: labelOf(entry.label, ctx.t) });
  }
  if (destination !== undefined) return ctx.t("wd-destination-gone");
  const amount = checkWithdrawalAmount(request.amount, request.asset, balance.total);
  return amount === undefined ? undefined : describeAmountProblem(amount, ctx.t, await ctx.i18n.getLocale());
}

/** Checks again, creates, and asks for the 2FA code (or looks for a withdrawal whose answer was lost). */
async function confirm(
  ctx: BotContext,
  deps: BotDeps,
  client: ExchangeClient,
  request: WithdrawalRequest,
): Promise<void> {
  const locale = await ctx.i18n.getLocale();
  const problem = await recheck(ctx, client, request);
  if (problem !== undefined) {
    await ctx.editMessageText(problem);
    return;
  }
  await ctx.editMessageText(ctx.t("wd-creating"));
  const result = await ctx.cancelScope.writing(() => createWithdrawal(client, request, deps.now));
  const target: WithdrawalTarget = {
    userId: ctx.from?.id as number,
    chatId: ctx.chat?.id as number,
    messageId: ctx.callbackQuery?.message?.message_id ?? 0,
    locale,
  };
  if (result.status === "unknown") {
    ctx.log.warn(
      { err: { name: result.error.name, message: result.error.message } },
      "withdrawal answer lost",
    );
    await ctx.editMessageText(ctx.t("wd-create-unknown")).catch(() => undefined);
    try {
      await deps.withdrawals.find({ ...target, search: result.search, firstTime: request.firstTime });
    } catch (error) {
      ctx.log.error({ err: { message: (error as Error).message } }, "could not look for the withdrawal");
      await ctx.reply(ctx.t("wd-create-unknown-not-followed")).catch(() => undefined);
    }
    return;
  }
  const id = result.withdrawal.id;
  // A waiting flow must not take the code: leave it (the code reader runs first anyway).
  await ctx.conversation.exitAll();
  // An older draft still waiting for its code is left unauthorized: say so rather than drop it silently.
  const older = await deps.withdrawals.codeWaits.take(target.userId);
  if (older !== undefined) {
    await ctx.reply(ctx.t("wd-code-abandoned", { id: older.withdrawalId }));
  }
  await startCodeWait(deps.withdrawals.codeWaits, target, {
    id,
    asset: request.asset,
    firstTime: request.firstTime,
  });
  await ctx.editMessageText(
    `${renderSummary(request, ctx.t, locale, true)}\n\n${ctx.t("wd-ask-code", { id })}`,
  );
}

/** Runs a pressed choice of a withdrawal summary (its token already consumed). */
export async function onWithdrawChoice(
  ctx: BotContext,
  deps: BotDeps,
  payload: WithdrawPayload,
  verb: string | undefined,
): Promise<void> {
  const client = await confirmedWriter(ctx, deps, verb, {
    cancelled: "wd-cancelled",
    readOnly: "wd-read-only",
  });
  if (!client) return;
  await runConfirmed(ctx, deps, () => confirm(ctx, deps, client, payload.request));
}

/** Shows page `page` of /withdrawals, each entry with a button to open it. */
async function showList(ctx: BotContext, deps: BotDeps, page: number, edit: boolean): Promise<void> {
  const client = await clientOrConnect(ctx, deps);
  if (!client) return;
  const locale = await ctx.i18n.getLocale();
  const keyboard = new InlineKeyboard();
  const markup = { reply_markup: keyboard };
  try {
    const waited = await waitForExchange(ctx, deps, () => recentWithdrawals(client, page, LIST_PAGE_SIZE));
    if (waited.cancelled) return;
    const { items, total } = waited.value;
    const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
    let text: string;
    if (total === 0) text = ctx.t("wd-list-none");
    else {
      const zone = userTimezone(ctx, deps);
      const lines = items.map((item) => renderListLine(item, ctx.t, locale, zone));
      text = [ctx.t("wd-list-title", { page, pages, zone: escapeHtml(zone) }), ...lines].join("\n");
      for (const { asset, withdrawal } of items) {
        keyboard
          .text(
            `${withdrawalIcon(withdrawal.status)} #${withdrawal.id}`,
            `wdl:o:${asset}:${withdrawal.id}:${page}`,
          )
          .row();
      }
    }
    if (page > 1) keyboard.text(ctx.t("wd-list-newer"), `wdl:p:${page - 1}`);
    if (page < pages) keyboard.text(ctx.t("wd-list-older"), `wdl:p:${page + 1}`);
    await showWhereAsked(ctx, text, edit, markup);
  } catch (error) {
    await showExchangeError(ctx, error, edit, markup);
  }
}

/** Shows one withdrawal in place of the list, with a button back to its page. */
async function showDetail(ctx: BotContext, deps: BotDeps, asset: string, id: number, page: number) {
  const client = await clientOrConnect(ctx, deps, true);
  if (!client) return;
  const locale = await ctx.i18n.getLocale();
  const markup = { reply_markup: new InlineKeyboard().text(ctx.t("wd-button-back"), `wdl:p:${page}`) };
  try {
    const waited = await waitForExchange(ctx, deps, async () => {
      const withdrawal = await client.withdrawals.get(asset, id);
      // The fee is a courtesy from the history: its absence is no reason to show nothing.
      const fee = await withdrawalFee(client, asset, id).catch(() => undefined);
      return { withdrawal, fee };
    });
    if (waited.cancelled) return;
    const { withdrawal, fee } = waited.value;
    const text = renderDetail({ asset, withdrawal }, fee, ctx.t, locale, userTimezone(ctx, deps));
    await ctx.editMessageText(text, markup);
  } catch (error) {
    await showExchangeError(ctx, error, true, markup);
  }
}

/** /withdraw, /withdrawals and the list's buttons. */
export function withdrawalFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  const privateChats = composer.chatType("private");

  privateChats.command("withdraw", async (ctx) => {
    // "/withdraw xrp", "/withdraw bitcoin": straight to that asset's destinations. A word naming no
    // asset is said to be unknown (with the closest), then the asset is asked for.
    const word = ctx.match.trim();
    const typed = word === "" ? "unknown" : await commandAsset(ctx, deps, word);
    if (typed === undefined) return;
    const args: WithdrawArgs = typed === "unknown" ? {} : { asset: typed.code };
    await ctx.conversation.enter(WITHDRAW_CONVERSATION, args);
  });
  privateChats.command("withdrawals", (ctx) => showList(ctx, deps, 1, false));
  privateChats.callbackQuery(/^wdl:p:(\d{1,4})$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showList(ctx, deps, Math.max(1, Number(ctx.match[1])), true);
  });
  privateChats.callbackQuery(/^wdl:o:(\w{1,10}):(\d{1,12}):(\d{1,4})$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    const [, asset, id, page] = ctx.match;
    await showDetail(ctx, deps, asset as string, Number(id), Math.max(1, Number(page)));
  });
  return composer;
}
