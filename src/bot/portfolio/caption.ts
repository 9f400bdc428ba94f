/**
 * The figures of /portfolio as the photo's caption (Telegram allows 1,024 characters after entity
 * parsing): the total and overall returns, the AUD cash, then per holding (largest first) its balance,
 * value and share, average buy price, and day and all-time returns in AUD and percent. Holdings that no
 * longer fit are counted and summed in one line.
 */
import { sumDec, toDec } from "../../exchange/index.ts";
import type { Holding, PortfolioSummary } from "../../services/balance/portfolio-summary.ts";
import type { Allocation } from "../../services/portfolio/allocation.ts";
import type { BotContext } from "../context.ts";
import { escapeHtml, MAX_CAPTION, visibleLength } from "../flow-kit/format/html.ts";
import { formatAud, formatPercent, formatPrice, formatQuantity } from "../flow-kit/format/numbers.ts";

const NONE = "—";

function holdingLines(holding: Holding, total: string, t: BotContext["t"], locale: string): string {
  const asset = escapeHtml(holding.asset);
  const quantity = formatQuantity(holding.quantity, locale);
  const head =
    holding.value === null
      ? t("pf-asset-no-value", { asset, quantity })
      : t("pf-asset", {
          asset,
          quantity,
          value: formatAud(holding.value, locale),
          share: toDec(total).greaterThan(0)
            ? formatPercent(toDec(holding.value).dividedBy(total).times(100).toFixed(), locale, false)
            : NONE,
        });
  const stats = holding.stats;
  const headLine = holding.stale ? `${head} ${t("pf-stale")}` : head;
  if (stats === null) return headLine;
  const aud = (amount: string | null | undefined) =>
    amount == null ? NONE : formatAud(amount, locale, true);
  const pct = (percent: string | null | undefined) =>
    percent == null ? NONE : formatPercent(percent, locale);
  const returns = t("pf-asset-returns", {
    avg:
      stats.total_avg_buy == null || toDec(stats.total_avg_buy).isZero()
        ? NONE
        : formatPrice(stats.total_avg_buy, locale),
    day: aud(stats.day_buy_return),
    dayPercent: pct(stats.day_buy_return_percentage),
    all: aud(stats.total_buy_return),
    allPercent: pct(stats.total_buy_return_percentage),
  });
  return [headLine, returns].join("\n");
}

/**
 * The caption (or, without a picture, the message) for a summary. `withPicture` adds the line that
 * explains the picture. The result always fits {@link MAX_CAPTION}.
 */
export function portfolioCaption(
  summary: PortfolioSummary,
  allocation: Allocation,
  t: BotContext["t"],
  locale: string,
  clock: { time: string; zone: string },
  withPicture: boolean,
): string {
  const head = [t("pf-title", { total: formatAud(summary.total, locale) })];
  const percent = (value: string | null) => (value === null ? NONE : formatPercent(value, locale));
  if (summary.dayReturn !== null)
    head.push(
      t("pf-overall", {
        day: formatAud(summary.dayReturn, locale, true),
        dayPercent: percent(summary.accountDayPercent),
        cryptoPercent: percent(summary.cryptoDayPercent),
      }),
    );
  if (summary.totalReturn !== null)
    head.push(
      t("pf-all-time", {
        all: formatAud(summary.totalReturn, locale, true),
        allPercent: percent(summary.totalReturnPercent),
      }),
    );
  if (toDec(summary.aud).greaterThan(0)) head.push(t("pf-cash", { amount: formatAud(summary.aud, locale) }));
  const tail = [...(withPicture ? [t("pf-legend")] : []), t("pf-updated", clock)];

  const compose = (blocks: string[], more: string | undefined) =>
    [head.join("\n"), blocks.join("\n"), more ?? "", tail.join("\n")]
      .filter((part) => part !== "")
      .join("\n\n");
  const moreLine = (rest: Holding[]) =>
    rest.length === 0
      ? undefined
      : t("pf-more", {
          count: rest.length,
          value: formatAud(sumDec(rest.map((h) => h.value ?? "0")).toFixed(), locale),
        });

  const blocks: string[] = [];
  const holdings = summary.holdings;
  for (const [index, holding] of holdings.entries()) {
    const block = holdingLines(holding, allocation.total, t, locale);
    const candidate = compose([...blocks, block], moreLine(holdings.slice(index + 1)));
    if (visibleLength(candidate) > MAX_CAPTION) break;
    blocks.push(block);
  }
  return compose(blocks, moreLine(holdings.slice(blocks.length)));
}
