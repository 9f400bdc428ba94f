/**
 * The vault's keyring: the AES-256 keys from `VAULT_KEYS` (`id:base64,id:base64,...`). The first key
 * encrypts new records; every key decrypts, so an old key stays listed until `vault:rotate` has moved
 * its records to the current one.
 *
 * Key bytes never leave this module by accident: errors name entries by position only, and the key
 * holder hides its bytes from `util.inspect`, `toString` and `JSON.stringify`.
 */

import { createSecretKey, type KeyObject } from "node:crypto";
import { inspect } from "node:util";

/** Valid key ids. They are stored in every record, so they are short and free of the record separator ("."). */
export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
/** Standard or URL-safe base64, padding optional (`openssl rand -base64 32` output works as is). */
const BASE64 = /^(?:[A-Za-z0-9+/]+={0,2}|[A-Za-z0-9_-]+)$/;
const KEY_BYTES = 32;

/** `VAULT_KEYS` could not be parsed. The message says which entry and why, never what it contained. */
export class KeyringError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KeyringError";
  }
}

/**
 * One AES-256 key and its id. The bytes are reachable only through `secretKey` (node:crypto's own copy,
 * outside the JS heap), never printed or serialised.
 */
export class VaultKey {
  readonly id: string;
  readonly #secretKey: KeyObject;

  /** Takes its own copy of `key`, which must be exactly 32 bytes. */
  constructor(id: string, key: Uint8Array) {
    if (!KEY_ID_PATTERN.test(id))
      throw new KeyringError("vault key id must be 1-32 characters of A-Za-z0-9_-");
    if (key.length !== KEY_BYTES) throw new KeyringError(`vault key must be ${KEY_BYTES} bytes`);
    this.id = id;
    // node:crypto copies the bytes into the KeyObject: no copy of them is kept in the JS heap.
    this.#secretKey = createSecretKey(key);
  }

  /**
   * The key as node:crypto's KeyObject, made once, for node:crypto only. Given raw bytes instead, each
   * cipher (Node 24) first asks whether they are a KeyObject by catching a thrown error: some 15 µs per
   * call, where the whole decryption takes 3.
   */
  get secretKey(): KeyObject {
    return this.#secretKey;
  }

  /** `VaultKey(<id>)`: the id only. */
  toString(): string {
    return `VaultKey(${this.id})`;
  }

  /** `JSON.stringify` sees the id only. */
  toJSON(): { id: string; key: string } {
    return { id: this.id, key: "[hidden]" };
  }

  /** `util.inspect` / `console.log` see the id only. */
  [inspect.custom](): string {
    return this.toString();
  }
}

/** The parsed `VAULT_KEYS`: `current` encrypts, `byId` (which includes `current`) decrypts. */
export interface Keyring {
  readonly current: VaultKey;
  readonly byId: ReadonlyMap<string, VaultKey>;
}

/** Builds a keyring from keys in priority order; the first one becomes `current`. */
export function createKeyring(keys: readonly VaultKey[]): Keyring {
  const [current] = keys;
  if (current === undefined) throw new KeyringError("at least one key is required");
  const byId = new Map<string, VaultKey>();
  for (const [index, key] of keys.entries()) {
    if (byId.has(key.id)) throw new KeyringError(`entry ${index + 1} repeats an earlier key id`);
    byId.set(key.id, key);
  }
  return Object.freeze({ current, byId });
}

/**
 * Parses a `VAULT_KEYS` value: comma-separated `id:base64` entries whose base64 decodes to exactly 32
 * bytes, with unique ids matching `[A-Za-z0-9_-]{1,32}`. Throws {@link KeyringError}.
 */
export function parseKeyring(value: string): Keyring {
  const entries = value.split(",").map((entry) => entry.trim());
  const keys = entries.map((entry, index) => parseEntry(entry, index + 1));
  return createKeyring(keys);
}

function parseEntry(entry: string, position: number): VaultKey {
  const colon = entry.indexOf(":");
  if (colon === -1) throw new KeyringError(`entry ${position} is not in the form id:base64`);
  const id = entry.slice(0, colon).trim();
  const encoded = entry.slice(colon + 1).trim();
  if (!KEY_ID_PATTERN.test(id)) {
    throw new KeyringError(`entry ${position} has an id that is not 1-32 characters of A-Za-z0-9_-`);
  }
  if (!BASE64.test(encoded)) throw new KeyringError(`entry ${position} has a key that is not base64`);
  // Node's base64 decoder accepts both alphabets.
  const bytes = Buffer.from(encoded, "base64");
  if (bytes.length !== KEY_BYTES) {
    throw new KeyringError(`entry ${position} decodes to ${bytes.length} bytes instead of ${KEY_BYTES}`);
  }
  const key = new VaultKey(id, bytes);
  bytes.fill(0);
  return key;
}
