/** /price [ASSET ...]: buy and sell prices from the public ticker (works in groups too). */
import { Composer } from "grammy";
import { type BotContext, type BotDeps, userTimezone } from "../context.ts";
import { describeExchangeError } from "../exchange-errors.ts";
import { waitForExchange } from "../exchange-wait.ts";
import { escapeHtml, shorten } from "../format/html.ts";
import { formatPrice } from "../format/numbers.ts";
import { formatClock } from "../format/time.ts";

/** Shown when no asset is named. */
export const TOP_ASSETS = ["BTC", "ETH", "SOL", "XRP", "ADA", "DOGE", "LTC", "USDT"] as const;
const MAX_ASSETS = 20;

/** Parses "/price btc, eth" arguments into distinct upper-case codes (at most 20). */
export function parseAssetList(text: string): string[] {
  const codes = text
    .split(/[\s,]+/)
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s !== "");
  return [...new Set(codes)].slice(0, MAX_ASSETS);
}

/** The price command. */
export function priceFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("price", async (ctx) => {
    const asked = parseAssetList(ctx.match);
    const locale = await ctx.i18n.getLocale();
    let text: string;
    try {
      // Market data is shared by every user, so /cancel does not abort it; its deadline bounds it.
      const waited = await waitForExchange(ctx, deps, () =>
        Promise.all([deps.market.ticker(), deps.market.assetNames()]),
      );
      if (waited.cancelled) return;
      const [ticker, names] = waited.value;
      const wanted = asked.length > 0 ? asked : TOP_ASSETS.filter((code) => ticker[code]);
      const known = wanted.filter((code) => ticker[code] !== undefined);
      const unknown = wanted.filter((code) => ticker[code] === undefined);
      const lines = known.length > 0 ? [ctx.t("price-title")] : [];
      for (const code of known) {
        const entry = ticker[code];
        if (!entry) continue;
        lines.push(
          ctx.t("price-line", {
            asset: escapeHtml(code),
            name: escapeHtml(names.get(code) ?? ""),
            buy: formatPrice(entry.buy, locale),
            sell: formatPrice(entry.sell, locale),
          }),
        );
      }
      if (unknown.length > 0) {
        const examples = Object.keys(ticker).sort().slice(0, 12).join(", ");
        const shown = unknown.map((code) => shorten(code, 12)).join(", ");
        lines.push(ctx.t("price-unknown", { assets: escapeHtml(shown), examples: escapeHtml(examples) }));
      }
      if (known.length > 0) {
        const tz = ctx.from && ctx.chat?.type === "private" ? userTimezone(ctx, deps) : deps.defaultTimezone;
        lines.push("", ctx.t("price-updated", formatClock(new Date(), tz, locale)));
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
