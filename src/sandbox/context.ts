/**
 * The state one running sandbox shares between its routes, its due work and its control endpoints.
 */
import type { AccountStore } from "./accounts.ts";
import type { Clock } from "./clock.ts";
import type { Dec } from "./decimal.ts";
import type { Market } from "./market.ts";
import type { Outbox } from "./outbox.ts";
import type { Prng } from "./prng.ts";
import type { RateLimits } from "./rate-limit.ts";

/** Resolved server settings. */
export interface SandboxSettings {
  tickMs: number;
  swapSettleMs: number;
  withdrawalStepMs: number;
  /** Relative distance between expected_price and the current price that still accepts a swap. */
  priceTolerance: Dec;
  feeRate: Dec;
  limits: RateLimits;
  control: boolean;
}

/** Kinds of record that draw ids from their own sequence. */
export type IdKind =
  | "account"
  | "deposit"
  | "transaction"
  | "wallet"
  | "entry"
  | "withdrawal"
  | "swap"
  | "schedule"
  | "trigger"
  | "email";

/** Increasing integer ids per kind, shared by all accounts (so another account's id is a real 404). */
export class IdSequence {
  readonly #next = new Map<IdKind, number>();

  /** The next id of `kind`, starting at 1. */
  next(kind: IdKind): number {
    const id = this.#next.get(kind) ?? 1;
    this.#next.set(kind, id + 1);
    return id;
  }
}

/** Everything a running sandbox holds. */
export interface Sandbox {
  readonly clock: Clock;
  readonly market: Market;
  readonly accounts: AccountStore;
  readonly outbox: Outbox;
  readonly ids: IdSequence;
  /** Tokens, keys and UUIDs (kept apart from the market's generator so trading does not shift keys). */
  readonly rng: Prng;
  readonly settings: SandboxSettings;
}
