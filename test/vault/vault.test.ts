import { execFile } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptSecret, recordKeyId, VaultDecryptError } from "../../src/vault/cipher.ts";
import { fingerprintKeyId } from "../../src/vault/fingerprint.ts";
import { parseKeyring } from "../../src/vault/keyring.ts";
import { runRotateCli } from "../../src/vault/rotate-cli.ts";
import { createVault } from "../../src/vault/vault.ts";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const ROOT = `test:vault:${randomUUID()}:`;
const keyA = randomBytes(32).toString("base64");
const keyB = randomBytes(32).toString("base64");
const VAULT_KEYS_A = `A:${keyA}`;
const VAULT_KEYS_BA = `B:${keyB},A:${keyA}`;
const VAULT_KEYS_B = `B:${keyB}`;
const ringA = parseKeyring(VAULT_KEYS_A);
const ringBA = parseKeyring(VAULT_KEYS_BA);
const ringB = parseKeyring(VAULT_KEYS_B);

let redis: Redis;
let prefix: string;

/** Every key under `match` (a glob), read with the command its type needs, as "key value" lines. */
async function dumpAll(match: string): Promise<string[]> {
  const lines: string[] = [];
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", match, "COUNT", 500);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      let values: unknown;
      if (type === "string") values = await redis.get(key);
      else if (type === "hash") values = await redis.hgetall(key);
      else if (type === "list") values = await redis.lrange(key, 0, -1);
      else if (type === "set") values = await redis.smembers(key);
      else if (type === "zset") values = await redis.zrange(key, "0", "-1");
      else if (type === "stream") values = await redis.xrange(key, "-", "+");
      else throw new Error(`unexpected type ${type} at ${key}`);
      lines.push(`${key} ${JSON.stringify(values)}`);
    }
  } while (cursor !== "0");
  return lines;
}

async function deleteAll(match: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", match, "COUNT", 500);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== "0");
}

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true });
  await redis.connect();
});

afterAll(async () => {
  await deleteAll(`${ROOT}*`);
  await redis.quit();
});

// A fresh prefix per test keeps the tests independent while all keys stay under ROOT for cleanup.
function freshPrefix(): string {
  prefix = `${ROOT}${randomUUID()}:`;
  return prefix;
}

describe("vault", () => {
  it("stores, reads, reports and deletes a secret", async () => {
    const vault = createVault({ redis, keyring: ringA, prefix: freshPrefix() });
    expect(await vault.get(7, "apiKey")).toBeUndefined();
    expect(await vault.has(7, "apiKey")).toBe(false);
    await vault.put(7, "apiKey", "key-1");
    await vault.put(7, "apiSecret", "secret-1");
    expect(await vault.get(7, "apiKey")).toBe("key-1");
    expect(await vault.has(7, "apiKey")).toBe(true);
    await vault.put(7, "apiKey", "key-2");
    expect(await vault.get(7, "apiKey")).toBe("key-2");
    expect(await vault.delete(7, "apiKey")).toBe(true);
    expect(await vault.delete(7, "apiKey")).toBe(false);
    expect(await vault.get(7, "apiKey")).toBeUndefined();
    expect(await vault.get(7, "apiSecret")).toBe("secret-1");
    expect(await vault.get(8, "apiSecret")).toBeUndefined();
  });

  it("keeps one hash per user, field -> record", async () => {
    const vault = createVault({ redis, keyring: ringA, prefix: freshPrefix() });
    await vault.put(42, "apiKey", "k");
    await vault.put(42, "apiSecret", "s");
    expect(await redis.type(`${prefix}user:42`)).toBe("hash");
    const stored = await redis.hgetall(`${prefix}user:42`);
    expect(Object.keys(stored).sort()).toEqual(["apiKey", "apiSecret"]);
    expect(stored.apiKey).toMatch(/^v1\.A\./);
    await vault.delete(42, "apiKey");
    await vault.delete(42, "apiSecret");
    expect(await redis.exists(`${prefix}user:42`)).toBe(0);
  });

  it("never stores the plaintext anywhere under its prefix", async () => {
    const vault = createVault({ redis, keyring: ringA, prefix: freshPrefix() });
    const canary = `CANARY-${randomUUID()}`;
    for (let user = 1; user <= 20; user++) {
      await vault.put(user, "apiKey", `${canary}-${user}`);
      await vault.put(user, "apiSecret", canary);
    }
    const dump = await dumpAll(`${prefix}*`);
    expect(dump).toHaveLength(20);
    for (const line of dump) {
      expect(line).not.toContain("CANARY");
      expect(line).not.toContain(Buffer.from(canary).toString("base64url").slice(0, 12));
      expect(line).not.toContain(keyA);
    }
    expect(await vault.get(20, "apiSecret")).toBe(canary);
  });

  it("refuses a record copied to another user or another field", async () => {
    const vault = createVault({ redis, keyring: ringA, prefix: freshPrefix() });
    await vault.put(1, "apiKey", "alice's key");
    const record = await redis.hget(`${prefix}user:1`, "apiKey");
    if (record === null) throw new Error("record missing");
    await redis.hset(`${prefix}user:2`, "apiKey", record);
    await redis.hset(`${prefix}user:1`, "apiSecret", record);
    await expect(vault.get(2, "apiKey")).rejects.toMatchObject({
      name: "VaultDecryptError",
      reason: "tampered",
    });
    await expect(vault.get(1, "apiSecret")).rejects.toBeInstanceOf(VaultDecryptError);
    expect(await vault.get(1, "apiKey")).toBe("alice's key");
  });

  it("deciphers a record read again only when it changed: the same one is remembered, not trusted blindly", async () => {
    // A keyring of the test's own, whose key can be taken away to tell a remembered secret from a
    // deciphered one (without the key, deciphering fails).
    const byId = new Map(ringA.byId);
    const vault = createVault({ redis, keyring: { current: ringA.current, byId }, prefix: freshPrefix() });
    await vault.put(1, "apiKey", "alice's key");
    expect(await vault.get(1, "apiKey")).toBe("alice's key");
    const record = (await redis.hget(`${prefix}user:1`, "apiKey")) as string;
    byId.delete("A");
    expect(await vault.get(1, "apiKey")).toBe("alice's key");
    // Any other record string is deciphered again: tampered, copied to another user, or a new secret.
    const tampered = `${record.slice(0, -1)}${record.endsWith("A") ? "B" : "A"}`;
    await redis.hset(`${prefix}user:1`, "apiKey", tampered);
    await expect(vault.get(1, "apiKey")).rejects.toBeInstanceOf(VaultDecryptError);
    await redis.hset(`${prefix}user:2`, "apiKey", record);
    await expect(vault.get(2, "apiKey")).rejects.toBeInstanceOf(VaultDecryptError);
    await redis.hset(`${prefix}user:1`, "apiKey", record);
    expect(await vault.get(1, "apiKey")).toBe("alice's key");
    // Replaced or deleted through the vault: forgotten at once.
    byId.set("A", ringA.current);
    await vault.put(1, "apiKey", "bob's key");
    byId.delete("A");
    await expect(vault.get(1, "apiKey")).rejects.toMatchObject({ reason: "unknown_key" });
    byId.set("A", ringA.current);
    expect(await vault.get(1, "apiKey")).toBe("bob's key");
    await vault.delete(1, "apiKey");
    expect(await vault.get(1, "apiKey")).toBeUndefined();
    // Deleted elsewhere (another instance): found gone on the next read, and forgotten here too.
    expect(await vault.get(3, "apiKey")).toBeUndefined();
    await vault.put(3, "apiKey", "carol's key");
    expect(await vault.get(3, "apiKey")).toBe("carol's key");
    const carols = (await redis.hget(`${prefix}user:3`, "apiKey")) as string;
    await redis.hdel(`${prefix}user:3`, "apiKey");
    expect(await vault.get(3, "apiKey")).toBeUndefined();
    await redis.hset(`${prefix}user:3`, "apiKey", carols);
    byId.delete("A");
    await expect(vault.get(3, "apiKey")).rejects.toMatchObject({ reason: "unknown_key" });
  });

  it("rejects bad user ids and field names before touching Redis", async () => {
    const vault = createVault({ redis, keyring: ringA, prefix: freshPrefix() });
    await expect(vault.put(0, "apiKey", "s")).rejects.toThrow(RangeError);
    await expect(vault.put(1, "a:b", "s")).rejects.toThrow(RangeError);
    await expect(vault.get(-1, "apiKey")).rejects.toThrow(RangeError);
    await expect(vault.has(1, "")).rejects.toThrow(RangeError);
    await expect(vault.delete(1.5, "apiKey")).rejects.toThrow(RangeError);
    expect(await dumpAll(`${prefix}*`)).toEqual([]);
  });
});

describe("vault rotation", () => {
  async function seedUnderA(users: number): Promise<void> {
    const vault = createVault({ redis, keyring: ringA, prefix });
    for (let user = 1; user <= users; user++) {
      await vault.put(user, "apiKey", `key-${user}`);
      await vault.put(user, "apiSecret", `secret-${user}-ü-🔑`);
    }
  }

  it("moves every record to the current key, so the old key can be retired", async () => {
    freshPrefix();
    await seedUnderA(30);
    const result = await createVault({ redis, keyring: ringBA, prefix }).rotate();
    expect(result).toEqual({ rotated: 60, current: 0, failed: 0 });

    for (const line of await dumpAll(`${prefix}*`)) {
      for (const record of Object.values(
        JSON.parse(line.slice(line.indexOf(" ") + 1)) as Record<string, string>,
      )) {
        expect(recordKeyId(record)).toBe("B");
      }
    }
    const onlyB = createVault({ redis, keyring: ringB, prefix });
    for (let user = 1; user <= 30; user++) {
      expect(await onlyB.get(user, "apiKey")).toBe(`key-${user}`);
      expect(await onlyB.get(user, "apiSecret")).toBe(`secret-${user}-ü-🔑`);
    }
    expect(await onlyB.rotate()).toEqual({ rotated: 0, current: 60, failed: 0 });
  });

  it("counts undecryptable records as failed and leaves them exactly as they were", async () => {
    freshPrefix();
    await seedUnderA(3);
    const unknownKey = `v1.C.${randomBytes(12).toString("base64url")}.AAAA.${randomBytes(16).toString("base64url")}`;
    await redis.hset(`${prefix}user:2`, "corrupt", "not a record");
    await redis.hset(`${prefix}user:3`, "otherKey", unknownKey);
    const wrongUser = await redis.hget(`${prefix}user:1`, "apiKey");
    await redis.hset(`${prefix}user:4`, "apiKey", wrongUser ?? "");

    const result = await createVault({ redis, keyring: ringBA, prefix }).rotate();
    expect(result).toEqual({ rotated: 6, current: 0, failed: 3 });
    expect(await redis.hget(`${prefix}user:2`, "corrupt")).toBe("not a record");
    expect(await redis.hget(`${prefix}user:3`, "otherKey")).toBe(unknownKey);
    expect(await redis.hget(`${prefix}user:4`, "apiKey")).toBe(wrongUser);
  });

  it("does not overwrite a record that changes while it is being rotated", async () => {
    freshPrefix();
    await seedUnderA(1);
    const writer = createVault({ redis, keyring: ringBA, prefix });
    let raced = false;
    // Simulates another process writing between rotate()'s read and its compare-and-set.
    const racingRedis = new Proxy(redis, {
      get(target, property, receiver) {
        if (property === "eval" && !raced) {
          return async (...args: unknown[]) => {
            raced = true;
            await writer.put(1, "apiKey", "written concurrently");
            return Reflect.apply(target.eval, target, args);
          };
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const result = await createVault({ redis: racingRedis, keyring: ringBA, prefix }).rotate();
    expect(raced).toBe(true);
    expect(result).toEqual({ rotated: 1, current: 1, failed: 0 });
    expect(await writer.get(1, "apiKey")).toBe("written concurrently");
    expect(await writer.get(1, "apiSecret")).toBe("secret-1-ü-🔑");
  });

  it("touches only its own prefix, even one with glob characters", async () => {
    const base = freshPrefix();
    prefix = `${base}a?[x]*:`;
    await seedUnderA(2);
    // The unescaped glob "a?[x]*:" would match this sibling's keys.
    const sibling = createVault({ redis, keyring: ringA, prefix: `${base}abxz:` });
    await sibling.put(1, "apiKey", "sibling");
    await redis.hset(`${prefix}user:notanumber`, "apiKey", "ignored");

    expect(await createVault({ redis, keyring: ringBA, prefix }).rotate()).toEqual({
      rotated: 4,
      current: 0,
      failed: 0,
    });
    const siblingRecord = await redis.hget(`${base}abxz:user:1`, "apiKey");
    expect(recordKeyId(siblingRecord ?? "")).toBe("A");
    expect(decryptSecret(ringA, { userId: 1, field: "apiKey" }, siblingRecord ?? "")).toBe("sibling");
    expect(await redis.hget(`${prefix}user:notanumber`, "apiKey")).toBe("ignored");
  });
});

describe("vault fingerprints", () => {
  const KEY = `CANARY-${randomUUID()}`;
  const fp = (userId: number) => redis.hget(`${prefix}user:${userId}`, "apiKey:fp");

  it("are keyed: stored beside the record, recognise the secret among other words, reveal nothing", async () => {
    const vault = createVault({ redis, keyring: ringA, prefix: freshPrefix() });
    await vault.put(1, "apiKey", KEY, { fingerprint: true });
    const stored = await fp(1);
    expect(stored).toMatch(/^f1\.A\.[A-Za-z0-9_-]{43}$/);
    expect(fingerprintKeyId(stored ?? "")).toBe("A");
    // Not a plain hash of the key: that could be checked against guesses without the vault key.
    const plain = createHash("sha256").update(KEY).digest("base64url");
    expect(stored).not.toContain(plain);
    expect(JSON.stringify(await dumpAll(`${prefix}*`))).not.toContain("CANARY");
    expect(await vault.matches(1, "apiKey", ["hello", KEY, "world"])).toBe(true);
    expect(await vault.matches(1, "apiKey", ["hello", `${KEY}x`, KEY.slice(1)])).toBe(false);
    expect(await vault.matches(1, "apiKey", [])).toBe(false);
    expect(await vault.matches(2, "apiKey", [KEY])).toBe(false);
    // The same key under another vault key or for another user gives another fingerprint.
    await createVault({ redis, keyring: ringB, prefix }).put(3, "apiKey", KEY, { fingerprint: true });
    await vault.put(4, "apiKey", KEY, { fingerprint: true });
    const others = [await fp(3), await fp(4)].map((record) => record?.split(".")[2]);
    expect(new Set([stored?.split(".")[2], ...others]).size).toBe(3);
  });

  it("are bound to their user: a fingerprint copied to another user matches nothing", async () => {
    const vault = createVault({ redis, keyring: ringA, prefix: freshPrefix() });
    await vault.put(1, "apiKey", KEY, { fingerprint: true });
    await vault.put(2, "apiKey", "bob's key", { fingerprint: true });
    await redis.hset(`${prefix}user:2`, "apiKey:fp", (await fp(1)) ?? "");
    expect(await vault.matches(2, "apiKey", [KEY])).toBe(false);
  });

  it("never outlive their secret: replaced, dropped by a put without one, deleted with the secret", async () => {
    const vault = createVault({ redis, keyring: ringA, prefix: freshPrefix() });
    await vault.put(1, "apiKey", KEY, { fingerprint: true });
    await vault.put(1, "apiKey", "new key", { fingerprint: true });
    expect(await vault.matches(1, "apiKey", [KEY])).toBe(false);
    expect(await vault.matches(1, "apiKey", ["new key"])).toBe(true);
    await vault.put(1, "apiKey", "plain put");
    expect(await fp(1)).toBeNull();
    await vault.put(1, "apiKey", KEY, { fingerprint: true });
    expect(await vault.delete(1, "apiKey")).toBe(true);
    expect(await redis.exists(`${prefix}user:1`)).toBe(0);
    expect(await vault.delete(1, "apiKey")).toBe(false);
  });

  it("a failed write is reported, not swallowed by the transaction", async () => {
    const vault = createVault({ redis, keyring: ringA, prefix: freshPrefix() });
    await redis.set(`${prefix}user:5`, "not a hash");
    await expect(vault.put(5, "apiKey", KEY, { fingerprint: true })).rejects.toThrow(/WRONGTYPE/);
    await expect(vault.put(5, "apiKey", KEY)).rejects.toThrow(/WRONGTYPE/);
    await expect(vault.delete(5, "apiKey")).rejects.toThrow(/WRONGTYPE/);
  });

  it("a secret stored without one is decrypted once and given one", async () => {
    const vault = createVault({ redis, keyring: ringA, prefix: freshPrefix() });
    await vault.put(1, "apiKey", KEY);
    expect(await fp(1)).toBeNull();
    expect(await vault.matches(1, "apiKey", ["other"])).toBe(false);
    expect(fingerprintKeyId((await fp(1)) ?? "")).toBe("A");
    expect(await vault.matches(1, "apiKey", [KEY])).toBe(true);
    // A record that does not decrypt matches nothing and gets no fingerprint.
    await redis.hset(`${prefix}user:2`, "apiKey", "garbage");
    expect(await vault.matches(2, "apiKey", ["garbage"])).toBe(false);
    expect(await fp(2)).toBeNull();
  });

  it("follow rotation, so the old vault key can be retired", async () => {
    freshPrefix();
    const underA = createVault({ redis, keyring: ringA, prefix });
    await underA.put(1, "apiKey", KEY, { fingerprint: true });
    await underA.put(2, "apiKey", "two", { fingerprint: true });
    await underA.put(2, "apiSecret", "no fingerprint");
    expect(await createVault({ redis, keyring: ringBA, prefix }).rotate()).toEqual({
      rotated: 3,
      current: 0,
      failed: 0,
    });
    expect(fingerprintKeyId((await fp(1)) ?? "")).toBe("B");
    expect(await redis.hget(`${prefix}user:2`, "apiSecret:fp")).toBeNull();
    const onlyB = createVault({ redis, keyring: ringB, prefix });
    expect(await onlyB.matches(1, "apiKey", [KEY])).toBe(true);
    expect(await onlyB.matches(2, "apiKey", ["two"])).toBe(true);
    expect(await onlyB.rotate()).toEqual({ rotated: 0, current: 3, failed: 0 });
  });

  it("a current record with a fingerprint under an old key gets a fresh one from rotation", async () => {
    freshPrefix();
    await createVault({ redis, keyring: ringA, prefix }).put(1, "apiKey", KEY, { fingerprint: true });
    const oldFingerprint = (await fp(1)) ?? "";
    const rotating = createVault({ redis, keyring: ringBA, prefix });
    await rotating.put(1, "apiKey", KEY, { fingerprint: true });
    await redis.hset(`${prefix}user:1`, "apiKey:fp", oldFingerprint);
    expect(await rotating.rotate()).toEqual({ rotated: 1, current: 0, failed: 0 });
    expect(fingerprintKeyId((await fp(1)) ?? "")).toBe("B");
  });

  it("with its vault key gone, a fingerprint is rebuilt from the record", async () => {
    freshPrefix();
    await createVault({ redis, keyring: ringBA, prefix }).put(1, "apiKey", KEY, { fingerprint: true });
    const record = await redis.hget(`${prefix}user:1`, "apiKey");
    await createVault({ redis, keyring: ringA, prefix }).put(1, "apiKey", KEY, { fingerprint: true });
    await redis.hset(`${prefix}user:1`, "apiKey", record ?? ""); // record under B, fingerprint under A
    const onlyB = createVault({ redis, keyring: ringB, prefix });
    expect(await onlyB.matches(1, "apiKey", [KEY])).toBe(true);
    expect(fingerprintKeyId((await fp(1)) ?? "")).toBe("B");
  });
});

describe("vault:rotate command", () => {
  function capture() {
    const lines = { log: [] as string[], error: [] as string[] };
    return {
      lines,
      out: { log: (line: string) => lines.log.push(line), error: (line: string) => lines.error.push(line) },
    };
  }

  it("rotates and prints the counts", async () => {
    freshPrefix();
    await createVault({ redis, keyring: ringA, prefix }).put(5, "apiKey", "k");
    const { lines, out } = capture();
    const env = { REDIS_URL, VAULT_KEYS: VAULT_KEYS_BA };
    expect(await runRotateCli(env, { out, prefix })).toBe(0);
    expect(lines.log).toEqual(["rotated 1, already current 0, failed 0"]);
    expect(await runRotateCli(env, { out, prefix })).toBe(0);
    expect(lines.log[1]).toBe("rotated 0, already current 1, failed 0");
  });

  it("exits 1 when a record failed", async () => {
    freshPrefix();
    await redis.hset(`${prefix}user:9`, "apiKey", "garbage");
    const { lines, out } = capture();
    expect(await runRotateCli({ REDIS_URL, VAULT_KEYS: VAULT_KEYS_B }, { out, prefix })).toBe(1);
    expect(lines.log).toEqual(["rotated 0, already current 0, failed 1"]);
    expect(await redis.hget(`${prefix}user:9`, "apiKey")).toBe("garbage");
  });

  it("explains a bad environment without echoing it, and needs no BOT_TOKEN", async () => {
    const canary = `CANARY${randomUUID().replaceAll("-", "")}`;
    const { lines, out } = capture();
    expect(await runRotateCli({ VAULT_KEYS: `a:${canary}`, REDIS_URL: `http://${canary}` }, { out })).toBe(2);
    const text = lines.error.join("\n");
    expect(text).toContain("VAULT_KEYS: expected comma-separated id:base64-of-32-bytes");
    expect(text).toContain("REDIS_URL: expected a redis:// or rediss:// URL");
    expect(text).not.toContain(canary);
    expect(text).not.toContain("BOT_TOKEN");

    expect(await runRotateCli({}, { out })).toBe(2);
    expect(lines.error.at(-1)).toContain("VAULT_KEYS is required");
  });

  it("exits 1 with a message when Redis cannot be reached", async () => {
    const { lines, out } = capture();
    expect(await runRotateCli({ REDIS_URL: "redis://127.0.0.1:1", VAULT_KEYS: VAULT_KEYS_B }, { out })).toBe(
      1,
    );
    expect(lines.error.join("\n")).toMatch(/^vault:rotate: /);
  });

  it("runs as a program and sets the exit status", async () => {
    const script = fileURLToPath(new URL("../../src/vault/rotate-cli.ts", import.meta.url));
    const run = promisify(execFile);
    const failure = await run(process.execPath, [script], {
      env: { PATH: process.env.PATH, VAULT_KEYS: "bad" },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain("VAULT_KEYS: expected comma-separated id:base64-of-32-bytes");
  });
});
