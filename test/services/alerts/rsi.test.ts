/** RSI(14) with Wilder's smoothing against a known series and the textbook computation. */
import { describe, expect, it } from "vitest";
import { wilderRsi } from "../../../src/services/alerts/market/rsi.ts";
import { referenceRsi } from "./market-model.ts";

// Wilder's example series, as in StockCharts' RSI article. Its table shows 70.53 first because it rounds
// the first averages to 0.24 and 0.10; unrounded (0.2386 / 0.0996, as TA-Lib computes) the RSI is 70.46.
const CLOSES = [
  44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28,
  46.0, 46.03, 46.41, 46.22, 45.64, 46.21, 46.25, 45.71, 46.45, 45.78, 45.35, 44.03, 44.18, 44.22, 44.57,
  43.42, 42.66, 43.13,
];
const EXPECTED = [
  70.46, 66.25, 66.48, 69.35, 66.29, 57.92, 62.88, 63.21, 56.01, 62.34, 54.67, 50.39, 40.02, 41.49, 41.9,
  45.5, 37.32, 33.09, 37.79,
];

describe("wilderRsi", () => {
  it("gives the known values of Wilder's example, one per close from the 15th", () => {
    const values = EXPECTED.map((_, i) => wilderRsi(CLOSES.slice(0, 15 + i)) as number);
    expect(values.map((v) => Math.round(v * 100) / 100)).toEqual(EXPECTED);
    values.forEach((v, i) => {
      expect(v).toBe(referenceRsi(CLOSES.slice(0, 15 + i)));
    });
  });

  it("needs 15 closes; all gains is 100, all losses 0, no change 50", () => {
    expect(wilderRsi(CLOSES.slice(0, 14))).toBeNull();
    expect(wilderRsi(Array.from({ length: 15 }, (_, i) => 100 + i))).toBe(100);
    expect(wilderRsi(Array.from({ length: 20 }, (_, i) => 100 - i))).toBe(0);
    expect(wilderRsi(Array.from({ length: 15 }, () => 100))).toBe(50);
  });
});
