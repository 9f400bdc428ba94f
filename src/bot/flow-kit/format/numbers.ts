/**
 * Money, quantities and percentages for display, from decimal strings. Intl.NumberFormat formats
 * strings exactly (no float conversion), so rounding is done first with the decimal library.
 */
import { Dec, formatDec, toDec } from "../../../exchange/index.ts";
import { escapeHtml } from "./html.ts";
import { intlLocale } from "./locale.ts";

// Building an Intl.NumberFormat costs far more than formatting with one: each is built once per language
// and shape, and reused (they hold no state between calls). Kept by language, then by shape: no key
// string is built (and hashed) per call.
const formats = new Map<string, Map<string, Intl.NumberFormat>>();

/** The format of `shape` (a fixed name for `options`) in a bot language, built on first use. */
function numberFormat(locale: string, shape: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let shapes = formats.get(locale);
  if (shapes === undefined) {
    shapes = new Map();
    formats.set(locale, shapes);
  }
  let format = shapes.get(shape);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), options);
    shapes.set(shape, format);
  }
  return format;
}

function currencyFormat(locale: string, signed: boolean): Intl.NumberFormat {
  return numberFormat(locale, signed ? "aud-signed" : "aud", {
    style: "currency",
    currency: "AUD",
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: signed ? "exceptZero" : "auto",
  });
}

// Intl accepts exact decimal strings at run time; the standard typings only list number and bigint.
type ExactFormat = (value: string) => string;

/** An AUD amount, rounded half-even to cents: "$1,234.56". `signed` shows "+" for gains. */
export function formatAud(amount: string, locale: string, signed = false): string {
  const cents = formatDec(toDec(amount), 2, { rounding: Dec.ROUND_HALF_EVEN, trailingZeros: true });
  return (currencyFormat(locale, signed).format as unknown as ExactFormat)(cents);
}

/** A crypto quantity: up to 8 decimals, trailing zeros dropped, digits grouped. */
export function formatQuantity(amount: string, locale: string): string {
  const trimmed = formatDec(toDec(amount), 8);
  const format = numberFormat(locale, "quantity", { maximumFractionDigits: 8 });
  return (format.format as unknown as ExactFormat)(trimmed);
}

/** A price: cents for prices of a dollar or more, otherwise up to 6 significant decimals. */
export function formatPrice(price: string, locale: string): string {
  const value = toDec(price);
  if (value.abs().greaterThanOrEqualTo(1)) return formatAud(price, locale);
  const format = numberFormat(locale, "small-price", {
    style: "currency",
    currency: "AUD",
    currencyDisplay: "narrowSymbol",
    maximumSignificantDigits: 6,
  });
  return (format.format as unknown as ExactFormat)(value.toSignificantDigits(6).toFixed());
}

/** A percentage given in percent units ("1.234" -> "+1.23%"); `signed` shows "+" for gains. */
export function formatPercent(percent: string, locale: string, signed = true): string {
  const rounded = formatDec(toDec(percent), 2, { rounding: Dec.ROUND_HALF_EVEN, trailingZeros: true });
  const format = numberFormat(locale, signed ? "percent-signed" : "percent", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: signed ? "exceptZero" : "auto",
  });
  return `${(format.format as unknown as ExactFormat)(rounded)}%`;
}

/** An amount of an asset: "$100.00" for AUD, "0.0123 BTC" for crypto. */
export function formatAmount(asset: string, amount: string, locale: string): string {
  return asset === "AUD"
    ? formatAud(amount, locale)
    : `${formatQuantity(amount, locale)} ${escapeHtml(asset)}`;
}
