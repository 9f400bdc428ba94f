/** /price's argument parsing: one code alone takes a shortcut, which must agree with the general rule. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseAssetList } from "../../../src/bot/flow-kit/asset-input.ts";

/** The general rule, spelled out: split on spaces and commas, upper-case, drop empties and repeats, 20 at most. */
const reference = (text: string) =>
  [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((s) => s.trim().toUpperCase())
        .filter((s) => s !== ""),
    ),
  ].slice(0, 20);

describe("parseAssetList", () => {
  it("reads codes apart by spaces and commas, once each, upper-cased", () => {
    expect(parseAssetList("btc")).toEqual(["BTC"]);
    expect(parseAssetList(" btc, eth,,BTC\tsol ")).toEqual(["BTC", "ETH", "SOL"]);
    expect(parseAssetList("")).toEqual([]);
    expect(parseAssetList(" , ")).toEqual([]);
  });

  it("agrees with the general rule for any text, one code alone included", () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom(" ", ",", "\u00a0", "\n", "btc", "Eth"),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        expect(parseAssetList(text)).toEqual(reference(text));
      }),
      { numRuns: 2000 },
    );
  });
});
