/** The transformers of listening, on every Api the bot sends with (bot.api, and each conversation's). */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { BotContext, BotDeps } from "../context.ts";
import { LANGUAGES } from "../pipeline/i18n.ts";
import { offerOptionsAgain, recordKeyboards, typedPressAnswers } from "./typed-choices.ts";

/**
 * The flows' refusals to pick, sent with the options again. Every refusal at a question with options ends
 * with its flow's, after the reason when there is one ("You hold no DOGE to sell.\nPick one of these, or
 * /cancel:"): a reason alone may be sent where no question is open, and is then sent as it is.
 */
const PICK_AGAIN = [
  "trade-pick-again",
  "dca-pick-again",
  "alerts-pick-again",
  "wd-pick-again",
  "addr-bad-pick",
];

/** The transformers of listening over the bot's store and translations, built once per bot. */
export function listening(deps: Pick<BotDeps, "keyboards" | "now">, i18n: I18n<BotContext>) {
  const refresh = new Set(LANGUAGES.map((language) => i18n.t(language, "button-refresh")));
  const recorder = recordKeyboards(deps.keyboards, deps.now, refresh);
  // Every flow's refusal to pick has one wording per language (the locales test holds them to it).
  const refusals = [
    ...new Set(LANGUAGES.flatMap((language) => PICK_AGAIN.map((key) => i18n.t(language, key)))),
  ];
  const optionsAgain = offerOptionsAgain(deps.keyboards, refusals);
  /** Records the keyboards shown, offers them again with a refusal, answers typed presses without Telegram. */
  return (api: Api): void => {
    api.config.use(recorder);
    api.config.use(optionsAgain);
    api.config.use(typedPressAnswers);
  };
}
