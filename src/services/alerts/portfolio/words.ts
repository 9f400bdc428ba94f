/**
 * The typed words of a portfolio alert, in English and Chinese at once: what follows `/alert portfolio`
 * ("below 50000", "above 120k", "day 5%", "day -3%") or `/alert ASSET` with a word for its return ("return
 * 20%", "收益 -10%"), and what a plain request ("alert me if my portfolio falls below 50k", "我的资产低于5万提醒我",
 * "alert me when btc is up 20% on what I paid") is read with. Amounts take k / m suffixes, thousands commas,
 * "$" or "AUD", 千 and 万 (understanding/typed-number.ts); they stay decimal strings. The result is a raw spec
 * for parsePortfolioAlertSpec (portfolio/kinds.ts), which checks every figure; a value alert without a side
 * comes back without its direction, for the chat to ask. {@link portfolioWordsOf} writes words back as the
 * quick form that gives them.
 */
import { readTypedNumber } from "../../understanding/typed-number.ts";
import type { PortfolioAlertKind, PortfolioAlertSpec } from "./kinds.ts";

/** The fields of a spec found in the words (an asset return's asset comes from the caller). */
export type PortfolioWords = Record<string, unknown> & { kind: PortfolioAlertKind };

/** The account as a whole, at the start of the quick form's words ("portfolio", "my account", "总资产"). */
const SUBJECT_START =
  /^(?:my\s+)?(?:portfolio|account|total|net\s+worth)(?![a-z])|^(?:我的)?(?:总资产|资产|投资组合|组合|账户|总值)/;
/** The account as a whole anywhere in a request. */
const SUBJECT =
  /\bportfolio\b|\baccount\b|\bnet\s+worth\b|\btotal\s+value\b|总资产|资产|投资组合|组合|账户|总市值|总值/;
/** A return against the average buy price. */
const RETURN =
  /\breturns?\b|\bprofit\b|\bp&l\b|\bpnl\b|on\s+what\s+i\s+paid|on\s+(?:my\s+)?cost|(?:average|avg)\s+(?:buy\s+)?(?:price|cost)|收益率?|回报率?|盈亏|成本/;
/** The day's return of the account. */
const DAY =
  /\b(?:a\s+|one\s+|per\s+)?day\b|\bdaily\b|\btoday\b|\b24\s*h(?:ours?)?\b|一天|今天|今日|当日|当天|日内|单日/;
const ABOVE =
  /\babove\b|\bover\b|>|\bexceeds?\b|\bhigher\s+than\b|\bmore\s+than\b|\bpast\b|高于|超过|大于|以上|涨到|涨破|突破|涨过/;
const BELOW =
  /\bbelow\b|\bunder\b|<|\bless\s+than\b|\blower\s+than\b|\bdrops?\s+to\b|\bfalls?\s+to\b|低于|跌破|跌到|小于|以下|跌过/;
const EITHER = /\bmoves?\b|\bmoving\b|\bswings?\b|\beither\b|涨跌|波动|盈亏|±/;
const UP =
  /\bup\b|\brises?\b|\bgains?\b|\bclimbs?\b|\babove\b|\bover\b|\bexceeds?\b|\bmore\s+than\b|上涨|涨|超过|高于|盈利|赚/;
const DOWN =
  /\bdown\b|\bfalls?\b|\bdrops?\b|\bdips?\b|\bloses?\b|\bloss\b|\bbelow\b|\bunder\b|下跌|跌|低于|亏损|亏/;
// A signed percent: "-3%", "+ 20 %", "20 percent".
const PERCENT = /([+-])?\s*(\d+(?:\.\d+)?)\s*(?:%|％|percent|pct)/;
const PLAIN_NUMBER = /([+-])?\s*(\d+(?:\.\d+)?)/;
// An amount as typed: currency, digits with separators and a fraction, a scale, currency after; never
// digits inside a word ("probe304bb415").
const AMOUNT =
  /(?<![a-z\d.])(?:a\$|au\$|\$|aud\s*)?\d[\d,]*(?:\.\d+)?\s*(?:k|thousand|mn|m|mil|million|bn|b|billion|千|万|萬|百万|亿)?(?![a-z\d])(?:\s*(?:aud|dollars?|澳元|元|块))?/;

/** Lower case, one width. */
const normalized = (text: string) => text.normalize("NFKC").toLowerCase();

/** A percent and the direction its sign or words give (`either` when none, or both). */
function percentOf(rest: string): { percent?: string; direction: "up" | "down" | "either" } {
  const found = PERCENT.exec(rest) ?? PLAIN_NUMBER.exec(rest);
  const sign = found?.[1];
  const words = found ? rest.replace(found[0], " ") : rest;
  const up = sign === "+" || UP.test(words);
  const down = sign === "-" || DOWN.test(words);
  const direction = EITHER.test(words) || up === down ? "either" : up ? "up" : "down";
  return { ...(found ? { percent: found[2] } : {}), direction };
}

/**
 * The words after "portfolio": the day's return when they speak of a day or a percent, else the total
 * value above or below an amount (no direction when neither side, or both, is named; the level as typed
 * when it is not an amount, for the check to refuse).
 */
function readAccountWords(rest: string): PortfolioWords {
  const day = DAY.exec(rest);
  if (day || PERCENT.test(rest))
    return { kind: "portfolio_day", ...percentOf(rest.replace(day?.[0] ?? "", " ")) };
  const above = ABOVE.test(rest);
  const below = BELOW.test(rest);
  const words: PortfolioWords = { kind: "portfolio_value" };
  if (above !== below) words.direction = above ? "above" : "below";
  // A negative amount is no level: passed on as typed for the check to refuse, never read without its sign.
  const negative = /(?<![\w.])-\s*\d\S*/.exec(rest)?.[0];
  const amount = AMOUNT.exec(rest)?.[0];
  const read = amount === undefined || negative !== undefined ? undefined : readTypedNumber(amount.trim());
  words.level = read?.value ?? negative ?? amount?.trim() ?? "";
  return words;
}

/**
 * Reads the quick form's words after `/alert`: `portfolio …` (the account) or, with a word for a return,
 * `ASSET return …` (the asset as typed); undefined for any other form.
 */
export function readPortfolioQuickForm(args: string): { asset?: string; words: PortfolioWords } | undefined {
  const text = normalized(args.trim());
  const subject = SUBJECT_START.exec(text);
  if (subject) return { words: readAccountWords(text.slice(subject[0].length)) };
  const [asset, ...rest] = args.trim().split(/\s+/);
  const words = normalized(rest.join(" "));
  if (asset === undefined || asset === "" || !RETURN.test(words)) return undefined;
  return {
    asset,
    words: { kind: "asset_return", ...percentOf(words.replace(RETURN, " ")) },
  };
}

/**
 * Reads a plain request's words, given the assets it names: the account's value or day ("my portfolio falls
 * below 50k", "组合今天涨跌5%") when it names the account and no asset, an asset's return ("btc is up 20% on
 * what I paid", "比特币收益率超过20%") when it names one asset and its return; a figure is needed either way.
 * Else undefined.
 */
export function readPortfolioRequest(text: string, assets: readonly string[]): PortfolioWords | undefined {
  const plain = normalized(text);
  // Without a figure it is no alert ("tell me my portfolio" is /portfolio).
  if (!/\d/.test(plain)) return undefined;
  if (assets.length === 0 && SUBJECT.test(plain)) return readAccountWords(plain.replace(SUBJECT, " "));
  if (assets.length === 1 && RETURN.test(plain))
    return { kind: "asset_return", ...percentOf(plain.replace(RETURN, " ")) };
  return undefined;
}

/**
 * The quick form's words of a spec or of (possibly incomplete) words, after `/alert`: `portfolio below 50000`,
 * `portfolio day -3%`, `BTC return 20%`. A missing figure is left out, for the quick form to say so.
 */
export function portfolioWordsOf(spec: PortfolioWords | PortfolioAlertSpec, asset?: string): string {
  const words = spec as PortfolioWords;
  const sign = words.direction === "up" ? "+" : words.direction === "down" ? "-" : "";
  const percent = typeof words.percent === "string" ? `${sign}${words.percent}%` : "";
  switch (words.kind) {
    case "portfolio_value":
      return ["portfolio", words.direction, words.level]
        .filter((w) => typeof w === "string" && w !== "")
        .join(" ");
    case "portfolio_day":
      return `portfolio day ${percent}`.trim();
    case "asset_return":
      return `${asset ?? String(words.asset ?? "")} return ${percent}`.trim();
  }
}

const VALUE = /\bvalue\b|\btotal\b|\bworth\b|\bbalance\b|总资产|总值|总额|金额|市值/;

/**
 * The portfolio kind a typed answer names, for the guided steps: the day ("day", "今天"), a return ("return",
 * "收益"), the total value ("total value", "总资产", or a side: "below"); undefined for none.
 */
export function portfolioKindNamed(text: string): PortfolioAlertKind | undefined {
  const plain = normalized(text);
  if (DAY.test(plain)) return "portfolio_day";
  if (RETURN.test(plain)) return "asset_return";
  if (VALUE.test(plain) || ABOVE.test(plain) || BELOW.test(plain)) return "portfolio_value";
  return undefined;
}

/** The side a typed answer names ("above", "低于"); undefined for none, or both. */
export function valueSideNamed(text: string): "above" | "below" | undefined {
  const plain = normalized(text);
  const above = ABOVE.test(plain);
  return above === BELOW.test(plain) ? undefined : above ? "above" : "below";
}

/** Whether a typed answer names the account as a whole ("portfolio", "my account", "我的全部资产"). */
export function accountNamed(text: string): boolean {
  return SUBJECT.test(normalized(text));
}
