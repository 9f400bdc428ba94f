/** Recurring trades as Telegram HTML: list rows, the detail card, and the changes a Confirm will make. */
import { DIRECTION, type Direction, type RecurringBuy } from "../../exchange/index.ts";
import { isPeriod, quantityAsset } from "../../services/recurring/checks.ts";
import type { BotContext } from "../context.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { formatAmount } from "../flow-kit/format/numbers.ts";
import { formatDateTime } from "../flow-kit/format/time.ts";

type Translate = BotContext["t"];

/** Where times are shown: the user's zone and language. */
export interface Shown {
  t: Translate;
  locale: string;
  zone: string;
  now: number;
}

/** The Fluent selector of a direction code; a code the spec does not list is shown as "other". */
export function directionWord(direction: number): "buy" | "sell" | "other" {
  return direction === DIRECTION.BUY ? "buy" : direction === DIRECTION.SELL ? "sell" : "other";
}

/** A cadence in words; one the bot does not know (the service accepts any string) is shown as sent. */
export function periodWords(period: string, t: Translate): string {
  return isPeriod(period) ? t(`dca-period-${period}`) : escapeHtml(period);
}

/** A schedule's quantity with its unit: "$100.00" to spend, or "0.5 BTC" to sell. */
export function quantityWords(asset: string, direction: number, quantity: string, locale: string): string {
  return formatAmount(quantityAsset(asset, direction as Direction), quantity, locale);
}

/** When the next run is: its time, "due now" when it has come, or "paused". */
export function nextRunWords(schedule: Pick<RecurringBuy, "start" | "enabled">, shown: Shown): string {
  const { t } = shown;
  if (!schedule.enabled) return t("dca-next-paused");
  if (schedule.start === null) return t("dca-next-none");
  if (schedule.start.getTime() <= shown.now) return t("dca-next-due");
  return formatDateTime(schedule.start, shown.zone, shown.locale);
}

/** "Next run: …", with the zone when it is a time. */
export function nextRunLine(schedule: Pick<RecurringBuy, "start" | "enabled">, shown: Shown): string {
  const timed = schedule.enabled && schedule.start !== null && schedule.start.getTime() > shown.now;
  const when = nextRunWords(schedule, shown);
  return timed
    ? shown.t("dca-line-next", { when, zone: escapeHtml(shown.zone) })
    : shown.t("dca-line-next-untimed", { when });
}

/** Two lines of the list for one schedule. */
export function renderScheduleRow(schedule: RecurringBuy, shown: Shown): string {
  const { t, locale } = shown;
  const direction = directionWord(schedule.direction);
  return [
    t("dca-row-head", {
      icon: schedule.enabled ? "▶️" : "⏸",
      id: schedule.id,
      direction,
      asset: escapeHtml(schedule.asset),
      period: periodWords(schedule.period, t),
    }),
    t("dca-row-quantity", {
      direction,
      amount: quantityWords(schedule.asset, schedule.direction, schedule.quantity, locale),
      next: nextRunWords(schedule, shown),
    }),
  ].join("\n");
}

/** The lines describing a schedule (or a draft of one): asset, direction, quantity, cadence. */
export function scheduleLines(
  draft: Pick<RecurringBuy, "asset" | "direction" | "quantity" | "period">,
  t: Translate,
  locale: string,
): string[] {
  const direction = directionWord(draft.direction);
  return [
    t("dca-line-trade", { direction, asset: escapeHtml(draft.asset) }),
    t("dca-line-quantity", {
      direction,
      amount: quantityWords(draft.asset, draft.direction, draft.quantity, locale),
    }),
    t("dca-line-period", { period: periodWords(draft.period, t) }),
  ];
}

/** The detail card of a schedule, with an optional note above it. */
export function renderSchedule(schedule: RecurringBuy, shown: Shown, note?: string): string {
  const { t, locale } = shown;
  return [
    ...(note ? [note, ""] : []),
    t("dca-detail-title", { id: schedule.id, name: escapeHtml(schedule.asset_name) }),
    ...scheduleLines(schedule, t, locale),
    // A time names its zone; "due now" or "not scheduled" need none, and a paused one has no next run.
    ...(schedule.enabled ? [nextRunLine(schedule, shown)] : []),
    t("dca-line-status", { enabled: schedule.enabled ? "on" : "off" }),
  ].join("\n");
}

/** A date and time in the user's zone, for summaries. */
export function whenWords(at: Date, shown: Pick<Shown, "zone" | "locale">): string {
  return formatDateTime(at, shown.zone, shown.locale);
}
