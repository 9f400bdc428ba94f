/**
 * Encrypted per-user secret storage in Redis.
 *
 * Layout: one hash per Telegram user, `<prefix>user:<userId>`, mapping a field name (e.g. `apiKey`) to
 * a record from {@link encryptSecret}, and, for a secret stored with a fingerprint, `<field>:fp` to its
 * keyed fingerprint (see fingerprint.ts; ":" never occurs in a field name). One hash keeps a user's
 * secrets together, so forgetting a user is a single DEL and rotation reads each user with one HGETALL.
 * Redis never sees a plaintext: encryption happens here, and the record is bound to its user and field.
 * A secret read again from the same record is not deciphered again (opened-secrets.ts).
 *
 * The Redis client must not use ioredis' `keyPrefix` (SCAN patterns ignore it); use `prefix` instead.
 */

import type { ChainableCommander } from "ioredis";
import { memoKeys } from "../redis/key-memo.ts";
import { scanKeys } from "../redis/scan.ts";
import type { RedisClient } from "../redis/url.ts";
import { assertBinding, decryptSecret, encryptSecret, recordKeyId } from "./cipher.ts";
import { fingerprintKeyId, fingerprintSecret, matchesFingerprint } from "./fingerprint.ts";
import type { Keyring } from "./keyring.ts";
import { OpenedSecrets } from "./opened-secrets.ts";

/**
 * Replaces a hash field (ARGV 1-3: field, value read, replacement) only if it still holds the value that
 * was read: a compare-and-set. With ARGV 4-5 it also sets that field (the record's fingerprint).
 */
const COMPARE_AND_SET = `
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
  if ARGV[5] then redis.call('HSET', KEYS[1], ARGV[4], ARGV[5]) end
  return 1
end
return 0`;

const FINGERPRINT_SUFFIX = ":fp";
const fingerprintField = memoKeys((field: string): string => `${field}${FINGERPRINT_SUFFIX}`);

/** A record that keeps changing under rotation is left for the next run rather than retried forever. */
const MAX_ROTATE_ATTEMPTS = 5;
const SCAN_COUNT = 200;

/**
 * Hash fields an update read ahead (see services/runtime/update-reads.ts), so the vault need not ask Redis
 * again: `take` hands a value out once (null when absent, undefined when not read ahead), `forget` drops it.
 */
export interface VaultReadAhead {
  take(key: string, field: string): string | null | undefined;
  forget(key: string, field: string): void;
}

/** What {@link createVault} needs. */
export interface VaultOptions {
  readonly redis: RedisClient;
  readonly keyring: Keyring;
  /** Key prefix of every vault key; default `vault:`. */
  readonly prefix?: string;
  /** Values read ahead for the current update; without it every read asks Redis. */
  readonly readAhead?: VaultReadAhead;
}

/** Counts from {@link Vault.rotate}. */
export interface RotationResult {
  /** Records re-encrypted (or whose fingerprint was re-derived) under the current key. */
  readonly rotated: number;
  /** Records that already were under the current key (and decrypt). */
  readonly current: number;
  /** Records left untouched: they did not decrypt, or kept changing while being rotated. */
  readonly failed: number;
}

/** Options of {@link Vault.put}. */
export interface PutOptions {
  /** Also store a keyed fingerprint, so {@link Vault.matches} can recognise the secret cheaply. */
  readonly fingerprint?: boolean;
}

/** Per-user secrets. Every method throws `RangeError` for a bad user id or field name. */
export interface Vault {
  /** Encrypts and stores `secret` under the current key, replacing any previous value (and fingerprint). */
  put(userId: number, field: string, secret: string, options?: PutOptions): Promise<void>;
  /** The decrypted secret, or undefined if none is stored. Throws `VaultDecryptError` for a bad record. */
  get(userId: number, field: string): Promise<string | undefined>;
  /** Removes the secret; true if there was one. */
  delete(userId: number, field: string): Promise<boolean>;
  /** Whether a secret is stored (it is not decrypted). */
  has(userId: number, field: string): Promise<boolean>;
  /**
   * Whether any of `candidates` is the stored secret, by its keyed fingerprint (nothing is decrypted).
   * A secret without a usable fingerprint (stored before fingerprints, or under a retired key) is
   * decrypted once and given one. False when none is stored or the record does not decrypt.
   */
  matches(userId: number, field: string, candidates: readonly string[]): Promise<boolean>;
  /**
   * Re-encrypts under the keyring's current key every record still under an older key, and re-derives
   * its fingerprint, so old keys can then be retired. Each record is replaced only if unchanged since it
   * was read; records that fail to decrypt are counted as failed and never modified or deleted.
   */
  rotate(): Promise<RotationResult>;
  /** Every user with a secret stored under `field` (by SCAN: a user added meanwhile may be missed). */
  usersWith(field: string): AsyncIterable<number>;
  /** The hash and fields that get, has and matches read for a user's secret, to read them ahead. */
  aheadReads(userId: number, field: string): { key: string; fields: string[] };
}

/** Creates a vault over `redis`. Nothing is sent to Redis until a method is called. */
export function createVault({ redis, keyring, prefix = "vault:", readAhead }: VaultOptions): Vault {
  const keyOf = memoKeys((userId: number) => `${prefix}user:${userId}`);
  /** Validates before building the key, so a bad id or field never reaches Redis. */
  const userKey = (userId: number, field: string): string => {
    assertBinding({ userId, field });
    return keyOf(userId);
  };
  const userKeyPattern = new RegExp(`^${escapeRegExp(prefix)}user:([1-9][0-9]*)$`);
  const userScan = { match: `${escapeGlob(prefix)}user:*`, count: SCAN_COUNT, type: "hash" };
  /** The record's and its fingerprint's values read ahead for this update, if they were. */
  const takeAhead = (key: string, field: string) => readAhead?.take(key, field);
  const opened = new OpenedSecrets();
  const forgetAhead = (key: string, field: string) => {
    readAhead?.forget(key, field);
    readAhead?.forget(key, fingerprintField(field));
  };

  /**
   * Brings one record and its fingerprint (if it has one) under the current key; retries when a
   * concurrent write wins the race.
   */
  async function rotateRecord(
    key: string,
    userId: number,
    field: string,
    first: string,
    firstFingerprint: string | undefined,
  ): Promise<keyof RotationResult | "gone"> {
    const binding = { userId, field };
    let record: string | null = first;
    let fingerprint: string | null = firstFingerprint ?? null;
    for (let attempt = 0; attempt < MAX_ROTATE_ATTEMPTS; attempt++) {
      if (record === null) return "gone";
      let secret: string;
      try {
        secret = decryptSecret(keyring, binding, record);
      } catch {
        return "failed";
      }
      const recordCurrent = recordKeyId(record) === keyring.current.id;
      if (recordCurrent && (fingerprint === null || fingerprintKeyId(fingerprint) === keyring.current.id)) {
        return "current";
      }
      const replacement = recordCurrent ? record : encryptSecret(keyring, binding, secret);
      const alsoFingerprint =
        fingerprint === null ? [] : [fingerprintField(field), fingerprintSecret(keyring, binding, secret)];
      const set = await redis.eval(COMPARE_AND_SET, 1, key, field, record, replacement, ...alsoFingerprint);
      if (set === 1) return "rotated";
      const [nextRecord, nextFingerprint] = await redis.hmget(key, field, fingerprintField(field));
      record = nextRecord ?? null;
      fingerprint = nextFingerprint ?? null;
    }
    return "failed";
  }

  return {
    async put(userId, field, secret, options = {}) {
      const binding = { userId, field };
      const key = userKey(userId, field);
      forgetAhead(key, field);
      opened.drop(userId, field);
      const record = encryptSecret(keyring, binding, secret);
      const write = redis.multi().hset(key, field, record);
      // A fingerprint of an earlier secret must never outlive it.
      if (options.fingerprint === true)
        write.hset(key, fingerprintField(field), fingerprintSecret(keyring, binding, secret));
      else write.hdel(key, fingerprintField(field));
      await execOrThrow(write);
    },

    async get(userId, field) {
      const key = userKey(userId, field);
      const ahead = takeAhead(key, field);
      const record = ahead === undefined ? await redis.hget(key, field) : ahead;
      if (record === null) {
        // Deleted, maybe by another instance: its secret is not kept here either.
        opened.drop(userId, field);
        return undefined;
      }
      let secret = opened.get(userId, field, record);
      if (secret === undefined) {
        secret = decryptSecret(keyring, { userId, field }, record);
        opened.set(userId, field, record, secret);
      }
      return secret;
    },

    async delete(userId, field) {
      const key = userKey(userId, field);
      forgetAhead(key, field);
      opened.drop(userId, field);
      const [removed] = await execOrThrow(redis.multi().hdel(key, field).hdel(key, fingerprintField(field)));
      return Number(removed) > 0;
    },

    async has(userId, field) {
      const key = userKey(userId, field);
      const ahead = takeAhead(key, field);
      if (ahead !== undefined) return ahead !== null;
      return (await redis.hexists(key, field)) === 1;
    },

    async matches(userId, field, candidates) {
      const binding = { userId, field };
      const key = userKey(userId, field);
      if (candidates.length === 0) return false;
      const aheadRecord = takeAhead(key, field);
      const aheadFingerprint = takeAhead(key, fingerprintField(field));
      const [record, fingerprint] =
        aheadRecord !== undefined && aheadFingerprint !== undefined
          ? [aheadRecord, aheadFingerprint]
          : await redis.hmget(key, field, fingerprintField(field));
      if (record === null || record === undefined) return false;
      const matched =
        fingerprint === null || fingerprint === undefined
          ? undefined
          : matchesFingerprint(keyring, binding, fingerprint, candidates);
      if (matched !== undefined) return matched;
      let secret: string;
      try {
        secret = decryptSecret(keyring, binding, record);
      } catch {
        return false;
      }
      const fresh = fingerprintSecret(keyring, binding, secret);
      // Stored only if the record is still the one just read, so it never describes another secret.
      forgetAhead(key, field);
      await redis.eval(COMPARE_AND_SET, 1, key, field, record, record, fingerprintField(field), fresh);
      return matchesFingerprint(keyring, binding, fresh, candidates) === true;
    },

    aheadReads(userId, field) {
      return { key: userKey(userId, field), fields: [field, fingerprintField(field)] };
    },

    async rotate() {
      const counts = { rotated: 0, current: 0, failed: 0 };
      for await (const keys of scanKeys(redis, userScan)) {
        for (const key of keys) {
          const id = userKeyPattern.exec(key)?.[1];
          if (id === undefined) continue;
          const userId = Number(id);
          const fields = await redis.hgetall(key);
          for (const [field, record] of Object.entries(fields)) {
            if (field.endsWith(FINGERPRINT_SUFFIX)) continue; // rotated with its record
            const outcome = await rotateRecord(key, userId, field, record, fields[fingerprintField(field)]);
            if (outcome !== "gone") counts[outcome] += 1;
          }
        }
      }
      return counts;
    },

    async *usersWith(field) {
      for await (const keys of scanKeys(redis, userScan)) {
        for (const key of keys) {
          const id = userKeyPattern.exec(key)?.[1];
          if (id !== undefined && (await redis.hexists(key, field)) === 1) yield Number(id);
        }
      }
    },
  };
}

/** Runs a MULTI; a failed command throws like it would on its own (exec() only reports it). */
async function execOrThrow(transaction: ChainableCommander): Promise<unknown[]> {
  const results = (await transaction.exec()) ?? [];
  for (const [error] of results) if (error) throw error;
  return results.map(([, value]) => value);
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
