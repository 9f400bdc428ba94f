/**
 * Translations inside conversations, where there is no session: the user's language is asked outside
 * (one `conversation.external`) once per run of a conversation, at its first context, and every context
 * of the run translates in it. A run replays every earlier update of the conversation, so asking at each
 * context (as a per-context plugin would) recorded one more external per update, replayed and copied at
 * every later step. The language a conversation was entered in holds until it ends: a command ends every
 * guided flow, and a language chosen meanwhile (a button of an older /settings message) applies from the
 * next one.
 *
 * `ctx.i18n.getLocale()` gives that language (the i18n plugin's would give Telegram's), so conversation
 * code formats numbers in it without an external of its own.
 */
import type { Conversation } from "@grammyjs/conversations";
import type { I18n, I18nFlavor } from "@grammyjs/i18n";
import type { MiddlewareFn } from "grammy";
import type { BotContext, ConversationContext } from "../context.ts";
import { i18nFlavour } from "./i18n.ts";

/**
 * The conversations plugin's per-run plugin (`plugins: (conversation) => [...]`): gives each context
 * `ctx.t`, `ctx.translate` and `ctx.i18n` in the user's language, read outside once per run.
 */
export function conversationLanguage(i18n: I18n<BotContext>) {
  // The plugin list is asked for again at every context: the run's language is kept by its conversation
  // object, which lives as long as the run.
  const languageOfRun = new WeakMap<object, Promise<string>>();
  return (conversation: Conversation<BotContext, ConversationContext>): MiddlewareFn<ConversationContext> =>
    async (ctx, next) => {
      let language = languageOfRun.get(conversation);
      if (language === undefined) {
        language = conversation.external((outside) => outside.i18n.getLocale());
        languageOfRun.set(conversation, language);
      }
      translateIn(ctx, i18n, await language);
      await next();
    };
}

/** Gives `ctx` the i18n plugin's flavour, translating in `locale` (or the one a handler then uses). */
function translateIn(ctx: ConversationContext, i18n: I18n<BotContext>, locale: string): void {
  let current = locale;
  const t: I18nFlavor["t"] = (key, variables) => i18n.t(current, key, variables);
  ctx.t = t;
  ctx.translate = t;
  ctx.i18n = i18nFlavour(
    i18n,
    () => locale,
    (chosen) => {
      current = chosen;
    },
  );
}
