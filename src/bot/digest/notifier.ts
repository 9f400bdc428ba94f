/**
 * The daily digest as a message: rendered in the user's language and zone and sent to their private chat
 * from the background scheduler, silently when their alert level says so.
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { DigestContent } from "../../services/digest/content.ts";
import type { DigestSendResult, DigestUser } from "../../services/digest/scheduler.ts";
import type { BotContext } from "../context.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { formatAud, formatPercent, formatPrice, formatQuantity } from "../flow-kit/format/numbers.ts";
import { formatClock, formatDate } from "../flow-kit/format/time.ts";
import { isChatClosed } from "../pipeline/telegram-errors.ts";

type Translate = BotContext["t"];

/** The digest's text. */
export function renderDigest(content: DigestContent, user: DigestUser, at: number, t: Translate): string {
  const { locale, zone } = user;
  const lines = [t("digest-title", { date: formatDate(new Date(at), zone, locale) })];
  lines.push(t("digest-value", { value: formatAud(content.total, locale) }));
  if (content.dayReturn !== null) {
    const amount = formatAud(content.dayReturn, locale, true);
    lines.push(
      content.accountDayPercent === null
        ? t("digest-day-amount", { amount })
        : t("digest-day", { amount, percent: formatPercent(content.accountDayPercent, locale) }),
    );
  }
  if (content.movers.length > 0) {
    lines.push("", t("digest-movers"));
    for (const mover of content.movers) {
      const arrow = mover.percent.startsWith("-") ? "▼" : "▲";
      lines.push(`${arrow} <b>${escapeHtml(mover.asset)}</b> ${formatPercent(mover.percent, locale)}`);
    }
  }
  if (content.nearTriggers.length > 0) {
    lines.push("", t("digest-near"));
    for (const near of content.nearTriggers) {
      lines.push(
        t(`digest-near-${near.match}`, {
          asset: escapeHtml(near.asset),
          level: formatPrice(near.level, locale),
          distance: formatPercent(near.distancePercent, locale, false),
        }),
      );
    }
  }
  if (content.dueToday.length > 0) {
    lines.push("", t("digest-due"));
    for (const due of content.dueToday) {
      const time = formatClock(new Date(due.at), zone, locale).time;
      lines.push(
        due.direction === "buy"
          ? t("digest-due-buy", {
              asset: escapeHtml(due.asset),
              amount: formatAud(due.quantity, locale),
              time,
            })
          : t("digest-due-sell", {
              asset: escapeHtml(due.asset),
              amount: formatQuantity(due.quantity, locale),
              time,
            }),
      );
    }
  }
  const clock = formatClock(new Date(at), zone, locale);
  lines.push("", t("digest-footer", { time: clock.time, zone: escapeHtml(clock.zone) }));
  return lines.join("\n");
}

/** Creates the scheduler's `send` over the bot's API. */
export function createDigestSender(api: Api, i18n: I18n<BotContext>) {
  return async (
    userId: number,
    content: DigestContent,
    user: DigestUser,
    at: number,
  ): Promise<DigestSendResult> => {
    const t: Translate = (key, variables) => i18n.t(user.locale, key, variables);
    try {
      await api.sendMessage(userId, renderDigest(content, user, at, t), {
        disable_notification: user.level === "silent",
      });
      return "sent";
    } catch (error) {
      if (isChatClosed(error)) return "blocked";
      throw error;
    }
  };
}
