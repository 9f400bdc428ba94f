/**
 * A recurring trade paused or resumed by words ("pause my weekly btc buy", 暂停比特币定投), as the plain
 * request's line `/dca pause|resume ASSET|- buy|sell|- PERIOD|-`. Nothing is written here: the one trade the
 * words name is shown as its card, with the note that asks, and its own Pause / Resume button does the write
 * (a single-use token, as from /dca). Several that fit are offered as buttons; none is said, with what fits.
 */
import { InlineKeyboard } from "grammy";
import { type ExchangeClient, RECURRING_PERIODS, type RecurringBuy } from "../../exchange/index.ts";
import { allSchedules } from "../../services/recurring/schedules.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { waitForExchange } from "../flow-kit/exchange-wait.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { recordShown } from "../flow-kit/live-confirmations.ts";
import { scheduleCard } from "./card.ts";
import { directionWord, periodWords } from "./format.ts";

/** What the words named: the change, and the asset, side and period when they said one. */
export interface DcaChange {
  change: "pause" | "resume";
  asset?: string;
  side?: "buy" | "sell";
  period?: string;
}

const MAX_BUTTONS = 9;
/** What is said, by the change: the question on the card, and that all that fit are already so. */
const ASK = { pause: "dca-words-pause-this", resume: "dca-words-resume-this" } as const;
const ALREADY = { pause: "dca-words-already-paused", resume: "dca-words-already-resumed" } as const;

/** `/dca pause BTC buy weekly` (any of the three may be "-"); undefined for any other text. */
export function readDcaChange(text: string): DcaChange | undefined {
  const words = text.trim().split(/\s+/);
  const change = words[0]?.toLowerCase();
  if ((change !== "pause" && change !== "resume") || words.length > 4) return undefined;
  const named: DcaChange = { change };
  for (const word of words.slice(1)) {
    const lower = word.toLowerCase();
    if (lower === "-") continue;
    if (lower === "buy" || lower === "sell") named.side = lower;
    else if ((RECURRING_PERIODS as readonly string[]).includes(lower)) named.period = lower;
    else if (/^[A-Za-z0-9]{1,10}$/.test(word) && named.asset === undefined) named.asset = word.toUpperCase();
    else return undefined;
  }
  return named;
}

/** Whether a schedule is one the words name. */
function fits(schedule: RecurringBuy, named: DcaChange): boolean {
  return (
    (named.asset === undefined || schedule.asset === named.asset) &&
    (named.side === undefined || directionWord(schedule.direction) === named.side) &&
    (named.period === undefined || schedule.period === named.period)
  );
}

/** What the words named, in the user's words of ours ("BTC · buy · weekly"); "all" when nothing narrows. */
function describe(named: DcaChange, t: BotContext["t"]): string {
  const parts = [
    ...(named.asset ? [escapeHtml(named.asset)] : []),
    ...(named.side ? [t(`dca-words-side-${named.side}`)] : []),
    ...(named.period ? [periodWords(named.period, t)] : []),
  ];
  return parts.length === 0 ? t("dca-words-any") : parts.join(" · ");
}

/**
 * Shows the recurring trade the words name, to pause or resume with its own button: its card when one
 * fits, a choice when several do, and what was looked for when none does (or all are already so).
 */
export async function changeByWords(
  ctx: BotContext,
  deps: BotDeps,
  client: ExchangeClient,
  named: DcaChange,
): Promise<void> {
  const waited = await waitForExchange(ctx, deps, () => allSchedules(client));
  if (waited.cancelled) return;
  const fitting = waited.value.filter((schedule) => fits(schedule, named));
  const open = fitting.filter((schedule) => schedule.enabled === (named.change === "pause"));
  const what = describe(named, ctx.t);
  const only = open.length === 1 ? open[0] : undefined;
  if (only !== undefined) {
    const card = await scheduleCard(ctx, deps, only, ctx.t(ASK[named.change]));
    const sent = await ctx.reply(card.text, { reply_markup: card.keyboard });
    if (card.token) await recordShown(ctx, deps, card.token, sent.message_id);
    return;
  }
  if (open.length > 1) {
    const keyboard = new InlineKeyboard();
    open.slice(0, MAX_BUTTONS).forEach((schedule, i) => {
      keyboard.text(
        ctx.t("dca-button-open", { id: schedule.id, asset: schedule.asset }),
        `dca:v:${schedule.id}`,
      );
      if (i % 3 === 2) keyboard.row();
    });
    await ctx.reply(ctx.t("dca-words-which", { count: open.length, what }), { reply_markup: keyboard });
    return;
  }
  const key = fitting.length > 0 ? ALREADY[named.change] : "dca-words-none";
  await ctx.reply(ctx.t(key, { what }), {
    reply_markup: new InlineKeyboard().text(ctx.t("dca-button-back"), "dca:l"),
  });
}
