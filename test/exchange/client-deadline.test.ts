/**
 * A call's overall deadline and its caller's abort signal, against the sandbox over real HTTP with a
 * hanging exchange (a fault that holds requests far longer than any test runs).
 *
 * Timing: deadlines here are a few hundred ms and the assertions only require the call to end within
 * 5 s, which holds under heavy CPU contention; without the deadline the same calls take a minute or more.
 */
import { describe, expect, it } from "vitest";
import {
  ExchangeCancelledError,
  ExchangeNetworkError,
  ExchangeRateLimitedError,
  ExchangeServerError,
} from "../../src/exchange/index.ts";
import { startTestExchange } from "../support/exchange.ts";

const ex = await startTestExchange();
const HANG_MS = 10 * 60_000;
const ESTIMATE = { src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "10" };

/** A fetch that records the signal of every request it sends. */
function recordingFetch() {
  const signals: AbortSignal[] = [];
  let markSent: () => void = () => undefined;
  const firstSent = new Promise<void>((resolve) => {
    markSent = resolve;
  });
  const fetchFn: typeof fetch = (input, init) => {
    signals.push((input as Request).signal);
    markSent();
    return fetch(input, init);
  };
  return { fetch: fetchFn, signals, firstSent };
}

async function timed<T>(work: Promise<T>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ms: Date.now() - started };
}

describe("the overall deadline", () => {
  it("a hanging read ends at the deadline as a read timeout, and its request is aborted", async () => {
    const account = ex.account();
    await ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: "/api/private/balances/",
      delay_ms: HANG_MS,
      count: 10,
    });
    const recorder = recordingFetch();
    const client = ex.client(account.readWriteKey, { deadlineMs: 300, fetch: recorder.fetch });
    const { error, ms } = await timed(client.balances.all());
    await ex.control("DELETE", "/_sandbox/faults");
    expect(error).toBeInstanceOf(ExchangeNetworkError);
    expect((error as ExchangeNetworkError).reason).toBe("timeout");
    expect((error as ExchangeNetworkError).write).toBe(false);
    expect(ms).toBeLessThan(5000);
    expect(recorder.signals.length).toBeGreaterThan(0);
    expect(recorder.signals.every((signal) => signal.aborted)).toBe(true);
  });

  it("a hanging write ends at the deadline as a write timeout (it may have been done)", async () => {
    const account = ex.account({ AUD: "1000" });
    await ex.control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: "/api/private/swaps/estimate/",
      delay_ms: HANG_MS,
      count: 1,
    });
    const client = ex.client(account.readWriteKey, { deadlineMs: 300 });
    const { error, ms } = await timed(client.swaps.estimate(ESTIMATE));
    await ex.control("DELETE", "/_sandbox/faults");
    expect(error).toBeInstanceOf(ExchangeNetworkError);
    expect((error as ExchangeNetworkError).write).toBe(true);
    expect(ms).toBeLessThan(5000);
  });

  it("a Retry-After that would cross the deadline is not waited: the rate-limited error comes at once", async () => {
    const account = ex.account();
    const waits: number[] = [];
    const client = ex.client(account.readWriteKey, {
      deadlineMs: 2000,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: "/api/private/balances/",
      status: 429,
      count: 1,
      retry_after: 5,
    });
    const error = await client.balances.all().catch((e: unknown) => e);
    await ex.control("DELETE", "/_sandbox/faults");
    expect(error).toBeInstanceOf(ExchangeRateLimitedError);
    expect((error as ExchangeRateLimitedError).retryAfterMs).toBe(5000);
    expect(waits).toEqual([]);
  });

  it("a backoff that would cross the deadline is not waited: the last error comes at once", async () => {
    const account = ex.account();
    const waits: number[] = [];
    const client = ex.client(account.readWriteKey, {
      deadlineMs: 500,
      backoffBaseMs: 2000,
      backoffMaxMs: 2000,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: "/api/private/balances/",
      status: 503,
      count: 10,
    });
    const error = await client.balances.all().catch((e: unknown) => e);
    await ex.control("DELETE", "/_sandbox/faults");
    expect(error).toBeInstanceOf(ExchangeServerError);
    expect(waits).toEqual([]);
  });

  it("without a deadline (background work) a slow read still gets its retries", async () => {
    const account = ex.account({ AUD: "7" });
    await ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: "/api/private/balances/",
      delay_ms: HANG_MS,
      count: 1,
    });
    // The first attempt times out after 200 ms; the second is answered.
    const balances = await ex.client(account.readWriteKey, { timeoutMs: 200 }).balances.all();
    expect(balances.AUD).toBe("7");
  });
});

describe("the caller's abort signal", () => {
  it("aborts a read in flight at once: ExchangeCancelledError", async () => {
    const account = ex.account();
    await ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: "/api/private/balances/",
      delay_ms: HANG_MS,
      count: 1,
    });
    const controller = new AbortController();
    const recorder = recordingFetch();
    const client = ex.client(account.readWriteKey, { signal: controller.signal, fetch: recorder.fetch });
    const call = timed(client.balances.all());
    await recorder.firstSent;
    controller.abort();
    const { error, ms } = await call;
    await ex.control("DELETE", "/_sandbox/faults");
    expect(error).toBeInstanceOf(ExchangeCancelledError);
    expect(ms).toBeLessThan(5000);
    expect(recorder.signals.every((signal) => signal.aborted)).toBe(true);
  });

  it("an already aborted signal sends no read at all", async () => {
    const account = ex.account();
    const controller = new AbortController();
    controller.abort();
    const recorder = recordingFetch();
    const client = ex.client(account.readWriteKey, { signal: controller.signal, fetch: recorder.fetch });
    await expect(client.balances.all()).rejects.toBeInstanceOf(ExchangeCancelledError);
    expect(recorder.signals).toEqual([]);
  });

  it("never cuts a write short: a slow write still completes after the caller aborts", async () => {
    const account = ex.account({ AUD: "1000" });
    await ex.control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: "/api/private/swaps/estimate/",
      delay_ms: 300,
      count: 1,
    });
    const controller = new AbortController();
    const recorder = recordingFetch();
    const client = ex.client(account.readWriteKey, { signal: controller.signal, fetch: recorder.fetch });
    const call = client.swaps.estimate(ESTIMATE);
    await recorder.firstSent;
    controller.abort();
    const estimate = await call;
    expect(estimate.dst_asset).toBe("BTC");
  });
});
