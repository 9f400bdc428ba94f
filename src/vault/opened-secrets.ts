/**
 * Secrets this process decrypted lately, by user and field, each with the record it came from: every
 * update of a connected user that calls the exchange reads the same record again, and deciphering it
 * costs some 10 µs each time (node:crypto's createDecipheriv looks the cipher up in OpenSSL 3 on every
 * call), more than the rest of the update's own work on a button tap.
 *
 * A secret is handed out only for the very record string it was decrypted from, under the same user and
 * field: a record replaced (a new key, a rotation) or moved to another user or field misses, and is
 * deciphered and authenticated against its binding as before. Kept in this process's memory only, which
 * holds the vault's keys anyway (whoever can read it can decrypt every record); bounded, and dropped as
 * soon as the vault replaces or deletes the secret, or finds it deleted (by another instance).
 */

/** How many secrets are kept before the memo starts afresh (some 250 bytes each). */
const MAX_OPENED = 4096;

interface Opened {
  record: string;
  secret: string;
}

/** The memo of {@link createVault}: by field, then by user. */
export class OpenedSecrets {
  readonly #byField = new Map<string, Map<number, Opened>>();
  #size = 0;

  /** The secret decrypted from `record` for this user and field, if it is still known. */
  get(userId: number, field: string, record: string): string | undefined {
    const opened = this.#byField.get(field)?.get(userId);
    return opened?.record === record ? opened.secret : undefined;
  }

  /** Remembers that `record` (of this user and field) holds `secret`. */
  set(userId: number, field: string, record: string, secret: string): void {
    let users = this.#byField.get(field);
    if (users?.has(userId) !== true) {
      if (this.#size >= MAX_OPENED) {
        this.#byField.clear();
        this.#size = 0;
        users = undefined;
      }
      this.#size++;
    }
    if (users === undefined) {
      users = new Map();
      this.#byField.set(field, users);
    }
    users.set(userId, { record, secret });
  }

  /** Forgets the user's secret in `field` (it is being replaced or deleted). */
  drop(userId: number, field: string): void {
    if (this.#byField.get(field)?.delete(userId)) this.#size--;
  }
}
