/**
 * Wall-clock hours in a user's time zone, as instants: when "08:00 in Sydney" falls on a given date, across
 * daylight-saving changes. An hour the clocks skip (02:00 when they spring forward) is taken as the
 * instant the clocks jump; an hour that occurs twice (when they fall back) as its first occurrence.
 */
import { wallClock } from "../runtime/wall-clock.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** "YYYY-MM-DD" of a UTC-based ms value. */
function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The local date ("YYYY-MM-DD") and hour of `at` in `zone`. */
export function localDateHour(at: number, zone: string): { date: string; hour: number } {
  const wall = wallClock(at, zone);
  return { date: isoDate(wall), hour: new Date(wall).getUTCHours() };
}

/** The date `days` after `date` ("YYYY-MM-DD"). */
export function addDays(date: string, days: number): string {
  return isoDate(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
}

/** The instant the clock in `zone` shows `hour`:00 on `date` (see the module note for skipped and repeated hours). */
export function zonedHourInstant(date: string, hour: number, zone: string): number {
  const wanted = Date.parse(`${date}T00:00:00Z`) + hour * HOUR_MS;
  // A zone has at most two offsets around one date: the one before a change and the one after.
  const offsets = new Set([wanted - DAY_MS, wanted + DAY_MS].map((t) => wallClock(t, zone) - t));
  const candidates = [...offsets].map((offset) => wanted - offset);
  const exact = candidates.filter((t) => wallClock(t, zone) === wanted);
  if (exact.length > 0) return Math.min(...exact);
  // Skipped by a spring-forward change: the earliest candidate lands on the jump, the clock's next hour.
  return Math.min(...candidates.filter((t) => wallClock(t, zone) > wanted));
}

/** The first `hour`:00 in `zone` strictly after `after`, with its local date. */
export function nextLocalHour(after: number, hour: number, zone: string): { date: string; at: number } {
  const today = localDateHour(after, zone).date;
  for (const date of [today, addDays(today, 1), addDays(today, 2)]) {
    const at = zonedHourInstant(date, hour, zone);
    if (at > after) return { date, at };
  }
  // Unreachable for real zones (a day later always comes after); kept total for the type checker.
  throw new Error(`no ${hour}:00 in ${zone} after ${new Date(after).toISOString()}`);
}
