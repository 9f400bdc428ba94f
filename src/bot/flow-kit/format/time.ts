/** Times shown to a user: in their time zone, saying which zone. */
import { intlLocale } from "./locale.ts";

// Building an Intl.DateTimeFormat costs far more than formatting with one: each is built once per language
// and zone, and reused. Zones are IANA names checked by canonicalTimeZone (a few hundred at most).
const clockFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A clock time with its zone's short name, e.g. { time: "10:32:05 AEDT", zone: "Australia/Sydney" }. */
export function formatClock(at: Date, timeZone: string, locale: string): { time: string; zone: string } {
  const key = `${locale}:${timeZone}`;
  let format = clockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
    });
    clockFormats.set(key, format);
  }
  return { time: format.format(at), zone: timeZone };
}

/** A date and time in `timeZone`, e.g. "24 Nov 2026, 10:32" (the zone is said once, by the caller). */
export function formatDateTime(at: Date, timeZone: string, locale: string): string {
  const key = `${locale}:${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), {
      timeZone,
      dateStyle: "medium",
      timeStyle: "short",
      hourCycle: "h23",
    });
    dateTimeFormats.set(key, format);
  }
  return format.format(at);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date with its weekday in `timeZone`, e.g. "Wednesday 25 November 2026". */
export function formatDate(at: Date, timeZone: string, locale: string): string {
  const key = `${locale}:${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { timeZone, dateStyle: "full" });
    dateFormats.set(key, format);
  }
  return format.format(at);
}
