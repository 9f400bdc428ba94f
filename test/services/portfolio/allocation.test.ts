/** The /portfolio picture's figures: slices, the "other" group, and returns per charted holding. */
import { describe, expect, it } from "vitest";
import { sumDec, toDec } from "../../../src/exchange/index.ts";
import { MAX_SLICES, portfolioAllocation } from "../../../src/services/portfolio/allocation.ts";
import { holding, summaryOf } from "../../support/portfolio.ts";

describe("portfolioAllocation", () => {
  it("charts each holding and the cash by value, with shares that add up to 100 %", () => {
    const allocation = portfolioAllocation(
      summaryOf([holding("BTC", "600", "100", "20"), holding("ETH", "300", "-50", "-14.2857")], "100"),
    );
    expect(allocation.total).toBe("1000");
    expect(allocation.slices.map((s) => [s.kind, s.asset, s.value, s.share])).toEqual([
      ["asset", "BTC", "600", "60"],
      ["asset", "ETH", "300", "30"],
      ["cash", "AUD", "100", "10"],
    ]);
    // Returns are the exchange's own figures for a single holding; the cash has none.
    expect(allocation.returns).toEqual([
      { kind: "asset", asset: "BTC", members: ["BTC"], totalReturn: "100", totalReturnPercent: "20" },
      { kind: "asset", asset: "ETH", members: ["ETH"], totalReturn: "-50", totalReturnPercent: "-14.2857" },
    ]);
  });

  it("groups holdings under 2 % as other, with their summed return over their cost basis", () => {
    const allocation = portfolioAllocation(
      summaryOf([
        holding("BTC", "970", "0", "0"),
        holding("ADA", "15", "5", "50"),
        holding("XRP", "10", "-5", "-33.33"),
        holding("DOT", "5", null),
      ]),
    );
    expect(allocation.slices.map((s) => s.kind)).toEqual(["asset", "other"]);
    const other = allocation.slices[1];
    expect(other).toMatchObject({ members: ["ADA", "XRP", "DOT"], value: "30", share: "3" });
    // ADA and XRP: gain 5 - 5 = 0 over a basis of (15 - 5) + (10 + 5) = 25; DOT has no return.
    expect(allocation.returns.at(-1)).toEqual({
      kind: "other",
      asset: "",
      members: ["ADA", "XRP", "DOT"],
      totalReturn: "0",
      totalReturnPercent: "0",
    });
    const gains = portfolioAllocation(
      summaryOf([holding("BTC", "980", "0", "0"), holding("ADA", "12", "2"), holding("XRP", "8", "3")]),
    );
    // 5 gained over a basis of 20 - 5 = 15.
    expect(gains.returns.at(-1)?.totalReturnPercent).toBe("33.3333");
  });

  it("never shows more than MAX_SLICES slices, and never a group of one", () => {
    const many = Array.from({ length: 30 }, (_, i) => holding(`A${i}`, String(1000 - i * 10), "1", "1"));
    const allocation = portfolioAllocation(summaryOf(many, "500"));
    expect(allocation.slices).toHaveLength(MAX_SLICES);
    expect(allocation.slices.at(-1)?.kind).toBe("other");
    // Six holdings, the cash, and the other 24 holdings together.
    expect(allocation.slices.at(-1)?.members).toHaveLength(24);
    expect(allocation.slices.filter((s) => s.kind === "cash")).toHaveLength(1);
    // "+N" means the same holdings in the allocation and in the returns.
    expect(allocation.returns.at(-1)?.members).toEqual(allocation.slices.at(-1)?.members);
    expect(sumDec(allocation.slices.map((s) => s.value)).toFixed()).toBe(allocation.total);
    expect(
      sumDec(allocation.slices.map((s) => s.share))
        .minus(100)
        .abs()
        .lessThan("0.001"),
    ).toBe(true);

    // The cash is never grouped, however small: it has no return to show with the group's.
    const tinyCash = portfolioAllocation(
      summaryOf([holding("BTC", "990"), holding("ADA", "5"), holding("XRP", "4")], "1"),
    );
    expect(tinyCash.slices.map((s) => [s.kind, s.asset, s.members.length])).toEqual([
      ["asset", "BTC", 1],
      ["cash", "AUD", 1],
      ["other", "", 2],
    ]);

    const oneSmall = portfolioAllocation(summaryOf([holding("BTC", "990"), holding("ADA", "10")]));
    expect(oneSmall.slices.map((s) => [s.kind, s.asset])).toEqual([
      ["asset", "BTC"],
      ["asset", "ADA"],
    ]);
  });

  it("leaves out holdings without a value, and charts nothing when nothing has one", () => {
    const allocation = portfolioAllocation(summaryOf([holding("BTC", "100"), holding("NEW", null)]));
    expect(allocation.slices.map((s) => s.asset)).toEqual(["BTC"]);
    expect(portfolioAllocation(summaryOf([holding("NEW", null)])).slices).toEqual([]);
    expect(toDec(portfolioAllocation(summaryOf([], "0")).total).isZero()).toBe(true);
  });
});
