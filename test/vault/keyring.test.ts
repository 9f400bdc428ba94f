import { randomBytes } from "node:crypto";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { createKeyring, KeyringError, parseKeyring, VaultKey } from "../../src/vault/keyring.ts";

const keyA = randomBytes(32);
const keyB = randomBytes(32);

/** Every spelling of the key bytes that could leak. */
function spellings(key: Buffer): string[] {
  return [key.toString("base64"), key.toString("base64url"), key.toString("hex"), key.toString("hex", 0, 4)];
}

describe("parseKeyring", () => {
  it("makes the first key current and keeps every key for decryption", () => {
    const keyring = parseKeyring(`b:${keyB.toString("base64")}, a:${keyA.toString("base64url")}`);
    expect(keyring.current.id).toBe("b");
    expect(keyring.current.secretKey.export().equals(keyB)).toBe(true);
    expect([...keyring.byId.keys()]).toEqual(["b", "a"]);
    expect(keyring.byId.get("a")?.secretKey.export().equals(keyA)).toBe(true);
  });

  it("accepts padded standard base64 and unpadded base64url", () => {
    const bytes = Buffer.alloc(32, 0xfb);
    expect(
      parseKeyring(`k:${bytes.toString("base64")}`)
        .current.secretKey.export()
        .equals(bytes),
    ).toBe(true);
    expect(
      parseKeyring(`k:${bytes.toString("base64url")}`)
        .current.secretKey.export()
        .equals(bytes),
    ).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["no colon", `a${keyA.toString("base64")}`],
    ["empty id", `:${keyA.toString("base64")}`],
    ["bad id", `a.b:${keyA.toString("base64")}`],
    ["long id", `${"x".repeat(33)}:${keyA.toString("base64")}`],
    ["not base64", `a:${keyA.toString("base64").slice(0, 40)}!!!!`],
    ["16 bytes", `a:${keyA.subarray(0, 16).toString("base64")}`],
    ["33 bytes", `a:${Buffer.concat([keyA, Buffer.of(1)]).toString("base64")}`],
    ["duplicate id", `a:${keyA.toString("base64")},a:${keyB.toString("base64")}`],
    ["empty entry", `a:${keyA.toString("base64")},`],
  ])("rejects %s without repeating key material", (_name, value) => {
    let caught: unknown;
    try {
      parseKeyring(value);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(KeyringError);
    const text = `${String(caught)} ${(caught as Error).stack}`;
    for (const spelling of [...spellings(keyA), ...spellings(keyB)]) expect(text).not.toContain(spelling);
  });

  it("names the offending entry by position", () => {
    expect(() =>
      parseKeyring(`a:${keyA.toString("base64")},b:${keyB.subarray(1).toString("base64")}`),
    ).toThrow(/entry 2 decodes to 31 bytes/);
  });
});

describe("VaultKey", () => {
  const keyring = parseKeyring(`a:${keyA.toString("base64")},b:${keyB.toString("base64")}`);

  it("hides its bytes from inspect, toString, template strings and JSON", () => {
    const renderings = [
      inspect(keyring, { depth: 10, showHidden: true }),
      inspect(keyring.current),
      String(keyring.current),
      `${keyring.current}`,
      JSON.stringify(keyring.current),
      JSON.stringify({ keys: [...keyring.byId.values()] }),
      JSON.stringify(Object.entries(keyring.current)),
    ];
    for (const text of renderings) {
      for (const spelling of [...spellings(keyA), ...spellings(keyB)]) expect(text).not.toContain(spelling);
      expect(text).not.toMatch(/<Buffer/);
    }
    expect(inspect(keyring.current)).toBe("VaultKey(a)");
    expect(JSON.parse(JSON.stringify(keyring.current))).toEqual({ id: "a", key: "[hidden]" });
  });

  it("copies the bytes it is given", () => {
    const bytes = Buffer.from(keyA);
    const key = new VaultKey("c", bytes);
    bytes.fill(0);
    expect(key.secretKey.export().equals(keyA)).toBe(true);
  });

  it("holds the same key as a KeyObject, which prints no bytes either", () => {
    const key = new VaultKey("c", keyA);
    expect(key.secretKey.type).toBe("secret");
    expect(key.secretKey.symmetricKeySize).toBe(32);
    const shown = `${inspect(key.secretKey)} ${JSON.stringify(key.secretKey)}`;
    for (const encoding of ["hex", "base64", "base64url"] as const) {
      expect(shown).not.toContain(keyA.toString(encoding).slice(0, 12));
    }
  });

  it("rejects a wrong-sized key", () => {
    expect(() => new VaultKey("c", randomBytes(16))).toThrow(KeyringError);
  });

  it("createKeyring rejects an empty list and duplicate ids", () => {
    expect(() => createKeyring([])).toThrow(KeyringError);
    expect(() => createKeyring([new VaultKey("a", keyA), new VaultKey("a", keyB)])).toThrow(/repeats/);
  });
});
