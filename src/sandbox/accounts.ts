/**
 * Opening sandbox accounts: keys, 2FA code and starting balances. Keys come from the sandbox's seeded
 * generator, so the demo account's keys are the same for the same seed.
 */
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
