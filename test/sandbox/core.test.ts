import { describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox/server.ts";
import { sandbox } from "./helpers.ts";

describe("sandbox server basics", () => {
  it("serves the public ticker and asset list without a key", async () => {
    const { call } = await sandbox();
    const ticker = await call("GET", "/api/public/broker/ticker/", undefined, null);
    expect(ticker.status).toBe(200);
    expect(Object.keys(ticker.body).length).toBeGreaterThanOrEqual(10);
    const btc = ticker.body.BTC;
    expect(Number(btc.buy)).toBeGreaterThan(Number(btc.last));
    expect(Number(btc.last)).toBeGreaterThan(Number(btc.sell));
    const assets = await call("GET", "/api/public/broker/assets/", undefined, null);
    expect(assets.body).toContainEqual({ code: "BTC", name: "Bitcoin" });
  });

  it("answers 401 without or with a bad key, 403 for read-only writes", async () => {
    const { sb, call } = await sandbox();
    expect((await call("GET", "/api/private/balances/", undefined, null)).status).toBe(401);
    const bad = await call("GET", "/api/private/balances/", undefined, "nope");
    expect(bad.status).toBe(401);
    expect(bad.body.detail).toEqual(expect.any(String));
    const readOnly = sb.demo.readOnlyKey;
    expect((await call("GET", "/api/private/profile/brief/", undefined, readOnly)).status).toBe(200);
    const write = await call("POST", "/api/private/swaps/estimate/", { src_asset: "AUD" }, readOnly);
    expect(write.status).toBe(403);
  });

  it("keeps the demo keys stable for a seed and shows balances", async () => {
    const a = await startSandbox({ seed: 7, walk: false });
    const b = await startSandbox({ seed: 7, walk: false });
    try {
      expect(a.demo).toEqual(b.demo);
      expect(a.demo.totp).toBe("123456");
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const { call } = await sandbox();
    const all = await call("GET", "/api/private/balances/");
    expect(all.body.AUD).toEqual({ total: "10000" });
    expect((await call("GET", "/api/private/balances/XRP/")).body).toEqual({ total: "0" });
    expect((await call("GET", "/api/private/balances/NOPE/")).status).toBe(404);
  });

  it("answers 404 for another account's records", async () => {
    const { sb, call, control } = await sandbox();
    const other = (await control("POST", "/_sandbox/accounts", { balances: { AUD: "500" } })).body;
    const est = await call(
      "POST",
      "/api/private/swaps/estimate/",
      { src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "50" },
      other.read_write_key,
    );
    const swap = await call(
      "POST",
      "/api/private/swaps/",
      {
        src_asset: "AUD",
        dst_asset: "BTC",
        req_spend_amount: "50",
        expected_price: est.body.estimated_price_exact,
      },
      other.read_write_key,
    );
    expect(swap.status).toBe(201);
    const mine = await call("GET", `/api/private/swaps/${swap.body.id}/`, undefined, sb.demo.readWriteKey);
    expect(mine).toMatchObject({ status: 404, body: { detail: "Not found." } });
  });

  it("rejects malformed JSON, unknown paths and wrong methods with JSON errors", async () => {
    const { sb, call } = await sandbox();
    const res = await fetch(`${sb.url}/api/private/swaps/estimate/`, {
      method: "POST",
      headers: { authorization: `Bearer ${sb.demo.readWriteKey}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { non_field_errors: string[] }).non_field_errors).toHaveLength(1);
    expect((await call("GET", "/api/private/nothing/")).status).toBe(404);
    expect((await call("GET", "/api/private/balances")).status).toBe(404);
    const wrong = await call("DELETE", "/api/private/balances/");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toContain("GET");
    expect((await call("GET", "/api/private/swaps/?page=9")).body).toEqual({ detail: "Invalid page." });
  });

  it("keeps control endpoints off unless enabled", async () => {
    const sb = await startSandbox({ walk: false });
    try {
      const res = await fetch(`${sb.url}/_sandbox/accounts`, { method: "POST", body: "{}" });
      expect(res.status).toBe(404);
    } finally {
      await sb.close();
    }
  });

  it("rate-limits with 429, Retry-After and a detail", async () => {
    const { call } = await sandbox({ limits: { accountReads: 3, publicReads: 2, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) expect((await call("GET", "/api/private/balances/")).status).toBe(200);
    const limited = await call("GET", "/api/private/balances/");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.body.detail).toEqual(expect.any(String));
    // Public reads are counted per IP, apart from the account.
    expect((await call("GET", "/api/public/broker/ticker/", undefined, null)).status).toBe(200);
    expect((await call("GET", "/api/public/broker/ticker/", undefined, null)).status).toBe(200);
    expect((await call("GET", "/api/public/broker/ticker/", undefined, null)).status).toBe(429);
  });

  it("frees the rate-limit window when the clock advances", async () => {
    const { call, control } = await sandbox({ limits: { accountWrites: 1 } });
    const body = { src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "10" };
    expect((await call("POST", "/api/private/swaps/estimate/", body)).status).toBe(200);
    expect((await call("POST", "/api/private/swaps/estimate/", body)).status).toBe(429);
    await control("POST", "/_sandbox/clock/advance", { seconds: 61 });
    expect((await call("POST", "/api/private/swaps/estimate/", body)).status).toBe(200);
  });

  it("injects faults and logs write requests without keys", async () => {
    const { sb, call, control } = await sandbox();
    const fault = await control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: "/api/private/balances/",
      status: 503,
      count: 2,
    });
    expect(fault.status).toBe(201);
    expect((await call("GET", "/api/private/balances/")).status).toBe(503);
    expect((await call("GET", "/api/private/balances/BTC/")).status).toBe(503);
    expect((await call("GET", "/api/private/balances/")).status).toBe(200);
    await control("POST", "/_sandbox/faults", {
      path_prefix: "/api/private/swaps/",
      status: 429,
      count: 1,
      retry_after: 3,
    });
    const throttled = await call("POST", "/api/private/swaps/estimate/", {});
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("3");
    const log = await control("GET", `/_sandbox/requests?account_id=${sb.demo.accountId}`);
    expect(log.body.writes).toEqual({ "/api/private/swaps/estimate/": 1 });
    expect(log.body.write_count).toBe(1);
    expect(JSON.stringify(log.body)).not.toContain(sb.demo.readWriteKey);
  });

  it("faults after processing: the request takes effect, then its answer is replaced or lost", async () => {
    const { sb, call, control } = await sandbox();
    const body = { src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "10" };
    const estimate = (await call("POST", "/api/private/swaps/estimate/", body)).body;
    const create = { ...body, expected_price: estimate.estimated_price_exact };
    const replaced = await control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: "/api/private/swaps/",
      status: 504,
      after: true,
    });
    expect(replaced.body).toMatchObject({ status: 504, drop: false, after: true });
    expect((await call("POST", "/api/private/swaps/", create)).status).toBe(504);
    const dropped = await control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: "/api/private/swaps/",
      drop: true,
      after: true,
    });
    expect(dropped.body).toMatchObject({ status: null, drop: true, after: true });
    await expect(call("POST", "/api/private/swaps/", create)).rejects.toThrow();
    // Both creates went through despite their answers.
    expect((await call("GET", "/api/private/swaps/")).body.count).toBe(2);
    const log = await control("GET", `/_sandbox/requests?account_id=${sb.demo.accountId}`);
    expect(log.body.requests.map((r: { status: number }) => r.status)).toEqual([200, 504, 0, 200]);
    // A drop before processing loses the request itself.
    await control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: "/api/private/swaps/",
      drop: true,
    });
    await expect(call("POST", "/api/private/swaps/", create)).rejects.toThrow();
    expect((await call("GET", "/api/private/swaps/")).body.count).toBe(2);
    const both = await control("POST", "/_sandbox/faults", { path_prefix: "/x", drop: true, status: 500 });
    expect(both.status).toBe(400);
    expect((await control("POST", "/_sandbox/faults", { path_prefix: "/x" })).status).toBe(400);
  });

  it("malformed answers: a cut-off JSON body before processing (nothing done) or after it (done)", async () => {
    const { sb, call, control } = await sandbox();
    const raw = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${sb.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${sb.demo.readWriteKey}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
    };
    const notJson = (text: string) => expect(() => JSON.parse(text)).toThrow();
    const armed = await control("POST", "/_sandbox/faults", {
      path_prefix: "/api/private/balances/",
      malformed: true,
    });
    expect(armed.body).toMatchObject({ malformed: true, status: null, after: false });
    const before = await raw("GET", "/api/private/balances/");
    expect(before).toMatchObject({ status: 200, type: "application/json" });
    notJson(before.text);
    // Only once: the next read parses.
    expect((await call("GET", "/api/private/balances/")).status).toBe(200);

    const body = { src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "10" };
    const estimate = (await call("POST", "/api/private/swaps/estimate/", body)).body;
    await control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: "/api/private/swaps/",
      malformed: true,
      after: true,
    });
    const created = await raw("POST", "/api/private/swaps/", {
      ...body,
      expected_price: estimate.estimated_price_exact,
    });
    expect(created.status).toBe(201);
    notJson(created.text);
    expect(created.text.startsWith("{")).toBe(true);
    // The swap exists although its answer could not be read.
    expect((await call("GET", "/api/private/swaps/")).body.count).toBe(1);
    // With a status: a 502 whose body is garbage, before processing.
    await control("POST", "/_sandbox/faults", {
      path_prefix: "/api/private/balances/",
      malformed: true,
      status: 502,
    });
    const gateway = await raw("GET", "/api/private/balances/");
    expect(gateway.status).toBe(502);
    notJson(gateway.text);
    const both = await control("POST", "/_sandbox/faults", {
      path_prefix: "/x",
      drop: true,
      malformed: true,
    });
    expect(both.status).toBe(400);
  });

  it("holds requests with delay_ms: processed after the hold, dropped when the client hangs up", async () => {
    const { sb, call, control } = await sandbox();
    expect((await control("POST", "/_sandbox/faults", { path_prefix: "/api/" })).status).toBe(400);
    await control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: "/api/private/swaps/estimate/",
      delay_ms: 200,
    });
    const body = { src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "10" };
    const started = Date.now();
    expect((await call("POST", "/api/private/swaps/estimate/", body)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    // A held request whose client gives up (at 100 ms) is never processed, even after its hold (300 ms).
    await control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: "/api/private/swaps/",
      delay_ms: 300,
    });
    const abandoned = await fetch(`${sb.url}/api/private/swaps/`, {
      method: "POST",
      headers: { authorization: `Bearer ${sb.demo.readWriteKey}`, "content-type": "application/json" },
      body: JSON.stringify({ ...body, expected_price: "1" }),
      signal: AbortSignal.timeout(100),
    }).catch((error: unknown) => error);
    expect(abandoned).toBeInstanceOf(Error);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const log = await control("GET", `/_sandbox/requests?account_id=${sb.demo.accountId}`);
    expect(log.body.writes).toEqual({ "/api/private/swaps/estimate/": 1 });
  });

  it("latencyMs holds every API request, public and private, on top of a fault's delay", async () => {
    const { call, control } = await sandbox({ latencyMs: 150 });
    // The bounds are one-sided (a hold is never shorter): the machine's speed cannot make them fail.
    const timedCall = async (run: () => Promise<unknown>) => {
      const started = Date.now();
      await run();
      return Date.now() - started;
    };
    expect(
      await timedCall(() => call("GET", "/api/public/broker/ticker/", undefined, null)),
    ).toBeGreaterThanOrEqual(140);
    expect(await timedCall(() => call("GET", "/api/private/balances/"))).toBeGreaterThanOrEqual(140);
    await control("POST", "/_sandbox/faults", { path_prefix: "/api/private/balances/", delay_ms: 200 });
    expect(await timedCall(() => call("GET", "/api/private/balances/"))).toBeGreaterThanOrEqual(340);
  });

  it("advances the sandbox clock and walks the market only when asked", async () => {
    const { sb, call, control } = await sandbox({ walk: true, tickMs: 1000 });
    await control("PUT", "/_sandbox/market", { walk: false });
    const before = (await call("GET", "/api/public/broker/ticker/", undefined, null)).body;
    await control("POST", "/_sandbox/clock/advance", { seconds: 30 });
    expect((await call("GET", "/api/public/broker/ticker/", undefined, null)).body).toEqual(before);
    await control("PUT", "/_sandbox/market", { walk: true });
    const start = sb.now().getTime();
    await control("POST", "/_sandbox/clock/advance", { seconds: 30 });
    expect(sb.now().getTime() - start).toBeGreaterThanOrEqual(30_000);
    expect((await call("GET", "/api/public/broker/ticker/", undefined, null)).body).not.toEqual(before);
    const set = await control("PUT", "/_sandbox/prices/BTC", { price: "100000" });
    expect(set.body.last).toBe("100000.00");
  });
});
