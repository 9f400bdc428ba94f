/** Localization: Fluent files in `locales/`, the user's chosen language first, then Telegram's. */
import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { BotContext } from "./context.ts";

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
  // Most clients send a bare code ("en"): nothing to parse then.
  if (isLanguage(code)) return code;
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

/** Bounds the memo below; the bot only ever asks for its own few languages. */
const MAX_MEMOIZED_LOCALES = 32;

/**
 * The plugin negotiates which Fluent bundles serve a locale (@fluent/langneg parses and compares locale
 * tags) on every single translation, though the bundles never change once the files are loaded: the
 * answer is memoized per locale list. `matchBundles` is internal to @grammyjs/i18n (v1); were it renamed,
 * this does nothing and translations stay correct, only slower. The memoized Set is only iterated.
 */
function memoizeBundleMatching<C extends Context>(i18n: I18n<C>): I18n<C> {
  const fluent = i18n.fluent as unknown as { matchBundles?: (locales: string[]) => Set<unknown> };
  const match = fluent.matchBundles;
  if (typeof match !== "function") return i18n;
  const memo = new Map<string, Set<unknown>>();
  fluent.matchBundles = (locales) => {
    const key = locales.join("\u0000");
    let bundles = memo.get(key);
    if (bundles === undefined) {
      bundles = match.call(fluent, locales);
      if (memo.size < MAX_MEMOIZED_LOCALES) memo.set(key, bundles);
    }
    return bundles;
  };
  return i18n;
}

type FluentTranslate = (
  locales: string | string[],
  path: string,
  context?: Record<string, unknown>,
) => string;

/** Bounds the memo below: the bot's languages times its messages, with room to spare. */
const MAX_MEMOIZED_TEXTS = 4096;

/**
 * A message translated without variables comes out the same every time (the bundles never change once
 * loaded): such translations (button labels, titles, most prompts) are memoized per locale list and
 * message, as the translator otherwise parses the path, negotiates and formats on every call. A message
 * not found is not memoized (its warning stays). `translate` is internal to @grammyjs/i18n (v1), like
 * `matchBundles` above; were it renamed, this does nothing and translations stay correct.
 */
function memoizePlainTranslations<C extends Context>(i18n: I18n<C>): I18n<C> {
  const fluent = i18n.fluent as unknown as { translate?: FluentTranslate };
  const translate = fluent.translate;
  if (typeof translate !== "function") return i18n;
  // By locale (list), then by message path: both strings the callers hold, whose hashes V8 keeps, where a
  // key joined from them would be a new string to hash on every call.
  const memo = new Map<string, Map<string, string>>();
  let size = 0;
  fluent.translate = (locales, path, context) => {
    if (context !== undefined && hasAny(context)) return translate.call(fluent, locales, path, context);
    const locale = Array.isArray(locales) ? locales.join("\u0000") : locales;
    let texts = memo.get(locale);
    let text = texts?.get(path);
    if (text === undefined) {
      text = translate.call(fluent, locales, path, context);
      if (text !== `{${path}}` && size < MAX_MEMOIZED_TEXTS) {
        if (texts === undefined) {
          texts = new Map();
          memo.set(locale, texts);
        }
        texts.set(path, text);
        size++;
      }
    }
    return text;
  };
  return i18n;
}

/** Whether `record` has any enumerable property (a translation's variables are a plain object). */
function hasAny(record: Record<string, unknown>): boolean {
  for (const _ in record) return true;
  return false;
}

/** A copy of `text` that V8 keeps one byte per character, when every character fits in one (Latin-1). */
function oneByte(text: string): string {
  return /[\u0100-\uffff]/.test(text) ? text : Buffer.from(text, "latin1").toString("latin1");
}

/** `value` with every string in it (nested in arrays and plain objects) replaced by {@link oneByte}. */
function withOneByteStrings(value: unknown): unknown {
  if (typeof value === "string") return oneByte(value);
  if (Array.isArray(value)) {
    for (let at = 0; at < value.length; at++) value[at] = withOneByteStrings(value[at]);
  } else if (value !== null && typeof value === "object") {
    const entries = value as Record<string, unknown>;
    for (const key of Object.keys(entries)) entries[key] = withOneByteStrings(entries[key]);
  }
  return value;
}

/**
 * The Fluent parser keeps each message's text as slices of its file, and a file with one character
 * beyond Latin-1 ("…", an emoji) is held by V8 two bytes per character: then so is every text translated
 * from it, even a plain ASCII one, and each message sent is serialized, encoded and parsed on the slow,
 * two-byte path. Re-made one byte per character where they can be, the same texts take the fast path.
 * The messages (and terms) are internal to @fluent/bundle (v0.18); were they renamed, nothing changes
 * but the speed. Only the strings' storage changes, never their content.
 */
function storeTextsOneByte<C extends Context>(i18n: I18n<C>): I18n<C> {
  const fluent = i18n.fluent as unknown as { bundles?: Set<Record<string, unknown>> };
  for (const bundle of fluent.bundles ?? []) {
    for (const entries of [bundle._messages, bundle._terms]) {
      if (entries instanceof Map) for (const entry of entries.values()) withOneByteStrings(entry);
    }
  }
  return i18n;
}

/**
 * The language of an update outside conversations: the user's choice once their session is read, else
 * Telegram's when supported, else English. Before the session middleware (or when reading the session
 * failed) there is no `ctx.session` yet.
 */
export function updateLanguage(ctx: BotContext): Language {
  const chosen = ctx.from ? (ctx.session as BotContext["session"] | undefined)?.language : undefined;
  return (isLanguage(chosen) ? chosen : undefined) ?? languageFromTelegram(ctx.from?.language_code) ?? "en";
}

/**
 * Creates the bot's translations: for updates (their `ctx.t` is the update context's, see
 * update-context.ts), inside conversations (conversation-language.ts) and for messages sent without an
 * update (background jobs, the error boundary).
 */
export function createI18n(): I18n<BotContext> {
  return memoizePlainTranslations(storeTextsOneByte(memoizeBundleMatching(new I18n<BotContext>(COMMON))));
}
