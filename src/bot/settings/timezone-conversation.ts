/**
 * The time zone question: a conversation, since the answer may be typed. A zone is picked from buttons (the
 * Australian capitals, and a guess from the user's language) or typed as people name it: a city, a country,
 * an abbreviation or an IANA name, in either language (services/understanding/time-zone.ts). A name that fits
 * several zones asks which; an unknown one is said to be unknown, with the closest zones as buttons. The zone
 * saved is shown back with the time there. It keeps no secret and does every side effect (session read and
 * write, the clock) through `conversation.external`.
 */
import type { Conversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import { canonicalZone, resolveTimeZone, zoneCity } from "../../services/understanding/time-zone.ts";
import type { BotContext, BotDeps, ConversationContext } from "../context.ts";
import { escapeHtml, typedExcerpt } from "../flow-kit/format/html.ts";
import { formatClock } from "../flow-kit/format/time.ts";
import { nextInput } from "../flow-kit/prompt-input.ts";
import { listPairs } from "../flow-kit/vocabulary.ts";
import { LANGUAGES } from "../pipeline/i18n.ts";

/** The zones offered at once: the state and territory capitals that keep their own time. */
const CAPITALS = [
  "Australia/Sydney",
  "Australia/Melbourne",
  "Australia/Brisbane",
  "Australia/Adelaide",
  "Australia/Perth",
  "Australia/Hobart",
  "Australia/Darwin",
] as const;

/** A zone guessed from the interface language, offered first when it is not one of the capitals. */
const GUESS_BY_LANGUAGE: Readonly<Record<string, string>> = { zh: "Asia/Shanghai" };

/** Places in the bot's languages (locale message `listen-zone-names`), zone by name. */
export const ZONE_NAMES = "listen-zone-names";

/** Buttons for `zones` (three a row), each labelled with its city in the user's language, and Cancel. */
function zoneKeyboard(ctx: ConversationContext, locale: string, zones: readonly string[]): InlineKeyboard {
  // The IANA name gives a city in English; a language of another script names it in its own (上海). The Latin
  // names in the list are shorthand ("Bris"), not labels.
  const names = Object.entries(listPairs(ctx.i18n.fluent, ZONE_NAMES, locale));
  const ownName = (zone: string) =>
    names.find(([name, named]) => named === zone && !/[A-Za-z]/.test(name))?.[0];
  const keyboard = new InlineKeyboard();
  zones.forEach((zone, i) => {
    keyboard.text(ownName(zone) ?? zoneCity(zone), `tz:${zone}`);
    if (i % 3 === 2) keyboard.row();
  });
  return keyboard.row().text(ctx.t("button-cancel"), "tz:x");
}

/** Builds the conversation function over the bot's dependencies. */
export function timezoneConversation(deps: BotDeps) {
  return async function timezone(
    conversation: Conversation<BotContext, ConversationContext>,
    ctx: ConversationContext,
  ): Promise<void> {
    const current = await conversation.external(
      (outside) => outside.session.timezone ?? deps.defaultTimezone,
    );
    const locale = await conversation.external((outside) => outside.i18n.getLocale());
    const guess = GUESS_BY_LANGUAGE[locale];
    const offered = guess !== undefined ? [guess, ...CAPITALS] : [...CAPITALS];
    let asked = await ctx.reply(ctx.t("settings-ask-timezone", { zone: escapeHtml(current) }), {
      reply_markup: zoneKeyboard(ctx, locale, offered),
    });
    for (;;) {
      // A command leaves the question and runs as usual (/cancel is handled before we get here).
      const input = await nextInput(conversation, asked.message_id, "tz:");
      let zone: string | undefined;
      if ("data" in input) {
        if (input.data === "tz:x") {
          await ctx.api.editMessageText(
            asked.chat.id,
            asked.message_id,
            ctx.t("settings-timezone-kept", { zone: escapeHtml(current) }),
          );
          return;
        }
        zone = canonicalZone(input.data.slice("tz:".length));
        if (zone === undefined) continue;
      } else {
        const match = resolveTimeZone(input.text, {
          aliases: listPairs(ctx.i18n.fluent, ZONE_NAMES),
          languages: LANGUAGES,
        });
        // Cut by code point: cutting UTF-16 units can split an emoji, and Telegram refuses the text.
        const shown = typedExcerpt(input.text);
        if (match.kind === "some") {
          asked = await ctx.reply(ctx.t("settings-timezone-which", { input: shown }), {
            reply_markup: zoneKeyboard(ctx, locale, match.zones),
          });
          continue;
        }
        if (match.kind === "none") {
          const closest = match.closest.length > 0 ? match.closest : offered;
          const key = match.closest.length > 0 ? "settings-bad-timezone-near" : "settings-bad-timezone";
          asked = await ctx.reply(ctx.t(key, { input: shown }), {
            reply_markup: zoneKeyboard(ctx, locale, closest),
          });
          continue;
        }
        zone = match.zone;
      }
      const chosen = zone;
      const now = await conversation.external((outside) => {
        outside.session.timezone = chosen;
        return deps.now();
      });
      const { time } = formatClock(new Date(now), chosen, locale);
      await ctx.reply(ctx.t("settings-timezone-saved", { zone: escapeHtml(chosen), time: escapeHtml(time) }));
      return;
    }
  };
}
