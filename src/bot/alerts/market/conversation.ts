/**
 * The guided steps of a market alert (watched by the bot): after the asset, its fields one by one, each
 * by button or typed in either language (a direction, a window, a percent, RSI thresholds), then the
 * summary with Confirm (market/chat.ts). Also the card's Edit: the whole alert typed in one line (the
 * quick form's words, prefilled with what it has now), or the same steps for its asset and kind, each
 * saying what it has now; then the summary of the change with Confirm.
 *
 * Replay rules as in conversation.ts: Redis and ticker reads run in `conversation.external` and return
 * plain data.
 */
import { InlineKeyboard } from "grammy";
import {
  MARKET_WINDOWS,
  type MarketAlertKind,
  type MarketAlertSpec,
  type MarketDirection,
  type MarketWindow,
  parseMarketAlertSpec,
} from "../../../services/alerts/market/kinds.ts";
import { marketWordsOf, readMarketWords } from "../../../services/alerts/market/words.ts";
import type { BotContext, BotDeps, ConversationContext } from "../../context.ts";
import { describeExchangeError } from "../../flow-kit/exchange-errors.ts";
import { waitForExchange } from "../../flow-kit/exchange-wait.ts";
import { escapeHtml } from "../../flow-kit/format/html.ts";
import { nextInput } from "../../flow-kit/prompt-input.ts";
import {
  answered,
  ask,
  askChoice,
  askDirection,
  type Convo,
  cancelled,
  nowLine,
} from "../shared/guided-prompts.ts";
import { marketSummary, showMarketSummary } from "./chat.ts";
import { describeMarketError, describeMarketSpec, windowKey } from "./describe.ts";

/** What the Edit conversation changes. */
export interface MarketEditArgs {
  id: string;
}

/** The market kinds offered beside a price level, in the order shown. */
export const MARKET_KINDS: readonly MarketAlertKind[] = ["move", "day_change", "step", "rsi"];

/** Percentages offered as buttons, per kind. */
const PERCENT_OFFERS: Readonly<Record<Exclude<MarketAlertKind, "rsi">, readonly string[]>> = {
  move: ["2", "5", "10"],
  day_change: ["5", "10", "20"],
  step: ["1", "2", "5"],
};
const RSI_OFFERS = [
  ["30", "70"],
  ["25", "75"],
  ["20", "80"],
] as const;

/** A kind's button (`ag:k:<kind>`), for the level question's keyboard. */
export function kindButtons(ctx: ConversationContext, keyboard: InlineKeyboard): InlineKeyboard {
  keyboard.row();
  MARKET_KINDS.forEach((kind, i) => {
    keyboard.text(ctx.t("market-kind-button", { kind }), `ag:k:${kind}`);
    if (i % 2 === 1) keyboard.row();
  });
  return keyboard;
}

/** The kind a typed answer names in words ("rsi", "every 2%", "涨跌"); a bare "+2%" is a level's, not a kind. */
export function typedKind(text: string): MarketAlertKind | undefined {
  return /[a-z\p{Script=Han}]/iu.test(text) ? readMarketWords(text)?.kind : undefined;
}

/** The window a typed answer names ("1h", "4 小时", "a day"). */
function typedWindow(text: string): MarketWindow | undefined {
  const words = readMarketWords(text);
  const window = words?.window;
  return MARKET_WINDOWS.includes(window as MarketWindow) ? (window as MarketWindow) : undefined;
}

/**
 * Asks a figure (buttons or typed) until the spec it completes passes every check; undefined on cancel.
 * `complete` puts the answer in the spec; `offers` are the buttons' answers with their labels.
 */
async function askFigure(
  conversation: Convo,
  ctx: ConversationContext,
  text: string,
  offers: readonly { answer: string; label: string }[],
  complete: (answer: string) => Record<string, unknown>,
): Promise<MarketAlertSpec | undefined> {
  const keyboard = new InlineKeyboard();
  offers.forEach((offer, i) => {
    keyboard.text(offer.label, `ag:f:${i}`);
  });
  const at = await ask(ctx, text, keyboard);
  for (;;) {
    const input = await nextInput(conversation, at.messageId, "ag:");
    if ("data" in input && input.data === "ag:x") return cancelled(ctx, at);
    const answer =
      "data" in input ? offers[Number(/^ag:f:(\d+)$/.exec(input.data)?.[1] ?? -1)]?.answer : input.text;
    if (answer === undefined) continue;
    const raw = complete(answer);
    const parsed = parseMarketAlertSpec(raw);
    if (!parsed.ok) {
      await ctx.reply(describeMarketError(parsed.error, String(raw.kind), ctx.t));
      continue;
    }
    await answered(ctx, at, text, escapeHtml(answer.trim()));
    return parsed.spec;
  }
}

/** A typed percent ("5", "5%", "5 %", "百分之5" is not read) as the number. */
const percentOf = (answer: string) => answer.trim().replace(/\s*[%％]$/, "");

/**
 * Asks the fields of a market alert of `kind` on `asset`, each step showing `current`'s value when
 * editing; undefined on cancel.
 */
export async function askMarketFields(
  conversation: Convo,
  ctx: ConversationContext,
  asset: string,
  kind: MarketAlertKind,
  current?: MarketAlertSpec,
): Promise<MarketAlertSpec | undefined> {
  const was = current?.kind === kind ? current : undefined;
  const code = escapeHtml(asset);
  let direction: MarketDirection = "either";
  if (kind === "move" || kind === "day_change") {
    const picked = await askDirection(
      conversation,
      ctx,
      ctx.t("market-ask-direction", { asset: code }),
      was && "direction" in was ? was.direction : undefined,
    );
    if (picked === undefined) return undefined;
    direction = picked;
  }
  let window: MarketWindow = "1h";
  if (kind === "move") {
    const picked = await askChoice<MarketWindow>(
      conversation,
      ctx,
      ctx.t("market-ask-window") +
        nowLine(
          ctx,
          was?.kind === "move" ? ctx.t("market-window-button", { window: windowKey(was.window) }) : undefined,
        ),
      MARKET_WINDOWS.map((value) => ({
        value,
        label: ctx.t("market-window-button", { window: windowKey(value) }),
      })),
      undefined,
      typedWindow,
    );
    if (picked === undefined) return undefined;
    window = picked;
  }
  if (kind === "rsi") {
    const text =
      ctx.t("market-ask-rsi", { asset: code }) +
      nowLine(ctx, was?.kind === "rsi" ? `${was.low} / ${was.high}` : undefined);
    const offers = RSI_OFFERS.map(([low, high]) => ({ answer: `${low} ${high}`, label: `${low} / ${high}` }));
    return askFigure(conversation, ctx, text, offers, (answer) => {
      const [low, high] = answer.trim().split(/[\s/,，]+/);
      return {
        kind,
        asset,
        direction: was?.kind === "rsi" ? was.direction : "either",
        low: low === "" ? undefined : low,
        high,
      };
    });
  }
  const text =
    ctx.t("market-ask-percent", { kind, asset: code }) +
    nowLine(ctx, was && "percent" in was ? `${was.percent}%` : undefined);
  const offers = PERCENT_OFFERS[kind].map((p) => ({ answer: p, label: `${p}%` }));
  return askFigure(conversation, ctx, text, offers, (answer) => ({
    kind,
    asset,
    direction,
    window,
    percent: percentOf(answer),
  }));
}

/** Checks a spec and shows its summary with Confirm (`replacing`: an edit); a failed read is explained. */
export async function summarizeMarket(
  ctx: BotContext,
  deps: BotDeps,
  spec: MarketAlertSpec,
  replacing?: string,
): Promise<void> {
  try {
    const waited = await waitForExchange(ctx, deps, () => marketSummary(ctx, deps, spec, replacing));
    if (!waited.cancelled) await showMarketSummary(ctx, deps, waited.value);
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    await ctx.reply(explained);
  }
}

/**
 * The Edit's first question: the whole alert typed in one line as the quick form's words (prefilled with
 * what it has now, e.g. "moves 5% 1h"; the kind may change too), or the same steps as a new one. A typed
 * line that does not pass is explained and the question stays open; undefined on cancel.
 */
async function askWholeOrSteps(
  conversation: Convo,
  ctx: ConversationContext,
  current: MarketAlertSpec,
): Promise<MarketAlertSpec | undefined> {
  const text = ctx.t("market-edit-intro", {
    asset: escapeHtml(current.asset),
    what: describeMarketSpec(current, ctx.t),
    words: escapeHtml(marketWordsOf(current)),
  });
  const at = await ask(ctx, text, new InlineKeyboard().text(ctx.t("market-button-steps"), "ag:steps"));
  for (;;) {
    const input = await nextInput(conversation, at.messageId, "ag:");
    if ("data" in input) {
      if (input.data === "ag:x") return cancelled(ctx, at);
      if (input.data !== "ag:steps") continue;
      await answered(ctx, at, text, escapeHtml(ctx.t("market-button-steps")));
      return askMarketFields(conversation, ctx, current.asset, current.kind, current);
    }
    const words = readMarketWords(input.text);
    if (words === undefined) {
      await ctx.reply(ctx.t("market-error-kind"));
      continue;
    }
    const parsed = parseMarketAlertSpec({ ...words, asset: current.asset });
    if (!parsed.ok) {
      await ctx.reply(describeMarketError(parsed.error, words.kind, ctx.t));
      continue;
    }
    await answered(ctx, at, text, escapeHtml(input.text.trim()));
    return parsed.spec;
  }
}

/** Builds the card's Edit over the bot's dependencies. */
export function marketEditConversation(deps: BotDeps) {
  return async function marketEdit(
    conversation: Convo,
    ctx: ConversationContext,
    args: MarketEditArgs,
  ): Promise<void> {
    const current = await conversation.external(async (outside) => {
      const alert = await deps.marketAlerts.get(outside.from?.id as number, args.id);
      return alert?.spec;
    });
    if (current === undefined) {
      await ctx.reply(ctx.t("market-gone"));
      return;
    }
    const spec = await askWholeOrSteps(conversation, ctx, current);
    if (spec === undefined) return;
    await conversation.external((outside) => summarizeMarket(outside, deps, spec, args.id));
  };
}
