/**
 * The guided /alert: asset (or the whole portfolio, a button below the assets: a portfolio alert, see
 * portfolio/conversation.ts); level (the current buy and sell prices and a few steps around the market as
 * buttons, or typed; or a market kind, or the asset's return on what was paid); above / below / automatic;
 * alert only, buy or sell; for a trade the quantity on the spend or the receive side, checked against the
 * balance and the key; email and SMS; then the same summary with Confirm as the quick form. Also the card's "edit level" and "edit quantity" questions.
 * Every refused answer is explained and the same question stays open; a command or Cancel leaves.
 *
 * Replay rules: every exchange or Redis call runs in `conversation.external` and returns plain data
 * (no Date, no class); the summary and the Confirm question are built and sent outside.
 */

import { InlineKeyboard } from "grammy";
import { Dec, MATCH, toDec } from "../../../exchange/index.ts";
import { type MarketAlertKind, parseMarketAlertSpec } from "../../../services/alerts/market/kinds.ts";
import { readMarketWords } from "../../../services/alerts/market/words.ts";
import { accountNamed, portfolioKindNamed } from "../../../services/alerts/portfolio/words.ts";
import {
  type AlertAction,
  type AlertDraft,
  type AlertMatch,
  type AlertProblem,
  type AlertSide,
  checkLevel,
  checkQuantityInput,
  checkTrade,
  marketPrice,
  sideAsset,
} from "../../../services/alerts/triggers/checks.ts";
import type { KeyPermission } from "../../../services/connect/accounts.ts";
import { FIAT } from "../../../services/swaps/quotes.ts";
import { withDigits } from "../../../services/understanding/number-words.ts";
import type { BotContext, BotDeps, ConversationContext } from "../../context.ts";
import { TOP_ASSETS } from "../../flow-kit/asset-input.ts";
import { askAsset } from "../../flow-kit/asset-question.ts";
import { describeExchangeError } from "../../flow-kit/exchange-errors.ts";
import { interactiveCall, waitForExchange } from "../../flow-kit/exchange-wait.ts";
import { escapeHtml } from "../../flow-kit/format/html.ts";
import { formatAmount, formatPrice } from "../../flow-kit/format/numbers.ts";
import { nextInput } from "../../flow-kit/prompt-input.ts";
import {
  askMarketFields,
  kindButtons,
  MARKET_KINDS,
  summarizeMarket,
  typedKind,
} from "../market/conversation.ts";
import { guidedPortfolioAlert } from "../portfolio/conversation.ts";
import { answered, ask, askChoice, type Convo, cancelled } from "../shared/guided-prompts.ts";
import {
  askToConfirm,
  type ConfirmedChange,
  changeQuestion,
  describeAlertProblem,
  showSummary,
  summarize,
} from "./confirm.ts";
import { actionText, draftOf } from "./format.ts";

/** What the edit question changes. */
export interface AlertEditArgs {
  triggerId: number;
  field: "level" | "quantity";
}

/** What the asset question answers when the whole portfolio is picked (no asset code is lower case). */
const WHOLE_PORTFOLIO = "portfolio";

/** A kind offered beside a level: a market kind, or the asset's return on what was paid (a portfolio alert). */
type OfferedKind = MarketAlertKind | "asset_return";

/** Prices of one asset as plain strings. */
interface Prices {
  buy: string;
  sell: string;
  market: string;
}

/** Something loaded outside: the data, or what to say instead (nothing when a /cancel overtook it). */
type Loaded<T> = { ok: true; data: T } | { ok: false; text?: string };

// Steps around the market price offered as levels, in percent.
const LEVEL_STEPS = [-10, -5, -2, 2, 5, 10] as const;
const MAX_PICKER = 12;

/** Runs `work` outside while the user waits; exchange failures become their explanation. */
async function loadOutside<T>(
  ctx: BotContext,
  deps: BotDeps,
  work: () => Promise<Loaded<T>>,
): Promise<Loaded<T>> {
  try {
    const waited = await waitForExchange(ctx, deps, work);
    return waited.cancelled ? { ok: false } : waited.value;
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    return { ok: false, text: explained };
  }
}

/**
 * The listed assets (popular first) and what the key may do; without a key (`permission` undefined) only
 * the market alerts the bot watches can be made, which need none.
 */
async function loadStart(
  ctx: BotContext,
  deps: BotDeps,
): Promise<Loaded<{ assets: string[]; permission: KeyPermission | undefined }>> {
  const userId = ctx.from?.id as number;
  const connected = await deps.accounts.isConnected(userId);
  const permission = connected ? await deps.accounts.permission(userId) : undefined;
  return loadOutside(ctx, deps, async () => {
    const codes = Object.keys(await deps.market.ticker());
    const top = TOP_ASSETS.filter((c) => codes.includes(c));
    const rest = codes.filter((c) => !top.includes(c as (typeof TOP_ASSETS)[number])).sort();
    return { ok: true, data: { assets: [...top, ...rest], permission } };
  });
}

async function loadPrices(ctx: BotContext, deps: BotDeps, asset: string): Promise<Loaded<Prices>> {
  return loadOutside(ctx, deps, async () => {
    const entry = (await deps.market.ticker())[asset];
    if (entry === undefined)
      return { ok: false, text: ctx.t("alerts-unknown-asset", { asset: escapeHtml(asset) }) };
    return { ok: true, data: { buy: entry.buy, sell: entry.sell, market: marketPrice(entry).toFixed() } };
  });
}

async function loadBalances(ctx: BotContext, deps: BotDeps): Promise<Loaded<Record<string, string>>> {
  return loadOutside(ctx, deps, async () => {
    const client = await deps.accounts.clientFor(ctx.from?.id as number, interactiveCall(ctx, deps));
    if (!client) return { ok: false, text: ctx.t("connect-needed") };
    return { ok: true, data: { ...(await client.balances.all()) } };
  });
}

/** Levels offered as buttons: the buy and sell prices, then steps around the market price. */
function levelOptions(prices: Prices): { level: string; label: string }[] {
  const market = toDec(prices.market);
  const steps = LEVEL_STEPS.map((percent) => {
    const level = market
      .times(100 + percent)
      .dividedBy(100)
      .toSignificantDigits(5, Dec.ROUND_HALF_UP)
      .toFixed();
    return { level, label: `${percent > 0 ? "+" : ""}${percent}%` };
  });
  return [{ level: prices.buy, label: "buy" }, { level: prices.sell, label: "sell" }, ...steps];
}

/**
 * Asks for a level (buttons or typed) until a good one is given; undefined on cancel. With `offerKinds`,
 * the market alerts' kinds and the asset's return are offered too (a button, or typed: "rsi", "涨跌",
 * "return", "收益"), and one picked is returned.
 */
/** A side typed with a level ("above 160k", "below 5000", 低于五千, 5万以上), and the level's words without it. */
const ABOVE_WORDS = /^(?:above|over|>=?|goes above|rises above|高于|超过|涨到|涨破|突破|大于)\s*|\s*以上$/i;
const BELOW_WORDS =
  /^(?:below|under|<=?|drops below|falls below|dips to|drops to|低于|跌破|跌到|小于)\s*|\s*以下$/i;

/** The level and side a typed answer gives: numbers in words as digits (一百, 五千), a side word apart. */
function typedLevel(text: string): { raw: string; match?: AlertMatch } {
  const trimmed = text.trim();
  const side = ABOVE_WORDS.test(trimmed) ? "above" : BELOW_WORDS.test(trimmed) ? "below" : undefined;
  const bare = trimmed.replace(side === "above" ? ABOVE_WORDS : side === "below" ? BELOW_WORDS : /$^/, "");
  const raw = withDigits(bare).trim();
  return side === undefined ? { raw } : { raw, match: side };
}

async function askLevel(
  conversation: Convo,
  ctx: ConversationContext,
  asset: string,
  prices: Prices,
  locale: string,
  current?: string,
  offerKinds = false,
): Promise<
  string | { level: string; match: AlertMatch } | { kind: OfferedKind; typed?: string } | undefined
> {
  const options = levelOptions(prices);
  const keyboard = new InlineKeyboard();
  options.forEach((option, i) => {
    const price = formatPrice(option.level, locale);
    const label =
      option.label === "buy" || option.label === "sell"
        ? ctx.t("alerts-level-button-price", { side: option.label, price })
        : `${price} (${option.label})`;
    keyboard.text(label, `ag:l:${i}`);
    if (i % 2 === 1) keyboard.row();
  });
  const levelText = ctx.t("alerts-ask-level", {
    asset: escapeHtml(asset),
    buy: formatPrice(prices.buy, locale),
    sell: formatPrice(prices.sell, locale),
    current: current === undefined ? "" : formatPrice(current, locale),
    hasCurrent: current === undefined ? "no" : "yes",
  });
  const text = offerKinds ? `${levelText}\n${ctx.t("market-ask-or-kind")}` : levelText;
  if (offerKinds) {
    kindButtons(ctx, keyboard).text(
      ctx.t("alerts-portfolio-chat-kind-button", { kind: "asset_return" }),
      "ag:k:asset_return",
    );
  }
  const at = await ask(ctx, text, keyboard);
  for (;;) {
    const input = await nextInput(conversation, at.messageId, "ag:");
    if ("data" in input && input.data === "ag:x") return cancelled(ctx, at);
    let raw: string | undefined;
    const typed = offerKinds && !("data" in input) ? input.text : undefined;
    const kind =
      "data" in input
        ? /^ag:k:(\w+)$/.exec(input.data)?.[1]
        : typed === undefined
          ? undefined
          : (typedKind(typed) ?? (portfolioKindNamed(typed) === "asset_return" ? "asset_return" : undefined));
    if (offerKinds && MARKET_KINDS.includes(kind as MarketAlertKind)) {
      await answered(ctx, at, text, ctx.t("market-kind-button", { kind: kind as string }));
      // Typed with its figures ("moves 5% in an hour"): they are kept, not asked again.
      return typed === undefined
        ? { kind: kind as MarketAlertKind }
        : { kind: kind as MarketAlertKind, typed };
    }
    if (offerKinds && kind === "asset_return") {
      await answered(ctx, at, text, ctx.t("alerts-portfolio-chat-kind-button", { kind }));
      return { kind };
    }
    let match: AlertMatch | undefined;
    if ("data" in input) raw = options[Number(/^ag:l:(\d+)$/.exec(input.data)?.[1] ?? -1)]?.level;
    else ({ raw, match } = typedLevel(input.text));
    if (raw === undefined) continue;
    const level = checkLevel(raw);
    if ("problem" in level) {
      // Refused as typed, never as read.
      const typedText = "text" in input ? input.text : raw;
      const problem = "input" in level.problem ? { ...level.problem, input: typedText } : level.problem;
      await ctx.reply(describeAlertProblem(problem, ctx.t, locale));
      continue;
    }
    await answered(ctx, at, text, formatPrice(level.level, locale));
    return match === undefined ? level.level : { level: level.level, match };
  }
}

/**
 * Asks for a trade's quantity on the spend or the receive side (a button switches) until one passes
 * every check against the balance; undefined on cancel.
 */
async function askQuantity(
  conversation: Convo,
  ctx: ConversationContext,
  draft: AlertDraft,
  permission: KeyPermission,
  balances: Readonly<Record<string, string>>,
  locale: string,
): Promise<{ quantity: string; side: AlertSide } | undefined> {
  const action = draft.action as Exclude<AlertAction, "alert">;
  let side: AlertSide = draft.side ?? "spend";
  const promptFor = (s: AlertSide) => {
    const counted = sideAsset(draft.asset, action, s);
    const spent = action === "buy" ? FIAT : draft.asset;
    const text = ctx.t("alerts-ask-quantity", {
      action,
      side: s,
      asset: escapeHtml(counted),
      balance: formatAmount(spent, balances[spent] ?? "0", locale),
    });
    const other: AlertSide = s === "spend" ? "receive" : "spend";
    const keyboard = new InlineKeyboard().text(
      ctx.t("alerts-button-side", {
        action,
        side: other,
        asset: escapeHtml(sideAsset(draft.asset, action, other)),
      }),
      other === "spend" ? "ag:s" : "ag:r",
    );
    return { text, keyboard };
  };
  let prompt = promptFor(side);
  const at = await ask(ctx, prompt.text, prompt.keyboard);
  for (;;) {
    const input = await nextInput(conversation, at.messageId, "ag:");
    if ("data" in input) {
      if (input.data === "ag:x") return cancelled(ctx, at);
      if (input.data === "ag:s" || input.data === "ag:r") {
        side = input.data === "ag:r" ? "receive" : "spend";
        prompt = promptFor(side);
        await ctx.api.editMessageText(at.chatId, at.messageId, prompt.text, {
          reply_markup: prompt.keyboard.row().text(ctx.t("button-cancel"), "ag:x"),
        });
      }
      continue;
    }
    const typed = checkQuantityInput(input.text, draft.asset, action, side);
    const problem: AlertProblem | undefined =
      "problem" in typed
        ? typed.problem
        : checkTrade({ ...draft, side, quantity: typed.quantity }, permission, balances);
    if (problem !== undefined || "problem" in typed) {
      await ctx.reply(
        describeAlertProblem(problem ?? { code: "quantity_not_number", input: input.text }, ctx.t, locale),
      );
      continue;
    }
    await answered(
      ctx,
      at,
      prompt.text,
      actionText({ ...draft, side, quantity: typed.quantity }, ctx.t, locale),
    );
    return { quantity: typed.quantity, side };
  }
}

/** Email and SMS toggles, then Continue; undefined on cancel. */
async function askNotify(
  conversation: Convo,
  ctx: ConversationContext,
): Promise<{ email: boolean; sms: boolean } | undefined> {
  const flags = { email: false, sms: false };
  const keyboardFor = () =>
    new InlineKeyboard()
      .text(ctx.t("alerts-button-email", { on: flags.email ? "on" : "off" }), "ag:n:email")
      .text(ctx.t("alerts-button-sms", { on: flags.sms ? "on" : "off" }), "ag:n:sms")
      .row()
      .text(ctx.t("alerts-button-continue"), "ag:n:done");
  const text = ctx.t("alerts-ask-notify");
  const at = await ask(ctx, text, keyboardFor());
  for (;;) {
    const input = await nextInput(conversation, at.messageId, "ag:");
    if (!("data" in input)) {
      await ctx.reply(ctx.t("alerts-pick-again"));
      continue;
    }
    if (input.data === "ag:x") return cancelled(ctx, at);
    if (input.data === "ag:n:done") {
      const shown = ctx.t("alerts-notify", {
        email: flags.email ? "on" : "off",
        sms: flags.sms ? "on" : "off",
      });
      await answered(ctx, at, text, shown);
      return flags;
    }
    if (input.data === "ag:n:email") flags.email = !flags.email;
    else if (input.data === "ag:n:sms") flags.sms = !flags.sms;
    else continue;
    await ctx.api.editMessageText(at.chatId, at.messageId, text, {
      reply_markup: keyboardFor().row().text(ctx.t("button-cancel"), "ag:x"),
    });
  }
}

/** Builds the guided create over the bot's dependencies. */
export function alertConversation(deps: BotDeps) {
  return async function alert(conversation: Convo, ctx: ConversationContext): Promise<void> {
    const start = await conversation.external((outside) => loadStart(outside, deps));
    if (!start.ok) {
      if (start.text !== undefined) await ctx.reply(start.text);
      return;
    }
    const { assets, permission } = start.data;
    const locale = await ctx.i18n.getLocale();
    const asset = await askAsset(conversation, ctx, deps, {
      text: ctx.t("alerts-ask-asset"),
      among: assets,
      shown: assets.slice(0, MAX_PICKER),
      prefix: "ag:",
      columns: 4,
      notAmong: (code) => ctx.t("asset-no-price", { asset: escapeHtml(code) }),
      pickAgain: ctx.t("alerts-pick-again"),
      cancelled: ctx.t("cancelled"),
      extra: {
        label: ctx.t("alerts-portfolio-chat-whole-button"),
        value: WHOLE_PORTFOLIO,
        typed: accountNamed,
      },
    });
    if (asset === undefined) return;
    if (asset === WHOLE_PORTFOLIO) {
      await guidedPortfolioAlert(conversation, ctx, deps, permission !== undefined);
      return;
    }
    const prices = await conversation.external((outside) => loadPrices(outside, deps, asset));
    if (!prices.ok) {
      if (prices.text !== undefined) await ctx.reply(prices.text);
      return;
    }
    const asked = await askLevel(conversation, ctx, asset, prices.data, locale, undefined, true);
    if (asked === undefined) return;
    if (typeof asked !== "string" && "kind" in asked) {
      const level = asked;
      if (level.kind === "asset_return") {
        // A portfolio alert on this asset's return: it reads the account, so it needs a key.
        await guidedPortfolioAlert(conversation, ctx, deps, permission !== undefined, level.kind, asset);
        return;
      }
      // A market alert, watched by the bot: the figures typed with its kind, else its own fields asked.
      const words = level.typed === undefined ? undefined : readMarketWords(level.typed);
      const typedSpec = words && parseMarketAlertSpec({ ...words, asset });
      const spec =
        typedSpec?.ok === true && typedSpec.spec.kind === level.kind
          ? typedSpec.spec
          : await askMarketFields(conversation, ctx, asset, level.kind);
      if (spec !== undefined) await conversation.external((outside) => summarizeMarket(outside, deps, spec));
      return;
    }
    // A price level is the exchange's trigger: it needs a key.
    if (permission === undefined) {
      await ctx.reply(ctx.t("connect-needed"));
      return;
    }
    const level = typeof asked === "string" ? asked : asked.level;
    const matchText = ctx.t("alerts-ask-match", {
      level: formatPrice(level, locale),
      market: formatPrice(prices.data.market, locale),
    });
    // A side typed with the level ("above 160k") is not asked again.
    const match =
      typeof asked === "string"
        ? await askChoice<AlertMatch>(conversation, ctx, matchText, [
            { value: "above", label: ctx.t("alerts-match-button", { match: "above" }) },
            { value: "below", label: ctx.t("alerts-match-button", { match: "below" }) },
            { value: "auto", label: ctx.t("alerts-match-button", { match: "auto" }) },
          ])
        : asked.match;
    if (match === undefined) return;
    const action = await askChoice<AlertAction>(
      conversation,
      ctx,
      ctx.t("alerts-ask-action", { asset: escapeHtml(asset) }),
      [
        {
          value: "alert",
          label: ctx.t("alerts-action-button", { action: "alert", asset: escapeHtml(asset) }),
        },
        { value: "buy", label: ctx.t("alerts-action-button", { action: "buy", asset: escapeHtml(asset) }) },
        { value: "sell", label: ctx.t("alerts-action-button", { action: "sell", asset: escapeHtml(asset) }) },
      ],
      (value) => (value !== "alert" && permission === "read_only" ? ctx.t("alerts-read-only") : undefined),
    );
    if (action === undefined) return;
    let draft: AlertDraft = { asset, level, match, action, notifyEmail: false, notifySms: false };
    if (action !== "alert") {
      const balances = await conversation.external((outside) => loadBalances(outside, deps));
      if (!balances.ok) {
        if (balances.text !== undefined) await ctx.reply(balances.text);
        return;
      }
      const quantity = await askQuantity(conversation, ctx, draft, permission, balances.data, locale);
      if (quantity === undefined) return;
      draft = { ...draft, ...quantity };
    }
    const notify = await askNotify(conversation, ctx);
    if (notify === undefined) return;
    const finished: AlertDraft = { ...draft, notifyEmail: notify.email, notifySms: notify.sms };
    // Checked again outside with fresh prices and balances, then shown with its Confirm.
    await conversation.external(async (outside) => {
      const waited = await waitForExchange(outside, deps, () => summarize(outside, deps, finished));
      if (!waited.cancelled) await showSummary(outside, deps, waited.value);
    });
  };
}

/** What the edit question needs of the trigger, as plain data. */
interface EditData {
  draft: AlertDraft;
  prices: Prices | undefined;
  permission: KeyPermission;
  balances: Record<string, string>;
}

async function loadEdit(ctx: BotContext, deps: BotDeps, args: AlertEditArgs): Promise<Loaded<EditData>> {
  const userId = ctx.from?.id as number;
  const client = await deps.accounts.clientFor(userId, interactiveCall(ctx, deps));
  if (!client) return { ok: false, text: ctx.t("connect-needed") };
  const permission = await deps.accounts.permission(userId);
  if (args.field === "quantity" && permission === "read_only")
    return { ok: false, text: ctx.t("alerts-read-only") };
  return loadOutside(ctx, deps, async () => {
    const trigger = await client.priceTriggers.get(args.triggerId);
    const draft = draftOf(trigger);
    if (args.field === "quantity" && draft.action === "alert")
      return { ok: false, text: ctx.t("alerts-no-quantity", { id: trigger.id }) };
    const entry = (await deps.market.ticker())[trigger.asset];
    const prices = entry && { buy: entry.buy, sell: entry.sell, market: marketPrice(entry).toFixed() };
    const balances = args.field === "quantity" ? { ...(await client.balances.all()) } : {};
    return { ok: true, data: { draft, prices, permission, balances } };
  });
}

/** Shows the change's Confirm question, built outside from the trigger as it is now. */
async function confirmChange(
  ctx: BotContext,
  deps: BotDeps,
  triggerId: number,
  change: ConfirmedChange,
): Promise<void> {
  const locale = await ctx.i18n.getLocale();
  const loaded = await loadOutside(ctx, deps, async () => {
    const client = await deps.accounts.clientFor(ctx.from?.id as number, interactiveCall(ctx, deps));
    if (!client) return { ok: false, text: ctx.t("connect-needed") };
    const trigger = await client.priceTriggers.get(triggerId);
    const ticker = await deps.market.ticker();
    return { ok: true, data: changeQuestion(ctx, trigger, change, ticker, locale) };
  });
  if (!loaded.ok) {
    if (loaded.text !== undefined) await ctx.reply(loaded.text);
    return;
  }
  await askToConfirm(ctx, deps, { action: "alert-change", triggerId, change }, loaded.data, false);
}

/** Builds the card's edit question (level or quantity) over the bot's dependencies. */
export function alertEditConversation(deps: BotDeps) {
  return async function alertEdit(
    conversation: Convo,
    ctx: ConversationContext,
    args: AlertEditArgs,
  ): Promise<void> {
    const loaded = await conversation.external((outside) => loadEdit(outside, deps, args));
    if (!loaded.ok) {
      if (loaded.text !== undefined) await ctx.reply(loaded.text);
      return;
    }
    const { draft, prices, permission, balances } = loaded.data;
    const locale = await ctx.i18n.getLocale();
    if (args.field === "level") {
      if (prices === undefined) {
        await ctx.reply(ctx.t("alerts-unknown-asset", { asset: escapeHtml(draft.asset) }));
        return;
      }
      const asked = await askLevel(conversation, ctx, draft.asset, prices, locale, draft.level);
      // A new level keeps its side: a side typed with it is not taken here.
      if (asked === undefined || (typeof asked !== "string" && "kind" in asked)) return;
      const level = typeof asked === "string" ? asked : asked.level;
      const match = draft.match === "above" ? MATCH.ABOVE : draft.match === "below" ? MATCH.BELOW : null;
      await conversation.external((outside) =>
        confirmChange(outside, deps, args.triggerId, { kind: "level", level, match }),
      );
      return;
    }
    const quantity = await askQuantity(conversation, ctx, draft, permission, balances, locale);
    if (quantity === undefined) return;
    await conversation.external((outside) =>
      confirmChange(outside, deps, args.triggerId, { kind: "quantity", ...quantity }),
    );
  };
}
