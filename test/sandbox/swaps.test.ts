import { describe, expect, it } from "vitest";
import { sandbox } from "./helpers.ts";

const buy = { src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "1000" };

describe("swaps", () => {
  it("estimates without moving funds and needs exactly one amount", async () => {
    const { call } = await sandbox();
    const est = await call("POST", "/api/private/swaps/estimate/", buy);
    expect(est.status).toBe(200);
    expect(est.body).toMatchObject({
      src_asset: "AUD",
      dst_asset: "BTC",
      src_fee: "5.00",
      est_sell_amount: "1000.00",
      req_get_amount: null,
    });
    expect(est.body.estimate_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(est.body.estimated_price_exact.startsWith(est.body.estimated_price.slice(0, 6))).toBe(true);
    expect((await call("GET", "/api/private/balances/AUD/")).body.total).toBe("10000");
    const both = await call("POST", "/api/private/swaps/estimate/", { ...buy, req_get_amount: "0.1" });
    expect(both.status).toBe(400);
    expect(both.body.non_field_errors).toHaveLength(1);
    const neither = await call("POST", "/api/private/swaps/estimate/", {
      src_asset: "AUD",
      dst_asset: "NOPE",
    });
    expect(neither.status).toBe(400);
    expect(Object.keys(neither.body).sort()).toEqual(["dst_asset", "non_field_errors"]);
  });

  it("creates at 15, debits the source, settles to 60 and credits the destination", async () => {
    const { sb, call, control } = await sandbox({ swapSettleMs: 1500 });
    const est = (await call("POST", "/api/private/swaps/estimate/", buy)).body;
    const created = await call("POST", "/api/private/swaps/", {
      ...buy,
      expected_price: est.estimated_price_exact,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 15, sold_amount: "1000.00", aud_value: null });
    expect((await call("GET", "/api/private/balances/AUD/")).body.total).toBe("9000");
    expect((await call("GET", `/api/private/swaps/${created.body.id}/`)).body.status).toBe(15);
    await control("POST", "/_sandbox/clock/advance", { seconds: 2 });
    const done = (await call("GET", `/api/private/swaps/${created.body.id}/`)).body;
    expect(done).toMatchObject({
      status: 60,
      bought_amount: est.est_buy_amount,
      aud_value: "1000.00",
      src_fee: "5.00",
    });
    const btc = (await call("GET", "/api/private/balances/BTC/")).body.total;
    expect(btc).toBe(String(Number((0.05 + Number(est.est_buy_amount)).toFixed(8))));
    const list = await call("GET", "/api/private/swaps/");
    expect(list.body.results[0].id).toBe(created.body.id);
    expect(sb.demo.accountId).toBe(1);
  });

  it("sells for the bid and swaps crypto through AUD", async () => {
    const { call } = await sandbox();
    const ticker = (await call("GET", "/api/public/broker/ticker/", undefined, null)).body;
    const sell = (
      await call("POST", "/api/private/swaps/estimate/", {
        src_asset: "ETH",
        dst_asset: "AUD",
        req_spend_amount: "1",
      })
    ).body;
    expect(Number(sell.estimated_price)).toBeLessThanOrEqual(Number(ticker.ETH.sell));
    expect(Number(sell.dst_fee)).toBeGreaterThan(0);
    const cross = { src_asset: "ETH", dst_asset: "SOL", req_get_amount: "2" };
    const est = (await call("POST", "/api/private/swaps/estimate/", cross)).body;
    expect(est.est_buy_amount).toBe("2.00000000");
    const swap = await call("POST", "/api/private/swaps/", {
      ...cross,
      expected_price: est.estimated_price_exact,
    });
    expect(swap.status).toBe(201);
    expect((await call("GET", `/api/private/swaps/${swap.body.id}/`)).body.status).toBe(60);
    expect((await call("GET", "/api/private/balances/SOL/")).body.total).toBe("17");
  });

  it("rejects a stale expected_price with a message and an unaffordable one with a field error", async () => {
    const { call, control } = await sandbox();
    const est = (await call("POST", "/api/private/swaps/estimate/", buy)).body;
    await control("PUT", "/_sandbox/prices/BTC", { price: "160000" });
    const moved = await call("POST", "/api/private/swaps/", {
      ...buy,
      expected_price: est.estimated_price_exact,
    });
    expect(moved.status).toBe(400);
    expect(moved.body).toEqual({ message: expect.any(String) });
    const big = { src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "20000" };
    const bigEst = (await call("POST", "/api/private/swaps/estimate/", big)).body;
    const poor = await call("POST", "/api/private/swaps/", {
      ...big,
      expected_price: bigEst.estimated_price_exact,
    });
    expect(poor.status).toBe(400);
    expect(poor.body.req_spend_amount).toHaveLength(1);
    const missing = await call("POST", "/api/private/swaps/", buy);
    expect(missing.body.expected_price).toEqual(["This field is required."]);
  });

  it("refunds a swap that ends in error (status 20)", async () => {
    const { sb, call, control } = await sandbox();
    await control("PUT", `/_sandbox/accounts/${sb.demo.accountId}/behaviour`, { swap_outcome: "error" });
    const est = (await call("POST", "/api/private/swaps/estimate/", buy)).body;
    const swap = (
      await call("POST", "/api/private/swaps/", { ...buy, expected_price: est.estimated_price_exact })
    ).body;
    const final = (await call("GET", `/api/private/swaps/${swap.id}/`)).body;
    expect(final).toMatchObject({ status: 20, bought_amount: "0.00000000", aud_value: "0.00" });
    expect((await call("GET", "/api/private/balances/AUD/")).body.total).toBe("10000");
    const history = (await call("GET", "/api/private/wallet/all-transactions/?transaction_type=buy")).body;
    expect(history.results[0].status).toBe("failed");
  });

  it("accepts a form-encoded swap create", async () => {
    const { sb, call } = await sandbox();
    const est = (await call("POST", "/api/private/swaps/estimate/", buy)).body;
    const form = new URLSearchParams({ ...buy, expected_price: est.estimated_price_exact });
    const res = await fetch(`${sb.url}/api/private/swaps/`, {
      method: "POST",
      headers: { authorization: `Bearer ${sb.demo.readWriteKey}` },
      body: form,
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { status: number }).status).toBe(15);
  });
});
