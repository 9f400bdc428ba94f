/**
 * Decimal arithmetic for money and quantities. Every amount in the sandbox is a decimal.js value and
 * travels as a string; JS numbers are never used for money.
 */
import { Decimal } from "decimal.js";

/** The sandbox's Decimal: 40 significant digits, half-up rounding, never exponent notation. */
export const D = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});

/** A sandbox decimal value. */
export type Dec = Decimal;

/** The fiat currency every price is quoted in. */
export const FIAT = "AUD";

/** Decimal places an amount of `asset` is kept to: 2 for AUD, 8 for crypto. */
export function decimalsOf(asset: string): number {
  return asset === FIAT ? 2 : 8;
}

/** Rounds an amount of `asset` down to its decimal places (what a trade may credit). */
export function floorAmount(asset: string, value: Dec): Dec {
  return value.toDecimalPlaces(decimalsOf(asset), Decimal.ROUND_DOWN);
}

/** Rounds an amount of `asset` up to its decimal places (what a trade must debit). */
export function ceilAmount(asset: string, value: Dec): Dec {
  return value.toDecimalPlaces(decimalsOf(asset), Decimal.ROUND_UP);
}

/** Formats an amount of `asset` with its fixed decimal places, e.g. "100.00" or "0.00123456". */
export function formatAmount(asset: string, value: Dec): string {
  return value.toFixed(decimalsOf(asset));
}

/** Formats a percentage or ratio to two decimal places. */
export function formatPercent(value: Dec): string {
  return value.toFixed(2);
}

/**
 * Parses a plain decimal string (or a finite JSON number) into a Decimal, or undefined when it is not one.
 * Exponents, hex, "Infinity" and "NaN" are refused on purpose: the API speaks plain decimals.
 */
export function parseDecimal(value: unknown): Dec | undefined {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== "string" || !/^-?\d{1,20}(\.\d{1,40})?$/.test(text.trim())) return undefined;
  return new D(text.trim());
}
