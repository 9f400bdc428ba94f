/** Market data, balances, swaps and portfolio statistics through the client against the sandbox. */
import { describe, expect, it } from "vitest";
import { Dec, SWAP_STATUS, toDec } from "../../src/exchange/index.ts";
import { collect, placeSwap, startTestExchange } from "../support/exchange.ts";

const ex = await startTestExchange();

describe("public market data", () => {
  it("the ticker lists at least ten assets with buy above sell", async () => {
    const ticker = await ex.client().market.ticker();
    const codes = Object.keys(ticker);
    for (const code of ["BTC", "ETH", "SOL", "XRP", "ADA", "DOGE", "LTC", "USDT", "USDC"])
      expect(codes).toContain(code);
    expect(codes.length).toBeGreaterThanOrEqual(10);
    for (const entry of Object.values(ticker))
      expect(toDec(entry.buy).greaterThan(toDec(entry.sell))).toBe(true);
  });

  it("the asset list names every ticker asset", async () => {
    const [assets, ticker] = await Promise.all([ex.client().market.assets(), ex.client().market.ticker()]);
    const names = new Map(assets.map((a) => [a.code, a.name]));
    for (const code of Object.keys(ticker)) expect(names.get(code)).toBeTruthy();
  });

  it("a price set through the control endpoint shows in the ticker", async () => {
    await ex.control("PUT", "/_sandbox/prices/LTC", { price: "150" });
    const ltc = (await ex.client().market.ticker()).LTC;
    expect(toDec(ltc?.last ?? "0").equals(150)).toBe(true);
    expect(toDec(ltc?.buy ?? "0").greaterThan(150)).toBe(true);
    expect(toDec(ltc?.sell ?? "0").lessThan(150)).toBe(true);
  });
});

describe("profile and balances", () => {
  it("the profile answers for a valid key, read-only included", async () => {
    const account = ex.account();
    await expect(ex.client(account.readWriteKey).profile.brief()).resolves.toBeTypeOf("object");
    await expect(ex.client(account.readOnlyKey).profile.brief()).resolves.toBeTypeOf("object");
  });

  it("all balances and one balance agree with what the account holds", async () => {
    const account = ex.account({ AUD: "1234.56", BTC: "0.5" });
    const client = ex.client(account.readWriteKey);
    const all = await client.balances.all();
    expect(all.AUD).toBe("1234.56");
    expect(all.BTC).toBe("0.5");
    expect((await client.balances.get("btc")).total).toBe("0.5");
    expect((await client.balances.get("ETH")).total).toBe("0");
  });
});

describe("swaps", () => {
  it("buy: estimate, create with expected_price, settle; balances move by the swap's amounts", async () => {
    const account = ex.account({ AUD: "1000" });
    const client = ex.client(account.readWriteKey);
    const estimate = await client.swaps.estimate({
      src_asset: "AUD",
      dst_asset: "BTC",
      req_spend_amount: "100",
    });
    expect(toDec(estimate.req_spend_amount ?? "0").equals(100)).toBe(true);
    expect(toDec(estimate.est_buy_amount).greaterThan(0)).toBe(true);
    expect(estimate.estimate_id).toMatch(/^[0-9a-f-]{36}$/);

    const swap = await client.swaps.create({
      src_asset: "AUD",
      dst_asset: "BTC",
      req_spend_amount: "100",
      expected_price: estimate.estimated_price_exact,
    });
    expect(swap.status).toBe(SWAP_STATUS.PROCESSING);
    const settled = await client.swaps.get(swap.id);
    expect(settled.status).toBe(SWAP_STATUS.PROCESSED);
    expect(settled.aud_value).not.toBeNull();

    const balances = await client.balances.all();
    expect(toDec(balances.AUD ?? "0").toFixed()).toBe(
      new Dec("1000").minus(settled.sold_amount ?? "0").toFixed(),
    );
    expect(balances.BTC).toBe(toDec(settled.bought_amount ?? "0").toFixed());
  });

  it("sell by receive amount: req_get_amount is echoed and honoured", async () => {
    const account = ex.account({ ETH: "2" });
    const client = ex.client(account.readWriteKey);
    const estimate = await client.swaps.estimate({
      src_asset: "ETH",
      dst_asset: "AUD",
      req_get_amount: "500",
    });
    expect(toDec(estimate.req_get_amount ?? "0").equals(500)).toBe(true);
    const swap = await client.swaps.create({
      src_asset: "ETH",
      dst_asset: "AUD",
      req_get_amount: "500",
      expected_price: estimate.estimated_price_exact,
    });
    const settled = await client.swaps.get(swap.id);
    expect(settled.status).toBe(SWAP_STATUS.PROCESSED);
    expect(toDec(settled.bought_amount ?? "0").toFixed()).toBe("500");
  });

  it("crypto to crypto, and an error outcome refunds", async () => {
    const account = ex.account({ BTC: "1" });
    const client = ex.client(account.readWriteKey);
    const ok = await placeSwap(client, "BTC", "SOL", "0.1");
    expect((await client.swaps.get(ok.id)).status).toBe(SWAP_STATUS.PROCESSED);

    await ex.control("PUT", `/_sandbox/accounts/${account.accountId}/behaviour`, { swap_outcome: "error" });
    const failing = await placeSwap(client, "BTC", "SOL", "0.1");
    expect((await client.swaps.get(failing.id)).status).toBe(SWAP_STATUS.ERROR);
    expect((await client.balances.get("BTC")).total).toBe("0.9");
  });

  it("a retrieve without aud_value (the spec lists it on the list only) reads it as null", async () => {
    const account = ex.account({ AUD: "1000" });
    const client = ex.client(account.readWriteKey);
    await ex.control("PUT", `/_sandbox/accounts/${account.accountId}/behaviour`, {
      swap_retrieve_aud_value: "omitted",
    });
    const swap = await placeSwap(client, "AUD", "BTC", "100");
    const settled = await client.swaps.get(swap.id);
    expect(settled.status).toBe(SWAP_STATUS.PROCESSED);
    expect(settled.aud_value).toBeNull();
    // The list still carries it, as the spec says.
    expect((await client.swaps.list()).results[0]?.aud_value).toBe("100.00");
  });

  it("lists swaps most recent first, page by page", async () => {
    const account = ex.account({ AUD: "1000" });
    const client = ex.client(account.readWriteKey);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await placeSwap(client, "AUD", "XRP", "10")).id);
    const firstPage = await client.swaps.list({ page_size: 2 });
    expect(firstPage.count).toBe(3);
    expect(firstPage.results.map((s) => s.id)).toEqual([ids[2], ids[1]]);
    expect(firstPage.next).not.toBeNull();
    const all = await collect(client.swaps.iterate({ page_size: 2 }));
    expect(all.map((s) => s.id)).toEqual([...ids].reverse());
  });
});

describe("portfolio statistics", () => {
  it("covers crypto only; overall only when asked; the asset filter narrows", async () => {
    const account = ex.account({ AUD: "500", BTC: "0.1", ETH: "1" });
    const client = ex.client(account.readWriteKey);
    const plain = await client.portfolio.stats();
    const result = plain.results[0];
    expect(result?.overall).toBeNull();
    expect(result?.assets.map((a) => a.asset).sort()).toEqual(["BTC", "ETH"]);

    const withOverall = await client.portfolio.stats({ overall: true });
    const overall = withOverall.results[0]?.overall;
    if (!overall) throw new Error("overall was asked for");
    const sum = (withOverall.results[0]?.assets ?? []).reduce(
      (acc, a) => acc.plus(a.approximate_value ?? "0"),
      new Dec(0),
    );
    expect(
      toDec(overall.overall_aud_wallet_value ?? "0")
        .minus(sum)
        .abs()
        .lessThanOrEqualTo("0.05"),
    ).toBe(true);

    const onlyBtc = await client.portfolio.stats({ asset: "BTC" });
    expect(onlyBtc.results[0]?.assets.map((a) => a.asset)).toEqual(["BTC"]);
  });
});
