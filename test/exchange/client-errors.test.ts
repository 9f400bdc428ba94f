/**
 * The client's error paths against the sandbox over real HTTP: each status becomes its typed error,
 * reads are retried on 5xx and 429, writes never (a write's 429 leaves its outcome unknown).
 */
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import {
  createExchangeClient,
  ExchangeForbiddenError,
  ExchangeNetworkError,
  ExchangeNotFoundError,
  ExchangeRateLimitedError,
  ExchangeServerError,
  ExchangeUnauthorizedError,
  ExchangeUnsupportedError,
  ExchangeValidationError,
  SwapRejectedError,
  writeOutcome,
} from "../../src/exchange/index.ts";
import { placeSwap, startTestExchange } from "../support/exchange.ts";

const ex = await startTestExchange();

/** How many writes the sandbox saw from an account on a path (from its request log). */
async function writesTo(accountId: number, path: string): Promise<number> {
  const summary = (await ex.control("GET", `/_sandbox/requests?account_id=${accountId}`)) as {
    writes: Record<string, number>;
  };
  return summary.writes[path] ?? 0;
}

describe("typed errors", () => {
  it("a 400 keeps the service's field map", async () => {
    const account = ex.account({ AUD: "100" });
    const client = ex.client(account.readWriteKey);
    const error = await client.withdrawals
      .create("BTC", { amount: "1", address_book_entry_id: 999_999 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeValidationError);
    const fields = (error as ExchangeValidationError).fields;
    expect((error as ExchangeValidationError).local).toBe(false);
    expect(Object.keys(fields).length).toBeGreaterThan(0);
    for (const messages of Object.values(fields)) expect(messages.every((m) => m.length > 0)).toBe(true);
  });

  it("a bad request is refused before sending, naming every field", async () => {
    const account = ex.account();
    const client = ex.client(account.readWriteKey);
    const error = await client.swaps
      .estimate({ src_asset: "AUD", dst_asset: "AUD", req_spend_amount: "-5" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeValidationError);
    expect((error as ExchangeValidationError).local).toBe(true);
    expect(Object.keys((error as ExchangeValidationError).fields).sort()).toEqual([
      "dst_asset",
      "req_spend_amount",
    ]);
    expect(await writesTo(account.accountId, "/api/private/swaps/estimate/")).toBe(0);
  });

  it("401 for a missing or unknown key", async () => {
    await expect(ex.client("not-a-real-key").balances.all()).rejects.toBeInstanceOf(
      ExchangeUnauthorizedError,
    );
    // A keyless client refuses private calls itself: the service would answer 401 anyway.
    await expect(ex.client().balances.all()).rejects.toBeInstanceOf(ExchangeUnauthorizedError);
  });

  it("403 when a read-only key trades, and nothing moves", async () => {
    const account = ex.account({ AUD: "1000" });
    const readOnly = ex.client(account.readOnlyKey);
    expect((await readOnly.balances.get("AUD")).total).toBe("1000");
    await expect(
      readOnly.swaps.create({
        src_asset: "AUD",
        dst_asset: "BTC",
        req_spend_amount: "10",
        expected_price: "1",
      }),
    ).rejects.toBeInstanceOf(ExchangeForbiddenError);
    expect((await readOnly.balances.get("AUD")).total).toBe("1000");
  });

  it("404 for another account's record", async () => {
    const owner = ex.account({ AUD: "1000" });
    const other = ex.account({ AUD: "1000" });
    const ownerClient = ex.client(owner.readWriteKey);
    const swap = await placeSwap(ownerClient, "AUD", "BTC", "50");
    await expect(ex.client(other.readWriteKey).swaps.get(swap.id)).rejects.toBeInstanceOf(
      ExchangeNotFoundError,
    );
  });

  it("501 for an invoice of a type that has none", async () => {
    const account = ex.account({ AUD: "1000" });
    const client = ex.client(account.readWriteKey);
    const deposits = await client.transactions.list({ transaction_type: ["deposit"] });
    const deposit = deposits.results[0];
    if (!deposit) throw new Error("a new account starts with a deposit");
    await expect(client.transactions.invoice(deposit.summary_id)).rejects.toBeInstanceOf(
      ExchangeUnsupportedError,
    );
  });

  it("a swap refused because the market moved keeps the service's message", async () => {
    const account = ex.account({ AUD: "5000" });
    const client = ex.client(account.readWriteKey);
    const estimate = await client.swaps.estimate({
      src_asset: "AUD",
      dst_asset: "ETH",
      req_spend_amount: "100",
    });
    ex.sb.setPrice("ETH", "1"); // the market crashes between estimate and create
    const error = await client.swaps
      .create({
        src_asset: "AUD",
        dst_asset: "ETH",
        req_spend_amount: "100",
        expected_price: estimate.estimated_price_exact,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SwapRejectedError);
    expect((error as SwapRejectedError).serviceMessage.length).toBeGreaterThan(0);
    expect((await client.balances.get("AUD")).total).toBe("5000");
  });
});

describe("retries", () => {
  it("a read answered 503 twice is retried and succeeds", async () => {
    const account = ex.account({ AUD: "42" });
    await ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: "/api/private/balances/",
      status: 503,
      count: 2,
    });
    const balances = await ex.client(account.readWriteKey).balances.all();
    expect(balances.AUD).toBe("42");
  });

  it("a read keeps failing: ExchangeServerError after the attempts run out", async () => {
    const account = ex.account();
    await ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: "/api/private/balances/",
      status: 502,
      count: 10,
    });
    const error = await ex
      .client(account.readWriteKey, { maxReadAttempts: 3 })
      .balances.all()
      .catch((e: unknown) => e);
    await ex.control("DELETE", "/_sandbox/faults");
    expect(error).toBeInstanceOf(ExchangeServerError);
    expect((error as ExchangeServerError).status).toBe(502);
  });

  it("a write answered 500 is not retried (its outcome is unknown)", async () => {
    const account = ex.account({ AUD: "1000" });
    const client = ex.client(account.readWriteKey);
    await ex.control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: "/api/private/swaps/estimate/",
      status: 500,
      count: 1,
    });
    await expect(
      client.swaps.estimate({ src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "10" }),
    ).rejects.toBeInstanceOf(ExchangeServerError);
    // The fault was used once; the next estimate goes through, proving there was exactly one attempt.
    const estimate = await client.swaps.estimate({
      src_asset: "AUD",
      dst_asset: "BTC",
      req_spend_amount: "10",
    });
    expect(estimate.src_asset).toBe("AUD");
  });

  it("429 with Retry-After: the client waits it out in full, then succeeds (reads and writes)", async () => {
    const account = ex.account({ AUD: "1000" });
    const waits: number[] = [];
    const client = ex.client(account.readWriteKey, {
      sleep: (ms) => {
        waits.push(ms);
        return new Promise((resolve) => setTimeout(resolve, ms));
      },
    });
    await ex.control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: "/api/private/swaps/estimate/",
      status: 429,
      count: 1,
      retry_after: 1,
    });
    const estimate = await client.swaps.estimate({
      src_asset: "AUD",
      dst_asset: "BTC",
      req_spend_amount: "10",
    });
    expect(estimate.dst_asset).toBe("BTC");
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000); // never undercut
    expect(waits[0]).toBeLessThanOrEqual(1000 + 2000); // jitter on top is bounded
  });

  it("a write answered 429 is not sent again: its outcome is unknown (a gateway may have let it act)", async () => {
    const account = ex.account({ AUD: "1000" });
    const waits: number[] = [];
    const client = ex.client(account.readWriteKey, {
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const request = { src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "10" };
    const estimate = await client.swaps.estimate(request);
    // Armed after the estimate, whose path shares the prefix.
    await ex.control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: "/api/private/swaps/",
      status: 429,
      count: 1,
      retry_after: 1,
      after: true,
    });
    const error = await client.swaps
      .create({ ...request, expected_price: estimate.estimated_price_exact })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeRateLimitedError);
    expect((error as ExchangeRateLimitedError).afterSending).toBe(true);
    expect(writeOutcome(error)).toBe("unknown");
    expect(waits).toEqual([]);
    // The exchange acted once, and was asked once.
    expect((await client.swaps.list()).count).toBe(1);
  });

  it("a Retry-After longer than the client will wait fails with the time to wait", async () => {
    const account = ex.account();
    await ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: "/api/private/balances/",
      status: 429,
      count: 1,
      retry_after: 120,
    });
    const error = await ex
      .client(account.readWriteKey)
      .balances.all()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeRateLimitedError);
    expect((error as ExchangeRateLimitedError).retryAfterMs).toBe(120_000);
  });

  it("the service unreachable: ExchangeNetworkError, after retries for reads", async () => {
    const port = await closedPort();
    let attempts = 0;
    const client = createExchangeClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: "k",
      backoffBaseMs: 1,
      fetch: (input, init) => {
        attempts++;
        return fetch(input, init);
      },
    });
    const error = await client.balances.all().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeNetworkError);
    expect((error as ExchangeNetworkError).reason).toBe("unreachable");
    expect(attempts).toBe(4);
    attempts = 0;
    await expect(
      client.swaps.estimate({ src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "1" }),
    ).rejects.toBeInstanceOf(ExchangeNetworkError);
    expect(attempts).toBe(1);
  });

  it("a swap create that went through but lost its answer: an interrupted network error, outcome unknown", async () => {
    const account = ex.account({ AUD: "1000" });
    const client = ex.client(account.readWriteKey);
    const request = { src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "100" };
    const estimate = await client.swaps.estimate(request);
    await ex.control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: "/api/private/swaps/",
      drop: true,
      after: true,
    });
    const error = await client.swaps
      .create({ ...request, expected_price: estimate.estimated_price_exact })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeNetworkError);
    expect((error as ExchangeNetworkError).reason).toBe("interrupted");
    expect(writeOutcome(error)).toBe("unknown");
    // It did go through, once: the client never repeats a write it has no answer to.
    expect((await client.swaps.list()).results).toHaveLength(1);
    expect(await writesTo(account.accountId, "/api/private/swaps/")).toBe(1);
  });

  it("a write refused before it reaches the service (connection refused) was not done", async () => {
    const port = await closedPort();
    const client = createExchangeClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: "k" });
    const error = await client.swaps
      .create({ src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "1", expected_price: "1" })
      .catch((e: unknown) => e);
    expect((error as ExchangeNetworkError).reason).toBe("unreachable");
    expect(writeOutcome(error)).toBe("not_done");
  });

  it("a proxy's 502 after the create went through: a server error, outcome unknown", async () => {
    const account = ex.account({ AUD: "1000" });
    const client = ex.client(account.readWriteKey);
    const request = { src_asset: "AUD", dst_asset: "ETH", req_spend_amount: "50" };
    const estimate = await client.swaps.estimate(request);
    // Armed after the estimate, whose path shares the prefix.
    await ex.control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: "/api/private/swaps/",
      status: 502,
      after: true,
    });
    const error = await client.swaps
      .create({ ...request, expected_price: estimate.estimated_price_exact })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeServerError);
    expect(writeOutcome(error)).toBe("unknown");
    expect((await client.swaps.list()).results).toHaveLength(1);
  });

  it("no error message carries the API key", async () => {
    const canary = `CANARY-${Math.random().toString(36).slice(2)}`;
    const errors = await Promise.all([
      ex
        .client(canary)
        .balances.all()
        .catch((e: unknown) => e),
      ex
        .client(canary)
        .swaps.get(1)
        .catch((e: unknown) => e),
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      expect(`${(error as Error).message} ${(error as Error).stack} ${JSON.stringify(error)}`).not.toContain(
        canary,
      );
    }
  });
});

/** A port that nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}
