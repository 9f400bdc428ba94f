/**
 * The account service with an update's read-ahead (services/runtime/update-reads.ts): the key's permission is
 * taken from what the update read at its start; connecting or disconnecting in the update drops it, so
 * nothing stale is handed out after the update changed it; outside an update it is read from Redis.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createClientFactory } from "../../../src/exchange/index.ts";
import { createAccountService } from "../../../src/services/connect/accounts.ts";
import {
  forgetReadAheadField,
  takeReadAheadField,
  withReadAhead,
} from "../../../src/services/runtime/update-reads.ts";
import { parseKeyring } from "../../../src/vault/keyring.ts";
import { createVault } from "../../../src/vault/vault.ts";
import { startTestExchange } from "../../support/exchange.ts";
import { redisWithPrefixes } from "../../support/redis-prefixes.ts";

const { redis, prefix: prefixFor } = redisWithPrefixes();
const prefix = prefixFor("accounts-read-ahead");
const exchange = await startTestExchange();
const accounts = createAccountService({
  vault: createVault({
    redis,
    keyring: parseKeyring(`A:${randomBytes(32).toString("base64")}`),
    prefix: `${prefix}vault:`,
    readAhead: { take: takeReadAheadField, forget: forgetReadAheadField },
  }),
  clients: createClientFactory({ baseUrl: exchange.url }),
  redis,
  prefix: `${prefix}account:`,
});
const permissionKey = (userId: number) => `${prefix}account:${userId}:permission`;

/** Runs `work` as an update of `userId` that read the user's key ahead. */
const update = (userId: number, work: () => Promise<void>) =>
  withReadAhead(redis, accounts.aheadReads(userId), work);

describe("account read-ahead", () => {
  it("the permission comes from what the update read at its start, once; outside, from Redis", async () => {
    await redis.set(permissionKey(1), "read_only");
    await update(1, async () => {
      // Gone from Redis after the update's read: the update still sees what it read.
      await redis.del(permissionKey(1));
      expect(await accounts.permission(1)).toBe("read_only");
      expect(await accounts.permission(1)).toBe("unknown"); // taken once: this one asked Redis
    });
    await redis.set(permissionKey(1), "read_write");
    expect(await accounts.permission(1)).toBe("read_write");
  });

  it("connecting or disconnecting in the update drops what was read ahead", async () => {
    const account = exchange.account({ AUD: "100" });
    await redis.set(permissionKey(2), "read_only");
    await update(2, async () => {
      expect(await accounts.connect(2, account.readWriteKey)).toEqual({
        status: "connected",
        permission: "read_write",
      });
      expect(await accounts.permission(2)).toBe("read_write");
    });
    await update(2, async () => {
      expect(await accounts.disconnect(2)).toBe(true);
      expect(await accounts.permission(2)).toBe("unknown");
    });
  });
});
