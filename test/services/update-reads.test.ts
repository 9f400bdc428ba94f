/**
 * Reads ahead: what an update read in its one round trip is handed out once, to the first read of the key;
 * a write or delete drops it; outside an update every read asks Redis; a session read and left unchanged
 * is not written back, a changed one is.
 */
import { describe, expect, it } from "vitest";
import { createRedisStorage } from "../../src/services/runtime/redis-storage.ts";
import { currentFrame } from "../../src/services/runtime/update-frame.ts";
import {
  skipUnchangedWrites,
  takeReadAhead,
  takeReadAheadField,
  withReadAhead,
} from "../../src/services/runtime/update-reads.ts";
import { deferred } from "../support/deferred.ts";
import { redisWithPrefixes } from "../support/redis-prefixes.ts";

const { redis, prefix: prefixFor } = redisWithPrefixes();
const prefix = prefixFor("update-reads");

const storage = createRedisStorage<{ step: string }>({ redis, prefix: `${prefix}state:` });

describe("withReadAhead", () => {
  it("hands each value out once, null for a missing key, and hash fields too", async () => {
    await redis.set(`${prefix}a`, "1");
    await redis.hset(`${prefix}h`, "f", "x");
    await withReadAhead(
      redis,
      { keys: [`${prefix}a`, `${prefix}missing`], hashes: [{ key: `${prefix}h`, fields: ["f", "g"] }] },
      async () => {
        await redis.set(`${prefix}a`, "2"); // changed behind the update's back after its read
        expect(takeReadAhead(`${prefix}a`)).toBe("1");
        expect(takeReadAhead(`${prefix}a`)).toBeUndefined(); // taken: the next read asks Redis
        expect(takeReadAhead(`${prefix}missing`)).toBeNull();
        expect(takeReadAheadField(`${prefix}h`, "f")).toBe("x");
        expect(takeReadAheadField(`${prefix}h`, "g")).toBeNull();
        expect(takeReadAhead(`${prefix}never-read-ahead`)).toBeUndefined();
      },
    );
    expect(takeReadAhead(`${prefix}a`)).toBeUndefined();
  });

  it("long values (a conversation's state) come whole, beside short and missing ones, in any place", async () => {
    // Quotes, backslashes, non-ASCII and a number-like text: nothing is lost or mistaken on the way.
    const long = (n: number) => `{"text":"\\"…"${"测试 \\n".repeat(100 * n)}","n":${n}}`;
    const values = { a: long(1), b: "12", c: long(2), d: "x".repeat(256), e: "y".repeat(257) };
    for (const [name, value] of Object.entries(values)) await redis.set(`${prefix}long:${name}`, value);
    await redis.hset(`${prefix}long:h`, "f", long(3), "g", "2");
    const keys = ["a", "missing", "b", "c", "d", "e"].map((name) => `${prefix}long:${name}`);
    await withReadAhead(
      redis,
      { keys, hashes: [{ key: `${prefix}long:h`, fields: ["g", "f", "z"] }] },
      async () => {
        expect(keys.map((key) => takeReadAhead(key))).toEqual([
          values.a,
          null,
          "12",
          values.c,
          values.d,
          values.e,
        ]);
        expect(["g", "f", "z"].map((field) => takeReadAheadField(`${prefix}long:h`, field))).toEqual([
          "2",
          long(3),
          null,
        ]);
      },
    );
  });

  it("sends its script in full once Redis has lost it (a restart, a flushed script cache)", async () => {
    await redis.set(`${prefix}kept`, "1");
    // Other clients' scripts are loaded again by their own clients (ioredis resends on NOSCRIPT).
    await redis.script("FLUSH");
    const taken: unknown[] = [];
    for (let update = 0; update < 2; update++) {
      await withReadAhead(redis, { keys: [`${prefix}kept`] }, async () => {
        taken.push(takeReadAhead(`${prefix}kept`));
      });
    }
    expect(taken).toEqual(["1", "1"]);
  });

  it("a storage read takes the value read ahead; after a write it reads Redis again", async () => {
    await storage.write("u1", { step: "before" });
    const key = storage.redisKey?.("u1") as string;
    await withReadAhead(redis, { keys: [key] }, async () => {
      await redis.set(key, JSON.stringify({ step: "elsewhere" }));
      expect(await storage.read("u1")).toEqual({ step: "before" });
      expect(await storage.read("u1")).toEqual({ step: "elsewhere" });
    });
    await withReadAhead(redis, { keys: [key] }, async () => {
      await storage.write("u1", { step: "written" });
      expect(await storage.read("u1")).toEqual({ step: "written" });
    });
  });

  it("values the update did not take are gone once it ends", async () => {
    await redis.set(`${prefix}late`, "early");
    let later: Promise<string | null | undefined> = Promise.resolve(undefined);
    const { promise: gate, resolve: release } = deferred();
    await withReadAhead(redis, { keys: [`${prefix}late`] }, async () => {
      later = gate.then(() => takeReadAhead(`${prefix}late`));
    });
    release();
    expect(await later).toBeUndefined();
  });

  it("each update's values stay in its own frame: not its caller's, nor another update's", async () => {
    await redis.set(`${prefix}one`, "1");
    await redis.set(`${prefix}two`, "2");
    const seen: Record<string, unknown> = {};
    const update = (name: string) =>
      withReadAhead(redis, { keys: [`${prefix}one`, `${prefix}two`] }, async () => {
        await new Promise((resolve) => setImmediate(resolve));
        seen[name] = takeReadAhead(`${prefix}${name}`);
      });
    // Both run at once; the caller goes on between and after them.
    const both = Promise.all([update("one"), update("two")]);
    expect(currentFrame()).toBeUndefined();
    await both;
    expect(currentFrame()).toBeUndefined();
    expect(seen).toEqual({ one: "1", two: "2" });
    // Nothing to read: still a frame of its own, and none after.
    let inside: unknown;
    await withReadAhead(redis, { keys: [] }, async () => {
      inside = currentFrame()?.reads;
    });
    expect(inside).toBeDefined();
    expect(currentFrame()).toBeUndefined();
  });
});

describe("skipUnchangedWrites", () => {
  it("does not write back a value read and left unchanged, but writes a changed one", async () => {
    const sessions = skipUnchangedWrites(storage);
    await storage.write("u2", { step: "one" });
    await withReadAhead(redis, { keys: [] }, async () => {
      const value = await sessions.read("u2");
      await redis.set(`${prefix}state:u2`, JSON.stringify({ step: "set meanwhile" }));
      await sessions.write("u2", value as { step: string });
    });
    expect(await storage.read("u2")).toEqual({ step: "set meanwhile" });
    await withReadAhead(redis, { keys: [] }, async () => {
      await sessions.read("u2");
      await sessions.write("u2", { step: "two" });
    });
    expect(await storage.read("u2")).toEqual({ step: "two" });
  });

  it("writes a value that was absent, and every write outside an update", async () => {
    const sessions = skipUnchangedWrites(storage);
    await withReadAhead(redis, { keys: [] }, async () => {
      expect(await sessions.read("u3")).toBeUndefined();
      await sessions.write("u3", { step: "new" });
    });
    expect(await storage.read("u3")).toEqual({ step: "new" });
    const value = await sessions.read("u3");
    await redis.set(`${prefix}state:u3`, JSON.stringify({ step: "other" }));
    await sessions.write("u3", value as { step: string });
    expect(await storage.read("u3")).toEqual({ step: "new" });
  });

  it("keeps storages apart, finds a key built afresh, and forgets a deleted value", async () => {
    const sessions = skipUnchangedWrites(storage);
    const others = skipUnchangedWrites(
      createRedisStorage<{ step: string }>({ redis, prefix: `${prefix}other:` }),
    );
    await storage.write("u4", { step: "one" });
    const id = 4;
    await withReadAhead(redis, { keys: [] }, async () => {
      const value = await sessions.read(["u", id].join(""));
      await redis.set(`${prefix}state:u4`, JSON.stringify({ step: "set meanwhile" }));
      // The other storage read nothing under this key: its write goes through.
      await others.write("u4", value as { step: string });
      // The same text, another string: recognized, unchanged, not written.
      await sessions.write(`u${id}`, value as { step: string });
      expect(await storage.read("u4")).toEqual({ step: "set meanwhile" });
      // Deleted, then written back as it was read: written.
      await sessions.delete("u4");
      await sessions.write("u4", value as { step: string });
    });
    expect(await storage.read("u4")).toEqual({ step: "one" });
    expect(await others.read("u4")).toEqual({ step: "one" });
  });
});
