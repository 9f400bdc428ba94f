/** Transport helpers: Retry-After parsing, 400 bodies to field maps, and the backoff schedule. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createClientFactory } from "../../src/exchange/client.ts";
import { ExchangeServerError } from "../../src/exchange/errors.ts";
import { parseRetryAfter, Transport, toFieldErrors } from "../../src/exchange/http.ts";
import { Balance } from "../../src/exchange/schemas.ts";

describe("parseRetryAfter", () => {
  it("reads seconds, HTTP dates, and treats a missing or bad value as one second", () => {
    expect(parseRetryAfter("3")).toBe(3000);
    expect(parseRetryAfter("0.5")).toBe(500);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:10 GMT", now)).toBe(10_000);
    expect(parseRetryAfter(null)).toBe(1000);
    expect(parseRetryAfter("soon")).toBe(1000);
  });

  it("never returns less than the seconds given", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 86_400 }), (s) => parseRetryAfter(String(s)) === s * 1000),
    );
  });
});

describe("toFieldErrors", () => {
  it("keeps lists, wraps strings, flattens nested objects, and maps detail", () => {
    expect(
      toFieldErrors({
        amount: ["Too small."],
        travel_rule: { exchange: ["Required."] },
        label: "Too long.",
      }),
    ).toEqual({ amount: ["Too small."], "travel_rule.exchange": ["Required."], label: ["Too long."] });
    expect(toFieldErrors({ detail: "Bad." })).toEqual({ non_field_errors: ["Bad."] });
    expect(toFieldErrors(undefined)).toEqual({ non_field_errors: ["The request was not accepted."] });
  });
});

describe("backoff", () => {
  it("waits grow exponentially with jitter that never drops below half a step, capped", async () => {
    for (const random of [0, 0.5, 0.999]) {
      const waits: number[] = [];
      const transport = new Transport({
        baseUrl: "http://exchange.invalid",
        apiKey: "k",
        maxReadAttempts: 6,
        backoffBaseMs: 100,
        backoffMaxMs: 1000,
        random: () => random,
        sleep: async (ms) => {
          waits.push(ms);
        },
        fetch: async () => new Response("{}", { status: 503 }),
      });
      await expect(
        transport.request("balances.get", { params: { asset: "BTC" }, schema: Balance }),
      ).rejects.toBeInstanceOf(ExchangeServerError);
      const steps = [100, 200, 400, 800, 1000];
      expect(waits).toHaveLength(5);
      waits.forEach((wait, i) => {
        const step = steps[i] as number;
        expect(wait).toBeGreaterThanOrEqual(step / 2);
        expect(wait).toBeLessThanOrEqual(step);
      });
    }
  });

  it("the API key is sent only as the Bearer header, and never to public endpoints", async () => {
    const seen: { url: string; auth: string | null }[] = [];
    const transport = new Transport({
      baseUrl: "http://exchange.invalid",
      apiKey: "secret-key",
      fetch: async (input) => {
        const request = input as Request;
        seen.push({ url: request.url, auth: request.headers.get("authorization") });
        return new Response(JSON.stringify(request.url.includes("ticker") ? {} : { total: "1" }), {
          status: 200,
        });
      },
    });
    await transport.request("balances.get", { params: { asset: "BTC" }, schema: Balance });
    await transport.request("ticker.get", { schema: undefined });
    expect(seen[0]).toEqual({
      url: "http://exchange.invalid/api/private/balances/BTC/",
      auth: "Bearer secret-key",
    });
    expect(seen[1]?.auth).toBeNull();
    expect(seen.some((s) => s.url.includes("secret-key"))).toBe(false);
  });
});

describe("clients of one factory", () => {
  it("share one ky instance, and each request still carries its own client's key, at once or in turn", async () => {
    const seen: { url: string; auth: string | null }[] = [];
    const factory = createClientFactory({
      baseUrl: "http://exchange.invalid",
      fetch: async (input) => {
        const request = input as Request;
        seen.push({ url: request.url, auth: request.headers.get("authorization") });
        // Held a moment, so the requests of the clients overlap.
        await new Promise((resolve) => setTimeout(resolve, 5));
        return new Response(JSON.stringify({ total: "1" }), { status: 200 });
      },
    });
    const keys = ["key-a", "key-b", "key-c"];
    const clients = keys.map((key) => factory.forKey(key));
    await Promise.all(clients.map((client) => client.balances.get("BTC")));
    await clients[1]?.balances.get("ETH");
    await factory
      .public()
      .market.ticker()
      .catch(() => undefined);
    expect(
      seen
        .slice(0, 3)
        .map((s) => s.auth)
        .sort(),
    ).toEqual(keys.map((key) => `Bearer ${key}`));
    expect(seen[3]).toEqual({
      url: "http://exchange.invalid/api/private/balances/ETH/",
      auth: "Bearer key-b",
    });
    expect(seen[4]?.auth).toBeNull();
  });
});
