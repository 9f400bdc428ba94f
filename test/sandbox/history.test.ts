import { describe, expect, it } from "vitest";
import { sandbox, type TestSandbox } from "./helpers.ts";

async function buyBtc(t: TestSandbox, aud: string): Promise<number> {
  const body = { src_asset: "AUD", dst_asset: "BTC", req_spend_amount: aud };
  const est = (await t.call("POST", "/api/private/swaps/estimate/", body)).body;
  return (await t.call("POST", "/api/private/swaps/", { ...body, expected_price: est.estimated_price_exact }))
    .body.id;
}

/** Checks a PDF's frame and that every xref offset points at its object. */
function checkPdf(bytes: Buffer): void {
  const text = bytes.toString("latin1");
  expect(text.startsWith("%PDF-")).toBe(true);
  expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe("xref");
  const header = /xref\n0 (\d+)\n/.exec(text.slice(startxref));
  const count = Number(header?.[1]);
  expect(count).toBeGreaterThan(5);
  const entries = text
    .slice(startxref + (header?.[0].length ?? 0))
    .split("\n")
    .slice(0, count);
  entries.slice(1).forEach((entry, i) => {
    const offset = Number(entry.slice(0, 10));
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    expect(text.slice(start + Number(m[1]), start + Number(m[1]) + 9)).toBe("endstream");
  }
}

describe("history, invoices, portfolio and statements", () => {
  it("lists every trade and deposit with filters, ordering and pages", async () => {
    const t = await sandbox();
    await buyBtc(t, "100");
    const all = (await t.call("GET", "/api/private/wallet/all-transactions/")).body;
    expect(all.count).toBe(6);
    expect(all.results[0]).toMatchObject({
      transaction_type: "buy",
      src_asset: "AUD",
      dst_asset: "BTC",
      status: "completed",
    });
    expect(all.results[0].created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const deposits = (
      await t.call(
        "GET",
        "/api/private/wallet/all-transactions/?transaction_type=deposit,withdrawal&o=created",
      )
    ).body;
    expect(deposits.count).toBe(5);
    expect(deposits.results[0].src_asset).toBe("AUD");
    const recent = (await t.call("GET", "/api/private/wallet/all-transactions/?time=24h")).body;
    expect(recent.count).toBe(1);
    const btc = (await t.call("GET", "/api/private/wallet/all-transactions/?asset=BTC&page_size=1&page=2"))
      .body;
    expect(btc).toMatchObject({ count: 2, next: null });
    expect(btc.previous).toContain("page=1");
    expect((await t.call("GET", "/api/private/wallet/all-transactions/?time=decade")).status).toBe(400);
    expect((await t.call("GET", "/api/private/wallet/all-transactions/?transaction_type=gift")).status).toBe(
      400,
    );
  });

  it("gives invoices for trades and 501 for deposits", async () => {
    const t = await sandbox();
    await buyBtc(t, "100");
    const all = (await t.call("GET", "/api/private/wallet/all-transactions/")).body.results;
    const trade = all.find((x: { transaction_type: string }) => x.transaction_type === "buy");
    const deposit = all.find((x: { transaction_type: string }) => x.transaction_type === "deposit");
    const invoice = await t.call("GET", `/api/private/wallet/all-transactions/${trade.summary_id}/invoice/`);
    expect(invoice).toMatchObject({ status: 200, body: trade });
    const unsupported = await t.call(
      "GET",
      `/api/private/wallet/all-transactions/${deposit.summary_id}/invoice/`,
    );
    expect(unsupported.status).toBe(501);
    expect(unsupported.body.detail).toEqual(expect.any(String));
    const wallet = (await t.call("GET", "/api/private/v2/wallet/BTC/wallet-transactions/")).body.results;
    expect(wallet[0]).toMatchObject({
      transaction_type: "buy",
      resulting_balance: expect.stringMatching(/^0\.05/),
    });
    const wInvoice = await t.call(
      "GET",
      `/api/private/v2/wallet/BTC/wallet-transactions/${wallet[0].id}/invoice/?format=concise`,
    );
    expect(wInvoice).toMatchObject({ status: 200, body: wallet[0] });
    expect(
      (
        await t.call(
          "GET",
          `/api/private/v2/wallet/BTC/wallet-transactions/${wallet[0].id}/invoice/?format=xml`,
        )
      ).status,
    ).toBe(400);
    expect(
      (await t.call("GET", `/api/private/v2/wallet/BTC/wallet-transactions/${wallet[1].id}/invoice/`)).status,
    ).toBe(501);
  });

  it("computes portfolio statistics, overall only on request", async () => {
    const t = await sandbox();
    await buyBtc(t, "1000");
    const plain = (await t.call("GET", "/api/private/v2/wallet-stats/")).body;
    expect(plain.results[0].overall).toBeNull();
    const assets = plain.results[0].assets.map((a: { asset: string }) => a.asset);
    expect(assets).toEqual(["BTC", "ETH", "SOL", "USDT"]);
    await t.control("PUT", "/_sandbox/prices/BTC", { price: "200000" });
    const stats = (await t.call("GET", "/api/private/v2/wallet-stats/?overall=true&asset=BTC")).body;
    const btc = stats.results[0].assets[0];
    expect(btc).toMatchObject({ asset: "BTC", stale_price: false, total_avg_sell: "0.00" });
    expect(Number(btc.total_buy_return)).toBeGreaterThan(0);
    expect(Number(btc.day_buy_return)).toBeGreaterThan(0);
    expect(stats.results[0].overall.overall_aud_wallet_value).toBe(btc.approximate_value);
  });

  it("renders the statement as a real PDF and validates the range", async () => {
    const t = await sandbox();
    await buyBtc(t, "100");
    const now = t.sb.now();
    const day = (offset: number) =>
      new Date(now.getTime() + offset * 86_400_000 + 36_000_000).toISOString().slice(0, 10);
    const res = await fetch(
      `${t.sb.url}/api/private/account-statement/pdf/?date_from=${day(-30)}&date_to=${day(1)}`,
      {
        headers: { authorization: `Bearer ${t.sb.demo.readOnlyKey}` },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const pdf = Buffer.from(await res.arrayBuffer());
    checkPdf(pdf);
    expect(pdf.toString("latin1")).toContain("(Transactions)");
    const missing = await t.call("GET", "/api/private/account-statement/pdf/?date_from=2025-01-01");
    expect(missing).toMatchObject({ status: 400, body: { date_to: ["This field is required."] } });
    const long = await t.call(
      "GET",
      "/api/private/account-statement/pdf/?date_from=2024-01-01&date_to=2025-06-01",
    );
    expect(long.status).toBe(400);
    expect(long.body.date_to).toHaveLength(1);
    const inverted = await t.call(
      "GET",
      "/api/private/account-statement/pdf/?date_from=2025-06-01T00:00:00&date_to=2025-01-01T00:00:00",
    );
    expect(inverted.status).toBe(400);
  });
});
