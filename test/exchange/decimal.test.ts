import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DECIMAL_PATTERN,
  Dec,
  formatDec,
  isDecimalString,
  isPositiveDecimal,
  sumDec,
  toDec,
} from "../../src/exchange/decimal.ts";

/** Plain decimal strings, leading and trailing zeros included. */
const decimalString = fc.stringMatching(/^-?\d{1,20}(\.\d{1,20})?$/);

/** The canonical spelling of a decimal string, computed without decimal.js. */
function canonical(s: string): string {
  const negative = s.startsWith("-");
  const [intPart = "", fracPart = ""] = s.replace("-", "").split(".");
  const int = intPart.replace(/^0+(?=\d)/, "");
  const frac = fracPart.replace(/0+$/, "");
  const body = frac === "" ? int : `${int}.${frac}`;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

describe("DECIMAL_PATTERN and isDecimalString", () => {
  it("accepts plain decimals", () => {
    for (const s of ["12", "0.5", "-3.25", "0", "007", "100.000"]) expect(isDecimalString(s)).toBe(true);
  });

  it("refuses exponents, signs, spaces and partial numbers", () => {
    for (const s of [
      "",
      "+1",
      " 1",
      "1 ",
      "1e5",
      "1E-3",
      ".5",
      "5.",
      "-",
      "1,000",
      "NaN",
      "Infinity",
      "0x10",
    ]) {
      expect(isDecimalString(s)).toBe(false);
      expect(() => toDec(s)).toThrow(RangeError);
    }
  });

  it("refuses non-strings, numbers included", () => {
    for (const v of [1, 0.5, null, undefined, {}, 10n]) expect(isDecimalString(v)).toBe(false);
  });

  it("matches every generated decimal string", () => {
    fc.assert(fc.property(decimalString, (s) => DECIMAL_PATTERN.test(s) && isDecimalString(s)));
  });
});

describe("formatDec", () => {
  it("round-trips a decimal string to its canonical spelling", () => {
    fc.assert(
      fc.property(decimalString, (s) => {
        const formatted = formatDec(s);
        expect(formatted).toBe(canonical(s));
        expect(toDec(formatted).eq(toDec(s))).toBe(true);
      }),
    );
  });

  it("never uses exponent notation, however small or large", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{0,5}$/), fc.integer({ min: -60, max: 60 }), (digits, exp) => {
        const d = new Dec(digits).mul(new Dec(10).pow(exp));
        const s = formatDec(d);
        expect(s).toMatch(DECIMAL_PATTERN);
        expect(new Dec(s).eq(d)).toBe(true);
      }),
    );
  });

  it("rounds down by default, toward zero, and trims zeros", () => {
    expect(formatDec("1.239", 2)).toBe("1.23");
    expect(formatDec("-1.239", 2)).toBe("-1.23");
    expect(formatDec("1.201", 2)).toBe("1.2");
    expect(formatDec("-0.001", 2)).toBe("0");
    expect(formatDec("5", 8)).toBe("5");
  });

  it("uses a given rounding mode and keeps zeros when asked", () => {
    expect(formatDec("1.235", 2, { rounding: Dec.ROUND_HALF_UP })).toBe("1.24");
    expect(formatDec("1.231", 2, { rounding: Dec.ROUND_UP })).toBe("1.24");
    expect(formatDec("1.5", 2, { trailingZeros: true })).toBe("1.50");
    expect(formatDec("100", 2, { trailingZeros: true })).toBe("100.00");
  });

  it("rounding down never overstates and loses less than one unit of the last place", () => {
    fc.assert(
      fc.property(decimalString, fc.integer({ min: 0, max: 12 }), (s, dp) => {
        const original = toDec(s);
        const rounded = toDec(formatDec(s, dp));
        expect(rounded.abs().lte(original.abs())).toBe(true);
        expect(original.sub(rounded).abs().lt(new Dec(10).pow(-dp))).toBe(true);
        expect(rounded.decimalPlaces()).toBeLessThanOrEqual(dp);
      }),
    );
  });
});

describe("isPositiveDecimal", () => {
  it("is true exactly for unsigned decimals with a non-zero digit", () => {
    fc.assert(
      fc.property(decimalString, (s) => isPositiveDecimal(s) === (!s.startsWith("-") && /[1-9]/.test(s))),
    );
  });

  it("is false for zero, negatives and non-decimals", () => {
    for (const v of ["0", "0.000", "-0", "-1", "1e3", "", 5, null]) expect(isPositiveDecimal(v)).toBe(false);
    expect(isPositiveDecimal("0.00000001")).toBe(true);
  });
});

describe("helpers", () => {
  it("sums exactly where binary floats would not", () => {
    expect(formatDec(sumDec(["0.1", "0.2"]))).toBe("0.3");
    expect(formatDec(sumDec([]))).toBe("0");
  });

  it("refuses numbers smuggled in as strings of another format", () => {
    expect(() => sumDec(["1", "2e3"])).toThrow(RangeError);
  });
});
