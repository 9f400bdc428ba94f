/**
 * /settings: language, time zone, alert notification level, daily digest, marking alerts seen and a chart in
 * alert messages, as an inline menu.
 */
import { type Composer, InlineKeyboard } from "grammy";
import { resolveTimeZone } from "../../services/understanding/time-zone.ts";
import type { AlertLevel, BotContext, BotDeps } from "../context.ts";
import { userTimezone } from "../context.ts";
import { TIMEZONE_CONVERSATION } from "../flow-kit/conversation-ids.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { formatClock } from "../flow-kit/format/time.ts";
import { listPairs } from "../flow-kit/vocabulary.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";
import { isLanguage, LANGUAGES } from "../pipeline/i18n.ts";
import { ZONE_NAMES } from "./timezone-conversation.ts";

const ALERT_LEVELS: readonly AlertLevel[] = ["on", "silent", "off"];
const HOURS_PER_ROW = 6;

/** "08:00". */
const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

function settingsText(ctx: BotContext, deps: BotDeps, language: string): string {
  const level = ctx.session.alerts ?? "on";
  return [
    ctx.t("settings-title"),
    ctx.t("settings-language", { language: ctx.i18n.fluent.translate(language, "language-name") }),
    ctx.t("settings-timezone", { zone: escapeHtml(userTimezone(ctx, deps)) }),
    ctx.t("settings-alerts", { level: ctx.t(`settings-alerts-${level}`) }),
    ctx.session.digestHour === undefined
      ? ctx.t("settings-digest-off")
      : ctx.t("settings-digest-at", { time: hourText(ctx.session.digestHour) }),
    ctx.t("alerts-settings-mark-seen", { on: ctx.session.alertsMarkSeen ? "on" : "off" }),
    ctx.t("settings-alert-chart", { on: ctx.session.alertsChart ? "on" : "off" }),
  ].join("\n");
}

function settingsKeyboard(ctx: BotContext): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t("settings-button-language"), "set:lang")
    .text(ctx.t("settings-button-timezone"), "set:tz")
    .text(ctx.t("settings-button-alerts"), "set:alerts")
    .row()
    .text(ctx.t("settings-button-digest"), "set:digest")
    .row()
    .text(ctx.t("alerts-settings-button-mark-seen"), "set:markseen")
    .row()
    .text(ctx.t("settings-button-alert-chart"), "set:achart");
}

/** The settings menu and its buttons. */
export function settingsFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  const privateChats = composer.chatType("private");

  const showMenu = async (ctx: BotContext, edit: boolean) => {
    const text = settingsText(ctx, deps, await ctx.i18n.getLocale());
    if (edit) await ctx.editMessageText(text, { reply_markup: settingsKeyboard(ctx) });
    else await ctx.reply(text, { reply_markup: settingsKeyboard(ctx) });
  };

  privateChats.command("settings", async (ctx) => {
    // `/settings language zh`, `/settings timezone perth`: what "change language to chinese" or "set my
    // timezone to perth" come to. Anything else shows the menu.
    const [what, ...rest] = ctx.match.trim().split(/\s+/);
    if (what === "language" && isLanguage(rest[0])) {
      ctx.session.language = rest[0];
      ctx.i18n.useLocale(rest[0]);
      await ctx.reply(ctx.t("settings-language-saved", { language: ctx.t("language-name") }));
      return;
    }
    if (what === "timezone" && rest.length > 0) {
      const match = resolveTimeZone(rest.join(" "), {
        aliases: listPairs(ctx.i18n.fluent, ZONE_NAMES),
        languages: LANGUAGES,
      });
      if (match.kind === "one") {
        ctx.session.timezone = match.zone;
        const { time } = formatClock(new Date(deps.now()), match.zone, await ctx.i18n.getLocale());
        await ctx.reply(
          ctx.t("settings-timezone-saved", { zone: escapeHtml(match.zone), time: escapeHtml(time) }),
        );
        return;
      }
      // Several zones or none: the question, with its buttons.
      await ctx.conversation.exitAll();
      await ctx.conversation.enter(TIMEZONE_CONVERSATION);
      return;
    }
    await showMenu(ctx, false);
  });

  privateChats.callbackQuery("set:lang", async (ctx) => {
    await ctx.answerCallbackQuery();
    const keyboard = new InlineKeyboard();
    for (const code of LANGUAGES)
      keyboard.text(ctx.i18n.fluent.translate(code, "language-name"), `set:lang:${code}`);
    await ctx.editMessageText(ctx.t("settings-choose-language"), {
      reply_markup: keyboard.row().text(ctx.t("button-back"), "set:menu"),
    });
  });

  privateChats.callbackQuery(/^set:lang:(\w{1,8})$/, async (ctx) => {
    const code = ctx.match[1];
    if (!isLanguage(code)) {
      await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
      return;
    }
    ctx.session.language = code;
    ctx.i18n.useLocale(code);
    await ctx.answerCallbackQuery({ text: ctx.t("settings-saved") });
    await showMenu(ctx, true);
  });

  privateChats.callbackQuery("set:alerts", async (ctx) => {
    await ctx.answerCallbackQuery();
    const keyboard = new InlineKeyboard();
    for (const level of ALERT_LEVELS) keyboard.text(ctx.t(`settings-alerts-${level}`), `set:alerts:${level}`);
    await ctx.editMessageText(ctx.t("settings-choose-alerts"), {
      reply_markup: keyboard.row().text(ctx.t("button-back"), "set:menu"),
    });
  });

  privateChats.callbackQuery(/^set:alerts:(\w{1,8})$/, async (ctx) => {
    const level = ALERT_LEVELS.find((l) => l === ctx.match[1]);
    if (level === undefined) {
      await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
      return;
    }
    ctx.session.alerts = level;
    await ctx.answerCallbackQuery({ text: ctx.t("settings-saved") });
    await showMenu(ctx, true);
  });

  privateChats.callbackQuery("set:digest", async (ctx) => {
    await ctx.answerCallbackQuery();
    const keyboard = new InlineKeyboard();
    for (let hour = 0; hour < 24; hour++) {
      keyboard.text(hourText(hour), `set:digest:${hour}`);
      if (hour % HOURS_PER_ROW === HOURS_PER_ROW - 1) keyboard.row();
    }
    keyboard
      .text(ctx.t("settings-digest-button-off"), "set:digest:off")
      .text(ctx.t("button-back"), "set:menu");
    await ctx.editMessageText(
      ctx.t("settings-choose-digest", { zone: escapeHtml(userTimezone(ctx, deps)) }),
      {
        reply_markup: keyboard,
      },
    );
  });

  privateChats.callbackQuery(/^set:digest:(off|\d{1,2})$/, async (ctx) => {
    const choice = ctx.match[1];
    const hour = choice === "off" ? undefined : Number(choice);
    if (hour !== undefined && !(Number.isInteger(hour) && hour >= 0 && hour < 24)) {
      await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
      return;
    }
    if (hour !== undefined && !(await deps.accounts.isConnected(ctx.from.id))) {
      await ctx.answerCallbackQuery({ text: ctx.t("settings-digest-connect-first"), show_alert: true });
      return;
    }
    if (hour === undefined) delete ctx.session.digestHour;
    else ctx.session.digestHour = hour;
    await deps.digest.schedule(ctx.from.id, hour, userTimezone(ctx, deps));
    await ctx.answerCallbackQuery({ text: ctx.t("settings-saved") });
    await showMenu(ctx, true);
  });

  // Whether delivered alerts are marked seen on the exchange too (read by the alert delivery).
  privateChats.callbackQuery("set:markseen", async (ctx) => {
    ctx.session.alertsMarkSeen = !ctx.session.alertsMarkSeen;
    await ctx.answerCallbackQuery({ text: ctx.t("settings-saved") });
    await showMenu(ctx, true);
  });

  // Whether alert messages carry a small chart (read by the alert delivery).
  privateChats.callbackQuery("set:achart", async (ctx) => {
    ctx.session.alertsChart = !ctx.session.alertsChart;
    await ctx.answerCallbackQuery({ text: ctx.t("settings-saved") });
    await showMenu(ctx, true);
  });

  privateChats.callbackQuery("set:menu", async (ctx) => {
    await ctx.answerCallbackQuery();
    await showMenu(ctx, true);
  });

  privateChats.callbackQuery("set:tz", async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(TIMEZONE_CONVERSATION);
  });

  return composer;
}
