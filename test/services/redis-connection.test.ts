/**
 * The main Redis connection at start-up and what counts as "Redis unavailable". The outage itself (a
 * connection that reconnects after ten seconds) is tested in test/bot/redis-outage.test.ts, a restart in the
 * middle of flows in test/scale/faults-redis.test.ts.
 */
import { describe, expect, it, vi } from "vitest";
import {
  connectRedis,
  isRedisUnavailable,
  MAX_RECONNECT_DELAY_MS,
  RedisUnavailableError,
  reconnectDelayMs,
  retryWhileUnavailable,
} from "../../src/services/runtime/redis-connection.ts";
import { freePort } from "../support/process.ts";

describe("connectRedis", () => {
  it("fails fast at start-up when nothing answers, naming where without credentials", async () => {
    const port = await freePort();
    const started = Date.now();
    const error = await connectRedis(`redis://user:hunter2@127.0.0.1:${port}`).catch((caught) => caught);
    expect(error).toBeInstanceOf(RedisUnavailableError);
    expect((error as Error).message).toContain(`redis://127.0.0.1:${port}`);
    expect((error as Error).message).not.toContain("hunter2");
    // One refused attempt takes milliseconds; 10 s is a generous bound for a loaded machine.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("reconnectDelayMs", () => {
  it("doubles from 200 ms and never exceeds the cap, however long the outage", () => {
    expect([1, 2, 3, 4].map(reconnectDelayMs)).toEqual([200, 400, 800, 1600]);
    for (const times of [5, 10, 100, 10_000]) expect(reconnectDelayMs(times)).toBe(MAX_RECONNECT_DELAY_MS);
  });
});

describe("isRedisUnavailable", () => {
  const maxRetries = Object.assign(new Error("Reached the max retries per request limit (which is 1)."), {
    name: "MaxRetriesPerRequestError",
  });

  it.each([
    ["a command given up after retries", maxRetries],
    ["a closed connection", new Error("Connection is closed.")],
    ["one wrapped in another error", new Error("session read failed", { cause: maxRetries })],
    ["a Cluster reaching none of its nodes", new Error("None of startup nodes is available")],
    [
      "a Cluster whose nodes all failed",
      Object.assign(new Error("Failed to refresh slots cache."), { name: "ClusterAllFailedError" }),
    ],
    ["a Cluster between two masters of a slot", new Error("Too many Cluster redirections. Last error: x")],
  ])("is true for %s", (_name, error) => {
    expect(isRedisUnavailable(error)).toBe(true);
  });

  it.each([
    ["a bug", new TypeError("x is not a function")],
    [
      "a refused command",
      Object.assign(new Error("WRONGTYPE Operation against a key"), { name: "ReplyError" }),
    ],
    ["an exchange that cannot be reached", new Error("fetch failed", { cause: new Error("ECONNREFUSED") })],
    ["something that is not an error", "Connection is closed."],
  ])("is false for %s", (_name, error) => {
    expect(isRedisUnavailable(error)).toBe(false);
  });
});

describe("retryWhileUnavailable", () => {
  const closed = () => new Error("Connection is closed.");

  it("tries again while Redis is unreachable and returns the first success", async () => {
    let calls = 0;
    const result = await retryWhileUnavailable(async () => {
      calls++;
      if (calls < 3) throw closed();
      return "OK";
    }, 10_000);
    expect(result).toBe("OK");
    expect(calls).toBe(3);
  });

  it("throws any other error at once", async () => {
    let calls = 0;
    const refused = Object.assign(new Error("WRONGTYPE Operation against a key"), { name: "ReplyError" });
    const failing = retryWhileUnavailable(async () => {
      calls++;
      throw refused;
    }, 10_000);
    await expect(failing).rejects.toBe(refused);
    expect(calls).toBe(1);
  });

  it("gives up with the outage's error once the time is up", async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const failing = retryWhileUnavailable(async () => {
        calls++;
        throw closed();
      }, 600);
      const settled = expect(failing).rejects.toThrow("Connection is closed.");
      await vi.advanceTimersByTimeAsync(1000);
      await settled;
      // Tries at 0, 250, 500 and 750 ms (a pause of 250 ms between them); after the last the 600 ms are up.
      expect(calls).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
