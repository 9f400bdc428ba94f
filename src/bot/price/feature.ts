/**
 * /price [ASSET ...]: buy and sell prices from the public ticker (works in groups too). Assets by code,
 * name or alias ("/price bitcoin", "/price 比特币"); an unknown word gets the closest listed assets;
 * `/price all` lists every asset.
 */
import type { Composer } from "grammy";
import type { Ticker } from "../../exchange/index.ts";
import { resolveAsset } from "../../services/market/asset-names.ts";
import { type BotContext, type BotDeps, userTimezone } from "../context.ts";
import { assetsOf, parseAssetList, TOP_ASSETS, unknownAssetText } from "../flow-kit/asset-input.ts";
import { describeExchangeError } from "../flow-kit/exchange-errors.ts";
import { waitForExchange } from "../flow-kit/exchange-wait.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { formatPrice } from "../flow-kit/format/numbers.ts";
import { splitMessage } from "../flow-kit/format/split.ts";
import { formatClock } from "../flow-kit/format/time.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";

/** `/price all` lists every asset. */
const ALL = "ALL";

/** Every asset the exchange lists or prices, code -> name ("" when only the ticker has it). */
function listed(ticker: Ticker, names: ReadonlyMap<string, string>): Map<string, string> {
  const all = new Map(names);
  for (const code of Object.keys(ticker)) if (!all.has(code)) all.set(code, "");
  return all;
}

/**
 * The codes of the assets `asked` names, priced in `ticker` (codes as typed first: the commonest, and no
 * lookup at all), and the words that name none. Several words that are one name ("usd coin") are one.
 */
function priced(
  ctx: BotContext,
  text: string,
  asked: string[],
  ticker: Ticker,
  names: ReadonlyMap<string, string>,
): { known: string[]; unknown: string[]; assets?: ReturnType<typeof assetsOf> } {
  if (asked.every((code) => ticker[code] !== undefined)) return { known: asked, unknown: [] };
  const assets = assetsOf(ctx, listed(ticker, names));
  const whole = resolveAsset(assets, text);
  if (whole.found && ticker[whole.code] !== undefined) return { known: [whole.code], unknown: [] };
  const known: string[] = [];
  const unknown: string[] = [];
  for (const word of asked) {
    const match =
      ticker[word] !== undefined ? { found: true as const, code: word } : resolveAsset(assets, word);
    if (match.found && ticker[match.code] !== undefined) {
      if (!known.includes(match.code)) known.push(match.code);
    } else unknown.push(word);
  }
  return { known, unknown, assets };
}

/** The codes (and names) of every priced asset, alphabetically. */
function allAssetsText(ctx: BotContext, ticker: Ticker, names: ReadonlyMap<string, string>): string {
  const codes = Object.keys(ticker).sort();
  const entries = codes.map((code) => {
    const name = names.get(code);
    return name ? `${escapeHtml(code)} (${escapeHtml(name)})` : escapeHtml(code);
  });
  return [
    ctx.t("price-all-title", { count: codes.length }),
    entries.join(", "),
    "",
    ctx.t("price-all-hint"),
  ].join("\n");
}

/**
 * The card's texts that only change with the ticker: each asset's line per language, rendered once per
 * ticker reading and list of names (a new reading comes at most once a second, while every /price of
 * that second shows the same lines), and the "updated" line per language, zone and second.
 */
function cardTexts() {
  let reading: { ticker: Ticker; names: ReadonlyMap<string, string> } | undefined;
  // By language, then by asset code: no key string is built (and hashed) per line.
  const lines = new Map<string, Map<string, string>>();
  let updated: { locale: string; tz: string; second: number; text: string } | undefined;
  return {
    /** The line of `code` (priced in `ticker`) in the language of `ctx`. */
    line(ctx: BotContext, locale: string, ticker: Ticker, names: ReadonlyMap<string, string>, code: string) {
      if (reading?.ticker !== ticker || reading.names !== names) {
        reading = { ticker, names };
        lines.clear();
      }
      let ofLocale = lines.get(locale);
      if (ofLocale === undefined) {
        ofLocale = new Map();
        lines.set(locale, ofLocale);
      }
      let text = ofLocale.get(code);
      if (text === undefined) {
        const entry = ticker[code] as Ticker[string];
        text = ctx.t("price-line", {
          asset: escapeHtml(code),
          name: escapeHtml(names.get(code) ?? ""),
          buy: formatPrice(entry.buy, locale),
          sell: formatPrice(entry.sell, locale),
        });
        ofLocale.set(code, text);
      }
      return text;
    },
    /** The "updated" line for `at` (epoch ms: when the prices were read) in `tz`. */
    updated(ctx: BotContext, locale: string, tz: string, at: number) {
      const second = Math.floor(at / 1000);
      if (updated?.second !== second || updated.locale !== locale || updated.tz !== tz) {
        updated = { locale, tz, second, text: ctx.t("price-updated", formatClock(new Date(at), tz, locale)) };
      }
      return updated.text;
    },
  };
}

/** The price command. */
export function priceFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  const card = cardTexts();
  composer.command("price", async (ctx) => {
    const asked = parseAssetList(ctx.match);
    const locale = await ctx.i18n.getLocale();
    let text: string;
    try {
      // While users keep asking, the market data is in memory (the ticker at most a few seconds old, and
      // refreshed meanwhile): nothing to wait for (as after a wait, a /cancel this process has seen
      // silences the update). Otherwise wait: market data is shared by every user, so /cancel does not
      // abort it; its deadline bounds it.
      let market = deps.market.held();
      if (market === undefined) {
        const waited = await waitForExchange(ctx, deps, () => deps.market.load());
        if (waited.cancelled) return;
        market = waited.value;
      } else if (ctx.cancelScope.interrupted) return;
      const { ticker, names, at } = market;
      if (asked.length === 1 && asked[0] === ALL) {
        for (const part of splitMessage(allAssetsText(ctx, ticker, names))) await ctx.reply(part);
        return;
      }
      const wanted = asked.length > 0 ? asked : TOP_ASSETS.filter((code) => ticker[code]);
      const { known, unknown, assets } = priced(ctx, ctx.match, wanted, ticker, names);
      const lines = known.length > 0 ? [ctx.t("price-title")] : [];
      for (const code of known) lines.push(card.line(ctx, locale, ticker, names, code));
      if (assets !== undefined && unknown.length > 0) {
        // One line per unknown word, with the closest listed assets, and how to see them all.
        for (const word of unknown) lines.push(unknownAssetText(ctx.t, assets, word));
        lines.push(ctx.t("price-see-all"));
      }
      if (known.length > 0) {
        const tz = ctx.from && ctx.chat?.type === "private" ? userTimezone(ctx, deps) : deps.defaultTimezone;
        lines.push("", card.updated(ctx, locale, tz, at));
      }
      text = lines.join("\n");
    } catch (error) {
      const explained = describeExchangeError(error, ctx.t);
      if (explained === undefined) throw error;
      text = explained;
    }
    await ctx.reply(text);
  });
  return composer;
}
