import { describe, expect, it } from "vitest";
import { readTypedNumber } from "../../../src/services/understanding/typed-number.ts";

describe("readTypedNumber", () => {
  it.each([
    ["100", "100"],
    ["0.5", "0.5"],
    [".5", undefined],
    ["1,000", "1000"],
    ["1,000.50", "1000.5"],
    ["$1,000", "1000"],
    ["1 000", "1000"],
    ["1\u202f000 000", "1000000"],
    ["1'000", "1000"],
    ["A$100", "100"],
    ["100 AUD", "100"],
    ["100 dollars", "100"],
    ["160k", "160000"],
    ["160K", "160000"],
    ["1.5m", "1500000"],
    ["2bn", "2000000000"],
    ["6k", "6000"],
    ["1万", "10000"],
    ["1.5万", "15000"],
    ["3千", "3000"],
    ["2亿", "200000000"],
    ["100块", "100"],
    ["１００", "100"],
    ["０．５", "0.5"],
    ["+5", "5"],
    ["0.00000001", "0.00000001"],
    ["0,5", undefined],
    ["1,00", undefined],
    ["1,0000", undefined],
    ["1,000 000", undefined],
    ["12abc", undefined],
    ["5 btc", undefined],
    ["1.2.3", undefined],
    ["", undefined],
    ["k", undefined],
    ["buy 100", undefined],
    ["1".repeat(41), undefined],
  ])("%j -> %j", (text, value) => {
    expect(readTypedNumber(text)?.value).toBe(value);
  });

  it("keeps the sign apart, so a check can say a number is not positive", () => {
    expect(readTypedNumber("-5")).toEqual({ value: "5", negative: true });
    expect(readTypedNumber("-0")).toEqual({ value: "0", negative: false });
    expect(readTypedNumber("5")).toEqual({ value: "5", negative: false });
  });
});
