/**
 * Sandbox accounts: keys, 2FA code, balances and records. Keys come from the sandbox's seeded generator,
 * so the demo account's keys are the same for the same seed.
 */
import type { Caller } from "./auth.ts";
import type { Sandbox } from "./context.ts";
import type { Dec } from "./decimal.ts";
import { recordDeposit } from "./ledger.ts";
import type { Account } from "./records.ts";

/** The 2FA code accounts get unless told otherwise. */
export const DEFAULT_TOTP = "123456";

/** What a new account starts with. */
export interface NewAccount {
  /** Starting balances, recorded as deposits. */
  balances?: ReadonlyMap<string, Dec>;
  totp?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  /** Sandbox time of the initial deposits (defaults to now). */
  depositedAt?: number;
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

/** Opens an account with fresh keys and its starting balances deposited. */
export function openAccount(sb: Sandbox, spec: NewAccount = {}): Account {
  const id = sb.ids.next("account");
  const account: Account = {
    id,
    email: spec.email ?? `user${id}@sandbox.invalid`,
    firstName: spec.firstName ?? "Sandbox",
    lastName: spec.lastName ?? `User ${id}`,
    readWriteKey: `sbx_rw_${sb.rng.hex(16)}`,
    readOnlyKey: `sbx_ro_${sb.rng.hex(16)}`,
    totp: spec.totp ?? DEFAULT_TOTP,
    balances: new Map(),
    behaviour: {
      swapOutcome: "processed",
      swapSettleMs: null,
      swapRetrieveAudValue: "shown",
      withdrawalOutcome: "processed",
    },
    transactions: [],
    movements: [],
    walletTransactions: [],
    addressBook: [],
    withdrawals: [],
    swaps: [],
    schedules: [],
    triggers: [],
  };
  sb.accounts.add(account);
  for (const [asset, amount] of spec.balances ?? []) {
    if (amount.greaterThan(0)) recordDeposit(sb, account, asset, amount, spec.depositedAt);
  }
  return account;
}
