/**
 * The typed words of a market alert, in English and Chinese at once ("moves 5% in 1h", "up 3% 15m",
 * "24h change 8%", "every 2%", "rsi 25 75", "1小时 涨跌 5%", "每 2%"): what follows the asset in the quick
 * form of /alert, and what a plain request ("alert me if btc moves 5% in an hour") is read with. Words it
 * does not know are skipped ("in", "if", "me"); the result is a raw spec for parseMarketAlertSpec
 * (market/kinds.ts), which checks every figure. {@link marketWordsOf} writes a spec back as the words that
 * give it, so a request becomes a quick form and an edit can be offered prefilled.
 */
import type { MarketAlertSpec, MarketWindow } from "./kinds.ts";

/** The fields of a spec found in the words (no asset: the caller has it). */
export type MarketWords = Record<string, unknown> & { kind: MarketAlertSpec["kind"] };

const RSI = /\brsi\b|相对强弱/;
const OVERBOUGHT = /overbought|超买/;
const OVERSOLD = /oversold|超卖/;
const EVERY = /\bevery\b|\beach\b|每/;
// "change" is the 24-hour change; 涨跌幅 before 涨跌 (which is a move either way).
const CHANGE = /\b(?:day|daily)\b|\bchanges?\b|涨跌幅|日涨跌|变化|变动/;
const MOVE = /\bmoves?\b|\bmoving\b|\bswings?\b|\beither\b|涨跌|波动/;
const UP = /\bup\b|\brises?\b|\bpumps?\b|\bjumps?\b|\bgains?\b|\bclimbs?\b|\bsurges?\b|上涨|涨/;
const DOWN = /\bdown\b|\bdrops?\b|\bfalls?\b|\bdumps?\b|\bdips?\b|\bdeclines?\b|\bsinks?\b|下跌|跌/;
// A length of time: "15m", "15 min", "1h", "4 hours", "24h", "1d", "1小时", "15分钟", "一天".
const SPAN =
  /(?<![a-z\d.])(\d+(?:\.\d+)?|[一半]|(?:an?|one)(?=\s))\s*(minutes?|mins?|m|分钟|分|hours?|hrs?|h|小时|个小时|days?|d|天|日)(?![a-z])/;
// "an hour" / "a day" / "hour" alone ("in the last hour").
const BARE_SPAN = /\b(hour|day)\b/;
const NUMBER = /(\d+(?:\.\d+)?)\s*(%|％|percent|pct)?/g;
/** A word that is a figure, or looks like one: digits first, or a sign, or NaN / Infinity. */
const FIGURE_WORD = /(?<=^|\s)([+-]?(?:\d[\w.]*|nan|infinity)(?:%|％)?)(?=\s|$)/gi;
/** A figure read exactly: a plain decimal, perhaps a percent; or a length of time ("15m", "24h"). */
const EXACT_FIGURE = /^(?:\d+(?:\.\d+)?(?:%|％)?|\d+(?:minutes?|mins?|m|hours?|hrs?|h|days?|d))$/i;

/**
 * The first word that looks like a figure but is none read exactly ("1e5%", "5e1", "-5%", "NaN"): passed on
 * as typed so the check refuses it with an example, never read in part ("1e5%" as 5 %).
 */
function inexactFigure(text: string): string | undefined {
  for (const match of text.matchAll(FIGURE_WORD)) {
    const word = match[1] as string;
    if (!EXACT_FIGURE.test(word)) return word;
  }
  return undefined;
}

/** A span as a window: 15 min, 1 h, 4 h and 24 h (1 day) are the windows; anything else is given as typed. */
function windowOf(amount: string, unit: string): string {
  const n = amount === "一" || amount === "a" || amount === "an" || amount === "one" ? 1 : Number(amount);
  const half = amount === "半";
  let minutes: number;
  if (/^(minutes?|mins?|m|分钟|分)$/.test(unit)) minutes = n;
  else if (/^(hours?|hrs?|h|小时|个小时)$/.test(unit)) minutes = half ? 30 : n * 60;
  else minutes = half ? 720 : n * 1440;
  const windows: Readonly<Record<number, MarketWindow>> = { 15: "15m", 60: "1h", 240: "4h", 1440: "24h" };
  return windows[minutes] ?? `${amount}${unit}`;
}

/**
 * Reads the words after the asset; undefined when they name no market alert (the price-level form of
 * /alert then reads them). A market alert is named by a percent sign, a length of time, or a word of its
 * kind or direction.
 */
export function readMarketWords(text: string): MarketWords | undefined {
  let rest = text.normalize("NFKC").toLowerCase();
  if (RSI.test(rest) || OVERBOUGHT.test(rest) || OVERSOLD.test(rest)) {
    const figures = rest.replace(/rsi\s*\(?\s*14\s*\)?/, " ");
    const bad = inexactFigure(figures);
    if (bad !== undefined) return { kind: "rsi", low: bad };
    const numbers = [...figures.matchAll(NUMBER)].map((m) => m[1]);
    const spec: MarketWords = { kind: "rsi" };
    if (OVERBOUGHT.test(rest) !== OVERSOLD.test(rest)) spec.direction = OVERBOUGHT.test(rest) ? "up" : "down";
    if (numbers.length >= 2) Object.assign(spec, { low: numbers[0], high: numbers[1] });
    else if (numbers.length === 1) {
      const only = numbers[0] as string;
      // One threshold: the low one when it is under the middle.
      if (Number(only) < 50) spec.low = only;
      else spec.high = only;
    }
    return spec;
  }
  let window: string | undefined;
  const found = SPAN.exec(rest);
  // "1.5m" is a million and a half, not a minute and a half.
  const span =
    found && /^(?:m)$/.test(found[2] as string) && (found[1] as string).includes(".") ? null : found;
  if (span) {
    window = windowOf(span[1] as string, span[2] as string);
    rest = rest.replace(span[0], " ");
  } else {
    const bare = BARE_SPAN.exec(rest);
    if (bare) {
      window = bare[1] === "hour" ? "1h" : "24h";
      rest = rest.replace(bare[0], " ");
    }
  }
  const numbers = [...rest.matchAll(NUMBER)];
  const marked = numbers.find((m) => m[2] !== undefined);
  const percent = inexactFigure(rest) ?? (marked ?? numbers[0])?.[1];
  const every = EVERY.test(rest);
  const change = CHANGE.test(rest);
  const move = MOVE.test(rest);
  const up = UP.test(rest);
  const down = DOWN.test(rest);
  if (!every && !change && !move && !up && !down && window === undefined && marked === undefined)
    return undefined;
  const direction = move || up === down ? "either" : up ? "up" : "down";
  if (every) return { kind: "step", percent };
  if (change && (window === undefined || window === "24h")) return { kind: "day_change", direction, percent };
  return { kind: "move", window, direction, percent };
}

/** The quick form's words of a spec, after its asset ("moves 5% 1h", "down 10% 24h", "every 2%", "rsi 30 70"). */
export function marketWordsOf(spec: MarketAlertSpec): string {
  switch (spec.kind) {
    case "move":
      return `${spec.direction === "either" ? "moves" : spec.direction} ${spec.percent}% ${spec.window}`;
    case "day_change":
      return `${spec.direction === "either" ? "" : `${spec.direction} `}24h change ${spec.percent}%`;
    case "step":
      return `every ${spec.percent}%`;
    case "rsi":
      return `${spec.direction === "up" ? "overbought " : spec.direction === "down" ? "oversold " : ""}rsi ${spec.low} ${spec.high}`;
  }
}
