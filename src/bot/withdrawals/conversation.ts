/**
 * The guided withdrawal: pick the asset (of those held), then the destination (confirmed address book
 * entries only; unconfirmed ones are shown as not yet usable, with their Resend confirmation button, and
 * picking one is refused without any exchange call), then the amount (typed, or 25 / 50 / 100 % of the
 * balance, checked against it and the asset's decimals), then the summary with its single-use Confirm.
 * Creating, the 2FA code and the follow-up happen outside the conversation (see feature.ts and
 * two-factor.ts): the code must never reach a conversation, whose state is persisted.
 *
 * Replay rules: every exchange or Redis call runs in `conversation.external` and returns plain data.
 */
import type { Conversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import { isPositiveDecimal } from "../../exchange/index.ts";
import { parseAmount } from "../../services/swaps/checks.ts";
import { FIAT } from "../../services/swaps/quotes.ts";
import { matchChoice } from "../../services/understanding/choice-match.ts";
import {
  type AmountProblem,
  checkDestination,
  checkWithdrawalAmount,
  type DestinationEntry,
  destinationEntry,
  destinationsFor,
  withdrawalShare,
} from "../../services/withdrawals/checks.ts";
import type { WithdrawalRequest } from "../../services/withdrawals/create.ts";
import type { BotContext, BotDeps, ConversationContext } from "../context.ts";
import { resendButtonData } from "../flow-kit/address-buttons.ts";
import { askAsset } from "../flow-kit/asset-question.ts";
import { describeExchangeError } from "../flow-kit/exchange-errors.ts";
import { interactiveCall, waitForExchange } from "../flow-kit/exchange-wait.ts";
import { escapeHtml, typedExcerpt } from "../flow-kit/format/html.ts";
import { formatAmount } from "../flow-kit/format/numbers.ts";
import { recordShown } from "../flow-kit/live-confirmations.ts";
import { nextInput } from "../flow-kit/prompt-input.ts";
import { buttonLabel, labelOf, renderEntryLine, renderSummary } from "./format.ts";

/** Entry arguments: what the command named ("/withdraw BTC 0.01 to ledger"); the rest is asked. */
export interface WithdrawArgs {
  asset?: string;
  /** In the asset, as typed in digits, or "all": checked against the balance as a typed answer is. */
  amount?: string;
  /** Words naming the destination: a saved address's label, or the address itself. */
  to?: string;
}

/**
 * The parts of /withdraw's text: `ASSET`, or `ASSET|- AMOUNT|all|- [to WORDS]` (a plain request's line, or
 * typed). The asset is a word for the caller to look up ("-" or nothing: ask); "all" is the whole balance.
 */
export function readWithdrawArgs(text: string): { asset?: string; amount?: string; to?: string } {
  const parts = /^(\S+)\s+(-|all|\d+(?:\.\d+)?)(?:\s+to\s+(\S.*))?$|^(\S+)\s+to\s+(\S.*)$/i.exec(text.trim());
  if (parts === null) return text.trim() === "" || text.trim() === "-" ? {} : { asset: text.trim() };
  const asset = parts[1] ?? parts[4];
  const amount = parts[2];
  const to = parts[3] ?? parts[5];
  return {
    ...(asset !== undefined && asset !== "-" ? { asset } : {}),
    ...(amount !== undefined && amount !== "-" ? { amount } : {}),
    ...(to !== undefined ? { to: to.trim() } : {}),
  };
}

/** How long the summary's Confirm stays valid. */
const WITHDRAW_TOKEN_TTL_S = 10 * 60;

/** The payload of the summary's token: what was confirmed. No secret. */
export interface WithdrawPayload {
  action: "withdraw";
  request: WithdrawalRequest;
}

type Loaded =
  | { ok: false; text?: string }
  | { ok: true; holdings: string[]; balances: Record<string, string>; entries: DestinationEntry[] };

type Convo = Conversation<BotContext, ConversationContext>;
const SHARES = [25, 50, 100] as const;
const MAX_BUTTONS = 15;

/** Everything the steps need, read once: balances and the address book (plain data). */
async function load(ctx: BotContext, deps: BotDeps): Promise<Loaded> {
  const userId = ctx.from?.id as number;
  try {
    const waited = await waitForExchange(ctx, deps, async () => {
      const client = await deps.accounts.clientFor(userId, interactiveCall(ctx, deps));
      if (!client) return { problem: ctx.t("connect-needed") };
      if ((await deps.accounts.permission(userId)) === "read_only") return { problem: ctx.t("wd-read-only") };
      const balances = await client.balances.all();
      const entries: DestinationEntry[] = [];
      for await (const entry of client.addressBook.iterate({ page_size: 100 })) {
        entries.push(destinationEntry(entry));
      }
      return { balances, entries };
    });
    if (waited.cancelled) return { ok: false };
    const value = waited.value;
    if ("problem" in value) return { ok: false, text: value.problem };
    const holdings = Object.entries(value.balances)
      .filter(([asset, amount]) => asset !== FIAT && isPositiveDecimal(amount))
      .map(([asset]) => asset)
      .sort();
    return { ok: true, holdings, balances: value.balances, entries: value.entries };
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    return { ok: false, text: explained };
  }
}

async function markCancelled(ctx: ConversationContext, chatId: number, messageId: number): Promise<void> {
  await ctx.api.editMessageText(chatId, messageId, ctx.t("wd-cancelled"));
}

/**
 * The saved addresses of `asset` that typed words name: by label (a slip allowed), or by the whole address.
 * Nothing else is near an address: a pasted key or a mistyped address names no entry.
 */
function entriesNamed(entries: readonly DestinationEntry[], words: string): DestinationEntry[] {
  const typed = words.trim().toLowerCase();
  const exact = entries.filter((entry) => entry.address.toLowerCase() === typed);
  if (exact.length > 0) return exact;
  const choices = entries.map((entry) => ({ label: entry.label ?? "" }));
  const found = matchChoice(words.replace(/^(?:my|the)\s+/i, ""), choices);
  if (found.kind === "one") return [entries[found.index] as DestinationEntry];
  if (found.kind === "some") return found.indices.map((index) => entries[index] as DestinationEntry);
  return [];
}

/** Whether an entry may be used now; when not, the refusal, said before the question is asked again. */
function refusalOf(
  ctx: ConversationContext,
  entry: DestinationEntry | undefined,
  asset: string,
): string | undefined {
  const problem = checkDestination(entry, asset);
  if (problem === undefined && entry !== undefined) return undefined;
  return problem?.code === "unconfirmed"
    ? ctx.t("wd-unconfirmed-refused", { label: labelOf(problem.entry.label, ctx.t) })
    : ctx.t("wd-destination-gone");
}

/**
 * Asks for the destination: confirmed entries are buttons; unconfirmed ones are listed as not yet
 * usable, each with a Resend confirmation button. Picking an unconfirmed one is refused here, before
 * anything reaches the exchange, and the question stays open. A label or address can be typed, and the
 * request's own words ("to my ledger") pick without a question when they name one usable entry. Undefined
 * when the user cancels.
 */
async function pickDestination(
  conversation: Convo,
  ctx: ConversationContext,
  asset: string,
  entries: DestinationEntry[],
  named?: string,
): Promise<DestinationEntry | undefined> {
  const { confirmed, unconfirmed } = destinationsFor(entries, asset);
  const usable = [...confirmed, ...unconfirmed];
  const lines = [ctx.t("wd-pick-destination", { asset: escapeHtml(asset) })];
  if (named !== undefined) {
    const found = entriesNamed(usable, named);
    const only = found.length === 1 ? found[0] : undefined;
    const refusal = only === undefined ? undefined : refusalOf(ctx, only, asset);
    if (only !== undefined && refusal === undefined) return only;
    const said = typedExcerpt(named);
    lines.unshift(
      refusal ??
        ctx.t(found.length === 0 ? "wd-destination-unknown" : "wd-destination-several", {
          asset: escapeHtml(asset),
          words: said,
        }),
    );
  }
  const keyboard = new InlineKeyboard();
  for (const entry of confirmed.slice(0, MAX_BUTTONS)) {
    lines.push(renderEntryLine(entry, ctx.t));
    keyboard.text(buttonLabel(entry.label, ctx.t, 30), `wd:d:${entry.id}`).row();
  }
  if (unconfirmed.length > 0) {
    lines.push("", ctx.t("wd-unconfirmed-title"));
    for (const entry of unconfirmed.slice(0, MAX_BUTTONS)) {
      lines.push(renderEntryLine(entry, ctx.t));
      const label = buttonLabel(entry.label, ctx.t, 20);
      keyboard
        .text(ctx.t("wd-button-unconfirmed", { label }), `wd:d:${entry.id}`)
        .text(ctx.t("wd-button-resend", { label }), resendButtonData(entry.id))
        .row();
    }
  }
  keyboard.text(ctx.t("button-cancel"), "wd:x");
  const sent = await ctx.reply(lines.join("\n"), { reply_markup: keyboard });
  for (;;) {
    const input = await nextInput(conversation, sent.message_id, "wd:");
    let entry: DestinationEntry | undefined;
    if (!("data" in input)) {
      const found = entriesNamed(usable, input.text);
      if (found.length !== 1) {
        await ctx.reply(ctx.t("wd-pick-again"));
        continue;
      }
      entry = found[0];
    } else if (input.data === "wd:x") {
      await markCancelled(ctx, sent.chat.id, sent.message_id);
      return undefined;
    } else {
      const id = Number(/^wd:d:(\d{1,12})$/.exec(input.data)?.[1]);
      entry = entries.find((e) => e.id === id);
    }
    const refusal = refusalOf(ctx, entry, asset);
    if (refusal === undefined && entry !== undefined) return entry;
    // With the refusal to pick, which offers the destinations again.
    await ctx.reply(`${refusal}\n${ctx.t("wd-pick-again")}`);
  }
}

/** Words an amount problem. */
export function describeAmountProblem(problem: AmountProblem, t: BotContext["t"], locale: string): string {
  switch (problem.code) {
    case "not_positive":
      return t("wd-amount-not-positive");
    case "too_precise":
      return t("wd-amount-too-precise", { asset: escapeHtml(problem.asset), decimals: problem.decimals });
    case "over_balance":
      return t("wd-amount-over-balance", {
        amount: formatAmount(problem.asset, problem.amount, locale),
        balance: formatAmount(problem.asset, problem.balance, locale),
      });
  }
}

/**
 * Asks for the amount until one passes the checks; undefined when the user cancels. An amount the request
 * named is taken when it passes, and its problem said before the question when it does not.
 */
async function askAmount(
  conversation: Convo,
  ctx: ConversationContext,
  asset: string,
  entry: DestinationEntry,
  balance: string,
  locale: string,
  named?: string,
): Promise<string | undefined> {
  if (named !== undefined) {
    const amount = named.toLowerCase() === "all" ? withdrawalShare(balance, 100, asset) : named;
    const problem = checkWithdrawalAmount(amount, asset, balance);
    if (problem === undefined) return amount;
    await ctx.reply(describeAmountProblem(problem, ctx.t, locale));
  }
  const keyboard = new InlineKeyboard();
  for (const share of SHARES) keyboard.text(`${share}%`, `wd:p:${share}`);
  keyboard.row().text(ctx.t("button-cancel"), "wd:x");
  const prompt = ctx.t("wd-ask-amount", {
    asset: escapeHtml(asset),
    label: labelOf(entry.label, ctx.t),
    balance: formatAmount(asset, balance, locale),
  });
  const sent = await ctx.reply(prompt, { reply_markup: keyboard });
  for (;;) {
    const input = await nextInput(conversation, sent.message_id, "wd:");
    let amount: string | undefined;
    if ("data" in input) {
      if (input.data === "wd:x") {
        await markCancelled(ctx, sent.chat.id, sent.message_id);
        return undefined;
      }
      const share = /^wd:p:(25|50|100)$/.exec(input.data)?.[1];
      if (share === undefined) continue;
      amount = withdrawalShare(balance, Number(share), asset);
    } else {
      amount = parseAmount(input.text);
      if (amount === undefined) {
        await ctx.reply(ctx.t("wd-bad-amount", { input: typedExcerpt(input.text) }));
        continue;
      }
    }
    const problem = checkWithdrawalAmount(amount, asset, balance);
    if (problem !== undefined) {
      await ctx.reply(describeAmountProblem(problem, ctx.t, locale));
      continue;
    }
    return amount;
  }
}

/** Issues the summary's single-use token and shows the summary with Confirm and Cancel. */
async function showSummary(ctx: BotContext, deps: BotDeps, request: WithdrawalRequest): Promise<void> {
  const payload: WithdrawPayload = { action: "withdraw", request };
  const token = await deps.tokens.issue(
    ctx.from?.id as number,
    payload,
    WITHDRAW_TOKEN_TTL_S,
    "wd-cancelled",
  );
  const text = renderSummary(request, ctx.t, await ctx.i18n.getLocale());
  const sent = await ctx.reply(text, {
    reply_markup: new InlineKeyboard()
      .text(ctx.t("button-confirm"), `t:${token}:c`)
      .text(ctx.t("button-cancel"), `t:${token}:x`),
  });
  await recordShown(ctx, deps, token, sent.message_id);
}

/** Builds the conversation function over the bot's dependencies. */
export function withdrawConversation(deps: BotDeps) {
  return async function withdraw(
    conversation: Convo,
    ctx: ConversationContext,
    args: WithdrawArgs,
  ): Promise<void> {
    const data = await conversation.external((outside) => load(outside, deps));
    if (!data.ok) {
      if (data.text !== undefined) await ctx.reply(data.text);
      return;
    }
    if (data.holdings.length === 0) {
      await ctx.reply(ctx.t("wd-nothing-to-withdraw"));
      return;
    }
    const locale = await ctx.i18n.getLocale();
    const named = args.asset;
    // A named asset not held is said so (the command recognised it), then the holdings are offered.
    if (named !== undefined && !data.holdings.includes(named)) {
      await ctx.reply(ctx.t("wd-not-held", { asset: escapeHtml(named) }));
    }
    const asset =
      named !== undefined && data.holdings.includes(named)
        ? named
        : await askAsset(conversation, ctx, deps, {
            text: ctx.t("wd-pick-asset"),
            among: data.holdings,
            shown: data.holdings.slice(0, MAX_BUTTONS),
            prefix: "wd:",
            columns: 3,
            notAmong: (code) => ctx.t("wd-not-held", { asset: escapeHtml(code) }),
            pickAgain: ctx.t("wd-pick-again"),
            cancelled: ctx.t("wd-cancelled"),
          });
    if (asset === undefined) return;
    const { confirmed, unconfirmed } = destinationsFor(data.entries, asset);
    if (confirmed.length === 0 && unconfirmed.length === 0) {
      await ctx.reply(ctx.t("wd-no-addresses", { asset: escapeHtml(asset) }));
      return;
    }
    const entry = await pickDestination(conversation, ctx, asset, data.entries, args.to);
    if (entry === undefined) return;
    const balance = data.balances[asset] ?? "0";
    const amount = await askAmount(conversation, ctx, asset, entry, balance, locale, args.amount);
    if (amount === undefined) return;
    const request: WithdrawalRequest = {
      asset,
      amount,
      entryId: entry.id,
      address: entry.address,
      memo: entry.memo ?? "",
      label: entry.label,
      firstTime: entry.times_used === 0,
    };
    await conversation.external((outside) => showSummary(outside, deps, request));
  };
}
