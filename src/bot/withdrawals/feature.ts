/**
 * Withdrawals: /withdraw (the guided steps, see conversation.ts), what the summary's Confirm does, and
 * /withdrawals with its pages and details.
 *
 * Confirm is single-use and owner-bound (its token). Before creating, the destination and the balance
 * are read again and checked (an entry may have been deleted, a balance spent): nothing is written when
 * a check fails. Creating leaves a draft; then the 2FA code is asked for and read outside any
 * conversation (two-factor.ts). When the create's answer is lost, the withdrawal may exist: the user is
 * told so and a background job looks for it. A draft left unauthorized (the code wait ended) can be
 * opened in /withdrawals and its code entered there.
 */
import { type Composer, InlineKeyboard } from "grammy";
import { type ExchangeClient, WITHDRAWAL_STATUS } from "../../exchange/index.ts";
import {
  checkDestination,
  checkWithdrawalAmount,
  destinationEntry,
} from "../../services/withdrawals/checks.ts";
import { createWithdrawal, type WithdrawalRequest } from "../../services/withdrawals/create.ts";
import { readDraft } from "../../services/withdrawals/drafts.ts";
import { recentWithdrawals, withdrawalRecord } from "../../services/withdrawals/history.ts";
import type { WithdrawalTarget } from "../../services/withdrawals/watcher.ts";
import { type BotContext, type BotDeps, userTimezone } from "../context.ts";
import { commandAsset } from "../flow-kit/asset-input.ts";
import { confirmedWriter, runConfirmed } from "../flow-kit/confirm-write.ts";
import { WITHDRAW_CONVERSATION } from "../flow-kit/conversation-ids.ts";
import { showExchangeError, showWhereAsked } from "../flow-kit/exchange-errors.ts";
import { clientOrConnect, waitForExchange } from "../flow-kit/exchange-wait.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";
import {
  describeAmountProblem,
  readWithdrawArgs,
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
  const result = await ctx.cancelScope.writing("withdrawal", () =>
    createWithdrawal(client, request, deps.now),
  );
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

/** The payload of a draft's "Enter the 2FA code" (see {@link showDetail}): which draft, and its list page. */
export interface DraftCodePayload {
  action: "withdraw";
  draft: { asset: string; id: number; page: number };
}

/** How long a draft's "Enter the 2FA code" stays valid. */
const DRAFT_CODE_TOKEN_TTL_S = 15 * 60;

/**
 * Asks for the 2FA code of a draft met again in /withdrawals: read first (authorized meanwhile, or ended,
 * it is refused with its real status), then the same code wait as after Confirm.
 */
async function askDraftCode(
  ctx: BotContext,
  deps: BotDeps,
  client: ExchangeClient,
  draft: DraftCodePayload["draft"],
): Promise<void> {
  const { asset, id, page } = draft;
  const locale = await ctx.i18n.getLocale();
  const zone = userTimezone(ctx, deps);
  const read = await readDraft(client, asset, id);
  const detail = renderDetail({ asset, withdrawal: read.withdrawal }, undefined, ctx.t, locale, zone);
  if (!read.draft) {
    const back = new InlineKeyboard().text(ctx.t("wd-button-back"), `wdl:p:${page}`);
    await ctx.editMessageText(`${ctx.t("wd-draft-gone", { id })}\n\n${detail}`, { reply_markup: back });
    return;
  }
  const userId = ctx.from?.id as number;
  // A waiting flow must not take the code: leave it (the code reader runs first anyway).
  await ctx.conversation.exitAll();
  const older = await deps.withdrawals.codeWaits.take(userId);
  if (older !== undefined && older.withdrawalId !== id) {
    await ctx.reply(ctx.t("wd-code-abandoned", { id: older.withdrawalId }));
  }
  const target: WithdrawalTarget = {
    userId,
    chatId: ctx.chat?.id as number,
    messageId: ctx.callbackQuery?.message?.message_id ?? 0,
    locale,
  };
  await startCodeWait(deps.withdrawals.codeWaits, target, { id, asset, firstTime: read.firstTime });
  await ctx.editMessageText(`${detail}\n\n${ctx.t("wd-ask-code", { id })}`);
}

/** Runs a pressed choice of a withdrawal summary, or a draft's "Enter the 2FA code" (its token already consumed). */
export async function onWithdrawChoice(
  ctx: BotContext,
  deps: BotDeps,
  payload: WithdrawPayload | DraftCodePayload,
  verb: string | undefined,
): Promise<void> {
  const client = await confirmedWriter(ctx, deps, verb, {
    cancelled: "wd-cancelled",
    readOnly: "wd-read-only",
  });
  if (!client) return;
  if ("draft" in payload) {
    const { draft } = payload;
    await runConfirmed(ctx, deps, () => askDraftCode(ctx, deps, client, draft));
    return;
  }
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

/**
 * Shows one withdrawal in place of the list, with a button back to its page. A draft says that it moves
 * nothing and, for a key that may write, offers "Enter the 2FA code" (single-use, owner-bound).
 */
async function showDetail(ctx: BotContext, deps: BotDeps, asset: string, id: number, page: number) {
  const client = await clientOrConnect(ctx, deps, true);
  if (!client) return;
  const locale = await ctx.i18n.getLocale();
  const back = new InlineKeyboard().text(ctx.t("wd-button-back"), `wdl:p:${page}`);
  const markup = { reply_markup: back };
  try {
    const waited = await waitForExchange(ctx, deps, async () => {
      const withdrawal = await client.withdrawals.get(asset, id);
      // The fee and transaction number are a courtesy from the history: their absence is no reason to show nothing.
      const record = await withdrawalRecord(client, asset, id).catch(() => undefined);
      return { withdrawal, record };
    });
    if (waited.cancelled) return;
    const { withdrawal, record } = waited.value;
    let text = renderDetail({ asset, withdrawal }, record, ctx.t, locale, userTimezone(ctx, deps));
    if (withdrawal.status === WITHDRAWAL_STATUS.DRAFT) {
      text += `\n\n${ctx.t("wd-draft-note")}`;
      const userId = ctx.from?.id as number;
      if ((await deps.accounts.permission(userId)) !== "read_only") {
        const payload: DraftCodePayload = { action: "withdraw", draft: { asset, id, page } };
        const token = await deps.tokens.issue(userId, payload, DRAFT_CODE_TOKEN_TTL_S);
        markup.reply_markup = new InlineKeyboard()
          .text(ctx.t("wd-button-enter-code"), `t:${token}:c`)
          .row()
          .text(ctx.t("wd-button-back"), `wdl:p:${page}`);
      }
    }
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
    // "/withdraw xrp", "/withdraw bitcoin": straight to that asset's destinations; "/withdraw BTC 0.01 to
    // ledger" (a plain request's line) names the amount and the destination too. A word naming no asset is
    // said to be unknown (with the closest), then the asset is asked for.
    const given = readWithdrawArgs(ctx.match);
    const typed = given.asset === undefined ? "unknown" : await commandAsset(ctx, deps, given.asset);
    if (typed === undefined) return;
    const args: WithdrawArgs = {
      ...(typed === "unknown" ? {} : { asset: typed.code }),
      ...(given.amount === undefined ? {} : { amount: given.amount }),
      ...(given.to === undefined ? {} : { to: given.to }),
    };
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
