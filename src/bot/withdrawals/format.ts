/** Withdrawals as Telegram HTML: the summary to confirm, status news, the list and one withdrawal. */
import { WITHDRAWAL_STATUS, type Withdrawal } from "../../exchange/index.ts";
import type { DestinationEntry } from "../../services/withdrawals/checks.ts";
import type { WithdrawalRequest } from "../../services/withdrawals/create.ts";
import type { AssetWithdrawal, WithdrawalRecord } from "../../services/withdrawals/history.ts";
import type { BotContext } from "../context.ts";
import { escapeHtml, shorten } from "../flow-kit/format/html.ts";
import { formatAmount } from "../flow-kit/format/numbers.ts";
import { formatDateTime } from "../flow-kit/format/time.ts";

type Translate = BotContext["t"];

const ICONS: Readonly<Record<number, string>> = {
  [WITHDRAWAL_STATUS.DRAFT]: "📝",
  [WITHDRAWAL_STATUS.PENDING]: "⏳",
  [WITHDRAWAL_STATUS.PROCESSING]: "🔄",
  [WITHDRAWAL_STATUS.ERROR]: "❌",
  [WITHDRAWAL_STATUS.CANCELED]: "🚫",
  [WITHDRAWAL_STATUS.REJECTED]: "⛔",
  [WITHDRAWAL_STATUS.EXPIRED]: "⌛",
  [WITHDRAWAL_STATUS.PROCESSED]: "✅",
};

/** The status icon of a withdrawal. */
export function withdrawalIcon(status: number): string {
  return ICONS[status] ?? "❔";
}

/** The status in words. */
function withdrawalStatus(status: number, t: Translate): string {
  return t("wd-status", { status });
}

/** A label for a message (HTML), escaped and kept short enough for a line. */
export function labelOf(label: string | null | undefined, t: Translate, max = 40): string {
  const trimmed = (label ?? "").trim();
  return trimmed === "" ? t("wd-no-label") : escapeHtml(shorten(trimmed, max));
}

/** A label for a button, whose text is shown as is (never parsed as HTML, so never escaped). */
export function buttonLabel(label: string | null | undefined, t: Translate, max: number): string {
  const trimmed = (label ?? "").trim();
  return trimmed === "" ? t("wd-no-label") : shorten(trimmed, max);
}

/** An address shortened with both ends visible, for lists (the whole one is in the summary and details). */
function shortAddress(address: string): string {
  return address.length <= 20 ? address : `${address.slice(0, 8)}…${address.slice(-8)}`;
}

/** One address book entry in the destination step. */
export function renderEntryLine(entry: DestinationEntry, t: Translate): string {
  const line = t("wd-entry-line", {
    label: labelOf(entry.label, t),
    address: escapeHtml(shortAddress(entry.address)),
  });
  const memo = entry.memo ?? "";
  return memo === "" ? line : `${line} · ${t("wd-entry-memo", { memo: escapeHtml(memo) })}`;
}

/**
 * The summary shown with Confirm: amount, label, the whole address and memo, and what comes next
 * (`created`: the draft exists, so only the destination facts are repeated above the code request).
 */
export function renderSummary(
  request: WithdrawalRequest,
  t: Translate,
  locale: string,
  created = false,
): string {
  const lines = [
    t("wd-summary", {
      asset: escapeHtml(request.asset),
      amount: formatAmount(request.asset, request.amount, locale),
      label: labelOf(request.label, t, 200),
      address: escapeHtml(request.address),
    }),
  ];
  if (request.memo !== "") lines.push(t("wd-summary-memo", { memo: escapeHtml(request.memo) }));
  if (created) return lines.join("\n");
  lines.push("");
  if (request.firstTime) lines.push(t("wd-summary-first-time"), "");
  lines.push(t("wd-summary-check"));
  return lines.join("\n");
}

/** News of a status change, with what it means for the user; "sent" only once the exchange says processed. */
export function renderStatusNews(
  withdrawal: Withdrawal,
  asset: string,
  firstTime: boolean,
  t: Translate,
  locale: string,
): string {
  const { status } = withdrawal;
  const head = t("wd-status-news", {
    icon: withdrawalIcon(status),
    id: withdrawal.id,
    amount: formatAmount(asset, withdrawal.amount, locale),
    status: withdrawalStatus(status, t),
  });
  let detail: string | undefined;
  if (status === WITHDRAWAL_STATUS.PENDING)
    detail = t(firstTime ? "wd-news-pending-first-time" : "wd-news-pending");
  else if (status === WITHDRAWAL_STATUS.PROCESSING) detail = t("wd-news-processing");
  else if (status === WITHDRAWAL_STATUS.PROCESSED) {
    const txid = withdrawal.txid ?? "";
    detail =
      txid === "" ? t("wd-news-processed-no-txid") : t("wd-news-processed", { txid: escapeHtml(txid) });
  } else if (
    status === WITHDRAWAL_STATUS.ERROR ||
    status === WITHDRAWAL_STATUS.CANCELED ||
    status === WITHDRAWAL_STATUS.REJECTED ||
    status === WITHDRAWAL_STATUS.EXPIRED
  )
    detail = t("wd-news-refunded");
  return detail === undefined ? head : `${head}\n${detail}`;
}

/** One line of /withdrawals. */
export function renderListLine(item: AssetWithdrawal, t: Translate, locale: string, zone: string): string {
  const w = item.withdrawal;
  return t("wd-list-line", {
    icon: withdrawalIcon(w.status),
    id: w.id,
    when: formatDateTime(w.created, zone, locale),
    amount: formatAmount(item.asset, w.amount, locale),
    label: labelOf(w.label, t, 24),
    status: withdrawalStatus(w.status, t),
  });
}

/**
 * One withdrawal in full: status, amount, destination, blockchain transaction id, and from the history's
 * record (when known) the fee and its number among transactions in /history, then times.
 */
export function renderDetail(
  item: AssetWithdrawal,
  record: WithdrawalRecord | undefined,
  t: Translate,
  locale: string,
  zone: string,
): string {
  const w = item.withdrawal;
  const lines = [
    t("wd-detail", {
      icon: withdrawalIcon(w.status),
      id: w.id,
      status: withdrawalStatus(w.status, t),
      amount: formatAmount(item.asset, w.amount, locale),
      label: labelOf(w.label, t, 200),
      address: escapeHtml(w.address),
    }),
  ];
  if ((w.tag ?? "") !== "") lines.push(t("wd-detail-memo", { memo: escapeHtml(w.tag ?? "") }));
  if ((w.txid ?? "") !== "") lines.push(t("wd-detail-txid", { txid: escapeHtml(w.txid ?? "") }));
  const fee = record?.fee;
  if (fee !== undefined) lines.push(t("wd-detail-fee", { fee: formatAmount(item.asset, fee, locale) }));
  if (record !== undefined) lines.push(t("wd-detail-transaction", { id: w.id, tx: record.transactionId }));
  lines.push(t("wd-detail-created", { when: formatDateTime(w.created, zone, locale) }));
  if (w.closed !== null && w.closed.getTime() !== w.created.getTime())
    lines.push(t("wd-detail-changed", { when: formatDateTime(w.closed, zone, locale) }));
  lines.push(t("wd-detail-zone", { zone: escapeHtml(zone) }));
  return lines.join("\n");
}
