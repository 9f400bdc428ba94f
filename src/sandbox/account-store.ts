/** The accounts of one sandbox, found by id and by API key. */
import type { Account } from "./records.ts";

/** An identified caller: the account of a key and whether the key may write. */
export interface Caller {
  account: Account;
  readWrite: boolean;
}

/** Every account of one sandbox, by id and by key. */
export class AccountStore {
  readonly #byId = new Map<number, Account>();
  readonly #byKey = new Map<string, Caller>();

  /** The account with this id. */
  byId(id: number): Account | undefined {
    return this.#byId.get(id);
  }

  /** The account and permission of a key. */
  byKey(key: string): Caller | undefined {
    return this.#byKey.get(key);
  }

  /** All accounts, oldest first. */
  all(): IterableIterator<Account> {
    return this.#byId.values();
  }

  /** Registers a new account and its keys. */
  add(account: Account): void {
    this.#byId.set(account.id, account);
    this.#byKey.set(account.readWriteKey, { account, readWrite: true });
    this.#byKey.set(account.readOnlyKey, { account, readWrite: false });
  }
}
