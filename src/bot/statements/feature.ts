/**
 * /statement: pick this month, last month, the last twelve months, this or last Australian financial
 * year (1 July - 30 June), or type custom dates; the PDF arrives as a document. Periods are whole days in
 * the user's time zone. The preset buttons carry only the preset's name (`st:p:<preset>`), checked
 * against the list on every press, and are computed at press time.
 */
import { type Composer, InlineKeyboard } from "grammy";
import { presetRange, STATEMENT_PRESETS, type StatementPreset } from "../../services/statements/periods.ts";
import { type BotContext, type BotDeps, userTimezone } from "../context.ts";
import { STATEMENT_CONVERSATION } from "../flow-kit/conversation-ids.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";
import { deliverStatement, formatDay } from "./deliver.ts";

function presetKeyboard(ctx: BotContext): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  STATEMENT_PRESETS.forEach((preset, i) => {
    keyboard.text(ctx.t(`stmt-preset-${preset}`), `st:p:${preset}`);
    if (i % 2 === 1) keyboard.row();
  });
  return keyboard
    .row()
    .text(ctx.t("stmt-button-custom"), "st:custom")
    .text(ctx.t("button-cancel"), "x:cancel");
}

/** /statement and its buttons. */
export function statementFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  const privateChats = composer.chatType("private");

  privateChats.command("statement", async (ctx) => {
    if (!(await deps.accounts.isConnected(ctx.from.id))) {
      await ctx.reply(ctx.t("connect-needed"));
      return;
    }
    // `/statement prevmonth` (what "statement for last month" comes to): that period at once.
    const preset = STATEMENT_PRESETS.find((known): known is StatementPreset => known === ctx.match.trim());
    if (preset !== undefined) {
      await deliverPreset(ctx, deps, preset, (text) => ctx.reply(text));
      return;
    }
    await ctx.reply(ctx.t("stmt-choose", { zone: escapeHtml(userTimezone(ctx, deps)) }), {
      reply_markup: presetKeyboard(ctx),
    });
  });

  privateChats.callbackQuery(/^st:p:([a-z0-9-]{1,20})$/, async (ctx) => {
    const preset = STATEMENT_PRESETS.find((known): known is StatementPreset => known === ctx.match[1]);
    if (preset === undefined) {
      await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
      return;
    }
    await ctx.answerCallbackQuery();
    await deliverPreset(ctx, deps, preset, (text) => ctx.editMessageText(text));
  });

  privateChats.callbackQuery("st:custom", async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup();
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(STATEMENT_CONVERSATION);
  });

  return composer;
}

/** Says which days a preset covers (`show`: as a reply, or in place of the menu), then sends its PDF. */
async function deliverPreset(
  ctx: BotContext,
  deps: BotDeps,
  preset: StatementPreset,
  show: (text: string) => Promise<unknown>,
): Promise<void> {
  const range = presetRange(preset, userTimezone(ctx, deps), deps.now());
  const language = await ctx.i18n.getLocale();
  await show(
    ctx.t("stmt-preparing", {
      from: formatDay(range.firstDay, language),
      to: formatDay(range.lastDay, language),
    }),
  );
  await deliverStatement(ctx, deps, range);
}
