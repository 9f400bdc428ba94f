/**
 * Countries as the travel-rule questions show and read them: localized names from Intl, a picker of
 * the common ones, and a typed code or name turned into a code (which the client's rule then checks
 * against ISO 3166-1).
 */
import { COUNTRY_CODES } from "../../exchange/countries.ts";
import { intlLocale } from "../flow-kit/format/locale.ts";

/** Offered as buttons: Australia first, then its usual counterparts. */
export const COMMON_COUNTRIES = ["AU", "NZ", "US", "GB", "SG", "HK", "CA", "JP", "DE", "IN", "CN", "PH"];

const names = new Map<string, Intl.DisplayNames>();
const lookups = new Map<string, Map<string, string>>();

function displayNames(language: string): Intl.DisplayNames {
  let found = names.get(language);
  if (!found) {
    found = new Intl.DisplayNames([intlLocale(language)], { type: "region", fallback: "code" });
    names.set(language, found);
  }
  return found;
}

/** The country's name in `language`, e.g. "Australia" or "澳大利亚" for AU. */
export function countryName(code: string, language: string): string {
  return displayNames(language).of(code) ?? code;
}

// Lower-cased names (in the language and in English) -> code, built once per language.
function nameLookup(language: string): Map<string, string> {
  let lookup = lookups.get(language);
  if (!lookup) {
    lookup = new Map();
    for (const code of COUNTRY_CODES) {
      lookup.set(countryName(code, "en").toLowerCase(), code);
      lookup.set(countryName(code, language).toLowerCase(), code);
    }
    lookups.set(language, lookup);
  }
  return lookup;
}

/** A typed country as a code: a name is looked up; anything else is returned as typed, to be checked. */
export function typedCountry(input: string, language: string): string {
  const text = input.trim();
  return nameLookup(language).get(text.toLowerCase()) ?? text;
}
