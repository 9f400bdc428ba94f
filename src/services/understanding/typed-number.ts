/**
 * Numbers as people type them, read into exact decimal strings: "1,000", "1 000", "$2,500.50", "A$100",
 * "100 aud", "160k", "1.5m", "2b", "1万", "3千", "１００" (full width), "+5", "-5". Both of the bot's languages write
 * the decimal point, so a comma is only ever a thousands separator, and only between groups of three digits:
 * "0,5" and "1,00" are not numbers (rather refused than read as a thousand times what was meant).
 */
import { type Dec, toDec } from "../../exchange/decimal.ts";

/** A typed number: its value as a plain decimal string (sign kept), or that it is none. */
export type TypedNumber = { value: string; negative: boolean } | undefined;

// What a multiplier suffix means. Chinese counts in ten-thousands (万) and hundred-millions (亿).
const SCALE: Readonly<Record<string, string>> = {
  k: "1e3",
  thousand: "1e3",
  m: "1e6",
  mn: "1e6",
  mil: "1e6",
  million: "1e6",
  b: "1e9",
  bn: "1e9",
  billion: "1e9",
  千: "1e3",
  万: "1e4",
  萬: "1e4",
  百万: "1e6",
  亿: "1e8",
  億: "1e8",
};

// sign, currency before, digits (groups of three with one kind of separator, or plain) with a decimal part,
// a scale word, currency after. Spaces between the parts are allowed.
const NUMBER =
  /^([+-])?\s*(?:a\$|au\$|\$|aud|usd|¥|￥)?\s*(\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00a0\u202f']\d{3})+|\d+)(\.\d+)?\s*(k|thousand|mn|m|mil|million|bn|b|billion|千|万|萬|百万|亿|億)?\s*(?:aud|dollars?|bucks|澳元|澳币|块|元)?$/;

/** The longest text read as a number: far longer is no number anyone typed. */
const MAX_LENGTH = 40;

/**
 * Reads a typed number; undefined when the text is not one number (words around it, two numbers, a decimal
 * comma, an unknown suffix).
 */
export function readTypedNumber(text: string): TypedNumber {
  if (text.length > MAX_LENGTH) return undefined;
  const plain = text.normalize("NFKC").trim().toLowerCase();
  const match = NUMBER.exec(plain);
  if (!match) return undefined;
  const [, sign, whole, fraction, scale] = match;
  let value: Dec = toDec(`${(whole as string).replace(/[^\d]/g, "")}${fraction ?? ""}`);
  if (scale !== undefined) value = value.times(SCALE[scale] as string);
  return { value: value.toFixed(), negative: sign === "-" && !value.isZero() };
}
