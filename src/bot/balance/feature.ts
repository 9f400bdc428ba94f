/** /balance: cash, holdings with values, total and returns; Refresh edits the message in place. */
import { type Composer, InlineKeyboard } from "grammy";
import { loadPortfolioSummary, type PortfolioSummary } from "../../services/balance/portfolio-summary.ts";
import { type BotContext, type BotDeps, userTimezone } from "../context.ts";
import { describeExchangeError } from "../flow-kit/exchange-errors.ts";
import { interactiveCall, waitForExchange } from "../flow-kit/exchange-wait.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { formatAud, formatPercent, formatQuantity } from "../flow-kit/format/numbers.ts";
import { formatClock } from "../flow-kit/format/time.ts";
import { refreshedJustNow } from "../flow-kit/refresh-gap.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";

const REFRESH = "bal:refresh";

/** Renders a summary as the /balance message. */
export function renderBalance(
  summary: PortfolioSummary,
  t: BotContext["t"],
  locale: string,
  clock: { time: string; zone: string },
): string {
  const lines = [t("balance-title"), t("balance-aud", { amount: formatAud(summary.aud, locale) }), ""];
  if (summary.holdings.length === 0) lines.push(t("balance-none"));
  for (const holding of summary.holdings) {
    const quantity = formatQuantity(holding.quantity, locale);
    const asset = escapeHtml(holding.asset);
    const line =
      holding.value === null
        ? t("balance-holding-no-value", { asset, quantity })
        : t("balance-holding", { asset, quantity, value: formatAud(holding.value, locale) });
    lines.push(holding.stale ? `${line} ${t("balance-stale")}` : line);
  }
  lines.push("", t("balance-total", { total: formatAud(summary.total, locale) }));
  if (summary.dayReturn !== null && summary.accountDayPercent !== null) {
    lines.push(
      t("balance-day", {
        amount: formatAud(summary.dayReturn, locale, true),
        percent: formatPercent(summary.accountDayPercent, locale),
      }),
    );
  }
  if (summary.cryptoDayPercent !== null)
    lines.push(t("balance-crypto-day", { percent: formatPercent(summary.cryptoDayPercent, locale) }));
  if (summary.totalReturn !== null) {
    lines.push(
      t("balance-all-time", {
        amount: formatAud(summary.totalReturn, locale, true),
        percent: formatPercent(summary.totalReturnPercent ?? "0", locale),
      }),
    );
  }
  lines.push("", t("balance-updated", clock));
  return lines.join("\n");
}

async function balanceText(ctx: BotContext, deps: BotDeps): Promise<string | undefined> {
  const client = ctx.from
    ? await deps.accounts.clientFor(ctx.from.id, interactiveCall(ctx, deps))
    : undefined;
  if (!client) return undefined;
  const locale = await ctx.i18n.getLocale();
  try {
    const summary = await loadPortfolioSummary(client);
    return renderBalance(summary, ctx.t, locale, formatClock(new Date(), userTimezone(ctx, deps), locale));
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    return explained;
  }
}

const keyboard = (ctx: BotContext) => new InlineKeyboard().text(ctx.t("button-refresh"), REFRESH);

/** The balance command and its Refresh button. */
export function balanceFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  const privateChats = composer.chatType("private");

  privateChats.command("balance", async (ctx) => {
    const waited = await waitForExchange(ctx, deps, () => balanceText(ctx, deps));
    if (waited.cancelled) return;
    const text = waited.value;
    if (text === undefined) await ctx.reply(ctx.t("connect-needed"));
    else await ctx.reply(text, { reply_markup: keyboard(ctx) });
  });

  privateChats.callbackQuery(REFRESH, async (ctx) => {
    if (await refreshedJustNow(ctx, deps)) return;
    const waited = await waitForExchange(ctx, deps, () => balanceText(ctx, deps));
    await ctx.answerCallbackQuery();
    if (waited.cancelled) return;
    const text = waited.value;
    if (text === undefined) {
      await ctx.reply(ctx.t("connect-needed"));
      return;
    }
    // Two refreshes within the same second render the same text; the error boundary lets that pass.
    await ctx.editMessageText(text, { reply_markup: keyboard(ctx) });
  });

  return composer;
}
