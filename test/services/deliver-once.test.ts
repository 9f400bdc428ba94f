/** A background message sent once: skipped once sent, retried after a failed send or a dead sender's claim. */
import type { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { createDeliverOnce } from "../../src/services/runtime/deliver-once.ts";
import { redisWithPrefixes } from "../support/redis-prefixes.ts";

const { redis, prefix: prefixFor } = redisWithPrefixes();
const prefix = prefixFor("deliver-once");

describe("deliverOnce", () => {
  const deliverOnce = createDeliverOnce({ redis, prefix, claimMs: 200, sentTtlSeconds: 60 });

  it("sends once; a later run of the same key sends nothing", async () => {
    const sent: string[] = [];
    expect(await deliverOnce("a", async () => void sent.push("a"))).toBe(true);
    expect(await deliverOnce("a", async () => void sent.push("a again"))).toBe(false);
    expect(sent).toEqual(["a"]);
    expect(await redis.get(`${prefix}a`)).toBe("sent");
    expect(await redis.ttl(`${prefix}a`)).toBeGreaterThan(50);
  });

  it("a failed send is taken back, so the retry sends", async () => {
    await expect(deliverOnce("b", async () => Promise.reject(new Error("429")))).rejects.toThrow("429");
    const sent: string[] = [];
    expect(await deliverOnce("b", async () => void sent.push("b"))).toBe(true);
    expect(sent).toEqual(["b"]);
  });

  it("a sender that died mid-send holds the key only until its claim expires", async () => {
    // What a killed process leaves behind: the claim, never turned into the record.
    await redis.set(`${prefix}c`, "sending", "PX", 200);
    expect(await deliverOnce("c", async () => undefined)).toBe(false);
    // Generous: the claim lasts 200 ms; waiting 600 ms leaves room on a loaded machine.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await deliverOnce("c", async () => undefined)).toBe(true);
  });

  it("Redis lost while the message is on its way: the record is written once Redis answers, not the job failed", async () => {
    // The record's first two writes meet a closed connection, as during a Redis restart.
    let refusals = 2;
    const restarting = new Proxy(redis, {
      get(target, property) {
        if (property !== "set") return Reflect.get(target, property);
        return (...args: Parameters<Redis["set"]>) => {
          if (args[1] === "sent" && refusals-- > 0) return Promise.reject(new Error("Connection is closed."));
          return (target.set as (...a: unknown[]) => Promise<unknown>)(...args);
        };
      },
    });
    const deliver = createDeliverOnce({ redis: restarting, prefix, claimMs: 5000, sentTtlSeconds: 60 });
    const sent: string[] = [];
    expect(await deliver("d", async () => void sent.push("d"))).toBe(true);
    expect(refusals).toBe(-1);
    expect(await redis.get(`${prefix}d`)).toBe("sent");
    expect(await deliver("d", async () => void sent.push("d again"))).toBe(false);
    expect(sent).toEqual(["d"]);
  });
});
