/** Which regional conventions each bot language formats numbers and times with. */

// The exchange is Australian: English users get Australian conventions (e.g. "AEDT", not "GMT+11").
const INTL_LOCALES: Readonly<Record<string, string>> = { en: "en-AU", zh: "zh-CN" };

/** The Intl locale for a bot language; unknown languages pass through unchanged. */
export function intlLocale(language: string): string {
  return INTL_LOCALES[language] ?? language;
}
