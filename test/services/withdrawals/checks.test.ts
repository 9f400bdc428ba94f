/** Withdrawal checks made before any exchange write: the destination, the amount, and finding a lost create. */
import { describe, expect, it } from "vitest";
import type { Withdrawal } from "../../../src/exchange/index.ts";
import {
  checkDestination,
  checkWithdrawalAmount,
  type DestinationEntry,
  destinationsFor,
  withdrawalShare,
} from "../../../src/services/withdrawals/checks.ts";
import { matchCreatedWithdrawal } from "../../../src/services/withdrawals/search.ts";

function entry(fields: Partial<DestinationEntry>): DestinationEntry {
  return {
    id: 1,
    asset: "BTC",
    address: "bc1qexample",
    memo: "",
    label: "Cold",
    enabled: true,
    confirmed: true,
    times_used: 0,
    ...fields,
  };
}

describe("destinations", () => {
  it("only enabled entries of the asset; confirmed ones apart from those awaiting the email", () => {
    const entries = [
      entry({ id: 1 }),
      entry({ id: 2, confirmed: false }),
      entry({ id: 3, enabled: false }),
      entry({ id: 4, asset: "ETH" }),
      entry({ id: 5, asset: "btc" }),
    ];
    const { confirmed, unconfirmed } = destinationsFor(entries, "BTC");
    expect(confirmed.map((e) => e.id)).toEqual([1, 5]);
    expect(unconfirmed.map((e) => e.id)).toEqual([2]);
  });

  it("an unconfirmed, deleted, other-asset or missing entry is refused", () => {
    const unconfirmed = entry({ confirmed: false });
    expect(checkDestination(unconfirmed, "BTC")).toEqual({ code: "unconfirmed", entry: unconfirmed });
    expect(checkDestination(entry({ enabled: false }), "BTC")).toEqual({ code: "deleted" });
    expect(checkDestination(entry({ asset: "ETH" }), "BTC")).toEqual({ code: "other_asset", asset: "ETH" });
    expect(checkDestination(undefined, "BTC")).toEqual({ code: "missing" });
    expect(checkDestination(entry({}), "BTC")).toBeUndefined();
  });
});

describe("amounts", () => {
  it("positive, at most 8 places for crypto, within the balance (all of it allowed)", () => {
    expect(checkWithdrawalAmount("0", "BTC", "1")).toEqual({ code: "not_positive" });
    expect(checkWithdrawalAmount("0.000000001", "BTC", "1")).toEqual({
      code: "too_precise",
      asset: "BTC",
      decimals: 8,
    });
    expect(checkWithdrawalAmount("1.00000001", "BTC", "1")).toEqual({
      code: "over_balance",
      asset: "BTC",
      amount: "1.00000001",
      balance: "1",
    });
    expect(checkWithdrawalAmount("1", "BTC", "1")).toBeUndefined();
    expect(checkWithdrawalAmount("0.00000001", "BTC", "1")).toBeUndefined();
  });

  it("shares round down to the asset's places, so they never exceed the balance", () => {
    expect(withdrawalShare("0.00000003", 50, "BTC")).toBe("0.00000001");
    expect(withdrawalShare("0.05", 25, "BTC")).toBe("0.0125");
    expect(withdrawalShare("0.05", 100, "BTC")).toBe("0.05");
  });
});

describe("matchCreatedWithdrawal", () => {
  const sentAt = Date.UTC(2026, 10, 25, 2, 0, 0);
  function withdrawal(id: number, fields: Partial<Withdrawal> = {}): Withdrawal {
    return {
      id,
      amount: "0.01000000",
      address: "bc1qexample",
      tag: "",
      label: "Cold",
      txid: "",
      created: new Date(sentAt + 1000),
      closed: null,
      status: 5,
      ...fields,
    };
  }
  const search = { asset: "BTC", amount: "0.01", address: "bc1qexample", sentAt };

  it("the same amount (however written) and address, created after the attempt, not seen before", () => {
    const list = [withdrawal(9), withdrawal(8), withdrawal(7)];
    expect(matchCreatedWithdrawal(list, { ...search, knownIds: [7] })?.id).toBe(8);
    expect(matchCreatedWithdrawal(list, { ...search, knownIds: [7, 8, 9] })).toBeUndefined();
  });

  it("other amounts, addresses and withdrawals from before the attempt are not it", () => {
    const list = [
      withdrawal(4, { amount: "0.02" }),
      withdrawal(3, { address: "bc1qother" }),
      withdrawal(2, { created: new Date(sentAt - 5 * 60_000) }),
    ];
    expect(matchCreatedWithdrawal(list, search)).toBeUndefined();
    // A minute of clock difference is tolerated.
    expect(matchCreatedWithdrawal([withdrawal(1, { created: new Date(sentAt - 30_000) })], search)?.id).toBe(
      1,
    );
  });
});
