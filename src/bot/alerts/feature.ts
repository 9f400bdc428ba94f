/**
 * Price triggers, market alerts and portfolio alerts in the chat: /alerts (the market alerts and the
 * portfolio alerts the bot watches, then every trigger of the account, paged, each with a card; each part
 * shows when another's source fails), /alert (the quick form of any straight to a summary with Confirm;
 * without arguments the guided conversation), the cards' buttons, and the buttons on alert messages
 * (`al:open|pause|enable|trade`, see buttons.ts).
 */
import { type Composer, InlineKeyboard } from "grammy";
import {
  type ExchangeClient,
  ExchangeNotFoundError,
  type PriceTrigger,
  type Ticker,
  type Transaction,
} from "../../exchange/index.ts";
import { parseMarketAlertSpec } from "../../services/alerts/market/kinds.ts";
import type { StoredMarketAlert } from "../../services/alerts/market/store.ts";
import { marketWordsOf, readMarketWords } from "../../services/alerts/market/words.ts";
import { parsePortfolioAlertSpec } from "../../services/alerts/portfolio/kinds.ts";
import type { StoredPortfolioAlert } from "../../services/alerts/portfolio/store.ts";
import {
  type PortfolioWords,
  portfolioWordsOf,
  readPortfolioQuickForm,
} from "../../services/alerts/portfolio/words.ts";
import { changeTrigger, eventFiredAt, type TriggerChange } from "../../services/alerts/triggers/writes.ts";
import { resolveAsset } from "../../services/market/asset-names.ts";
import { type BotContext, type BotDeps, userTimezone } from "../context.ts";
import { assetCodesIn, assetsOf, listedNow, unknownAssetText } from "../flow-kit/asset-input.ts";
import {
  ALERT_CONVERSATION,
  ALERT_EDIT_CONVERSATION,
  MARKET_EDIT_CONVERSATION,
  PORTFOLIO_EDIT_CONVERSATION,
} from "../flow-kit/conversation-ids.ts";
import { describeExchangeError, showExchangeError, showWhereAsked } from "../flow-kit/exchange-errors.ts";
import { clientOrConnect, interactiveCall, waitForExchange } from "../flow-kit/exchange-wait.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { formatAmount, formatAud } from "../flow-kit/format/numbers.ts";
import { formatDateTime } from "../flow-kit/format/time.ts";
import { statusLabel } from "../flow-kit/format/transaction-words.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";
import {
  askMarketDelete,
  MARKET_CARD_PATTERN,
  type MarketCardVerb,
  marketCardData,
  openMarketCard,
  setMarketPaused,
  showMarketCard,
} from "./market/chat.ts";
import { type MarketEditArgs, summarizeMarket } from "./market/conversation.ts";
import { describeMarketError, renderMarketLine } from "./market/describe.ts";
import {
  askPortfolioDelete,
  openPortfolioCard,
  PORTFOLIO_CARD_PATTERN,
  type PortfolioCardVerb,
  portfolioCardData,
  setPortfolioPaused,
  showPortfolioCard,
  summarizePortfolio,
} from "./portfolio/chat.ts";
import type { PortfolioEditArgs } from "./portfolio/conversation.ts";
import { describePortfolioError, portfolioButtonLabel, renderPortfolioLine } from "./portfolio/describe.ts";
import { ALERT_BUTTON_PATTERN, parseAlertButton } from "./triggers/buttons.ts";
import {
  CARD_BUTTON_PATTERN,
  type CardVerb,
  cardData,
  cardKeyboard,
  eventsKeyboard,
  LIST_PAGE_PATTERN,
} from "./triggers/card.ts";
import {
  askToConfirm,
  describeAlertProblem,
  showSummary,
  summarize,
  syncTriggers,
} from "./triggers/confirm.ts";
import type { AlertEditArgs } from "./triggers/conversation.ts";
import { renderEvent, renderTriggerCard, renderTriggerLine } from "./triggers/format.ts";
import { type MarketQuickForm, parseMarketQuickForm, parseQuickForm } from "./triggers/quick-form.ts";

const PAGE_SIZE = 5;
const EVENTS_SHOWN = 10;
// A trigger's trade is recorded when it fires; its transaction is looked for this close to the event.
const TRADE_WINDOW_MS = 10 * 60 * 1000;
const TRADE_SEARCH_PAGE = 50;

/** Says something where a button was pressed (in place) or as a new message. */
async function say(ctx: BotContext, text: string, edit: boolean, keyboard?: InlineKeyboard): Promise<void> {
  await showWhereAsked(ctx, text, edit, keyboard ? { reply_markup: keyboard } : {});
}

/**
 * Runs `work` with the user's client while they wait; exchange failures become their explanation. The
 * result is undefined when the user is not connected or a /cancel overtook the update (it then says
 * nothing more).
 */
async function withClient<T>(
  ctx: BotContext,
  deps: BotDeps,
  edit: boolean,
  work: (client: ExchangeClient) => Promise<T>,
): Promise<T | undefined> {
  const client = await clientOrConnect(ctx, deps, edit);
  if (!client) return undefined;
  try {
    const waited = await waitForExchange(ctx, deps, () => work(client));
    return waited.cancelled ? undefined : waited.value;
  } catch (error) {
    await showExchangeError(ctx, error, edit);
    return undefined;
  }
}

/** The exchange's triggers of one page, or what to say instead (an error, no key). */
type TriggerPage =
  | { page: number; list: Awaited<ReturnType<ExchangeClient["priceTriggers"]["list"]>> }
  | { problem: string };

async function readTriggerPage(
  ctx: BotContext,
  deps: BotDeps,
  page: number,
): Promise<TriggerPage | undefined> {
  const userId = ctx.from?.id as number;
  if (!(await deps.accounts.isConnected(userId))) return { problem: ctx.t("market-list-no-key") };
  try {
    const waited = await waitForExchange(ctx, deps, async () => {
      const client = await deps.accounts.clientFor(userId, interactiveCall(ctx, deps));
      if (!client) return { problem: ctx.t("market-list-no-key") };
      try {
        return { page, list: await client.priceTriggers.list({ page, page_size: PAGE_SIZE }) };
      } catch (error) {
        if (!(error instanceof ExchangeNotFoundError) || page === 1) throw error;
        return { page: 1, list: await client.priceTriggers.list({ page: 1, page_size: PAGE_SIZE }) };
      }
    });
    return waited.cancelled ? undefined : waited.value;
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    return { problem: explained };
  }
}

/**
 * The user's market alerts (first page only: at most 20), or undefined when there are none or they cannot
 * be read (then the triggers show as before; a failed read is logged).
 */
async function marketAlertsOf(ctx: BotContext, deps: BotDeps): Promise<StoredMarketAlert[] | undefined> {
  try {
    const alerts = await deps.marketAlerts.list(ctx.from?.id as number);
    return alerts.length > 0 ? alerts : undefined;
  } catch (error) {
    ctx.log.warn({ err: { message: (error as Error).message } }, "could not read market alerts");
    return undefined;
  }
}

/**
 * The user's portfolio alerts, or undefined when there are none or they cannot be read (then the other
 * parts show as before; a failed read is logged).
 */
async function portfolioAlertsOf(
  ctx: BotContext,
  deps: BotDeps,
): Promise<StoredPortfolioAlert[] | undefined> {
  try {
    const alerts = await deps.portfolioAlerts.list(ctx.from?.id as number);
    return alerts.length > 0 ? alerts : undefined;
  } catch (error) {
    ctx.log.warn({ err: { message: (error as Error).message } }, "could not read portfolio alerts");
    return undefined;
  }
}

async function showList(ctx: BotContext, deps: BotDeps, page: number, edit: boolean): Promise<void> {
  const [market, portfolio] =
    page === 1 ? await Promise.all([marketAlertsOf(ctx, deps), portfolioAlertsOf(ctx, deps)]) : [];
  if (market === undefined && portfolio === undefined) return showTriggerList(ctx, deps, page, edit);
  // Every part: each shows whatever another's source does (no key, the exchange down).
  const loaded = await readTriggerPage(ctx, deps, page);
  if (loaded === undefined) return;
  const keyboard = new InlineKeyboard();
  const parts: string[] = [];
  if (market !== undefined) {
    parts.push(
      [
        ctx.t("market-list-title", { count: market.length }),
        ...market.map((alert) => renderMarketLine(alert, ctx.t)),
      ].join("\n"),
    );
    // Each button says which alert it opens: several on one asset ("🤖 BTC moves 5% 1h", "🤖 BTC every 2%").
    market.forEach((alert, i) => {
      keyboard.text(`🤖 ${alert.spec.asset} ${marketWordsOf(alert.spec)}`, marketCardData("card", alert.id));
      if (i % 2 === 1) keyboard.row();
    });
    keyboard.row();
  }
  if (portfolio !== undefined) {
    const locale = await ctx.i18n.getLocale();
    parts.push(
      [
        ctx.t("alerts-portfolio-chat-list-title", { count: portfolio.length }),
        ...portfolio.map((alert) => renderPortfolioLine(alert, ctx.t, locale)),
      ].join("\n"),
    );
    portfolio.forEach((alert, i) => {
      keyboard.text(portfolioButtonLabel(alert, ctx.t, locale), portfolioCardData("card", alert.id));
      if (i % 2 === 1) keyboard.row();
    });
    keyboard.row();
  }
  if ("problem" in loaded) parts.push(loaded.problem);
  else if (loaded.list.count === 0) parts.push(ctx.t("alerts-none-triggers"));
  else {
    const ticker: Ticker = await deps.market.ticker().catch(() => ({}));
    const locale = await ctx.i18n.getLocale();
    parts.push(triggerPageText(ctx, loaded.list, loaded.page, ticker, locale));
    triggerButtons(keyboard, loaded.list, loaded.page, ctx);
  }
  await say(ctx, parts.join("\n\n"), edit, keyboard);
}

type TriggerList = Awaited<ReturnType<ExchangeClient["priceTriggers"]["list"]>>;

function triggerPageText(
  ctx: BotContext,
  list: TriggerList,
  page: number,
  ticker: Ticker,
  locale: string,
): string {
  const pages = Math.max(1, Math.ceil(list.count / PAGE_SIZE));
  const lines = list.results.map((trigger) => renderTriggerLine(trigger, ticker, ctx.t, locale));
  return [ctx.t("alerts-title", { page, pages, count: list.count }), ...lines].join("\n\n");
}

function triggerButtons(keyboard: InlineKeyboard, list: TriggerList, page: number, ctx: BotContext): void {
  list.results.forEach((trigger, i) => {
    keyboard.text(`#${trigger.id} ${trigger.asset}`, cardData("card", trigger.id));
    if (i % 3 === 2) keyboard.row();
  });
  keyboard.row();
  if (page > 1) keyboard.text(ctx.t("alerts-newer"), `als:${page - 1}`);
  if (list.next !== null) keyboard.text(ctx.t("alerts-older"), `als:${page + 1}`);
}

/** The exchange's triggers alone, as /alerts showed them before market alerts. */
async function showTriggerList(ctx: BotContext, deps: BotDeps, page: number, edit: boolean): Promise<void> {
  const loaded = await withClient(ctx, deps, edit, async (client) => {
    try {
      return { page, list: await client.priceTriggers.list({ page, page_size: PAGE_SIZE }) };
    } catch (error) {
      // The page is gone (triggers were deleted since): show the first one.
      if (!(error instanceof ExchangeNotFoundError) || page === 1) throw error;
      return { page: 1, list: await client.priceTriggers.list({ page: 1, page_size: PAGE_SIZE }) };
    }
  });
  if (loaded === undefined) return;
  const { list } = loaded;
  if (list.count === 0) {
    await say(ctx, ctx.t("alerts-none"), edit);
    return;
  }
  // The ticker is shared market data: without it the list still shows, without prices.
  const ticker: Ticker = await deps.market.ticker().catch(() => ({}));
  const locale = await ctx.i18n.getLocale();
  const keyboard = new InlineKeyboard();
  triggerButtons(keyboard, list, loaded.page, ctx);
  await say(ctx, triggerPageText(ctx, list, loaded.page, ticker, locale), edit, keyboard);
}

/** Reads one trigger (and the ticker, for its price); undefined when that was explained already. */
async function loadTrigger(
  ctx: BotContext,
  deps: BotDeps,
  id: number,
  edit: boolean,
): Promise<{ trigger: PriceTrigger; ticker: Ticker } | undefined> {
  return withClient(ctx, deps, edit, async (client) => {
    const trigger = await client.priceTriggers.get(id);
    const ticker: Ticker = await deps.market.ticker().catch(() => ({}));
    return { trigger, ticker };
  });
}

async function showCard(
  ctx: BotContext,
  deps: BotDeps,
  trigger: PriceTrigger,
  ticker: Ticker,
  edit: boolean,
) {
  const locale = await ctx.i18n.getLocale();
  const text = renderTriggerCard(trigger, ticker, ctx.t, locale, userTimezone(ctx, deps));
  await say(ctx, text, edit, cardKeyboard(ctx, trigger));
}

/**
 * Pauses, enables or marks seen at once (no Confirm: nothing is traded or lost, and it is undone with
 * one tap). The card is shown again as it now is; a failure is told in its place.
 */
async function applyChange(
  ctx: BotContext,
  deps: BotDeps,
  id: number,
  change: Extract<TriggerChange, { kind: "enable" | "seen" }>,
  edit: boolean,
): Promise<void> {
  const userId = ctx.from?.id as number;
  const client = await clientOrConnect(ctx, deps, edit);
  if (!client) return;
  // The exchange refuses every write of a read-only key: say so without sending one.
  if ((await deps.accounts.permission(userId)) === "read_only") {
    await say(ctx, ctx.t("error-forbidden"), edit);
    return;
  }
  const result = await ctx.cancelScope.writing("alert", () => changeTrigger(client, id, change));
  if (result.status !== "refused") await syncTriggers(ctx, deps);
  if (result.status === "unknown") {
    await say(ctx, ctx.t("alerts-change-unknown"), edit);
    return;
  }
  if (result.status === "refused") {
    await say(ctx, describeExchangeError(result.error, ctx.t) ?? ctx.t("alerts-change-unknown"), edit);
    return;
  }
  const ticker: Ticker = await deps.market.ticker().catch(() => ({}));
  await showCard(ctx, deps, result.value, ticker, edit);
}

async function showEvents(ctx: BotContext, deps: BotDeps, id: number): Promise<void> {
  const loaded = await loadTrigger(ctx, deps, id, true);
  if (loaded === undefined) return;
  const { trigger } = loaded;
  const locale = await ctx.i18n.getLocale();
  const zone = userTimezone(ctx, deps);
  // Newest first; the oldest beyond the first ten are only counted.
  const shown = [...trigger.events].reverse().slice(0, EVENTS_SHOWN);
  const title = ctx.t("alerts-events-title", {
    id: trigger.id,
    asset: escapeHtml(trigger.asset),
    count: trigger.events.length,
    shown: shown.length,
    zone,
  });
  const lines = shown.map((event, i) => `${i + 1}. ${renderEvent(event, ctx.t, locale, zone)}`);
  const text =
    shown.length === 0 ? `${title}\n${ctx.t("alerts-events-none")}` : [title, ...lines].join("\n\n");
  await say(ctx, text, true, eventsKeyboard(ctx, trigger, shown));
}

/** The transaction a trigger's trade recorded: same trigger, closest in time to the event. */
function tradeTransaction(
  transactions: Transaction[],
  trigger: PriceTrigger,
  fired: Date,
): Transaction | undefined {
  const near = transactions.filter(
    (tx) =>
      tx.object_id === trigger.id && Math.abs(tx.created.getTime() - fired.getTime()) <= TRADE_WINDOW_MS,
  );
  near.sort(
    (a, b) =>
      Math.abs(a.created.getTime() - fired.getTime()) - Math.abs(b.created.getTime() - fired.getTime()),
  );
  return near[0];
}

/** The trade of one event: the event as the exchange recorded it, and its transaction when it is found. */
async function showTrade(ctx: BotContext, deps: BotDeps, id: number, firedAt: number): Promise<void> {
  const loaded = await withClient(ctx, deps, false, async (client) => {
    const trigger = await client.priceTriggers.get(id);
    const event = eventFiredAt(trigger, firedAt);
    if (event === undefined || (event.trade?.trim() ?? "") === "") return { trigger, event };
    const page = await client.transactions.list({
      asset: trigger.asset,
      transaction_type: ["buy", "sell"],
      page_size: TRADE_SEARCH_PAGE,
    });
    return { trigger, event, transaction: tradeTransaction(page.results, trigger, event.fired) };
  });
  if (loaded === undefined) return;
  const { trigger, event } = loaded;
  if (event === undefined) {
    await ctx.reply(ctx.t("alerts-event-gone", { id }));
    return;
  }
  const locale = await ctx.i18n.getLocale();
  const zone = userTimezone(ctx, deps);
  const lines = [
    ctx.t("alerts-trade-title", { id: trigger.id, asset: escapeHtml(trigger.asset), zone }),
    renderEvent(event, ctx.t, locale, zone),
  ];
  const tx = "transaction" in loaded ? loaded.transaction : undefined;
  if (tx?.src_asset && tx.dst_asset && tx.src_amount && tx.dst_amount) {
    lines.push(
      "",
      ctx.t("alerts-trade-transaction", {
        id: tx.summary_id,
        when: formatDateTime(tx.created, zone, locale),
        spent: formatAmount(tx.src_asset, tx.src_amount, locale),
        got: formatAmount(tx.dst_asset, tx.dst_amount, locale),
        status: statusLabel(tx.status, ctx.t),
      }),
    );
  } else if ((event.trade?.trim() ?? "") !== "") lines.push("", ctx.t("alerts-trade-not-found"));
  await ctx.reply(lines.join("\n"), {
    reply_markup: new InlineKeyboard().text(ctx.t("alerts-button-open"), cardData("card", trigger.id)),
  });
}

async function onCardButton(ctx: BotContext, deps: BotDeps, verb: CardVerb, id: number): Promise<void> {
  switch (verb) {
    case "card": {
      const loaded = await loadTrigger(ctx, deps, id, true);
      if (loaded) await showCard(ctx, deps, loaded.trigger, loaded.ticker, true);
      return;
    }
    case "pause":
    case "enable":
      return applyChange(ctx, deps, id, { kind: "enable", enabled: verb === "enable" }, true);
    case "seen":
      return applyChange(ctx, deps, id, { kind: "seen" }, true);
    case "events":
      return showEvents(ctx, deps, id);
    case "level":
    case "qty": {
      // A question already waiting (another edit, a guided create) gives way to this one.
      await ctx.conversation.exitAll();
      const args: AlertEditArgs = { triggerId: id, field: verb === "level" ? "level" : "quantity" };
      await ctx.conversation.enter(ALERT_EDIT_CONVERSATION, args);
      return;
    }
    case "del":
      return askToConfirm(
        ctx,
        deps,
        { action: "alert-delete", triggerId: id },
        ctx.t("alerts-confirm-delete", { id }),
        true,
      );
  }
}

// `amq:<asset>:<the form's words>`: the closest assets offered for an unknown one (well under 64 bytes).
const MARKET_ASSET_PATTERN = /^amq:([A-Z0-9]{1,12}):(.{1,40})$/;

/**
 * The market form of /alert: its figures checked, its asset resolved (an unknown one is answered with
 * the closest as buttons, each the same form on that asset), then its summary with Confirm.
 */
async function marketQuickForm(ctx: BotContext, deps: BotDeps, form: MarketQuickForm): Promise<void> {
  // The figures first, on a stand-in asset: a refusal needs no asset list.
  const checked = parseMarketAlertSpec({ ...form.words, asset: "X" });
  if (!checked.ok) {
    await ctx.reply(describeMarketError(checked.error, form.words.kind, ctx.t));
    return;
  }
  const names = await listedNow(deps);
  let asset = form.asset.toUpperCase();
  if (names !== undefined) {
    const directory = assetsOf(ctx, names);
    const match = resolveAsset(directory, form.asset);
    if (!match.found) {
      const words = marketWordsOf(checked.spec);
      const keyboard = new InlineKeyboard();
      for (const code of match.closest.slice(0, 4)) keyboard.text(code, `amq:${code}:${words}`);
      await ctx.reply(unknownAssetText(ctx.t, directory, form.asset, match.closest), {
        reply_markup: keyboard,
      });
      return;
    }
    asset = match.code;
  }
  await summarizeMarket(ctx, deps, { ...checked.spec, asset });
}

// `apq:<the form's words>`: a choice the form left open (a side, an asset), as the whole form (under 64 bytes).
const PORTFOLIO_FORM_PATTERN = /^apq:(.{1,56})$/;

/**
 * The portfolio form of /alert (`portfolio …`, `ASSET return …`): its figures checked, a value's side asked
 * when the form names none (or both), an asset's return's asset resolved (an unknown one is answered with
 * the closest as buttons), then its summary with Confirm.
 */
async function portfolioQuickForm(
  ctx: BotContext,
  deps: BotDeps,
  form: { asset?: string; words: PortfolioWords },
): Promise<void> {
  const locale = await ctx.i18n.getLocale();
  const { words } = form;
  // The figures first, on a stand-in side and asset: a refusal needs no question and no asset list.
  const checked = parsePortfolioAlertSpec({ direction: "above", ...words, asset: "X" });
  if (!checked.ok) {
    await ctx.reply(describePortfolioError(checked.error, words.kind, ctx.t, locale));
    return;
  }
  if (checked.spec.kind === "portfolio_value" && words.direction === undefined) {
    const level = checked.spec.level;
    const keyboard = new InlineKeyboard();
    for (const direction of ["above", "below"] as const) {
      const label = ctx.t("alerts-portfolio-chat-side-button", {
        direction,
        level: formatAud(level, locale),
      });
      keyboard.text(label, `apq:portfolio ${direction} ${level}`);
    }
    await ctx.reply(ctx.t("alerts-portfolio-chat-which-side", { level: formatAud(level, locale) }), {
      reply_markup: keyboard,
    });
    return;
  }
  if (checked.spec.kind !== "asset_return") {
    await summarizePortfolio(ctx, deps, checked.spec);
    return;
  }
  const typed = form.asset ?? "";
  if (typed.toUpperCase() === "AUD") {
    await ctx.reply(describePortfolioError("asset", words.kind, ctx.t, locale));
    return;
  }
  const names = await listedNow(deps);
  let asset = typed.toUpperCase();
  if (names !== undefined) {
    const directory = assetsOf(ctx, names);
    const match = resolveAsset(directory, typed);
    if (!match.found) {
      const keyboard = new InlineKeyboard();
      for (const code of match.closest.slice(0, 4)) {
        keyboard.text(code, `apq:${portfolioWordsOf(checked.spec, code)}`);
      }
      await ctx.reply(unknownAssetText(ctx.t, directory, typed, match.closest), { reply_markup: keyboard });
      return;
    }
    asset = match.code;
  }
  await summarizePortfolio(ctx, deps, { ...checked.spec, asset });
}

/** A portfolio alert card's button: open, pause, resume, edit (the guided steps, prefilled), delete (asks first). */
async function onPortfolioCardButton(
  ctx: BotContext,
  deps: BotDeps,
  verb: PortfolioCardVerb,
  id: string,
): Promise<void> {
  switch (verb) {
    case "pause":
    case "resume":
      return setPortfolioPaused(ctx, deps, id, verb === "pause");
    case "edit": {
      await ctx.conversation.exitAll();
      const args: PortfolioEditArgs = { id };
      await ctx.conversation.enter(PORTFOLIO_EDIT_CONVERSATION, args);
      return;
    }
    case "card":
    case "del": {
      const alert = await openPortfolioCard(ctx, deps, id);
      if (alert === undefined) return;
      if (verb === "del") await askPortfolioDelete(ctx, deps, alert);
      else await showPortfolioCard(ctx, deps, alert, true);
    }
  }
}

/** A market alert card's button: open, pause, resume, edit (the guided steps, prefilled), delete (asks first). */
async function onMarketCardButton(
  ctx: BotContext,
  deps: BotDeps,
  verb: MarketCardVerb,
  id: string,
): Promise<void> {
  switch (verb) {
    case "pause":
    case "resume":
      return setMarketPaused(ctx, deps, id, verb === "pause");
    case "edit": {
      await ctx.conversation.exitAll();
      const args: MarketEditArgs = { id };
      await ctx.conversation.enter(MARKET_EDIT_CONVERSATION, args);
      return;
    }
    case "card":
    case "del": {
      const alert = await openMarketCard(ctx, deps, id);
      if (alert === undefined) return;
      if (verb === "del") await askMarketDelete(ctx, deps, alert);
      else await showMarketCard(ctx, deps, alert, true);
    }
  }
}

/** /alerts, /alert and every button of triggers. */
export function alertsFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  const privateChats = composer.chatType("private");

  privateChats.command("alerts", (ctx) => showList(ctx, deps, 1, false));
  privateChats.callbackQuery(LIST_PAGE_PATTERN, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showList(ctx, deps, Math.max(1, Number(ctx.match[1])), true);
  });

  privateChats.command("alert", async (ctx) => {
    if (ctx.match.trim() === "") {
      await ctx.conversation.enter(ALERT_CONVERSATION);
      return;
    }
    const args = await assetCodesIn(ctx, deps, ctx.match);
    const portfolio = readPortfolioQuickForm(args);
    if (portfolio !== undefined) {
      await portfolioQuickForm(ctx, deps, portfolio);
      return;
    }
    const market = parseMarketQuickForm(args);
    if (market !== undefined) {
      await marketQuickForm(ctx, deps, market);
      return;
    }
    const parsed = parseQuickForm(args);
    if ("usage" in parsed) {
      await ctx.reply(ctx.t("alerts-usage"));
      return;
    }
    if ("problem" in parsed) {
      await ctx.reply(describeAlertProblem(parsed.problem, ctx.t, await ctx.i18n.getLocale()));
      return;
    }
    const waited = await waitForExchange(ctx, deps, () => summarize(ctx, deps, parsed.draft));
    if (!waited.cancelled) await showSummary(ctx, deps, waited.value);
  });

  // An asset offered for a market form whose asset was not known: the same form on that asset.
  privateChats.callbackQuery(MARKET_ASSET_PATTERN, async (ctx) => {
    await ctx.answerCallbackQuery();
    const words = readMarketWords(ctx.match[2] as string);
    const checked = words && parseMarketAlertSpec({ ...words, asset: ctx.match[1] });
    if (checked?.ok) await summarizeMarket(ctx, deps, checked.spec);
  });

  // A choice a portfolio form left open (a side, the closest assets): the form with it.
  privateChats.callbackQuery(PORTFOLIO_FORM_PATTERN, async (ctx) => {
    await ctx.answerCallbackQuery();
    const form = readPortfolioQuickForm(ctx.match[1] as string);
    const checked = form && parsePortfolioAlertSpec({ ...form.words, asset: form.asset });
    if (checked?.ok) await summarizePortfolio(ctx, deps, checked.spec);
  });

  privateChats.callbackQuery(PORTFOLIO_CARD_PATTERN, async (ctx) => {
    await ctx.answerCallbackQuery();
    await onPortfolioCardButton(ctx, deps, ctx.match[1] as PortfolioCardVerb, ctx.match[2] as string);
  });

  privateChats.callbackQuery(MARKET_CARD_PATTERN, async (ctx) => {
    await ctx.answerCallbackQuery();
    await onMarketCardButton(ctx, deps, ctx.match[1] as MarketCardVerb, ctx.match[2] as string);
  });

  privateChats.callbackQuery(CARD_BUTTON_PATTERN, async (ctx) => {
    await ctx.answerCallbackQuery();
    await onCardButton(ctx, deps, ctx.match[1] as CardVerb, Number(ctx.match[2]));
  });

  // Buttons on alert messages: the alert itself stays as it is; answers come as new messages.
  privateChats.callbackQuery(ALERT_BUTTON_PATTERN, async (ctx) => {
    const button = parseAlertButton(ctx.callbackQuery.data);
    if (button === undefined) {
      await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
      return;
    }
    await ctx.answerCallbackQuery();
    if (button.verb === "trade") {
      await showTrade(ctx, deps, button.triggerId, button.firedAt ?? 0);
      return;
    }
    if (button.verb === "pause" || button.verb === "enable") {
      const enabled = button.verb === "enable";
      await applyChange(ctx, deps, button.triggerId, { kind: "enable", enabled }, false);
      return;
    }
    const loaded = await loadTrigger(ctx, deps, button.triggerId, false);
    if (loaded) await showCard(ctx, deps, loaded.trigger, loaded.ticker, false);
  });

  return composer;
}
