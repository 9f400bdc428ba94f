/** The transformers of listening, on every Api the bot sends with (bot.api, and each conversation's). */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { BotContext, BotDeps } from "../context.ts";
import { LANGUAGES } from "../i18n.ts";
import { recordKeyboards, typedPressAnswers } from "./typed-choices.ts";

/** The transformers of listening over the bot's store and translations, built once per bot. */
export function listening(deps: Pick<BotDeps, "keyboards" | "now">, i18n: I18n<BotContext>) {
  const refresh = new Set(LANGUAGES.map((language) => i18n.t(language, "button-refresh")));
  const recorder = recordKeyboards(deps.keyboards, deps.now, refresh);
  /** Records the keyboards shown, and answers typed presses without Telegram. */
  return (api: Api): void => {
    api.config.use(recorder);
    api.config.use(typedPressAnswers);
  };
}
