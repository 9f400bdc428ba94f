/**
 * Authenticated encryption of one secret (AES-256-GCM, node:crypto).
 *
 * Record format, one compact string: `v1.<keyId>.<nonce>.<ciphertext>.<tag>` with the last three in
 * unpadded base64url; a random 12-byte nonce per encryption and a 16-byte tag. The associated data
 * `surge-bot:v1:user:<userId>:field:<field>` binds each record to its owner and purpose, so a record
 * copied to another user or field fails to decrypt exactly like a tampered one.
 */

import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { KEY_ID_PATTERN, type Keyring } from "./keyring.ts";

const VERSION = "v1";
const ALGORITHM = "aes-256-gcm";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const FIELD = /^[A-Za-z0-9_-]{1,64}$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Whose secret and which one: both are bound into the record. */
export interface SecretBinding {
  /** Telegram user id: a positive safe integer. */
  readonly userId: number;
  /** Which secret of that user, e.g. `apiKey`: 1-64 characters of A-Za-z0-9_-. */
  readonly field: string;
}

/**
 * Why a record did not decrypt: `unknown_key` (its key id is not in the keyring), `tampered` (the
 * authentication failed: changed bytes, the wrong key, or bound to another user or field; GCM cannot
 * tell these apart), `malformed` (not a v1 record at all).
 */
export type VaultDecryptReason = "unknown_key" | "tampered" | "malformed";

/** A record that could not be decrypted. The message never holds plaintext, key bytes or the record. */
export class VaultDecryptError extends Error {
  readonly reason: VaultDecryptReason;
  constructor(reason: VaultDecryptReason, message: string) {
    super(message);
    this.name = "VaultDecryptError";
    this.reason = reason;
  }
}

/** Encrypts `plaintext` under the keyring's current key, bound to `binding`. Returns the record string. */
export function encryptSecret(keyring: Keyring, binding: SecretBinding, plaintext: string): string {
  const aad = associatedData(binding);
  const data = Buffer.from(plaintext, "utf8");
  // Lone surrogates would come back as U+FFFD: refuse rather than store something else.
  if (data.toString("utf8") !== plaintext) throw new TypeError("the secret is not well-formed Unicode text");
  const { current } = keyring;
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, current.secretKey, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(data), cipher.final()]);
  const encoded = [nonce, ciphertext, cipher.getAuthTag()].map((part) => part.toString("base64url"));
  return [VERSION, current.id, ...encoded].join(".");
}

/** Decrypts a record made by {@link encryptSecret} for the same binding. Throws {@link VaultDecryptError}. */
export function decryptSecret(keyring: Keyring, binding: SecretBinding, record: string): string {
  const aad = associatedData(binding);
  const parsed = parseRecord(record);
  const key = keyring.byId.get(parsed.keyId);
  if (key === undefined) {
    throw new VaultDecryptError(
      "unknown_key",
      `vault record uses key id "${parsed.keyId}", not in the keyring`,
    );
  }
  const decipher = createDecipheriv(ALGORITHM, key.secretKey, parsed.nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(parsed.tag);
  try {
    return Buffer.concat([decipher.update(parsed.ciphertext), decipher.final()]).toString("utf8");
  } catch {
    // node:crypto's own message is generic, but a fixed one is guaranteed to stay that way.
    throw new VaultDecryptError("tampered", "vault record failed authentication (tampered or misplaced)");
  }
}

/** The key id a record names, or undefined when it is not a well-formed v1 record. Nothing is decrypted. */
export function recordKeyId(record: string): string | undefined {
  try {
    return parseRecord(record).keyId;
  } catch {
    return undefined;
  }
}

interface ParsedRecord {
  keyId: string;
  nonce: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

function parseRecord(record: string): ParsedRecord {
  const parts = record.split(".");
  const [version, keyId, nonce, ciphertext, tag] = parts;
  if (
    parts.length !== 5 ||
    version !== VERSION ||
    keyId === undefined ||
    !KEY_ID_PATTERN.test(keyId) ||
    nonce === undefined ||
    ciphertext === undefined ||
    tag === undefined
  ) {
    throw malformed();
  }
  const parsed = {
    keyId,
    nonce: strictBase64url(nonce),
    ciphertext: strictBase64url(ciphertext),
    tag: strictBase64url(tag),
  };
  // GCM would accept a shorter tag, which weakens authentication: insist on the full 16 bytes.
  if (parsed.nonce.length !== NONCE_BYTES || parsed.tag.length !== TAG_BYTES) throw malformed();
  return parsed;
}

/** Node's decoder skips stray characters and ignores trailing bits; only the canonical spelling is accepted. */
function strictBase64url(text: string): Buffer {
  const bytes = Buffer.from(text, "base64url");
  if (!BASE64URL.test(text) || bytes.toString("base64url") !== text) throw malformed();
  return bytes;
}

function malformed(): VaultDecryptError {
  return new VaultDecryptError("malformed", "vault record is malformed");
}

/** Throws `RangeError` unless `userId` is a positive safe integer and `field` is 1-64 of A-Za-z0-9_-. */
export function assertBinding({ userId, field }: SecretBinding): void {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new RangeError("userId must be a positive integer");
  if (!FIELD.test(field)) throw new RangeError("field must be 1-64 characters of A-Za-z0-9_-");
}

function associatedData(binding: SecretBinding): Buffer {
  assertBinding(binding);
  return Buffer.from(`surge-bot:${VERSION}:user:${binding.userId}:field:${binding.field}`, "utf8");
}
