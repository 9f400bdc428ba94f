/**
 * The vault with an update's read-ahead (services/runtime/update-reads.ts): get, has and matches take the
 * record and fingerprint read at the update's start; a put or delete in the update drops them, so nothing
 * stale is ever handed out after the update changed the secret; outside an update the vault reads Redis.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  forgetReadAheadField,
  takeReadAheadField,
  withReadAhead,
} from "../../src/services/runtime/update-reads.ts";
import { parseKeyring } from "../../src/vault/keyring.ts";
import { createVault } from "../../src/vault/vault.ts";
import { redisWithPrefixes } from "../support/redis-prefixes.ts";

const { redis, prefix: prefixFor } = redisWithPrefixes();
const prefix = prefixFor("vault-read-ahead");

const vault = createVault({
  redis,
  keyring: parseKeyring(`A:${randomBytes(32).toString("base64")}`),
  prefix,
  readAhead: { take: takeReadAheadField, forget: forgetReadAheadField },
});
const KEY = "sbx_rw_0123456789abcdef0123456789abcdef";

/** Runs `work` as an update that read user `userId`'s secret ahead. */
const update = (userId: number, work: () => Promise<void>) =>
  withReadAhead(redis, { keys: [], hashes: [vault.aheadReads(userId, "api_key")] }, work);

describe("vault read-ahead", () => {
  it("get and has answer from what the update read at its start", async () => {
    await vault.put(1, "api_key", KEY, { fingerprint: true });
    await update(1, async () => {
      // Gone from Redis after the update's read: the update still sees what it read at its start.
      await redis.del(`${prefix}user:1`);
      expect(await vault.get(1, "api_key")).toBe(KEY);
      expect(await vault.has(1, "api_key")).toBe(false); // taken once: this one asked Redis
    });
    await update(1, async () => {
      expect(await vault.has(1, "api_key")).toBe(false);
    });
  });

  it("matches uses the record and fingerprint read ahead", async () => {
    await vault.put(2, "api_key", KEY, { fingerprint: true });
    await update(2, async () => {
      expect(await vault.matches(2, "api_key", ["hello", KEY])).toBe(true);
    });
    await update(2, async () => {
      expect(await vault.matches(2, "api_key", ["sbx_rw_ffffffffffffffffffffffffffffffff"])).toBe(false);
    });
  });

  it("a put or delete in the update drops what was read ahead", async () => {
    await vault.put(3, "api_key", KEY, { fingerprint: true });
    const other = "sbx_rw_ffffffffffffffffffffffffffffffff";
    await update(3, async () => {
      await vault.put(3, "api_key", other, { fingerprint: true });
      expect(await vault.get(3, "api_key")).toBe(other);
      expect(await vault.matches(3, "api_key", [other])).toBe(true);
    });
    await update(3, async () => {
      await vault.delete(3, "api_key");
      expect(await vault.has(3, "api_key")).toBe(false);
      expect(await vault.get(3, "api_key")).toBeUndefined();
    });
  });
});
