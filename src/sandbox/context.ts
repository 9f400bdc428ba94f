/**
 * The state one running sandbox shares between its routes, its due work and its control endpoints.
 */
import type { AccountStore } from "./account-store.ts";
import type { Clock } from "./clock.ts";
import type { Dec } from "./decimal.ts";
import type { IdSequence } from "./ids.ts";
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
