/** One inline price card: the result's title and description, and the message it posts. */
import type { InlineQueryResultArticle } from "grammy/types";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { formatPercent, formatPrice } from "../flow-kit/format/numbers.ts";
import { formatClock } from "../flow-kit/format/time.ts";

/** Public prices of one asset. */
export interface CardPrices {
  code: string;
  /** "" when the exchange lists no name. */
  name: string;
  buy: string;
  sell: string;
  /** Percent change of the mid price over 24 hours; absent when the bot has no price a day old. */
  dayChange?: string;
}

/** When and for whom the card is made. */
export interface CardView {
  at: Date;
  zone: string;
  locale: string;
  /** A link that opens the bot's private chat at the asset's 24-hour chart (a button under the card). */
  chartLink?: string;
}

type Translate = (key: string, variables?: Record<string, string | number>) => string;

/** "▲ +1.23%", "▼ -0.50%" or "0.00%". */
function arrowed(percent: string, locale: string): string {
  const shown = formatPercent(percent, locale);
  if (shown.startsWith("+")) return `▲ ${shown}`;
  if (/^[-−]/.test(shown)) return `▼ ${shown}`;
  return shown;
}

/** The article result for one asset; its id is the asset code (distinct within an answer). */
export function priceCard(t: Translate, prices: CardPrices, view: CardView): InlineQueryResultArticle {
  const buy = formatPrice(prices.buy, view.locale);
  const sell = formatPrice(prices.sell, view.locale);
  const change = prices.dayChange === undefined ? undefined : arrowed(prices.dayChange, view.locale);
  const clock = formatClock(view.at, view.zone, view.locale);
  const text = t("inline-card", {
    asset: escapeHtml(prices.code),
    name: escapeHtml(prices.name),
    buy,
    sell,
    change: change === undefined ? t("inline-change-unknown") : t("inline-change", { change }),
    time: clock.time,
    zone: escapeHtml(clock.zone),
  });
  const title =
    prices.name === "" ? prices.code : t("inline-title", { asset: prices.code, name: prices.name });
  const description =
    change === undefined
      ? t("inline-description", { buy, sell })
      : t("inline-description-change", { buy, sell, change });
  return {
    type: "article",
    id: prices.code,
    title,
    description,
    input_message_content: {
      message_text: text,
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
    },
    ...(view.chartLink === undefined
      ? {}
      : { reply_markup: { inline_keyboard: [[{ text: t("inline-chart-button"), url: view.chartLink }]] } }),
  };
}
