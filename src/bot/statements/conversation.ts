/**
 * Custom statement dates: a conversation, since the answer is free text. Dates are read in the user's
 * language's convention and checked (real dates, in order, not in the future, within the exchange's
 * twelve months, else a split is suggested) before anything is sent; a refused answer is explained and
 * asked for again. Replay rules: the clock, the session and the delivery run in `conversation.external`.
 */

import type { Conversation } from "@grammyjs/conversations";
import { wallClock } from "../../services/runtime/wall-clock.ts";
import { parseDates } from "../../services/statements/parse-dates.ts";
import {
  customRange,
  presetRange,
  type RangeProblem,
  STATEMENT_PRESETS,
  type StatementPreset,
} from "../../services/statements/periods.ts";
import type { LocalDate } from "../../services/statements/zoned-time.ts";
import { matchChoice } from "../../services/understanding/choice-match.ts";
import { readDayRangeWords } from "../../services/understanding/date-words.ts";
import type { BotContext, BotDeps, ConversationContext } from "../context.ts";
import { escapeHtml, typedExcerpt } from "../flow-kit/format/html.ts";
import { listPairs } from "../flow-kit/vocabulary.ts";
import { LANGUAGES } from "../pipeline/i18n.ts";
import { deliverStatement, formatDay } from "./deliver.ts";

function problemText(ctx: ConversationContext, problem: RangeProblem, language: string): string {
  if (problem.code !== "too_long") return ctx.t(`stmt-range-${problem.code}`);
  const parts = problem.split
    .map(([first, last]) => `• ${formatDay(first, language)} – ${formatDay(last, language)}`)
    .join("\n");
  return ctx.t("stmt-range-too-long", { parts });
}

/**
 * Dates typed in words, in either language: a preset by its name ("last month", "this financial year",
 * "上个月"), or a range ("1 July to today", "since 1 March", "2025年7月1日到今天").
 */
function datesInWords(
  ctx: ConversationContext,
  text: string,
  zone: string,
  now: number,
): { first: LocalDate; last: LocalDate } | undefined {
  // Each preset by its label in every language and by the other words people use ("上个月", "past year").
  const periods = Object.entries(listPairs(ctx.i18n.fluent, "listen-statement-periods"));
  const choices = STATEMENT_PRESETS.map((preset) => ({
    label: ctx.t(`stmt-preset-${preset}`),
    words: [
      ...LANGUAGES.map((language) => ctx.i18n.fluent.translate(language, `stmt-preset-${preset}`)),
      ...periods.filter(([, value]) => value === preset).map(([name]) => name),
    ],
  }));
  const match = matchChoice(text, choices, { byNumber: false });
  if (match.kind === "one") {
    const range = presetRange(STATEMENT_PRESETS[match.index] as StatementPreset, zone, now);
    return { first: range.firstDay, last: range.lastDay };
  }
  return readDayRangeWords(text, now, Math.round((wallClock(now, zone) - now) / 60_000));
}

/** Builds the conversation function over the bot's dependencies. */
export function statementConversation(deps: BotDeps) {
  return async function statementDates(
    conversation: Conversation<BotContext, ConversationContext>,
    ctx: ConversationContext,
  ): Promise<void> {
    const language = await ctx.i18n.getLocale();
    const zone = await conversation.external((outside) => outside.session.timezone ?? deps.defaultTimezone);
    await ctx.reply(ctx.t("stmt-ask-dates", { zone: escapeHtml(zone) }));
    for (;;) {
      // Button presses and other updates pass on to the rest of the bot while we wait.
      const answer = await conversation.waitFor("message:text", { next: true });
      const text = answer.message.text;
      // Any command leaves the question and runs as usual (/cancel is handled before we get here).
      if (text.startsWith("/")) await conversation.halt({ next: true });
      const now = await conversation.external(() => deps.now());
      const inWords = parseDates(text, language);
      const parsed =
        "error" in inWords && inWords.error === "format"
          ? (datesInWords(ctx, text, zone, now) ?? inWords)
          : inWords;
      if ("error" in parsed) {
        await answer.reply(
          parsed.error === "format"
            ? ctx.t("stmt-bad-dates", { input: typedExcerpt(text) })
            : ctx.t("stmt-bad-date", { input: typedExcerpt(parsed.input) }),
        );
        continue;
      }
      const checked = customRange(parsed.first, parsed.last, zone, now);
      if ("problem" in checked) {
        await answer.reply(problemText(ctx, checked.problem, language));
        continue;
      }
      const { range } = checked;
      await answer.reply(
        ctx.t("stmt-preparing", {
          from: formatDay(range.firstDay, language),
          to: formatDay(range.lastDay, language),
        }),
      );
      // Fetched and sent outside: the outside context has the session, the cancel scope and the plugins.
      await conversation.external((outside) => deliverStatement(outside, deps, range));
      return;
    }
  };
}
