/**
 * The guided new recurring trade: asset, buy or sell, the quantity (AUD to spend, or units to sell),
 * cadence, start (now, or a date and time typed in the user's zone); then a summary with a single-use
 * Confirm. Every answer is checked before any exchange call, and a refused one is explained and asked
 * again; a read-only key is told at once why it cannot go on.
 */
import { DIRECTION, RECURRING_PERIODS } from "../../exchange/index.ts";
import { checkCovered, checkQuantity } from "../../services/recurring/checks.ts";
import { FIAT } from "../../services/swaps/quotes.ts";
import type { BotContext, BotDeps, ConversationContext } from "../context.ts";
import { TOP_ASSETS } from "../flow-kit/asset-input.ts";
import { askAsset } from "../flow-kit/asset-question.ts";
import { confirmKeyboard } from "../flow-kit/confirm-write.ts";
import { describeExchangeError } from "../flow-kit/exchange-errors.ts";
import { interactiveCall, waitForExchange } from "../flow-kit/exchange-wait.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { recordShown } from "../flow-kit/live-confirmations.ts";
import { type DcaDraft, describeDcaProblem, issueDcaToken, shownFor } from "./card.ts";
import { periodWords, scheduleLines, whenWords } from "./format.ts";
import { askQuantity, askStart, type Convo, choose, type StartAnswer } from "./prompts.ts";

/** Entry arguments of the edit conversation: which schedule, and what to change. */
export interface DcaEditArgs {
  id: number;
  field: "quantity" | "period" | "start";
}

/** Listed crypto codes, or the message that ends the flow (none when a /cancel overtook it). */
type Loaded = { ok: true; listed: string[] } | { ok: false; text?: string };

/** Before any question: a connected key that may write, and the listed assets. */
async function loadCreate(ctx: BotContext, deps: BotDeps): Promise<Loaded> {
  const userId = ctx.from?.id as number;
  if (!(await deps.accounts.isConnected(userId))) return { ok: false, text: ctx.t("connect-needed") };
  if ((await deps.accounts.permission(userId)) === "read_only")
    return { ok: false, text: ctx.t("dca-read-only") };
  try {
    const waited = await waitForExchange(ctx, deps, () => deps.market.ticker());
    if (waited.cancelled) return { ok: false };
    // AUD is the other side of every schedule, never its asset.
    return { ok: true, listed: Object.keys(waited.value).filter((code) => code !== FIAT) };
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    return { ok: false, text: explained };
  }
}

/**
 * Checks a typed quantity: its form, precision and (for a buy) the minimum first, with no call; a sell's
 * minimum needs the bid, read from the shared ticker; then the balance, which must cover a run (one that
 * it does not cover would not trade). Runs outside the conversation.
 */
export async function checkQuantityOutside(
  ctx: BotContext,
  deps: BotDeps,
  typed: string,
  asset: string,
  direction: 10 | 20,
): Promise<{ quantity: string } | { problem?: string }> {
  const locale = await ctx.i18n.getLocale();
  const offline = checkQuantity(typed, asset, direction, {});
  if (!("quantity" in offline)) return { problem: describeDcaProblem(offline, ctx.t, locale) };
  try {
    const client = await deps.accounts.clientFor(ctx.from?.id as number, interactiveCall(ctx, deps));
    if (!client) return { problem: ctx.t("connect-needed") };
    const waited = await waitForExchange(ctx, deps, () =>
      Promise.all([direction === DIRECTION.BUY ? undefined : deps.market.ticker(), client.balances.all()]),
    );
    if (waited.cancelled) return {};
    const [ticker, balances] = waited.value;
    const priced = ticker === undefined ? offline : checkQuantity(typed, asset, direction, ticker);
    if (!("quantity" in priced)) return { problem: describeDcaProblem(priced, ctx.t, locale) };
    const uncovered = checkCovered(priced.quantity, asset, direction, balances);
    return uncovered ? { problem: describeDcaProblem(uncovered, ctx.t, locale) } : priced;
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    return { problem: explained };
  }
}

/** Shows the summary of a new schedule with its Confirm (outside: it issues a token). */
async function showCreateSummary(ctx: BotContext, deps: BotDeps, draft: DcaDraft): Promise<void> {
  const shown = await shownFor(ctx, deps);
  const token = await issueDcaToken(ctx, deps, { action: "dca", op: "create", draft });
  const first = draft.start
    ? ctx.t("dca-first-run", { when: whenWords(new Date(draft.start), shown), zone: escapeHtml(shown.zone) })
    : ctx.t("dca-first-run-now", { period: periodWords(draft.period, ctx.t) });
  const text = [
    ctx.t("dca-summary-new"),
    ...scheduleLines(draft, ctx.t, shown.locale),
    first,
    "",
    ctx.t("dca-summary-hint"),
  ].join("\n");
  const sent = await ctx.reply(text, { reply_markup: confirmKeyboard(ctx, token) });
  await recordShown(ctx, deps, token, sent.message_id);
}

/** Builds the create conversation over the bot's dependencies. */
/** What a request to create a recurring trade already says ("buy 50 aud of btc every week"). */
export interface DcaCreateArgs {
  asset?: string;
  direction?: "buy" | "sell";
  /** AUD each run for a buy, the asset for a sell. */
  quantity?: string;
  period?: string;
}

/**
 * Reads `/dca ASSET buy|sell AMOUNT|- PERIOD` (the line of a plain request); undefined for anything else,
 * which is /dca's list.
 */
export function readDcaArgs(text: string): DcaCreateArgs | undefined {
  const words = text.trim().split(/\s+/);
  if (words.length !== 4) return undefined;
  const [asset, direction, quantity, period] = words as [string, string, string, string];
  if (!/^[A-Z0-9]{1,10}$/.test(asset) || (direction !== "buy" && direction !== "sell")) return undefined;
  if (!(RECURRING_PERIODS as readonly string[]).includes(period)) return undefined;
  if (quantity !== "-" && !/^\d+(\.\d+)?$/.test(quantity)) return undefined;
  return { asset, direction, period, ...(quantity === "-" ? {} : { quantity }) };
}

export function dcaCreateConversation(deps: BotDeps) {
  return async function dcaCreate(
    conversation: Convo,
    ctx: ConversationContext,
    given: DcaCreateArgs = {},
  ): Promise<void> {
    const loaded = await conversation.external((outside) => loadCreate(outside, deps));
    if (!loaded.ok) {
      if (loaded.text !== undefined) await ctx.reply(loaded.text);
      return;
    }
    const top = TOP_ASSETS.filter((code) => loaded.listed.includes(code));
    const asset =
      given.asset !== undefined && loaded.listed.includes(given.asset)
        ? given.asset
        : await askAsset(conversation, ctx, deps, {
            text: ctx.t("dca-ask-asset"),
            among: loaded.listed,
            shown: top,
            prefix: "dq:",
            columns: 3,
            notAmong: (code) => ctx.t("asset-no-price", { asset: escapeHtml(code) }),
            pickAgain: ctx.t("dca-pick-again"),
            cancelled: ctx.t("cancelled"),
          });
    if (asset === undefined) return;
    const shownAsset = escapeHtml(asset);
    const direction =
      given.direction !== undefined
        ? String(given.direction === "buy" ? DIRECTION.BUY : DIRECTION.SELL)
        : await choose(conversation, ctx, ctx.t("dca-ask-direction", { asset: shownAsset }), "d", [
            { value: "10", label: ctx.t("dca-button-buy", { asset: shownAsset }) },
            { value: "20", label: ctx.t("dca-button-sell", { asset: shownAsset }) },
          ]);
    if (direction === undefined) return;
    const dir = Number(direction) as 10 | 20;
    const check = (typed: string) =>
      conversation.external((outside) => checkQuantityOutside(outside, deps, typed, asset, dir));
    // A quantity the request gave is checked as a typed one; refused, it is asked for with the reason.
    const givenQuantity = given.quantity === undefined ? undefined : await check(given.quantity);
    if (givenQuantity !== undefined && "problem" in givenQuantity && givenQuantity.problem !== undefined)
      await ctx.reply(givenQuantity.problem);
    const quantity =
      givenQuantity !== undefined && "quantity" in givenQuantity
        ? givenQuantity.quantity
        : await askQuantity(
            conversation,
            ctx,
            ctx.t("dca-ask-quantity", {
              direction: dir === DIRECTION.BUY ? "buy" : "sell",
              asset: shownAsset,
            }),
            check,
          );
    if (quantity === undefined) return;
    const period =
      given.period !== undefined && (RECURRING_PERIODS as readonly string[]).includes(given.period)
        ? given.period
        : await choose(
            conversation,
            ctx,
            ctx.t("dca-ask-period"),
            "p",
            RECURRING_PERIODS.map((p) => ({ value: p, label: periodWords(p, ctx.t) })),
          );
    if (period === undefined) return;
    const start: StartAnswer = await askStart(
      conversation,
      ctx,
      deps,
      (example, zone) => ctx.t("dca-ask-start", { example, zone }),
      ctx.t("dca-button-now"),
    );
    if (start === undefined) return;
    const draft: DcaDraft = {
      asset,
      direction: dir,
      quantity,
      period,
      ...("start" in start ? { start: start.start } : {}),
    };
    await conversation.external((outside) => showCreateSummary(outside, deps, draft));
  };
}
