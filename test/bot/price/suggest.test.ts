/** The closest listed assets to an unknown code. */
import { describe, expect, it } from "vitest";
import { closestAssets } from "../../../src/bot/price/suggest.ts";

const assets = new Map([
  ["BTC", "Bitcoin"],
  ["BCH", "Bitcoin Cash"],
  ["ETH", "Ethereum"],
  ["LTC", "Litecoin"],
  ["ZRX", "0x"],
]);

describe("closestAssets", () => {
  it("ranks an exact name first, then codes it starts, names it starts, and near misses", () => {
    expect(closestAssets("BITCOIN", assets)).toEqual(["BTC", "BCH", "LTC"]);
    expect(closestAssets("ETHH", assets)).toEqual(["ETH"]);
    expect(closestAssets("ETHER", assets)).toEqual(["ETH"]);
    expect(closestAssets("B", assets)).toEqual(["BCH", "BTC"]);
  });

  it("suggests nothing for a code close to none, or one longer than any code", () => {
    expect(closestAssets("QQQQQQ", assets)).toEqual([]);
    expect(closestAssets("B".repeat(100), assets)).toEqual([]);
  });

  it("returns at most `limit` codes", () => {
    expect(closestAssets("B", assets, 1)).toEqual(["BCH"]);
  });
});
