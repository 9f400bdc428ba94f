/**
 * A time zone as people name it: an IANA name ("Australia/Perth"), a city ("Perth", "Gold Coast", "上海"), a
 * country ("Singapore", "新加坡") or an abbreviation ("AEST", "AWST"). The places and abbreviations come from
 * @vvo/tzdb (each zone's main cities, country and abbreviations); cities in other languages from the aliases
 * the caller passes (kept in the locale files). A name that fits several zones ("AEST": Brisbane and Sydney,
 * "Australia") is answered with those zones, so the user can pick.
 */
import { rawTimeZones } from "@vvo/tzdb";
import { distance } from "fastest-levenshtein";

/** What a typed zone came to. */
export type ZoneMatch =
  | { kind: "one"; zone: string }
  | { kind: "some"; zones: string[] }
  /** Not known; `closest` holds zones whose names are a slip of the key away. */
  | { kind: "none"; closest: string[] };

/** Whether `zone` is an IANA time zone this runtime knows: its canonical spelling, else undefined. */
export function canonicalZone(zone: string): string | undefined {
  const trimmed = zone.trim();
  if (trimmed === "" || trimmed.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Lower case, one width, spaces for underscores and dashes: the form names are compared in. */
function normalizeName(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[_\-.,'’]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Every name a zone answers to (normalized), built once. */
interface ZoneNames {
  /** City part of each zone name in the group, e.g. "hobart" -> Australia/Hobart. */
  zoneCities: Map<string, Set<string>>;
  /** The group's main cities, e.g. "gold coast" -> Australia/Brisbane ("sydney" is also in Nova Scotia). */
  cities: Map<string, Set<string>>;
  /** Abbreviations, e.g. "aest" -> Australia/Brisbane, Australia/Sydney. */
  abbreviations: Map<string, Set<string>>;
  /** Countries by English name and ISO code. */
  countries: Map<string, Set<string>>;
  /** Every ISO country code of a zone. */
  codes: Set<string>;
}

let built: ZoneNames | undefined;

function add(map: Map<string, Set<string>>, name: string, zone: string): void {
  const key = normalizeName(name);
  if (key === "") return;
  let zones = map.get(key);
  if (zones === undefined) {
    zones = new Set();
    map.set(key, zones);
  }
  zones.add(zone);
}

/**
 * The index of names, built on first use from tzdb (a few hundred zones). Zones are kept as tzdb spells them
 * (links such as "Australia/Canberra" included) and made canonical only when answered.
 */
function zoneNames(): ZoneNames {
  if (built !== undefined) return built;
  const names: ZoneNames = {
    zoneCities: new Map(),
    cities: new Map(),
    abbreviations: new Map(),
    countries: new Map(),
    codes: new Set(),
  };
  for (const raw of rawTimeZones) {
    const main = raw.name;
    for (const member of raw.group) {
      // Bare names ("GB", "PRC") are not cities.
      if (member.includes("/")) add(names.zoneCities, member.split("/").at(-1) as string, member);
    }
    for (const city of raw.mainCities) add(names.cities, city, main);
    add(names.abbreviations, raw.abbreviation, main);
    if ("dstAbbreviation" in raw && typeof raw.dstAbbreviation === "string")
      add(names.abbreviations, raw.dstAbbreviation, main);
    add(names.countries, raw.countryName, main);
    add(names.countries, raw.countryCode, main);
    names.codes.add(raw.countryCode);
  }
  built = names;
  return names;
}

// Abbreviations of one or two letters ("A", "Z", "ET") are military or too vague to take alone.
const MIN_ABBREVIATION = 3;

/** The most zones offered to pick from. */
const MAX_OFFERED = 8;

/**
 * Zones in their canonical spelling, without repeats: Australia's first (the exchange is Australian), then by
 * name; Antarctic stations only when nothing else fits; at most {@link MAX_OFFERED}.
 */
function ranked(zones: Iterable<string>): string[] {
  const known = [...new Set([...zones].map(canonicalZone).filter((zone) => zone !== undefined))];
  const settled = known.filter((zone) => !zone.startsWith("Antarctica/"));
  const list = settled.length > 0 ? settled : known;
  const australian = (zone: string) => (zone.startsWith("Australia/") ? 0 : 1);
  return list.sort((a, b) => australian(a) - australian(b) || a.localeCompare(b)).slice(0, MAX_OFFERED);
}

/** One zone, or the several that fit. */
function fitting(zones: Iterable<string>): ZoneMatch {
  const list = ranked(zones);
  if (list.length === 0) return { kind: "none", closest: [] };
  return list.length === 1 ? { kind: "one", zone: list[0] as string } : { kind: "some", zones: list };
}

/** What {@link resolveTimeZone} knows beyond tzdb's English names. */
export interface ZoneWords {
  /** Place names to IANA zones, in any language, e.g. { "上海": "Asia/Shanghai" } (from the locale files). */
  aliases?: Readonly<Record<string, string>>;
  /** Languages whose country names are known too (from the runtime's Intl data), e.g. ["en", "zh"]. */
  languages?: readonly string[];
}

const countryNamesByLanguages = new Map<string, Map<string, string>>();

/** Country names in `languages` by their normalized form: "澳大利亚" -> "au". */
function countryNames(languages: readonly string[], codes: Iterable<string>): Map<string, string> {
  const key = languages.join(",");
  let names = countryNamesByLanguages.get(key);
  if (names === undefined) {
    names = new Map();
    for (const language of languages) {
      const display = new Intl.DisplayNames([language], { type: "region" });
      for (const code of codes) {
        const name = display.of(code);
        if (name !== undefined && name !== code) names.set(normalizeName(name), normalizeName(code));
      }
    }
    countryNamesByLanguages.set(key, names);
  }
  return names;
}

/** Reads a typed time zone. */
export function resolveTimeZone(text: string, words: ZoneWords = {}): ZoneMatch {
  const { aliases = {}, languages = [] } = words;
  const typed = normalizeName(text);
  if (typed === "" || typed.length > 64) return { kind: "none", closest: [] };
  const iana =
    text.includes("/") || typed === "utc" || typed === "gmt"
      ? canonicalZone(text.trim().replaceAll(" ", "_"))
      : undefined;
  if (iana !== undefined) return { kind: "one", zone: iana };
  for (const [name, zone] of Object.entries(aliases)) {
    const known = canonicalZone(zone);
    if (known !== undefined && normalizeName(name) === typed) return { kind: "one", zone: known };
  }
  const names = zoneNames();
  const city = names.zoneCities.get(typed) ?? names.cities.get(typed);
  if (city !== undefined) return fitting(city);
  const abbreviation = typed.length >= MIN_ABBREVIATION ? names.abbreviations.get(typed) : undefined;
  if (abbreviation !== undefined) return fitting(abbreviation);
  const code = countryNames(languages, names.codes).get(typed);
  const country = names.countries.get(code ?? typed);
  if (country !== undefined) return fitting(country);
  // The start of a city's name ("Bris") or a slip of the key in it ("Sydeny", "Melborne"): offered, never
  // taken on its own.
  const allowed = typed.length >= 6 ? 2 : 1;
  const near = (name: string) =>
    typed.length >= 3 && (name.startsWith(typed) || (typed.length >= 4 && distance(name, typed) <= allowed));
  const closest = [...names.zoneCities, ...names.cities].filter(([name]) => near(name));
  return { kind: "none", closest: ranked(closest.flatMap(([, zones]) => [...zones])) };
}

/** The city part of a zone's name, for a button: "Australia/Lord_Howe" -> "Lord Howe". */
export function zoneCity(zone: string): string {
  return (zone.split("/").at(-1) ?? zone).replaceAll("_", " ");
}
