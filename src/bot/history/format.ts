/** The history list and a row's detail as Telegram HTML. */
import { type HistoryFilters, type HistoryRow, INVOICE_TYPES } from "../../services/history/rows.ts";
import type { BotContext } from "../context.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { formatAud, formatPrice, formatQuantity } from "../flow-kit/format/numbers.ts";
import { formatDateTime } from "../flow-kit/format/time.ts";
import { statusLabel, subtypeLabel, typeLabel } from "../flow-kit/format/transaction-words.ts";

type Translate = BotContext["t"];

const FIAT = "AUD";

/**
 * The exchange rate as a price: AUD per unit of the crypto for a buy or sell, units of the spent asset
 * per unit of the one got for a crypto swap (as quotes show them); a plain number when the assets are
 * not both known.
 */
function rateText(row: HistoryRow, rate: string, t: Translate, locale: string): string {
  const src = row.srcAsset?.toUpperCase() ?? null;
  const dst = row.dstAsset?.toUpperCase() ?? null;
  if (src === null || dst === null || src === dst) return formatQuantity(rate, locale);
  if (src === FIAT) return t("quote-price-per", { price: formatPrice(rate, locale), asset: escapeHtml(dst) });
  if (dst === FIAT) return t("quote-price-per", { price: formatPrice(rate, locale), asset: escapeHtml(src) });
  return t("quote-price-per", { price: money(src, rate, locale), asset: escapeHtml(dst) });
}

/** "$100.00" for AUD, "0.0123 BTC" for anything else. */
function money(asset: string | null, value: string, locale: string): string {
  if (asset === null || asset.toUpperCase() === FIAT) return formatAud(value, locale);
  return `${formatQuantity(value, locale)} ${escapeHtml(asset)}`;
}

/** The amounts of a row: "$100.00 → 0.0007 BTC", or the one side a deposit or withdrawal has. */
function amounts(row: HistoryRow, locale: string): string | undefined {
  const src = row.srcAmount !== null ? money(row.srcAsset, row.srcAmount, locale) : undefined;
  const dst = row.dstAmount !== null ? money(row.dstAsset, row.dstAmount, locale) : undefined;
  if (src && dst && row.srcAsset !== row.dstAsset) return `${src} → ${dst}`;
  return dst ?? src;
}

/** The fee in its currency. */
function feeText(row: HistoryRow, locale: string): string | undefined {
  if (row.fee === null) return undefined;
  return money(row.feeCurrency, row.fee, locale);
}

/** The filters as a header line: "BTC · Buy, Sell · Last week", or "all transactions". */
export function filtersText(filters: HistoryFilters, t: Translate): string {
  const parts: string[] = [];
  if (filters.asset) parts.push(escapeHtml(filters.asset));
  if (filters.types.length > 0) parts.push(filters.types.map((type) => t(`hist-type-${type}`)).join(", "));
  if (filters.period) parts.push(t(`hist-period-${filters.period}`));
  return parts.length > 0 ? t("hist-filters", { filters: parts.join(" · ") }) : t("hist-filters-none");
}

/** The list message: header (page, filters, zone) and numbered rows. */
export function renderList(
  rows: readonly HistoryRow[],
  filters: HistoryFilters,
  page: number,
  t: Translate,
  locale: string,
  zone: string,
): string {
  const lines = [
    t("hist-title", { page: page + 1 }),
    filtersText(filters, t),
    t("hist-zone", { zone: escapeHtml(zone) }),
    "",
  ];
  rows.forEach((row, i) => {
    lines.push(
      t("hist-row", {
        n: i + 1,
        type: typeLabel(row.type, t),
        when: formatDateTime(new Date(row.created), zone, locale),
        status: statusLabel(row.status, t),
      }),
    );
    const details = [
      amounts(row, locale),
      row.audValue !== null ? t("hist-row-value", { value: formatAud(row.audValue, locale) }) : undefined,
      feeText(row, locale) !== undefined ? t("hist-row-fee", { fee: feeText(row, locale) ?? "" }) : undefined,
    ].filter((part): part is string => part !== undefined);
    if (details.length > 0) lines.push(`    ${details.join(" · ")}`);
  });
  return lines.join("\n");
}

/** The fields of a transaction, one per line. */
function fieldLines(row: HistoryRow, t: Translate, locale: string, zone: string): string[] {
  const lines = [
    t("hist-detail-when", {
      when: formatDateTime(new Date(row.created), zone, locale),
      zone: escapeHtml(zone),
    }),
    t("hist-detail-status", { status: statusLabel(row.status, t) }),
  ];
  if (row.subtype) lines.push(t("hist-detail-subtype", { subtype: subtypeLabel(row.subtype, t) }));
  if (row.srcAmount !== null)
    lines.push(t("hist-detail-sent", { amount: money(row.srcAsset, row.srcAmount, locale) }));
  if (row.dstAmount !== null)
    lines.push(t("hist-detail-received", { amount: money(row.dstAsset, row.dstAmount, locale) }));
  if (row.rate !== null) lines.push(t("hist-detail-rate", { rate: rateText(row, row.rate, t, locale) }));
  const fee = feeText(row, locale);
  if (fee !== undefined) lines.push(t("hist-detail-fee", { fee }));
  if (row.audFee !== null) lines.push(t("hist-detail-aud-fee", { fee: formatAud(row.audFee, locale) }));
  if (row.audValue !== null) lines.push(t("hist-detail-value", { value: formatAud(row.audValue, locale) }));
  return lines;
}

/** Whether the exchange has an invoice for this type of transaction. */
function hasInvoice(row: HistoryRow): boolean {
  return INVOICE_TYPES.includes(row.type);
}

/**
 * The withdrawal's own number beside the transaction's: /withdrawals shows withdrawals by theirs, and the
 * same withdrawal must not seem to be two.
 */
function withdrawalNumber(row: HistoryRow, t: Translate): string[] {
  if (row.type !== "withdrawal" || row.objectId === null || row.objectId === undefined) return [];
  return [t("hist-detail-withdrawal", { id: row.objectId, tx: row.id })];
}

/**
 * A row's detail, with where its invoice is: the exchange makes invoices for swaps, buys, sells and
 * withdrawals, but its API answers an invoice request with this same record (the PDF stays with the
 * exchange), so the bot has nothing more to send and says so.
 */
export function renderDetail(row: HistoryRow, t: Translate, locale: string, zone: string): string {
  return [
    t("hist-detail-title", { type: typeLabel(row.type, t), id: row.id }),
    ...withdrawalNumber(row, t),
    ...fieldLines(row, t, locale, zone),
    "",
    t(hasInvoice(row) ? "hist-invoice-no-pdf" : "hist-invoice-unsupported"),
  ].join("\n");
}
