/**
 * Decimal arithmetic for money, quantities and prices. The exchange carries them as plain decimal
 * strings; they are never turned into JS numbers, whose binary fractions would lose cents and satoshis.
 */
import { Decimal } from "decimal.js";

/**
 * The project's decimal.js constructor: 50 significant digits (far beyond any asset's precision) and
 * exponents pushed out of range so `toString` never switches to exponent notation.
 */
export const Dec = Decimal.clone({
  precision: 50,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});

/** A decimal value made by {@link Dec} (instances of every decimal.js clone are interchangeable). */
export type Dec = Decimal;

/** A rounding mode, e.g. `Dec.ROUND_DOWN` or `Dec.ROUND_HALF_UP`. */
export type Rounding = Decimal.Rounding;

/** A value the helpers accept: a decimal instance or a plain decimal string (never a JS number). */
export type DecValue = Dec | string;

/** A plain decimal string such as "12", "0.5" or "-3.25": no exponent, no spaces, no leading "+". */
export const DECIMAL_PATTERN = /^-?\d+(?:\.\d+)?$/;

/** True when `s` is a string matching {@link DECIMAL_PATTERN}. */
export function isDecimalString(s: unknown): s is string {
  return typeof s === "string" && DECIMAL_PATTERN.test(s);
}

/**
 * True when `s` is a decimal string whose value is greater than zero: not negative, and some digit not
 * zero. Read off the string (a decimal.js value costs a microsecond to build), for balances by the dozen.
 */
export function isPositiveDecimal(s: unknown): s is string {
  return isDecimalString(s) && s.charCodeAt(0) !== 45 /* "-" */ && NONZERO_DIGIT.test(s);
}

const NONZERO_DIGIT = /[1-9]/;

/** Converts a decimal string (or passes a decimal through); throws a RangeError for anything else. */
export function toDec(s: DecValue): Dec {
  if (typeof s !== "string") return new Dec(s);
  if (!DECIMAL_PATTERN.test(s)) throw new RangeError(`not a decimal string: ${JSON.stringify(s)}`);
  return new Dec(s);
}

/** Options of {@link formatDec}. */
export interface FormatDecOptions {
  /** Rounding mode used with `dp`; ROUND_DOWN by default so an amount is never overstated. */
  rounding?: Rounding;
  /** Keep the zeros up to `dp` ("1.50" rather than "1.5"). */
  trailingZeros?: boolean;
}

/**
 * Plain-notation decimal string (never an exponent), optionally rounded to `dp` decimal places.
 * Trailing fractional zeros are trimmed unless `trailingZeros` is set; "-0" comes out as "0".
 */
export function formatDec(value: DecValue, dp?: number, options: FormatDecOptions = {}): string {
  const d = toDec(value);
  // decimal.js keeps no trailing zeros and prints negative zero as "0", so toFixed() is already canonical.
  if (dp === undefined) return d.toFixed();
  const rounded = d.toDecimalPlaces(dp, options.rounding ?? Dec.ROUND_DOWN);
  return options.trailingZeros ? rounded.toFixed(dp) : rounded.toFixed();
}

/** Sum of the values; zero for none. */
export function sumDec(values: Iterable<DecValue>): Dec {
  let total = new Dec(0);
  for (const v of values) total = total.add(toDec(v));
  return total;
}
