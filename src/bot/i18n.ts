/** Localization: Fluent files in `locales/`, the user's chosen language first, then Telegram's. */
import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { BotContext, ConversationContext } from "./context.ts";

/** Languages with a file in `locales/`, in menu order. */
export const LANGUAGES = ["en", "zh"] as const;

/** A supported language code. */
export type Language = (typeof LANGUAGES)[number];

/** Whether `code` is a supported language. */
export function isLanguage(code: string | undefined): code is Language {
  return LANGUAGES.includes(code as Language);
}

/** Maps a Telegram language_code ("zh-hans", "en-AU") to a supported language. */
export function languageFromTelegram(code: string | undefined): Language | undefined {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}

const COMMON = {
  defaultLocale: "en",
  // Resolved from this file so it works from src/ (type stripping) and dist/ (compiled) alike.
  directory: fileURLToPath(new URL("../../locales", import.meta.url)),
  useSession: false,
  // Our templates are HTML and carry no bidi text: isolation marks would only clutter messages.
  fluentBundleOptions: { useIsolating: false },
} as const;

/** Creates the i18n instance; outside conversations it reads the language from the session. */
export function createI18n(): I18n<BotContext> {
  return new I18n<BotContext>({
    ...COMMON,
    localeNegotiator: (ctx) => {
      const chosen = ctx.from ? ctx.session.language : undefined;
      return (
        (isLanguage(chosen) ? chosen : undefined) ?? languageFromTelegram(ctx.from?.language_code) ?? "en"
      );
    },
  });
}

/**
 * The i18n instance for inside conversations, where there is no session: it starts from Telegram's
 * language, and the conversation plugin then applies the user's choice read outside.
 */
export function createConversationI18n(): I18n<ConversationContext> {
  return new I18n<ConversationContext>({
    ...COMMON,
    localeNegotiator: (ctx) => languageFromTelegram(ctx.from?.language_code) ?? "en",
  });
}
