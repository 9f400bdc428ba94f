/**
 * Stores users for bench/memory.ts, run as a child process so its work does not weigh on the measured
 * process: per user a key in the vault (with its fingerprint, as /connect stores it), the key's permission
 * and a session with settings. Arguments: Redis key prefix, first user id, count; VAULT_KEYS in the env.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import type { SessionData } from "../../src/bot/context.ts";
import { createRedisStorage } from "../../src/services/runtime/redis-storage.ts";
import { parseKeyring } from "../../src/vault/keyring.ts";
import { createVault } from "../../src/vault/vault.ts";

const [prefix = "", first = "0", count = "0"] = process.argv.slice(2);
const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
const vault = createVault({
  redis,
  keyring: parseKeyring(process.env.VAULT_KEYS ?? ""),
  prefix: `${prefix}vault:`,
});
const sessions = createRedisStorage<SessionData>({ redis, prefix: `${prefix}session:` });
const ids = Array.from({ length: Number(count) }, (_, i) => Number(first) + i);
// A few in flight at a time: fast enough, and a bounded queue.
for (let at = 0; at < ids.length; at += 100) {
  await Promise.all(
    ids.slice(at, at + 100).map(async (userId) => {
      await vault.put(userId, "api_key", `sbx_rw_${randomBytes(16).toString("hex")}`, { fingerprint: true });
      await redis.set(`${prefix}account:${userId}:permission`, "read_write");
      await sessions.write(`user:${userId}`, { language: "en", timezone: "Australia/Sydney", alerts: "on" });
    }),
  );
}
await redis.quit();
