/** Localization: Fluent files in `locales/`, the user's chosen language first, then Telegram's. */
import { fileURLToPath } from "node:url";
import { I18n, type I18nFlavor } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { BotContext } from "../context.ts";

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

/** The folder of the locale files; resolved from this file so it works from src/ and dist/ alike. */
export const LOCALES_DIR = fileURLToPath(new URL("../../../locales", import.meta.url));

const COMMON = {
  defaultLocale: "en",
  directory: LOCALES_DIR,
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
 * A message compiled for one locale list: its text pieces around its variables (`texts` has one more
 * entry than `names`), or null when only Fluent can format it (a selector, a function, a term or message
 * reference, or a message not found).
 */
type Compiled = { texts: string[]; names: string[] } | null;

/** The parts of @fluent/bundle (v0.18) a message is compiled from; some are internal, hence optional. */
interface BundleParts {
  getMessage(id: string): { value: unknown; attributes: Record<string, unknown> } | undefined;
  _useIsolating?: boolean;
  _transform?: (text: string) => string;
}

// Fluent refuses a pattern with more placeables than this; such a message is left to it.
const MAX_PLACEABLES = 100;

/**
 * What Fluent would format `path` from for `locales` (the same bundle and pattern @grammyjs/i18n's
 * translate picks), as text pieces and variable names; null when it is more than text and variables.
 */
function compile(
  matchBundles: (locales: string[]) => Iterable<unknown>,
  locales: string[],
  path: string,
): Compiled {
  const [messageId = "", attribute] = path.split(".", 2);
  for (const candidate of matchBundles(locales)) {
    const bundle = candidate as BundleParts;
    const message = bundle.getMessage(messageId);
    if (message === undefined) continue;
    const pattern = attribute === undefined ? (message.value ?? "") : message.attributes?.[attribute];
    if (pattern === undefined) continue;
    const transform = bundle._transform;
    // With isolation marks (not the bot's setting: COMMON) Fluent wraps each variable: left to it.
    if (typeof transform !== "function" || bundle._useIsolating !== false) return null;
    if (typeof pattern === "string") return { texts: [transform(pattern)], names: [] };
    if (!Array.isArray(pattern) || pattern.length > MAX_PLACEABLES) return null;
    const texts = [""];
    const names: string[] = [];
    for (const element of pattern) {
      if (typeof element === "string") {
        texts[texts.length - 1] += transform(element);
        continue;
      }
      const { type, name } = element as { type?: unknown; name?: unknown };
      if (type !== "var" || typeof name !== "string") return null;
      names.push(name);
      texts.push("");
    }
    return { texts, names };
  }
  return null;
}

/**
 * Translations are compiled once per locale and message: a message of text and variables only (most
 * of them: titles, labels, prompts, "Welcome back, { $name }") becomes its text pieces, and is then
 * formatted by joining them with the variables given as strings, where the translator parses the path,
 * negotiates, resolves the pattern and reports into a scope on every call. Anything else (a number or a
 * date to format, a selector, a missing variable or message) goes to Fluent as before. `matchBundles`,
 * `translate` and the bundles' `_transform` and `_useIsolating` are internal to @grammyjs/i18n (v1) and
 * @fluent/bundle (v0.18); were they renamed, every translation goes to Fluent, correct, only slower.
 */
function compileTranslations<C extends Context>(i18n: I18n<C>): I18n<C> {
  const fluent = i18n.fluent as unknown as {
    translate?: FluentTranslate;
    matchBundles?: (locales: string[]) => Iterable<unknown>;
  };
  const { translate, matchBundles } = fluent;
  if (typeof translate !== "function" || typeof matchBundles !== "function") return i18n;
  // By locale (list), then by message path: both strings the callers hold, whose hashes V8 keeps, where a
  // key joined from them would be a new string to hash on every call.
  const memo = new Map<string, Map<string, Compiled>>();
  let size = 0;
  const compiledFor = (locales: string | string[], path: string): Compiled => {
    const locale = Array.isArray(locales) ? locales.join("\u0000") : locales;
    let messages = memo.get(locale);
    let compiled = messages?.get(path);
    if (compiled === undefined) {
      compiled = compile(matchBundles.bind(fluent), Array.isArray(locales) ? locales : [locales], path);
      if (size < MAX_MEMOIZED_TEXTS) {
        if (messages === undefined) {
          messages = new Map();
          memo.set(locale, messages);
        }
        messages.set(path, compiled);
        size++;
      }
    }
    return compiled;
  };
  fluent.translate = (locales, path, context) => {
    const compiled = compiledFor(locales, path);
    if (compiled === null) return translate.call(fluent, locales, path, context);
    const { texts, names } = compiled;
    if (names.length === 0) return texts[0] as string;
    if (context === undefined) return translate.call(fluent, locales, path, context);
    let text = texts[0] as string;
    for (let at = 0; at < names.length; at++) {
      const value = Object.hasOwn(context, names[at] as string) ? context[names[at] as string] : undefined;
      if (typeof value !== "string") return translate.call(fluent, locales, path, context);
      text += value + (texts[at + 1] as string);
    }
    return text;
  };
  return i18n;
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
 * The i18n plugin's `ctx.i18n` over the bot's translations, behaving as the plugin's own: `getLocale`
 * gives the negotiated language (`negotiated()`), `useLocale` hands a language to `use` for the rest of
 * the context's translations, and `renegotiateLocale` hands it the negotiated one again. `setLocale` is
 * not used, as in the plugin without `useSession`: the settings choose the language (session.language).
 */
export function i18nFlavour(
  i18n: I18n<BotContext>,
  negotiated: () => string,
  use: (locale: string) => void,
): I18nFlavor["i18n"] {
  return {
    fluent: i18n.fluent,
    getLocale: async () => negotiated(),
    useLocale: use,
    renegotiateLocale: async () => use(negotiated()),
    setLocale: async () => {
      throw new Error("ctx.i18n.setLocale() is not used: set session.language, then ctx.i18n.useLocale()");
    },
  };
}

/**
 * Creates the bot's translations: for updates (their `ctx.t` is the update context's, see
 * update-context.ts), inside conversations (conversation-language.ts) and for messages sent without an
 * update (background jobs, the error boundary).
 */
export function createI18n(): I18n<BotContext> {
  return compileTranslations(storeTextsOneByte(memoizeBundleMatching(new I18n<BotContext>(COMMON))));
}
