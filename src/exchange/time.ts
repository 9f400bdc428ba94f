/**
 * Exchange timestamps. The service reads and writes `YYYY-MM-DDTHH:MM:SS` in Australia/Brisbane time
 * with no zone suffix; everywhere else the project works with `Date` instants.
 */

/** The exchange's time zone: UTC+10 all year (Queensland has no daylight saving). */
export const EXCHANGE_TIME_ZONE = "Australia/Brisbane";

// A fixed offset rather than Intl: Brisbane has been UTC+10 without daylight saving since 1992, and a
// fixed offset keeps parsing independent of the host's time zone data.
const OFFSET_MS = 10 * 60 * 60 * 1000;

const TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

// Date.UTC maps years 0-99 to 1900-1999, so the full year is set separately.
function utcMillis(year: number, month: number, day: number, h: number, m: number, s: number, ms: number) {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(h, m, s, ms);
  return d.getTime();
}

function offsetMillis(suffix: string | undefined): number | undefined {
  if (suffix === undefined) return OFFSET_MS;
  if (suffix === "Z") return 0;
  const digits = suffix.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 23 || minutes > 59) return undefined;
  return (suffix.startsWith("-") ? -1 : 1) * (hours * 60 + minutes) * 60 * 1000;
}

/**
 * Parses an exchange timestamp: `YYYY-MM-DDTHH:MM:SS`, optional fractional seconds (kept to the
 * millisecond, truncated), optional suffix `Z`, `+hh:mm`, `+hhmm` or `+hh` (or `-`). Without a suffix
 * the time is Brisbane local time. Throws a RangeError for anything else, impossible dates included.
 */
export function parseExchangeTime(s: string): Date {
  const m = typeof s === "string" ? TIME_PATTERN.exec(s) : null;
  if (!m) throw new RangeError(`not an exchange timestamp: ${JSON.stringify(s)}`);
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const offset = offsetMillis(m[8]);
  if (
    offset === undefined ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    throw new RangeError(`not an exchange timestamp: ${JSON.stringify(s)}`);
  }
  const millis = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, "0"));
  return new Date(utcMillis(year, month, day, hour, minute, second, millis) - offset);
}

/** Brisbane wall-clock fields of an instant, read through UTC getters of the shifted time. */
function brisbaneFields(d: Date): Date {
  if (!(d instanceof Date) || Number.isNaN(d.getTime())) throw new RangeError("invalid date");
  return new Date(d.getTime() + OFFSET_MS);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * Formats an instant as the exchange expects: `YYYY-MM-DDTHH:MM:SS` in Brisbane time, no suffix,
 * milliseconds dropped. Throws a RangeError for an invalid date or a year outside 0000-9999.
 */
export function formatExchangeTime(d: Date): string {
  const b = brisbaneFields(d);
  const year = b.getUTCFullYear();
  if (year < 0 || year > 9999) throw new RangeError("year out of range for an exchange timestamp");
  return (
    `${pad(year, 4)}-${pad(b.getUTCMonth() + 1)}-${pad(b.getUTCDate())}` +
    `T${pad(b.getUTCHours())}:${pad(b.getUTCMinutes())}:${pad(b.getUTCSeconds())}`
  );
}

/**
 * The same Brisbane wall-clock time `months` calendar months later (earlier when negative); the day is
 * clamped to the end of a shorter month, so 31 January plus one month is 28 or 29 February.
 */
export function addExchangeMonths(d: Date, months: number): Date {
  if (!Number.isInteger(months)) throw new RangeError("months must be a whole number");
  const b = brisbaneFields(d);
  const index = b.getUTCFullYear() * 12 + b.getUTCMonth() + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const day = Math.min(b.getUTCDate(), daysInMonth(year, month));
  const local = utcMillis(
    year,
    month,
    day,
    b.getUTCHours(),
    b.getUTCMinutes(),
    b.getUTCSeconds(),
    b.getUTCMilliseconds(),
  );
  return new Date(local - OFFSET_MS);
}
