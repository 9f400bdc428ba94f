/**
 * Encrypted per-user secret storage in Redis.
 *
 * Layout: one hash per Telegram user, `<prefix>user:<userId>`, mapping a field name (e.g. `apiKey`) to
 * a record from {@link encryptSecret}. One hash keeps a user's secrets together, so forgetting a user is
 * a single DEL and rotation reads each user with one HGETALL. Redis never sees a plaintext: encryption
 * happens here, and the record is bound to its user and field.
 *
 * The Redis client must not use ioredis' `keyPrefix` (SCAN patterns ignore it); use `prefix` instead.
 */

import type { Redis } from "ioredis";
import { assertBinding, decryptSecret, encryptSecret, recordKeyId } from "./cipher.ts";
import type { Keyring } from "./keyring.ts";

/** Replaces a hash field only if it still holds the value that was read: a compare-and-set. */
const COMPARE_AND_SET = `
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
  return 1
end
return 0`;

/** A record that keeps changing under rotation is left for the next run rather than retried forever. */
const MAX_ROTATE_ATTEMPTS = 5;
const SCAN_COUNT = 200;

/** What {@link createVault} needs. */
export interface VaultOptions {
  readonly redis: Redis;
  readonly keyring: Keyring;
  /** Key prefix of every vault key; default `vault:`. */
  readonly prefix?: string;
}

/** Counts from {@link Vault.rotate}. */
export interface RotationResult {
  /** Records re-encrypted under the current key. */
  readonly rotated: number;
  /** Records that already were under the current key (and decrypt). */
  readonly current: number;
  /** Records left untouched: they did not decrypt, or kept changing while being rotated. */
  readonly failed: number;
}

/** Per-user secrets. Every method throws `RangeError` for a bad user id or field name. */
export interface Vault {
  /** Encrypts and stores `secret` under the current key, replacing any previous value. */
  put(userId: number, field: string, secret: string): Promise<void>;
  /** The decrypted secret, or undefined if none is stored. Throws `VaultDecryptError` for a bad record. */
  get(userId: number, field: string): Promise<string | undefined>;
  /** Removes the secret; true if there was one. */
  delete(userId: number, field: string): Promise<boolean>;
  /** Whether a secret is stored (it is not decrypted). */
  has(userId: number, field: string): Promise<boolean>;
  /**
   * Re-encrypts under the keyring's current key every record still under an older key, so old keys can
   * then be retired. Each record is replaced only if unchanged since it was read; records that fail to
   * decrypt are counted as failed and never modified or deleted.
   */
  rotate(): Promise<RotationResult>;
}

/** Creates a vault over `redis`. Nothing is sent to Redis until a method is called. */
export function createVault({ redis, keyring, prefix = "vault:" }: VaultOptions): Vault {
  /** Validates before building the key, so a bad id or field never reaches Redis. */
  const userKey = (userId: number, field: string): string => {
    assertBinding({ userId, field });
    return `${prefix}user:${userId}`;
  };
  const userKeyPattern = new RegExp(`^${escapeRegExp(prefix)}user:([1-9][0-9]*)$`);

  /** Brings one record under the current key; retries when a concurrent write wins the race. */
  async function rotateRecord(
    key: string,
    userId: number,
    field: string,
    first: string,
  ): Promise<keyof RotationResult | "gone"> {
    let record: string | null = first;
    for (let attempt = 0; attempt < MAX_ROTATE_ATTEMPTS; attempt++) {
      if (record === null) return "gone";
      let secret: string;
      try {
        secret = decryptSecret(keyring, { userId, field }, record);
      } catch {
        return "failed";
      }
      if (recordKeyId(record) === keyring.current.id) return "current";
      const replacement = encryptSecret(keyring, { userId, field }, secret);
      if ((await redis.eval(COMPARE_AND_SET, 1, key, field, record, replacement)) === 1) return "rotated";
      record = await redis.hget(key, field);
    }
    return "failed";
  }

  return {
    async put(userId, field, secret) {
      const record = encryptSecret(keyring, { userId, field }, secret);
      await redis.hset(userKey(userId, field), field, record);
    },

    async get(userId, field) {
      const record = await redis.hget(userKey(userId, field), field);
      return record === null ? undefined : decryptSecret(keyring, { userId, field }, record);
    },

    async delete(userId, field) {
      return (await redis.hdel(userKey(userId, field), field)) > 0;
    },

    async has(userId, field) {
      return (await redis.hexists(userKey(userId, field), field)) === 1;
    },

    async rotate() {
      const counts = { rotated: 0, current: 0, failed: 0 };
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(
          cursor,
          "MATCH",
          `${escapeGlob(prefix)}user:*`,
          "COUNT",
          SCAN_COUNT,
          "TYPE",
          "hash",
        );
        cursor = next;
        for (const key of keys) {
          const id = userKeyPattern.exec(key)?.[1];
          if (id === undefined) continue;
          const userId = Number(id);
          for (const [field, record] of Object.entries(await redis.hgetall(key))) {
            const outcome = await rotateRecord(key, userId, field, record);
            if (outcome !== "gone") counts[outcome] += 1;
          }
        }
      } while (cursor !== "0");
      return counts;
    },
  };
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
