/**
 * The account statement: a PDF for date_from..date_to (at most twelve months) with the account, the
 * period, opening and closing balances, and the transactions in the range. A date without a time in
 * date_to covers that whole day.
 */
import { ASSETS } from "../assets.ts";
import { FIAT, formatAmount } from "../decimal.ts";
import { ApiError } from "../http-utils.ts";
import { balanceAt } from "../ledger.ts";
import { type PdfLine, renderPdf } from "../pdf.ts";
import type { Account } from "../records.ts";
import type { Router } from "../router.ts";
import { addDays, addMonths, formatTime, type ParsedTime, parseTime } from "../time.ts";
import { FieldErrors } from "../validation.ts";

const BALANCE_COLUMNS = [0, 80, 240];
const TX_COLUMNS = [0, 85, 135, 240, 345, 430];

function readDate(query: URLSearchParams, name: string, errors: FieldErrors): ParsedTime | undefined {
  const raw = query.get(name);
  if (raw === null || raw === "") {
    errors.add(name, "This field is required.");
    return undefined;
  }
  const parsed = parseTime(raw);
  if (!parsed) errors.add(name, "Enter a valid ISO 8601 date or date-time.");
  return parsed;
}

/** The statement's text lines. */
function statementLines(account: Account, from: number, to: number, now: number): PdfLine[] {
  const lines: PdfLine[] = [
    { text: "Digital Surge Sandbox - Account statement", size: 16, bold: true },
    { text: "" },
    { text: `Account: #${account.id} ${account.firstName} ${account.lastName} <${account.email}>` },
    { text: `Period: ${formatTime(from)} to ${formatTime(to)} (Australia/Brisbane time)` },
    { text: `Generated: ${formatTime(now)}` },
    { text: "" },
    { text: "Balances", size: 12, bold: true },
    { text: ["Asset", "Opening balance", "Closing balance"], bold: true, columns: BALANCE_COLUMNS },
  ];
  for (const asset of [FIAT, ...ASSETS.map((a) => a.code)]) {
    const opening = balanceAt(account, asset, from);
    const closing = balanceAt(account, asset, to);
    if (opening.isZero() && closing.isZero()) continue;
    lines.push({
      text: [asset, formatAmount(asset, opening), formatAmount(asset, closing)],
      columns: BALANCE_COLUMNS,
    });
  }
  lines.push({ text: "" }, { text: "Transactions", size: 12, bold: true });
  const txs = account.transactions
    .filter((t) => t.created >= from && t.created <= to)
    .sort((a, b) => a.created - b.created || a.summaryId - b.summaryId);
  if (txs.length === 0) lines.push({ text: "No transactions in this period." });
  else {
    lines.push({
      text: ["Date", "Type", "Sent", "Received", "Fee", "Status"],
      bold: true,
      columns: TX_COLUMNS,
    });
    for (const t of txs) {
      lines.push({
        text: [
          formatTime(t.created).replace("T", " "),
          t.type,
          `${t.srcAmount} ${t.srcAsset}`,
          `${t.dstAmount} ${t.dstAsset}`,
          `${t.fee} ${t.feeCurrency}`,
          t.status,
        ],
        size: 8,
        columns: TX_COLUMNS,
      });
    }
  }
  return lines;
}

/** Registers GET /api/private/account-statement/pdf/. */
export function registerStatementRoutes(router: Router): void {
  router.private("GET", "/api/private/account-statement/pdf/", ({ sb, account, query }) => {
    const errors = new FieldErrors();
    const from = readDate(query, "date_from", errors);
    const to = readDate(query, "date_to", errors);
    errors.throwIfAny();
    if (!from || !to) throw new ApiError(400, { non_field_errors: ["Give date_from and date_to."] });
    if (to.ms < from.ms) throw new ApiError(400, { date_to: ["date_to must not be before date_from."] });
    if (to.ms > addMonths(from.ms, 12))
      throw new ApiError(400, { date_to: ["The range must be at most twelve months."] });
    const end = to.dateOnly ? addDays(to.ms, 1) - 1 : to.ms;
    const now = sb.clock.now();
    const data = renderPdf({
      title: "Account statement",
      lines: statementLines(account, from.ms, end, now),
      createdAt: now,
    });
    const day = (ms: number): string => formatTime(ms).slice(0, 10).replaceAll("-", "");
    return {
      status: 200,
      binary: { contentType: "application/pdf", data, filename: `statement-${day(from.ms)}-${day(end)}.pdf` },
    };
  });
}
