/**
 * Timestamps on the wire: `YYYY-MM-DDTHH:MM:SS` in Australia/Brisbane time (UTC+10, no daylight saving)
 * with no zone suffix. Inputs are accepted with or without a suffix.
 */

const BRISBANE_OFFSET_MS = 10 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Formats epoch milliseconds as a Brisbane wall-clock timestamp without zone suffix. */
export function formatTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000 + BRISBANE_OFFSET_MS).toISOString().slice(0, 19);
}

/** Formats an optional time, null when absent. */
export function formatOptionalTime(ms: number | null): string | null {
  return ms === null ? null : formatTime(ms);
}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A parsed timestamp: epoch milliseconds, and whether only a date was given. */
export interface ParsedTime {
  ms: number;
  dateOnly: boolean;
}

/**
 * Parses an ISO 8601 date or date-time. Without a zone suffix it is Brisbane time. Returns undefined for
 * anything else, including impossible dates such as February 30.
 */
export function parseTime(text: unknown): ParsedTime | undefined {
  if (typeof text !== "string") return undefined;
  const m = TIMESTAMP.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = "00", mi = "00", s = "00", frac = "", zone] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const check = new Date(wall);
  // Date.UTC silently rolls over (Feb 30 -> Mar 2); a round trip catches it.
  if (
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    return undefined;
  }
  const fraction = frac ? Number(frac.padEnd(3, "0").slice(0, 3)) : 0;
  return { ms: wall + fraction - zoneOffsetMs(zone), dateOnly: m[4] === undefined };
}

function zoneOffsetMs(zone: string | undefined): number {
  if (zone === undefined) return BRISBANE_OFFSET_MS;
  if (zone === "Z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60 * 1000;
}

/** Adds whole calendar months in Brisbane time, clamping the day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(ms: number, months: number): number {
  const wall = new Date(ms + BRISBANE_OFFSET_MS);
  const day = wall.getUTCDate();
  wall.setUTCDate(1);
  wall.setUTCMonth(wall.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 0)).getUTCDate();
  wall.setUTCDate(Math.min(day, lastDay));
  return wall.getTime() - BRISBANE_OFFSET_MS;
}

/** Adds whole days. */
export function addDays(ms: number, days: number): number {
  return ms + days * DAY_MS;
}
