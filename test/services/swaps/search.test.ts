/** Recognising a swap whose create answer was lost among the newest swaps. */
import { describe, expect, it } from "vitest";
import type { SwapListItem } from "../../../src/exchange/index.ts";
import { matchPlacedSwap, type SwapSearch } from "../../../src/services/swaps/search.ts";

function swap(id: number, fields: Partial<SwapListItem> = {}): SwapListItem {
  return {
    id,
    status: 15,
    src_asset: "AUD",
    dst_asset: "BTC",
    bought_amount: "0",
    sold_amount: "100.00",
    src_fee: "0.50",
    dst_fee: "0",
    req_get_amount: null,
    req_spend_amount: "100.00",
    expected_price: "101234.5612",
    aud_value: null,
    ...fields,
  };
}

const search: SwapSearch = {
  src: "AUD",
  dst: "BTC",
  side: "spend",
  amounts: ["100"],
  expectedPrice: "101234.5612",
  knownIds: [3, 2, 1],
};

describe("matchPlacedSwap", () => {
  it("finds the new swap with the same assets and amount, whatever the amount's formatting", () => {
    expect(matchPlacedSwap([swap(4), swap(3), swap(2)], search)?.id).toBe(4);
  });

  it("never takes a swap seen before placing, however alike", () => {
    expect(matchPlacedSwap([swap(3), swap(2)], search)).toBeUndefined();
  });

  it("needs the same assets, amount field and amount", () => {
    expect(matchPlacedSwap([swap(4, { dst_asset: "ETH" })], search)).toBeUndefined();
    expect(matchPlacedSwap([swap(4, { req_spend_amount: "100.01" })], search)).toBeUndefined();
    expect(
      matchPlacedSwap([swap(4, { req_spend_amount: null, req_get_amount: "100" })], search),
    ).toBeUndefined();
    const receive: SwapSearch = { ...search, side: "receive", amounts: ["0.5"] };
    expect(
      matchPlacedSwap([swap(4, { req_spend_amount: null, req_get_amount: "0.50000000" })], receive)?.id,
    ).toBe(4);
  });

  it("without the swaps seen before (an older job), claims none: not even one of the quote's exact price", () => {
    const { knownIds: _, ...blind } = search;
    const older = blind as unknown as SwapSearch;
    expect(matchPlacedSwap([swap(4, { expected_price: "101000" })], older)).toBeUndefined();
    expect(matchPlacedSwap([swap(4, { expected_price: "101234.56120" })], older)).toBeUndefined();
  });

  it("an older swap of the same pair, amount and price, seen before placing, is never claimed", () => {
    expect(matchPlacedSwap([swap(3, { expected_price: "101234.56120" })], search)).toBeUndefined();
  });

  it("of several new ones, prefers the exact price, then the oldest", () => {
    expect(matchPlacedSwap([swap(6), swap(5, { expected_price: "1" }), swap(4)], search)?.id).toBe(4);
    expect(matchPlacedSwap([swap(6), swap(5, { expected_price: "1" })], search)?.id).toBe(6);
    expect(
      matchPlacedSwap([swap(6, { expected_price: "2" }), swap(5, { expected_price: "1" })], search)?.id,
    ).toBe(5);
  });
});
