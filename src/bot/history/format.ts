/** The history list, a row's detail and an invoice as Telegram HTML. */
import { TRANSACTION_TYPES } from "../../exchange/index.ts";
import { type HistoryFilters, type HistoryRow, INVOICE_TYPES } from "../../services/history/rows.ts";
import type { BotContext } from "../context.ts";
import { escapeHtml } from "../format/html.ts";
import { formatAud, formatQuantity } from "../format/numbers.ts";
import { formatDateTime } from "../format/time.ts";

type Translate = BotContext["t"];

const TYPE_ICONS: Readonly<Record<string, string>> = {
  buy: "🟢",
  sell: "🔴",
  swap: "🔄",
  deposit: "⬇️",
  withdrawal: "⬆️",
  commission: "💼",
  airdrop: "🪂",
  stake: "🔒",
  unstake: "🔓",
  reward: "🎁",
};

const STATUS_ICONS: Readonly<Record<string, string>> = {
  completed: "✅",
  processed: "✅",
  pending: "⏳",
  processing: "⏳",
  failed: "❌",
  error: "❌",
  rejected: "⛔",
  cancelled: "⛔",
  canceled: "⛔",
  expired: "⌛",
};

/** A known transaction type (the ones with words of their own). */
function isKnownType(type: string): boolean {
  return (TRANSACTION_TYPES as readonly string[]).includes(type);
}

/** The type's icon and word: "🟢 Buy"; an unknown type is shown as the exchange names it. */
export function typeLabel(type: string, t: Translate): string {
  const icon = TYPE_ICONS[type] ?? "•";
  return `${icon} ${isKnownType(type) ? t(`hist-type-${type}`) : escapeHtml(type)}`;
}

/** The status with its icon; the exchange's word is shown as it is (its values are not fixed). */
function statusLabel(status: string): string {
  const icon = STATUS_ICONS[status.toLowerCase()];
  return icon ? `${icon} ${escapeHtml(status)}` : escapeHtml(status);
}

/** "$100.00" for AUD, "0.0123 BTC" for anything else. */
function money(asset: string | null, value: string, locale: string): string {
  if (asset === null || asset.toUpperCase() === "AUD") return formatAud(value, locale);
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
        status: statusLabel(row.status),
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

/** The fields of a transaction, one per line, for the detail and the invoice. */
function fieldLines(row: HistoryRow, t: Translate, locale: string, zone: string): string[] {
  const lines = [
    t("hist-detail-when", {
      when: formatDateTime(new Date(row.created), zone, locale),
      zone: escapeHtml(zone),
    }),
    t("hist-detail-status", { status: statusLabel(row.status) }),
  ];
  if (row.subtype !== null) lines.push(t("hist-detail-subtype", { subtype: escapeHtml(row.subtype) }));
  if (row.srcAmount !== null)
    lines.push(t("hist-detail-sent", { amount: money(row.srcAsset, row.srcAmount, locale) }));
  if (row.dstAmount !== null)
    lines.push(t("hist-detail-received", { amount: money(row.dstAsset, row.dstAmount, locale) }));
  if (row.rate !== null) lines.push(t("hist-detail-rate", { rate: escapeHtml(row.rate) }));
  const fee = feeText(row, locale);
  if (fee !== undefined) lines.push(t("hist-detail-fee", { fee }));
  if (row.audFee !== null) lines.push(t("hist-detail-aud-fee", { fee: formatAud(row.audFee, locale) }));
  if (row.audValue !== null) lines.push(t("hist-detail-value", { value: formatAud(row.audValue, locale) }));
  return lines;
}

/** Whether the exchange has an invoice for this type of transaction. */
export function hasInvoice(row: HistoryRow): boolean {
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

/** A row's detail; types without an invoice say so. */
export function renderDetail(row: HistoryRow, t: Translate, locale: string, zone: string): string {
  const lines = [
    t("hist-detail-title", { type: typeLabel(row.type, t), id: row.id }),
    ...withdrawalNumber(row, t),
    ...fieldLines(row, t, locale, zone),
  ];
  if (!hasInvoice(row)) lines.push("", t("hist-invoice-unsupported"));
  return lines.join("\n");
}

/** The invoice record as the exchange returned it. */
export function renderInvoice(row: HistoryRow, t: Translate, locale: string, zone: string): string {
  return [
    t("hist-invoice-title", { type: typeLabel(row.type, t), id: row.id }),
    ...withdrawalNumber(row, t),
    ...fieldLines(row, t, locale, zone),
    "",
    t("hist-invoice-no-pdf"),
  ].join("\n");
}
