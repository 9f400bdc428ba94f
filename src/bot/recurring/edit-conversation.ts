/**
 * Changing a recurring trade: its quantity, its cadence, or its next run; then a summary of the change
 * with a single-use Confirm. A new cadence restarts the schedule now unless a start is given (the
 * exchange's rule), so the cadence step asks which, and the summary and the result say what happens.
 */
import { DIRECTION, ExchangeNotFoundError, RECURRING_PERIODS } from "../../exchange/index.ts";
import { checkCovered } from "../../services/recurring/checks.ts";
import type { BotContext, BotDeps, ConversationContext } from "../context.ts";
import { confirmKeyboard } from "../flow-kit/confirm-write.ts";
import { describeExchangeError } from "../flow-kit/exchange-errors.ts";
import { interactiveCall, waitForExchange } from "../flow-kit/exchange-wait.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { recordShown } from "../flow-kit/live-confirmations.ts";
import { type DcaChanges, describeUncovered, issueDcaToken, shownFor } from "./card.ts";
import { checkQuantityOutside, type DcaEditArgs } from "./conversation.ts";
import { directionWord, nextRunWords, periodWords, quantityWords, whenWords } from "./format.ts";
import { askQuantity, askStart, type Convo, choose } from "./prompts.ts";

/** A schedule as plain data (conversation state is JSON): `start` an ISO instant or null. */
interface Plain {
  id: number;
  asset: string;
  direction: number;
  quantity: string;
  period: string;
  start: string | null;
  enabled: boolean;
}

type Loaded = { ok: true; schedule: Plain } | { ok: false; text?: string };

async function loadSchedule(ctx: BotContext, deps: BotDeps, id: number): Promise<Loaded> {
  const userId = ctx.from?.id as number;
  if ((await deps.accounts.permission(userId)) === "read_only")
    return { ok: false, text: ctx.t("dca-read-only") };
  const client = await deps.accounts.clientFor(userId, interactiveCall(ctx, deps));
  if (!client) return { ok: false, text: ctx.t("connect-needed") };
  try {
    const waited = await waitForExchange(ctx, deps, () => client.recurringBuys.get(id));
    if (waited.cancelled) return { ok: false };
    const s = waited.value;
    const start = s.start === null ? null : s.start.toISOString();
    return { ok: true, schedule: { ...s, start } };
  } catch (error) {
    const explained =
      error instanceof ExchangeNotFoundError ? ctx.t("dca-not-found") : describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    return { ok: false, text: explained };
  }
}

/**
 * Whether the balance falls short of one run of `schedule`, as far as it can be read: a balance that
 * cannot be read says nothing (the summary then claims nothing either way).
 */
async function uncoveredRun(ctx: BotContext, deps: BotDeps, schedule: Plain) {
  try {
    const client = await deps.accounts.clientFor(ctx.from?.id as number, interactiveCall(ctx, deps));
    if (!client) return undefined;
    const direction = schedule.direction === DIRECTION.SELL ? DIRECTION.SELL : DIRECTION.BUY;
    return checkCovered(schedule.quantity, schedule.asset, direction, await client.balances.all());
  } catch {
    return undefined;
  }
}

/** Shows the change with its Confirm (outside: it issues a token). */
async function showEditSummary(
  ctx: BotContext,
  deps: BotDeps,
  schedule: Plain,
  changes: DcaChanges,
): Promise<void> {
  const shown = await shownFor(ctx, deps);
  const { t } = ctx;
  const zone = escapeHtml(shown.zone);
  const direction = directionWord(schedule.direction);
  const lines = [
    t("dca-summary-edit", {
      id: schedule.id,
      direction,
      asset: escapeHtml(schedule.asset),
    }),
  ];
  if (changes.quantity !== undefined) {
    lines.push(
      t("dca-change-quantity", {
        direction,
        old: quantityWords(schedule.asset, schedule.direction, schedule.quantity, shown.locale),
        new: quantityWords(schedule.asset, schedule.direction, changes.quantity, shown.locale),
      }),
    );
  }
  if (changes.period !== undefined) {
    lines.push(
      t("dca-change-period", { old: periodWords(schedule.period, t), new: periodWords(changes.period, t) }),
    );
    // A paused schedule does not run on the reset: say what the reset means for it, in one line.
    const restart =
      changes.start === undefined
        ? schedule.enabled
          ? t("dca-change-restart-now", { period: periodWords(changes.period, t) })
          : t("dca-change-restart-paused")
        : t(schedule.enabled ? "dca-change-restart-at" : "dca-change-restart-at-paused", {
            when: whenWords(new Date(changes.start), shown),
            zone,
          });
    lines.push(restart);
  } else if (changes.start !== undefined) {
    const old = nextRunWords(
      { enabled: schedule.enabled, start: schedule.start === null ? null : new Date(schedule.start) },
      shown,
    );
    lines.push(t("dca-change-start", { old, new: whenWords(new Date(changes.start), shown), zone }));
  }
  if (!schedule.enabled && changes.period === undefined) lines.push(t("dca-still-paused"));
  // A new amount was checked against the balance when typed; otherwise say here if a run is not covered.
  if (changes.quantity === undefined) {
    const uncovered = await uncoveredRun(ctx, deps, schedule);
    if (uncovered) lines.push(t("dca-run-not-covered", describeUncovered(uncovered, shown.locale)));
  }
  const token = await issueDcaToken(ctx, deps, { action: "dca", op: "update", id: schedule.id, changes });
  lines.push("", t("dca-summary-edit-hint"));
  const sent = await ctx.reply(lines.join("\n"), { reply_markup: confirmKeyboard(ctx, token) });
  await recordShown(ctx, deps, token, sent.message_id);
}

/** Asks what the edit needs; undefined when the user cancels. */
async function askChanges(
  conversation: Convo,
  ctx: ConversationContext,
  deps: BotDeps,
  schedule: Plain,
  field: DcaEditArgs["field"],
): Promise<DcaChanges | undefined> {
  const asset = escapeHtml(schedule.asset);
  const direction = directionWord(schedule.direction);
  if (field === "quantity") {
    const locale = await ctx.i18n.getLocale();
    const current = quantityWords(schedule.asset, schedule.direction, schedule.quantity, locale);
    const dir = schedule.direction === 20 ? 20 : 10;
    const quantity = await askQuantity(
      conversation,
      ctx,
      `${ctx.t("dca-ask-quantity", { direction, asset })}\n${ctx.t("dca-now", { value: current })}`,
      (typed) =>
        conversation.external((outside) => checkQuantityOutside(outside, deps, typed, schedule.asset, dir)),
    );
    return quantity === undefined ? undefined : { quantity };
  }
  if (field === "period") {
    const others = RECURRING_PERIODS.filter((p) => p !== schedule.period);
    const period = await choose(
      conversation,
      ctx,
      ctx.t("dca-ask-new-period", { period: periodWords(schedule.period, ctx.t) }),
      "p",
      others.map((p) => ({ value: p, label: periodWords(p, ctx.t) })),
    );
    if (period === undefined) return undefined;
    const start = await askStart(
      conversation,
      ctx,
      deps,
      (example, zone) =>
        ctx.t(schedule.enabled ? "dca-ask-restart" : "dca-ask-restart-paused", {
          period: periodWords(period, ctx.t),
          example,
          zone,
        }),
      ctx.t("dca-button-restart-now"),
    );
    if (start === undefined) return undefined;
    return { period, ...("start" in start ? { start: start.start } : {}) };
  }
  const start = await askStart(conversation, ctx, deps, (example, zone) =>
    ctx.t("dca-ask-new-start", { example, zone }),
  );
  return start === undefined || !("start" in start) ? undefined : { start: start.start };
}

/** Builds the edit conversation over the bot's dependencies. */
export function dcaEditConversation(deps: BotDeps) {
  return async function dcaEdit(
    conversation: Convo,
    ctx: ConversationContext,
    args: DcaEditArgs,
  ): Promise<void> {
    const loaded = await conversation.external((outside) => loadSchedule(outside, deps, args.id));
    if (!loaded.ok) {
      if (loaded.text !== undefined) await ctx.reply(loaded.text);
      return;
    }
    const changes = await askChanges(conversation, ctx, deps, loaded.schedule, args.field);
    if (changes === undefined) return;
    await conversation.external((outside) => showEditSummary(outside, deps, loaded.schedule, changes));
  };
}
