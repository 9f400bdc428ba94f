/**
 * Keyed fingerprints of secrets, so a pasted secret can be recognised without decrypting the stored one.
 *
 * Record format: `f1.<keyId>.<mac>`, where `mac` is HMAC-SHA256 (unpadded base64url) under a key derived
 * with HKDF-SHA256 from the vault key `<keyId>` and a purpose label, over the secret bound to its user and
 * field. Without the vault key a fingerprint says nothing about the secret (no offline guessing); the key
 * id lets an old fingerprint keep working until `vault:rotate` re-derives it under the current key.
 */

import { createHmac, createSecretKey, hkdfSync, type KeyObject, timingSafeEqual } from "node:crypto";
import { assertBinding, type SecretBinding } from "./cipher.ts";
import { KEY_ID_PATTERN, type Keyring, type VaultKey } from "./keyring.ts";

const VERSION = "f1";
/** HKDF info: a derived key is only ever used for this purpose, never as an encryption key. */
const PURPOSE = "surge-bot:v1:secret-fingerprint";
const MAC_BYTES = 32;
const MAC_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// Derived once per vault key: the check runs on incoming messages. A KeyObject, as the vault key's own
// (see VaultKey.secretKey: raw bytes cost node:crypto a thrown error per HMAC).
const derivedKeys = new WeakMap<VaultKey, KeyObject>();

function macKey(key: VaultKey): KeyObject {
  let derived = derivedKeys.get(key);
  if (derived === undefined) {
    derived = createSecretKey(
      Buffer.from(hkdfSync("sha256", key.secretKey, Buffer.alloc(0), PURPOSE, MAC_BYTES)),
    );
    derivedKeys.set(key, derived);
  }
  return derived;
}

function mac(key: VaultKey, binding: SecretBinding, secret: string): Buffer {
  assertBinding(binding);
  // The binding has no newline (digits and A-Za-z0-9_-), so binding and secret cannot run into each other.
  return createHmac("sha256", macKey(key))
    .update(`surge-bot:${VERSION}:user:${binding.userId}:field:${binding.field}\n`, "utf8")
    .update(secret, "utf8")
    .digest();
}

/** The fingerprint record of `secret` under the keyring's current key. */
export function fingerprintSecret(keyring: Keyring, binding: SecretBinding, secret: string): string {
  const { current } = keyring;
  return [VERSION, current.id, mac(current, binding, secret).toString("base64url")].join(".");
}

/** The key id a fingerprint record names, or undefined when it is not a well-formed f1 record. */
export function fingerprintKeyId(record: string): string | undefined {
  const [version, keyId, encoded, ...rest] = record.split(".");
  const wellFormed =
    version === VERSION &&
    keyId !== undefined &&
    KEY_ID_PATTERN.test(keyId) &&
    encoded !== undefined &&
    MAC_PATTERN.test(encoded) &&
    rest.length === 0;
  return wellFormed ? keyId : undefined;
}

/**
 * Whether any of `candidates` is the secret `record` fingerprints, compared in constant time per
 * candidate. Undefined when the record cannot be checked: malformed, or its key is not in the keyring.
 */
export function matchesFingerprint(
  keyring: Keyring,
  binding: SecretBinding,
  record: string,
  candidates: readonly string[],
): boolean | undefined {
  const keyId = fingerprintKeyId(record);
  const key = keyId === undefined ? undefined : keyring.byId.get(keyId);
  if (key === undefined) return undefined;
  const expected = Buffer.from(record.slice(record.lastIndexOf(".") + 1), "base64url");
  return candidates.some((candidate) => timingSafeEqual(mac(key, binding, candidate), expected));
}
