/**
 * Numbers written in words, turned into the digits the request reader reads: English ("fifty", "two hundred",
 * "a thousand", "zero point five"), Chinese numerals ("一百", "五千", "两万", "零点五", "十五"), and shares as a
 * fraction "n/d" ("half", "a third", "three quarters", "一半", "三分之一") or a percent ("百分之二十" -> "20%",
 * "10 percent" -> "10%").
 *
 * Written here rather than taken from a library (compromise, nzh): the reader needs only these forms, on
 * every plain message, and a table of a few dozen words does it in microseconds with nothing to load.
 */

import { readTypedNumber } from "./typed-number.ts";

const UNITS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Readonly<Record<string, number>> = { hundred: 100, thousand: 1000, million: 1_000_000 };

/** English shares: "half" -> "1/2", "a third" -> "1/3", "three quarters" -> "3/4". */
const ENGLISH_SHARES: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:a|one)\s+half\b|\bhalf\b/g, "1/2"],
  [/\b(?:a|one)\s+third\b/g, "1/3"],
  [/\btwo\s+thirds\b/g, "2/3"],
  [/\b(?:a|one)\s+quarter\b/g, "1/4"],
  [/\bthree\s+quarters\b/g, "3/4"],
  [/(\d)\s*(?:percent|per\s+cent|pct)\b/g, "$1%"],
];

/** Replaces runs of English number words by their digits ("two hundred and fifty" -> "250"). */
function englishNumbers(text: string): string {
  const words = text.split(/(\s+)/);
  const out: string[] = [];
  let at = 0;
  while (at < words.length) {
    const read = readEnglish(words, at);
    if (read === undefined) {
      out.push(words[at] as string);
      at++;
    } else {
      out.push(read.digits);
      at = read.end;
    }
  }
  return out.join("");
}

/** The number whose words start at `at` (every other entry of `words` is a space), and where it ends. */
function readEnglish(words: readonly string[], at: number): { digits: string; end: number } | undefined {
  let total = 0;
  let current = 0;
  let seen = false;
  let end = at;
  let i = at;
  let decimals = "";
  for (; i < words.length; i += 2) {
    const word = (words[i] as string).toLowerCase();
    const next = (words[i + 2] ?? "").toLowerCase();
    if (word in UNITS) {
      current += UNITS[word] as number;
      seen = true;
    } else if (word === "a" && next in SCALES && !seen) {
      current = 1;
      seen = true;
    } else if (word in SCALES && seen) {
      const scale = SCALES[word] as number;
      if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
    } else if (word === "and" && seen && next in UNITS) {
      continue;
    } else if (word === "point" && next in UNITS) {
      seen = true;
      for (i += 2; i < words.length && (words[i] as string).toLowerCase() in UNITS; i += 2) {
        const digit = UNITS[(words[i] as string).toLowerCase()] as number;
        if (digit > 9) break;
        decimals += String(digit);
      }
      end = i - 1;
      break;
    } else break;
    end = i + 1;
  }
  if (!seen) return undefined;
  const whole = total + current;
  return { digits: decimals === "" ? String(whole) : `${whole}.${decimals}`, end };
}

const CHINESE_DIGITS: Readonly<Record<string, number>> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const CHINESE_SMALL: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000 };
const CHINESE_LARGE: Readonly<Record<string, number>> = { 万: 10_000, 亿: 100_000_000 };
const CHINESE_NUMERAL = /[零〇一二两三四五六七八九十百千万亿点]+/g;
/** Runs that are words, not numbers: "一下" (a moment), "一些" (some), "一点" alone (a little), "一半" (half). */
const NOT_A_NUMBER_AFTER = /^[下些半起直样定切共般旦]/;
/** A lone digit counts only before a measure or currency word ("五个", "三千", "五块"). */
const MEASURE_AFTER = /^[个枚块元刀澳]/;

/** The value of a Chinese numeral ("两万五千" -> 25000, "零点五" -> 0.5); undefined when it is none. */
function chineseValue(run: string): string | undefined {
  const [whole = "", fraction] = run.split("点");
  if (run.split("点").length > 2) return undefined;
  let total = 0;
  let section = 0;
  let digit: number | undefined;
  for (const char of whole) {
    if (char in CHINESE_DIGITS) {
      digit = CHINESE_DIGITS[char] as number;
    } else if (char in CHINESE_SMALL) {
      section += (digit ?? 1) * (CHINESE_SMALL[char] as number);
      digit = undefined;
    } else if (char in CHINESE_LARGE) {
      total += (section + (digit ?? 0)) * (CHINESE_LARGE[char] as number);
      section = 0;
      digit = undefined;
    } else return undefined;
  }
  const value = total + section + (digit ?? 0);
  if (fraction === undefined) return String(value);
  if (fraction === "" || ![...fraction].every((char) => char in CHINESE_DIGITS)) return undefined;
  return `${value}.${[...fraction].map((char) => CHINESE_DIGITS[char]).join("")}`;
}

/** Replaces Chinese numerals, fractions and percents by digits ("三分之一" -> "1/3", "百分之二十" -> "20%"). */
function chineseNumbers(text: string): string {
  return text
    .replace(/一半/g, " 1/2 ")
    .replace(/百分之([零〇一二两三四五六七八九十百点\d.]+)/g, (all, part: string) => {
      const value = /^[\d.]+$/.test(part) ? part : chineseValue(part);
      return value === undefined ? all : ` ${value}% `;
    })
    .replace(
      /([零〇一二两三四五六七八九十\d]+)分之([零〇一二两三四五六七八九十\d]+)/g,
      (all, d: string, n: string) => {
        const [den, num] = [d, n].map((part) => (/^\d+$/.test(part) ? part : chineseValue(part)));
        return den === undefined || num === undefined ? all : ` ${num}/${den} `;
      },
    )
    .replace(CHINESE_NUMERAL, (run: string, offset: number, whole: string) => {
      const after = whole.slice(offset + run.length);
      // "1万", "2.5千": digits with a Chinese multiplier, which the number reader takes as they are.
      if (/[\d.]$/.test(whole.slice(0, offset))) return run;
      if (NOT_A_NUMBER_AFTER.test(after) || run === "点") return run;
      if (run.length === 1 && !MEASURE_AFTER.test(after)) return run;
      if (run === "一点") return run;
      const value = chineseValue(run);
      return value === undefined ? run : ` ${value} `;
    });
}

/** `text` with numbers in words written in digits, and shares as "n/d" or "n%"; the rest unchanged. */
export function withDigits(text: string): string {
  let out = text;
  if (/[a-z]/i.test(out)) {
    out = englishNumbers(out);
    for (const [pattern, replacement] of ENGLISH_SHARES) out = out.replace(pattern, replacement);
  }
  if (/[零〇一二两三四五六七八九十百千万亿半分]/.test(out)) out = chineseNumbers(out);
  return out;
}

/** What an answer to an amount question says: a number (and whether in AUD), or a share of the balance. */
export type TypedAmount = { value: string; fiat: boolean } | { share: string };

/** Words for all of it at an amount question. */
const ALL_OF_IT = /^(?:all|all of it|everything|max|全部|所有|全部的)$/i;
/** A currency word or sign: the amount counts AUD. */
const FIAT_WORD = /^(?:a\$|au\$|\$)|(?:aud|dollars?|bucks|澳元|澳币|块|元|刀)\s*$/i;

/**
 * Reads an answer to an amount question as written ("$500", "fifty dollars", "一百", "零点五", "三分之一",
 * "百分之二十", "a quarter", "25%", "all"); undefined when it is none of these.
 */
export function readAmountAnswer(text: string): TypedAmount | undefined {
  const trimmed = text.trim();
  if (ALL_OF_IT.test(trimmed)) return { share: "1" };
  const digits = withDigits(trimmed).trim().replace(/\s+/g, " ");
  const ratio = /^(\d{1,3})\/(\d{1,3})(?: of it)?$/.exec(digits);
  if (ratio) {
    const [numerator, denominator] = [Number(ratio[1]), Number(ratio[2])];
    return numerator > 0 && numerator <= denominator ? { share: String(numerator / denominator) } : undefined;
  }
  const percent = /^(\d{1,3}(?:\.\d+)?)\s*%$/.exec(digits);
  if (percent) {
    const value = Number(percent[1]);
    return value > 0 && value <= 100 ? { share: String(value / 100) } : undefined;
  }
  const typed = readTypedNumber(digits);
  if (typed === undefined || typed.negative) return undefined;
  return { value: typed.value, fiat: FIAT_WORD.test(digits.toLowerCase()) };
}
