/** Quotes, swap results and the swap list as Telegram HTML. */
import { SWAP_STATUS, type SwapListItem, toDec } from "../../exchange/index.ts";
import { type Quote, tradeKind } from "../../services/swaps/quotes.ts";
import type { BotContext } from "../context.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { formatAmount, formatAud, formatPercent, formatPrice } from "../flow-kit/format/numbers.ts";
import { formatDateTime } from "../flow-kit/format/time.ts";

type Translate = BotContext["t"];

/** Fees that apply (non-zero), each in its own asset, joined. */
function feesText(parts: [string, string | null][], locale: string): string | undefined {
  const shown = parts
    .filter((p): p is [string, string] => p[1] !== null && !toDec(p[1]).isZero())
    .map(([asset, fee]) => formatAmount(asset, fee, locale));
  return shown.length > 0 ? shown.join(" + ") : undefined;
}

/** The quote message: what is paid and received, price, fees, slippage, and how long it holds. */
export function renderQuote(quote: Quote, t: Translate, locale: string, note?: string): string {
  const { src, dst } = quote.request;
  const e = quote.estimate;
  const kind = tradeKind(src, dst);
  const title =
    kind === "buy"
      ? t("quote-title-buy", { asset: escapeHtml(dst) })
      : kind === "sell"
        ? t("quote-title-sell", { asset: escapeHtml(src) })
        : t("quote-title-swap", { src: escapeHtml(src), dst: escapeHtml(dst) });
  // Buys and sells are priced in AUD per unit of the crypto; crypto swaps in units of src per unit of dst.
  const price =
    kind === "swap"
      ? t("quote-price-per", { price: formatAmount(src, e.estimated_price, locale), asset: escapeHtml(dst) })
      : t("quote-price-per", {
          price: formatPrice(e.estimated_price, locale),
          asset: escapeHtml(kind === "buy" ? dst : src),
        });
  const fee = feesText(
    [
      [src, e.src_fee],
      [dst, e.dst_fee],
    ],
    locale,
  );
  const seconds = Math.max(0, Math.round((quote.expiresAt - quote.quotedAt) / 1000));
  const lines = [
    ...(note ? [note, ""] : []),
    title,
    t("quote-give", { kind, amount: formatAmount(src, e.est_sell_amount, locale) }),
    t("quote-get", { amount: formatAmount(dst, e.est_buy_amount, locale) }),
    t("quote-price", { price }),
    ...(fee ? [t("quote-fee", { amount: fee })] : []),
    // The estimate's slippage is a fraction of the price.
    t("quote-slippage", { percent: formatPercent(toDec(e.slippage).times(100).toFixed(), locale, false) }),
    "",
    t("quote-holds", { seconds }),
  ];
  return lines.join("\n");
}

/** The final state of a swap. */
export function renderSwapResult(swap: SwapListItem, t: Translate, locale: string): string {
  if (swap.status === SWAP_STATUS.ERROR) return t("swap-error", { id: swap.id });
  if (swap.status === SWAP_STATUS.REJECTED) return t("swap-rejected", { id: swap.id });
  const kind = tradeKind(swap.src_asset, swap.dst_asset);
  const lines = [t("swap-processed", { id: swap.id })];
  if (swap.sold_amount !== null)
    lines.push(t("swap-gave", { kind, amount: formatAmount(swap.src_asset, swap.sold_amount, locale) }));
  if (swap.bought_amount !== null) {
    lines.push(t("swap-got", { kind, amount: formatAmount(swap.dst_asset, swap.bought_amount, locale) }));
  }
  const fees = feesText(
    [
      [swap.src_asset, swap.src_fee],
      [swap.dst_asset, swap.dst_fee],
    ],
    locale,
  );
  if (fees) lines.push(t("swap-fees", { amount: fees }));
  return lines.join("\n");
}

/** The status icon of a swap in lists. */
export function swapIcon(status: number): string {
  if (status === SWAP_STATUS.PROCESSED) return "✅";
  if (status === SWAP_STATUS.ERROR) return "❌";
  if (status === SWAP_STATUS.REJECTED) return "⛔";
  return "⏳";
}

/** A final amount when it is known (not zero), else the requested one, else null. */
function shownAmount(final: string | null, requested: string | null): string | null {
  return final !== null && !toDec(final).isZero() ? final : requested;
}

/**
 * One entry of the swap list: status, id, when (in `timeZone`, when the exchange sends it), and both
 * amounts labelled by direction ("spent $10.00 → bought 0.0001 BTC"); a crypto swap adds its AUD value.
 */
export function renderSwapLine(swap: SwapListItem, t: Translate, locale: string, timeZone: string): string {
  const kind = tradeKind(swap.src_asset, swap.dst_asset);
  const sold = shownAmount(swap.sold_amount, swap.req_spend_amount);
  const bought = shownAmount(swap.bought_amount, swap.req_get_amount);
  const trade = t(swap.status === SWAP_STATUS.PROCESSED ? "swaps-trade-done" : "swaps-trade-open", {
    kind,
    sold: sold === null ? escapeHtml(swap.src_asset) : formatAmount(swap.src_asset, sold, locale),
    bought: bought === null ? escapeHtml(swap.dst_asset) : formatAmount(swap.dst_asset, bought, locale),
  });
  // A crypto swap's AUD value is on neither side; a buy's or sell's would repeat its AUD amount.
  const worth =
    kind === "swap" && swap.aud_value !== null && !toDec(swap.aud_value).isZero()
      ? ` · ${t("swaps-worth", { value: formatAud(swap.aud_value, locale) })}`
      : "";
  const head = { icon: swapIcon(swap.status), id: swap.id, trade: trade + worth };
  return swap.created
    ? t("swaps-line", { ...head, when: formatDateTime(swap.created, timeZone, locale) })
    : t("swaps-line-undated", head);
}
