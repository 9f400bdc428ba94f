/**
 * /chart ASSET [1h|24h|7d|30d]: a picture of the asset's mid price over the period from the bot's own
 * price history (src/services/market/price-history.ts) and the live ticker, with the user's armed price
 * triggers (as the alert watcher last read them: no private read), the levels where their market alerts
 * would fire now (services/alerts/market/levels.ts) and average buy price (one read of the asset's
 * statistics) as labelled lines. The asset is typed by code or name in either language; an
 * unknown one gets the closest assets as buttons, a bad period the periods as buttons, /chart alone the
 * popular assets. The picture's period buttons redraw it in place.
 */
import { Decimal } from "decimal.js";
import { type Composer, InlineKeyboard, InputFile } from "grammy";
import { MATCH, type Ticker } from "../../exchange/index.ts";
import { marketAlertLevels } from "../../services/alerts/market/levels.ts";
import { readMarketSnapshot } from "../../services/alerts/market/snapshot.ts";
import type { WatchedLevel } from "../../services/alerts/triggers/levels.ts";
import { resolveAsset } from "../../services/market/asset-names.ts";
import { midPrice, type PricePoint, RESOLUTION_MS } from "../../services/market/price-history.ts";
import { type BotContext, type BotDeps, userTimezone } from "../context.ts";
import { assetsOf, TOP_ASSETS, unknownAssetText } from "../flow-kit/asset-input.ts";
import { withChatAction } from "../flow-kit/chat-action.ts";
import { describeExchangeError } from "../flow-kit/exchange-errors.ts";
import { interactiveCall, waitForExchange } from "../flow-kit/exchange-wait.ts";
import { escapeHtml, typedExcerpt } from "../flow-kit/format/html.ts";
import { formatPrice } from "../flow-kit/format/numbers.ts";
import { formatClock, formatDateTime } from "../flow-kit/format/time.ts";
import {
  CHART_PERIODS,
  type ChartPeriod,
  DEFAULT_PERIOD,
  PERIOD_MS,
  PERIOD_RESOLUTION,
  parsePeriod,
} from "../flow-kit/pictures/periods.ts";
import { JOIN_SLOTS, segmentsOf } from "../flow-kit/pictures/plot.ts";
import { type ChartLevel, priceChartSvg } from "../flow-kit/pictures/price-chart.ts";
import { svgToPng } from "../flow-kit/pictures/render.ts";
import { CHART_START } from "../flow-kit/start-links.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";
import { type ChartFigures, chartCaption, type PersonalLines } from "./caption.ts";

/** The file name the picture is uploaded with. */
export const CHART_FILE_NAME = "chart.png";
const DECIMAL = /^\d{1,20}(?:\.\d{1,30})?$/;
/** The most trigger levels drawn: the nearest to the price. */
export const MAX_TRIGGER_LINES = 6;
/** Fewer history points than this in the period: too little to draw. */
export const MIN_HISTORY_POINTS = 3;
/** Callback data of a chart button: `ch:<code>:<period>`. */
const CHART_DATA = /^ch:([A-Z0-9]{1,12}):(1h|24h|7d|30d)$/;
const chartData = (code: string, period: ChartPeriod) => `ch:${code}:${period}`;
const CHART_START_PARAMETER = new RegExp(`^${CHART_START}([A-Za-z0-9]{1,20})$`);

/**
 * Answers `/start chart-CODE` (an inline card's chart button) with the asset's 24-hour chart; false when
 * the parameter is not a chart link or names no priced asset (then /start greets as usual).
 */
async function startWithChart(ctx: BotContext, deps: BotDeps, parameter: string): Promise<boolean> {
  const code = CHART_START_PARAMETER.exec(parameter)?.[1]?.toUpperCase();
  if (code === undefined) return false;
  const ticker = await deps.market.ticker().catch(() => undefined);
  if (ticker?.[code] === undefined) return false;
  await showChart(ctx, deps, code, DEFAULT_PERIOD);
  return true;
}

/** A word that looks like a period ("2h", "90d", "3 weeks") but names none. */
const PERIOD_LIKE = /^\d+\s*[a-z\u4e00-\u9fff]+$/i;

/** Buttons of `codes` for a chart of `period`, four a row. */
function assetButtons(codes: readonly string[], period: ChartPeriod): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  codes.forEach((code, i) => {
    keyboard.text(code, chartData(code, period));
    if (i % 4 === 3) keyboard.row();
  });
  return keyboard;
}

/** The period buttons of `code`, the current one ticked (pressing it draws again). */
function periodButtons(code: string, current?: ChartPeriod): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const period of CHART_PERIODS) {
    keyboard.text(period === current ? `✓ ${period}` : period, chartData(code, period));
  }
  return keyboard;
}

/** The user's lines for `code`: armed trigger levels (kept by the alert watcher) and average buy price. */
async function personalLines(
  ctx: BotContext,
  deps: BotDeps,
  code: string,
  live: string,
): Promise<PersonalLines> {
  const userId = ctx.from?.id;
  const client =
    userId === undefined ? undefined : await deps.accounts.clientFor(userId, interactiveCall(ctx, deps));
  if (userId === undefined || client === undefined) return { kind: "no-key" };
  let read: [WatchedLevel[], Awaited<ReturnType<typeof client.portfolio.stats>>];
  try {
    read = await Promise.all([deps.alertLevels.of(userId, code), client.portfolio.stats({ asset: code })]);
  } catch (error) {
    const reason = describeExchangeError(error, ctx.t);
    if (reason === undefined) throw error;
    return { kind: "failed", reason };
  }
  // Only levels that are decimals (the watcher stores the exchange's strings as they came).
  const armed = read[0].filter((level) => DECIMAL.test(level.p));
  const stats = read[1];
  const distance = (level: WatchedLevel) => new Decimal(level.p).minus(live).abs();
  // The levels nearest the price: more would crowd the picture (the caption counts the rest).
  const nearest = [...armed].sort((a, b) => distance(a).comparedTo(distance(b))).slice(0, MAX_TRIGGER_LINES);
  const levels: ChartLevel[] = nearest.map((level) => {
    // A trigger the exchange has not given a direction yet fires where the price goes: away from now.
    const above = level.m === null ? new Decimal(level.p).greaterThan(live) : level.m === MATCH.ABOVE;
    return { price: level.p, kind: above ? "above" : "below", label: level.p };
  });
  const average = stats.results
    .flatMap((page) => page.assets)
    .find((row) => row.asset.toUpperCase() === code)?.total_avg_buy;
  if (average != null && new Decimal(average).isPositive()) {
    levels.push({ price: average, kind: "average", label: average });
  }
  for (const price of await watchedLevels(deps, userId, code, live)) {
    levels.push({ price, kind: "watched", label: price });
  }
  return { kind: "drawn", levels, more: armed.length - nearest.length };
}

/** Where the user's market alerts on `code` would fire now (no private read: the store and the history). */
async function watchedLevels(deps: BotDeps, userId: number, code: string, live: string): Promise<string[]> {
  const alerts = (await deps.marketAlerts.list(userId)).filter((alert) => alert.spec.asset === code);
  if (alerts.length === 0) return [];
  const measured = alerts.some((alert) => alert.spec.kind === "move" || alert.spec.kind === "day_change");
  const snapshot = measured
    ? await readMarketSnapshot(deps.priceHistory, code, Number(live), deps.now())
    : null;
  return marketAlertLevels(alerts, snapshot);
}

/** What a chart request came to: a picture, or a text (with buttons) saying why not. */
type ChartView =
  | { kind: "text"; text: string; keyboard?: InlineKeyboard }
  | { kind: "photo"; caption: string; keyboard: InlineKeyboard; draw: () => Promise<Buffer> };

/** What a chart is drawn from: the market, the history, and the user's lines (none: not drawn). */
interface Loaded {
  /** The asset's mid now (a decimal string), or undefined when the ticker prices it not. */
  live: string | undefined;
  names: ReadonlyMap<string, string>;
  history: PricePoint[];
  lines: PersonalLines | undefined;
}

/** Reads everything a chart of `code` over `period` needs, and builds its view. Undefined: cancelled. */
async function chartView(
  ctx: BotContext,
  deps: BotDeps,
  code: string,
  period: ChartPeriod,
): Promise<ChartView | undefined> {
  const now = deps.now();
  const resolution = PERIOD_RESOLUTION[period];
  const slotMs = RESOLUTION_MS[resolution];
  const start = now - PERIOD_MS[period];
  let waited: Awaited<ReturnType<typeof waitForExchange<Loaded>>>;
  try {
    waited = await waitForExchange(ctx, deps, async () => {
      const [ticker, names, history] = await Promise.all([
        deps.market.ticker(),
        deps.market.assetNames(),
        deps.priceHistory.series(code, start, now, resolution),
      ]);
      const live = midPrice(ticker[code])?.toFixed();
      // The personal lines only for a chart that will be drawn.
      const lines =
        live !== undefined && history.length >= MIN_HISTORY_POINTS
          ? await personalLines(ctx, deps, code, live)
          : undefined;
      return { live, names, history, lines };
    });
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    return { kind: "text", text: explained };
  }
  if (waited.cancelled) return undefined;
  const { live, names, history, lines } = waited.value;
  const locale = await ctx.i18n.getLocale();
  const zone = userTimezone(ctx, deps);
  if (live === undefined)
    return { kind: "text", text: ctx.t("chart-not-priced", { asset: escapeHtml(code) }) };
  if (history.length < MIN_HISTORY_POINTS || lines === undefined) {
    const first = history[0];
    const text =
      first === undefined
        ? ctx.t("chart-no-history", { asset: escapeHtml(code), period: ctx.t(`chart-period-${period}`) })
        : ctx.t("chart-too-little", {
            asset: escapeHtml(code),
            period: ctx.t(`chart-period-${period}`),
            since: formatDateTime(new Date(first.at), zone, locale),
            zone,
          });
    return { kind: "text", text, keyboard: periodButtons(code) };
  }
  const points: PricePoint[] = [...history, { at: now, mid: Number(live) }];
  const firstPoint = history[0] as PricePoint;
  const first = new Decimal(firstPoint.mid).toFixed();
  let high = new Decimal(live);
  let low = new Decimal(live);
  for (const point of history) {
    if (point.mid > high.toNumber()) high = new Decimal(point.mid);
    if (point.mid < low.toNumber()) low = new Decimal(point.mid);
  }
  const change = new Decimal(live).minus(first).dividedBy(first).times(100).toFixed();
  // Partial history: the axis starts where the prices do, and the caption says from when.
  const partial = firstPoint.at - start > JOIN_SLOTS * slotMs;
  const figures: ChartFigures = {
    asset: code,
    name: names.get(code) ?? "",
    period,
    first,
    last: live,
    high: high.toFixed(),
    low: low.toFixed(),
    change,
    gaps: segmentsOf(points, slotMs).length > 1,
    ...(partial ? { since: firstPoint.at } : {}),
  };
  const levels =
    lines.kind === "drawn"
      ? lines.levels.map((level) => ({
          ...level,
          label: formatPrice(level.price, locale).replace(/^[^\d]+/, ""),
        }))
      : [];
  const caption = chartCaption(figures, lines, ctx.t, locale, zone, formatClock(new Date(now), zone, locale));
  const svg = () =>
    priceChartSvg({
      asset: code,
      period,
      points,
      slotMs,
      from: partial ? firstPoint.at : start,
      to: now,
      last: live,
      change,
      levels,
      timeZone: zone,
      locale,
    });
  return { kind: "photo", caption, keyboard: periodButtons(code, period), draw: () => svgToPng(svg()) };
}

/** Sends a chart's view: a new message, or in place of the pressed photo (`edit`). */
async function showChart(
  ctx: BotContext,
  deps: BotDeps,
  code: string,
  period: ChartPeriod,
  edit = false,
): Promise<void> {
  const view = await chartView(ctx, deps, code, period);
  if (view === undefined) return;
  if (view.kind === "text") {
    await ctx.reply(view.text, view.keyboard ? { reply_markup: view.keyboard } : {});
    return;
  }
  await withChatAction(
    ctx,
    async () => {
      const photo = new InputFile(await view.draw(), CHART_FILE_NAME);
      if (edit) {
        await ctx.editMessageMedia(
          { type: "photo", media: photo, caption: view.caption, parse_mode: "HTML" },
          { reply_markup: view.keyboard },
        );
      } else await ctx.replyWithPhoto(photo, { caption: view.caption, reply_markup: view.keyboard });
    },
    { intervalMs: deps.chatActionIntervalMs, action: "upload_photo" },
  );
}

/** The popular assets the ticker prices, as buttons for a chart of `period`. */
async function popularButtons(deps: BotDeps, period: ChartPeriod): Promise<InlineKeyboard> {
  const ticker = deps.market.held()?.ticker ?? (await deps.market.ticker().catch(() => undefined));
  const codes = TOP_ASSETS.filter((code) => ticker === undefined || ticker[code] !== undefined);
  return assetButtons(codes, period);
}

/** What the words after /chart come to. */
type ChartArgs =
  | { kind: "chart"; code: string; period: ChartPeriod }
  | { kind: "unknown"; word: string; closest: string[]; text: string; period: ChartPeriod }
  | { kind: "bad-period"; code: string; word: string };

/** Reads "/chart bitcoin 7d": the asset by code or name in any language, then an optional period. */
function readArgs(
  ctx: BotContext,
  names: ReadonlyMap<string, string>,
  ticker: Ticker,
  typed: string,
): ChartArgs {
  const listed = new Map(names);
  for (const code of Object.keys(ticker)) if (!listed.has(code)) listed.set(code, "");
  const directory = assetsOf(ctx, listed);
  const words = typed.split(/\s+/);
  const last = words.at(-1) as string;
  const period = words.length > 1 ? parsePeriod(last) : undefined;
  const assetWords = period !== undefined ? words.slice(0, -1).join(" ") : typed;
  const whole = resolveAsset(directory, assetWords);
  if (whole.found) return { kind: "chart", code: whole.code, period: period ?? DEFAULT_PERIOD };
  if (period === undefined && words.length > 1 && PERIOD_LIKE.test(last)) {
    // "/chart btc 2h": a known asset with a period that is none of the four.
    const rest = resolveAsset(directory, words.slice(0, -1).join(" "));
    if (rest.found) return { kind: "bad-period", code: rest.code, word: last };
  }
  return {
    kind: "unknown",
    word: assetWords,
    closest: whole.closest,
    text: unknownAssetText(ctx.t, directory, assetWords, whole.closest),
    period: period ?? DEFAULT_PERIOD,
  };
}

/** /chart and its buttons. */
export function chartFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  const privateChats = composer.chatType("private");

  composer.command("start", async (ctx, next) => {
    if (ctx.match === "" || !(await startWithChart(ctx, deps, ctx.match))) return next();
  });
  privateChats.command("chart", async (ctx) => {
    const typed = ctx.match.trim();
    // "/chart" or "/chart 7d": which asset? The popular ones as buttons, for the period asked.
    const onlyPeriod = parsePeriod(typed);
    if (typed === "" || onlyPeriod !== undefined) {
      const period = onlyPeriod ?? DEFAULT_PERIOD;
      await ctx.reply(ctx.t("chart-ask-asset"), { reply_markup: await popularButtons(deps, period) });
      return;
    }
    let market = deps.market.held();
    if (market === undefined) {
      try {
        const waited = await waitForExchange(ctx, deps, () => deps.market.load());
        if (waited.cancelled) return;
        market = waited.value;
      } catch (error) {
        const explained = describeExchangeError(error, ctx.t);
        if (explained === undefined) throw error;
        await ctx.reply(explained);
        return;
      }
    }
    const args = readArgs(ctx, market.names, market.ticker, typed);
    if (args.kind === "chart") {
      await showChart(ctx, deps, args.code, args.period);
    } else if (args.kind === "bad-period") {
      await ctx.reply(
        ctx.t("chart-bad-period", {
          period: typedExcerpt(args.word, 12),
          asset: escapeHtml(args.code),
        }),
        { reply_markup: periodButtons(args.code) },
      );
    } else {
      // Never a dead end: the closest assets, or the popular ones, as buttons.
      const keyboard =
        args.closest.length > 0
          ? assetButtons(args.closest, args.period)
          : await popularButtons(deps, args.period);
      await ctx.reply(`${args.text}\n${ctx.t("chart-pick-asset")}`, { reply_markup: keyboard });
    }
  });

  privateChats.callbackQuery(CHART_DATA, async (ctx) => {
    // Answered at once: the button stops spinning, and the chat action shows the work from here.
    await ctx.answerCallbackQuery();
    const [, code, period] = ctx.match;
    const shown = ctx.callbackQuery.message;
    // The picture's own buttons redraw it in place; a question's buttons bring a new picture below it.
    const onPhoto = shown !== undefined && shown.date !== 0 && "photo" in shown && shown.photo !== undefined;
    await showChart(ctx, deps, code as string, period as ChartPeriod, onPhoto);
  });

  return composer;
}
