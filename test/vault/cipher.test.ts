import { randomBytes, randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { VaultDecryptReason } from "../../src/vault/cipher.ts";
import { decryptSecret, encryptSecret, recordKeyId, VaultDecryptError } from "../../src/vault/cipher.ts";
import { parseKeyring } from "../../src/vault/keyring.ts";

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const ringA = parseKeyring(`A:${keyA.toString("base64")}`);
const ringB = parseKeyring(`B:${keyB.toString("base64")}`);
const ringBA = parseKeyring(`B:${keyB.toString("base64")},A:${keyA.toString("base64")}`);
const alice = { userId: 1001, field: "apiKey" };
const RECORD = /^v1\.[A-Za-z0-9_-]{1,32}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{22}$/;
const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function decryptFailure(run: () => unknown): VaultDecryptError {
  try {
    run();
  } catch (error) {
    if (error instanceof VaultDecryptError) return error;
    throw error;
  }
  throw new Error("expected decryption to fail");
}

function expectFailure(run: () => unknown, reason?: VaultDecryptReason): void {
  const error = decryptFailure(run);
  if (reason !== undefined) expect(error.reason).toBe(reason);
}

describe("encryptSecret / decryptSecret", () => {
  it("round-trips and writes the v1 record format", () => {
    const record = encryptSecret(ringA, alice, "my-api-key");
    expect(record).toMatch(RECORD);
    expect(record.startsWith("v1.A.")).toBe(true);
    expect(recordKeyId(record)).toBe("A");
    expect(decryptSecret(ringA, alice, record)).toBe("my-api-key");
  });

  it("round-trips the empty string", () => {
    expect(decryptSecret(ringA, alice, encryptSecret(ringA, alice, ""))).toBe("");
  });

  it("uses a fresh nonce for every encryption of the same secret", () => {
    const records = Array.from({ length: 200 }, () => encryptSecret(ringA, alice, "same secret"));
    const nonces = records.map((record) => record.split(".")[2]);
    expect(new Set(nonces).size).toBe(records.length);
    expect(new Set(records).size).toBe(records.length);
  });

  it("encrypts under the current key and decrypts under any listed key", () => {
    const old = encryptSecret(ringA, alice, "s");
    expect(decryptSecret(ringBA, alice, old)).toBe("s");
    expect(recordKeyId(encryptSecret(ringBA, alice, "s"))).toBe("B");
  });

  it("fails for a record bound to another user or another field", () => {
    const record = encryptSecret(ringA, alice, "secret");
    expectFailure(() => decryptSecret(ringA, { userId: 1002, field: "apiKey" }, record), "tampered");
    expectFailure(() => decryptSecret(ringA, { userId: 1001, field: "apiSecret" }, record), "tampered");
  });

  it("fails when any single character of the record changes", () => {
    const record = encryptSecret(ringBA, alice, "tamper-me");
    for (let index = 0; index < record.length; index++) {
      const original = record[index];
      const replacement = original === "A" ? "B" : original === "B" ? "C" : "A";
      const tampered = `${record.slice(0, index)}${replacement}${record.slice(index + 1)}`;
      expectFailure(() => decryptSecret(ringBA, alice, tampered));
    }
  });

  it("fails when any bit of nonce, ciphertext or tag flips", () => {
    const record = encryptSecret(ringA, alice, "flip-me");
    const parts = record.split(".");
    for (const part of [2, 3, 4]) {
      const bytes = Buffer.from(parts[part] ?? "", "base64url");
      for (let bit = 0; bit < bytes.length * 8; bit++) {
        const flipped = Buffer.from(bytes);
        flipped[bit >> 3] = (flipped[bit >> 3] ?? 0) ^ (1 << (bit & 7));
        const copy = [...parts];
        copy[part] = flipped.toString("base64url");
        expectFailure(() => decryptSecret(ringA, alice, copy.join(".")), "tampered");
      }
    }
  });

  it("rejects a non-canonical base64url spelling of the same bytes", () => {
    const record = encryptSecret(ringA, alice, "x");
    const parts = record.split(".");
    const tag = parts[4] ?? "";
    // The last of 22 characters carries 4 unused bits: a different character can decode to the same tag.
    const last = tag.at(-1) ?? "";
    const sibling = [...B64URL].find(
      (c) =>
        c !== last &&
        Buffer.from(`${tag.slice(0, -1)}${c}`, "base64url").equals(Buffer.from(tag, "base64url")),
    );
    expect(sibling).toBeDefined();
    parts[4] = `${tag.slice(0, -1)}${sibling}`;
    expectFailure(() => decryptSecret(ringA, alice, parts.join(".")), "malformed");
  });

  it("reports an unknown key id without key material or plaintext", () => {
    const record = encryptSecret(ringA, alice, "CANARY-unknown-key");
    const error = decryptFailure(() => decryptSecret(ringB, alice, record));
    expect(error.reason).toBe("unknown_key");
    expect(error.message).toContain('"A"');
    for (const text of [error.message, String(error.stack)]) {
      expect(text).not.toContain("CANARY");
      expect(text).not.toContain(keyA.toString("base64url"));
      expect(text).not.toContain(keyB.toString("base64url"));
    }
  });

  it("fails with tampered when a known key id names the wrong key", () => {
    const record = encryptSecret(ringA, alice, "s");
    const relabelled = record.replace(/^v1\.A\./, "v1.B.");
    expectFailure(() => decryptSecret(ringBA, alice, relabelled), "tampered");
  });

  it.each([
    ["empty", ""],
    ["garbage", "not a record"],
    ["other version", "v2.A.AAAAAAAAAAAAAAAA..AAAAAAAAAAAAAAAAAAAAAA"],
    ["too few parts", "v1.A.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA"],
    ["too many parts", "v1.A.AAAAAAAAAAAAAAAA.AA.AAAAAAAAAAAAAAAAAAAAAA.AA"],
    ["bad key id", "v1.A!.AAAAAAAAAAAAAAAA..AAAAAAAAAAAAAAAAAAAAAA"],
    ["short nonce", "v1.A.AAAAAAAAAAAA..AAAAAAAAAAAAAAAAAAAAAA"],
    ["short tag", "v1.A.AAAAAAAAAAAAAAAA..AAAAAAAAAAA"],
    ["padding", "v1.A.AAAAAAAAAAAAAAAA.AA==.AAAAAAAAAAAAAAAAAAAAAA"],
  ])("reports a %s record as malformed", (_name, record) => {
    expectFailure(() => decryptSecret(ringA, alice, record), "malformed");
    expect(recordKeyId(record)).toBeUndefined();
  });

  it("never puts the plaintext into an error message", () => {
    const canary = `CANARY-${randomUUID()}`;
    const record = encryptSecret(ringA, alice, canary);
    const errors = [
      decryptFailure(() => decryptSecret(ringA, { ...alice, userId: 2 }, record)),
      decryptFailure(() => decryptSecret(ringB, alice, record)),
      decryptFailure(() => decryptSecret(ringA, alice, `${record}x`)),
    ];
    for (const error of errors) expect(`${error.message} ${error.stack}`).not.toContain(canary);
  });

  it("refuses text that UTF-8 cannot carry, and bad bindings", () => {
    expect(() => encryptSecret(ringA, alice, "a\uD800b")).toThrow(TypeError);
    for (const binding of [
      { userId: 0, field: "apiKey" },
      { userId: -5, field: "apiKey" },
      { userId: 1.5, field: "apiKey" },
      { userId: 2 ** 53, field: "apiKey" },
      { userId: 1, field: "" },
      { userId: 1, field: "api:key" },
      { userId: 1, field: "x".repeat(65) },
    ]) {
      expect(() => encryptSecret(ringA, binding, "s")).toThrow(RangeError);
      expect(() => decryptSecret(ringA, binding, encryptSecret(ringA, alice, "s"))).toThrow(RangeError);
    }
  });
});

describe("properties", () => {
  const binding = fc.record({
    userId: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    field: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
  });
  const secret = fc.oneof(
    fc.string({ unit: "binary", maxLength: 300 }),
    fc.string({ unit: "grapheme", maxLength: 100 }),
  );

  it("decrypt(encrypt(s)) === s for any Unicode secret and binding", () => {
    fc.assert(
      fc.property(binding, secret, (where, plaintext) => {
        const record = encryptSecret(ringBA, where, plaintext);
        expect(record).toMatch(RECORD);
        expect(decryptSecret(ringBA, where, record)).toBe(plaintext);
      }),
      { numRuns: 500 },
    );
  });

  it("a record never decrypts under a different binding", () => {
    fc.assert(
      fc.property(binding, binding, secret, (where, elsewhere, plaintext) => {
        fc.pre(where.userId !== elsewhere.userId || where.field !== elsewhere.field);
        const record = encryptSecret(ringA, where, plaintext);
        expectFailure(() => decryptSecret(ringA, elsewhere, record), "tampered");
      }),
      { numRuns: 200 },
    );
  });
});
