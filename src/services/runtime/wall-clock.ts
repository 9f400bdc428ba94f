/** What a zone's clocks show at an instant: the one primitive behind every local-time computation here. */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(zone, format);
  }
  return format;
}

/** The wall-clock time `zone` shows at instant `at`, written as if it were UTC (epoch ms, whole seconds). */
export function wallClock(at: number, zone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatFor(zone).formatToParts(at)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}
