/**
 * Fetching a statement PDF and sending it as a document: "sending a file…" stays on screen while the
 * exchange prepares it, the file is named after the account and the period, and the caption says the
 * period and the time zone its days are in.
 */
import { InputFile } from "grammy";
import type { StatementRange } from "../../services/statements/periods.ts";
import { isoDate, type LocalDate } from "../../services/statements/zoned-time.ts";
import { type BotContext, type BotDeps, userTimezone } from "../context.ts";
import { describeExchangeError } from "../flow-kit/exchange-errors.ts";
import { clientOrConnect, waitForExchange } from "../flow-kit/exchange-wait.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { intlLocale } from "../flow-kit/format/locale.ts";

const PDF_MAGIC = "%PDF-";

/** A calendar date in the user's language: "1 Jul 2025". */
export function formatDay(date: LocalDate, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(Date.UTC(date.year, date.month - 1, date.day)),
  );
}

/** "surge-statement-acct-42-2025-07-01-to-2026-06-30.pdf" (the account part only when known). */
export function statementFileName(range: StatementRange, account: string | undefined): string {
  const safe = account?.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 20);
  const who = safe ? `acct-${safe}-` : "";
  return `surge-statement-${who}${isoDate(range.firstDay)}-to-${isoDate(range.lastDay)}.pdf`;
}

function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).toString("latin1") === PDF_MAGIC;
}

/**
 * Fetches the statement for `range` and sends it. Every failure is told in plain words; reading a
 * statement changes nothing, so no failure here needs more than that.
 */
export async function deliverStatement(ctx: BotContext, deps: BotDeps, range: StatementRange): Promise<void> {
  const client = await clientOrConnect(ctx, deps);
  if (!client) return;
  const language = await ctx.i18n.getLocale();
  const period = { from: formatDay(range.firstDay, language), to: formatDay(range.lastDay, language) };
  try {
    const waited = await waitForExchange(
      ctx,
      deps,
      () =>
        Promise.all([
          client.statements.pdf(range.from, range.to),
          // Only for the file name: a statement without it is still a statement.
          client.profile.brief().catch(() => undefined),
        ]),
      "upload_document",
    );
    if (waited.cancelled) return;
    const [pdf, profile] = waited.value;
    if (!isPdf(pdf.bytes)) {
      await ctx.reply(ctx.t("stmt-not-pdf"));
      return;
    }
    const account = profile?.id === undefined ? undefined : String(profile.id);
    await ctx.replyWithDocument(new InputFile(pdf.bytes, statementFileName(range, account)), {
      caption: ctx.t("stmt-caption", {
        ...period,
        zone: escapeHtml(userTimezone(ctx, deps)),
        account: account === undefined ? "none" : escapeHtml(account),
      }),
    });
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    await ctx.reply(explained);
  }
}
