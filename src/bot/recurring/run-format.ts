/**
 * The message of a recurring trade's run, as Telegram HTML: what it bought or sold and for how much (from
 * its history item), or that it did not trade and why, as far as the bot checked (the balance now against
 * what a run needs); then the next run, times in the user's zone.
 */
import { DIRECTION, toDec } from "../../exchange/index.ts";
import type { RecurringRun, RunOutcome, RunTrade } from "../../services/recurring/runs.ts";
import type { BotContext } from "../context.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { formatAmount } from "../flow-kit/format/numbers.ts";
import { formatDateTime } from "../flow-kit/format/time.ts";
import { directionWord, periodWords, quantityWords } from "./format.ts";

type Translate = BotContext["t"];

function tradeLine(trade: RunTrade, sell: boolean, t: Translate, locale: string): string {
  const got = formatAmount(trade.dstAsset, trade.dstAmount, locale);
  const paid = formatAmount(trade.srcAsset, trade.srcAmount, locale);
  const line = sell
    ? t("dca-run-sold", { amount: paid, aud: got })
    : t("dca-run-bought", { amount: got, aud: paid });
  if (trade.fee === null || trade.feeAsset === null || toDec(trade.fee).isZero()) return line;
  return `${line} ${t("dca-run-fee", { fee: formatAmount(trade.feeAsset, trade.fee, locale) })}`;
}

/** Renders one run of a schedule for the user in `zone`. */
export function renderRun(
  run: RecurringRun,
  outcome: RunOutcome,
  t: Translate,
  locale: string,
  zone: string,
): string {
  const sell = run.direction === DIRECTION.SELL;
  const when = formatDateTime(new Date(run.at), zone, locale);
  const asset = escapeHtml(run.asset);
  const lines: string[] = [];
  if (outcome.kind === "traded") {
    lines.push(t("dca-run-traded", { id: run.scheduleId, when, zone: escapeHtml(zone) }));
    for (const trade of outcome.trades) lines.push(tradeLine(trade, sell, t, locale));
  } else {
    lines.push(t("dca-run-not-traded", { id: run.scheduleId, when, zone: escapeHtml(zone) }));
    const needs = quantityWords(run.asset, run.direction, run.quantity, locale);
    const direction = directionWord(run.direction);
    if (outcome.balance === undefined) lines.push(t("dca-run-why-unknown"));
    else {
      const balance = formatAmount(outcome.asset, outcome.balance, locale);
      lines.push(
        toDec(outcome.balance).lessThan(toDec(run.quantity))
          ? t("dca-run-why-balance", { direction, asset, amount: needs, balance })
          : t("dca-run-why-covered", { direction, asset, amount: needs, balance }),
      );
    }
  }
  lines.push(
    run.next === null
      ? t("dca-run-no-next")
      : t("dca-run-next", {
          when: formatDateTime(new Date(run.next), zone, locale),
          zone: escapeHtml(zone),
          period: periodWords(run.period, t),
        }),
  );
  return lines.join("\n");
}
