/**
 * A start time typed by the user, read in their time zone: `2026-12-01 09:30`, `2026/12/01 9:30`,
 * `1/12/2026 09:30` (day first, as in Australia), a date alone (midnight), or words in either language
 * ("tomorrow 9am", "next Monday 08:30", "明天上午9点": understanding/date-words.ts). The wall-clock time is
 * turned into an instant with the zone's offset at that moment, so daylight saving is respected; a
 * time that does not exist there (skipped when clocks go forward) is refused rather than moved, and one
 * shown twice (clocks going back) is the first of the two.
 */
import { wallClock } from "../runtime/wall-clock.ts";
import { readDateWords } from "../understanding/date-words.ts";

/** Wall-clock fields of a typed time. */
interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s]+(\d{1,2}):(\d{2}))?$/;
const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[T\s]+(\d{1,2}):(\d{2}))?$/;

function readWallTime(input: string): WallTime | undefined {
  const text = input.trim();
  if (text.length > 40) return undefined;
  const ymd = YEAR_FIRST.exec(text);
  const dmy = ymd ? undefined : DAY_FIRST.exec(text);
  const m = ymd ?? dmy;
  if (!m) return undefined;
  const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [year, month, day] = ymd ? [a, b, c] : [c, b, a];
  const wall = { year, month, day, hour: Number(m[4] ?? 0), minute: Number(m[5] ?? 0) };
  const probe = new Date(Date.UTC(year, month - 1, day));
  const valid =
    year >= 2000 &&
    year <= 2999 &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day &&
    wall.hour <= 23 &&
    wall.minute <= 59;
  return valid ? wall : undefined;
}

/** The wall-clock fields of `instant` in `zone`. */
function wallTimeAt(instant: number, zone: string): WallTime {
  const wall = new Date(wallClock(instant, zone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

const asUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);

/**
 * The instant at which `zone`'s clocks show `wall`, or undefined when they never do. The zone's offsets
 * a day before and a day after cover both sides of any change of its clocks: a time shown twice (clocks
 * going back) takes the earlier instant, a skipped one (clocks going forward) has none.
 */
function instantOf(wall: WallTime, zone: string): number | undefined {
  const naive = asUtc(wall);
  const day = 24 * 60 * 60 * 1000;
  const offsetAt = (instant: number) => asUtc(wallTimeAt(instant, zone)) - instant;
  const matching = [naive - offsetAt(naive - day), naive - offsetAt(naive + day)].filter(
    (instant) => asUtc(wallTimeAt(instant, zone)) === naive,
  );
  return matching.length === 0 ? undefined : Math.min(...matching);
}

/** What a typed start came to: the instant, or why it cannot be read. */
export type TypedStart = { start: Date } | { problem: "format" | "no_such_time" };

/** Reads a typed start in `zone` (an IANA zone the runtime knows); words are read relative to `now`. */
export function parseTypedStart(input: string, zone: string, now: number): TypedStart {
  const offsetMinutes = (asUtc(wallTimeAt(now, zone)) - Math.floor(now / 60_000) * 60_000) / 60_000;
  const wall = readWallTime(input) ?? readDateWords(input, now, Math.round(offsetMinutes));
  if (!wall) return { problem: "format" };
  const instant = instantOf(wall, zone);
  return instant === undefined ? { problem: "no_such_time" } : { start: new Date(instant) };
}

/** An example start to show at the prompt: tomorrow at 09:00 in `zone`, as `YYYY-MM-DD 09:00`. */
export function exampleStart(now: number, zone: string): string {
  const tomorrow = wallTimeAt(now + 24 * 60 * 60 * 1000, zone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${tomorrow.year}-${pad(tomorrow.month)}-${pad(tomorrow.day)} 09:00`;
}
