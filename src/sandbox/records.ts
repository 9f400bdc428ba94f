/**
 * The records one sandbox account owns. Times are epoch milliseconds of the sandbox clock; amounts are
 * decimals. Each area's route module turns its records into the wire shape.
 */
import type { Dec } from "./decimal.ts";

/** transaction_type values of the unified history. */
export type TransactionType = "buy" | "sell" | "swap" | "deposit" | "withdrawal";

/** A unified-history item (all-transactions). Amount fields are already formatted strings. */
export interface Transaction {
  summaryId: number;
  objectId: number;
  created: number;
  srcAsset: string;
  dstAsset: string;
  exchangeRate: string;
  feeCurrency: string;
  type: TransactionType;
  subtype: string;
  srcAmount: string;
  dstAmount: string;
  quoteCost: string;
  cost: string;
  fee: string;
  audFee: string;
  audValue: string;
  /** completed, pending, processing, failed, rejected or expired. */
  status: string;
}

/** One change of one balance, linked to the transaction that caused it. */
export interface Movement {
  at: number;
  asset: string;
  delta: Dec;
  balanceAfter: Dec;
  summaryId: number;
}

/** The per-asset view of a transaction (one per transaction and asset it touches). */
export interface WalletTransaction {
  id: number;
  summaryId: number;
  asset: string;
  resultingBalance: Dec;
}

/** A saved withdrawal destination. */
export interface AddressEntry {
  id: number;
  asset: string;
  address: string;
  memo: string;
  label: string;
  enabled: boolean;
  confirmed: boolean;
  confirmedAt: number | null;
  created: number;
  lastUsed: number | null;
  timesUsed: number;
  /** Kept for the record; write-only on the wire. */
  travelRule: Record<string, string> | null;
}

/** A crypto withdrawal (status codes as in the spec). */
export interface Withdrawal {
  id: number;
  asset: string;
  amount: Dec;
  entryId: number;
  address: string;
  tag: string;
  label: string;
  txid: string;
  created: number;
  closed: number;
  status: number;
  /** Sandbox time of the next automatic status change, or null when none is scheduled. */
  stepAt: number | null;
  /** Sandbox time the emailed release link expires, while waiting for it. */
  linkExpiresAt: number | null;
  /** The unified-history item, once the balance was debited. */
  summaryId: number | null;
  /** How it ends once released (fixed when authorized). */
  outcome: WithdrawalOutcome;
}

/** An instant swap; amounts are fixed at creation and credited on settlement. */
export interface Swap {
  id: number;
  status: number;
  srcAsset: string;
  dstAsset: string;
  reqSpendAmount: Dec | null;
  reqGetAmount: Dec | null;
  expectedPrice: string;
  spend: Dec;
  get: Dec;
  srcFee: Dec;
  dstFee: Dec;
  audValue: Dec;
  created: number;
  settleAt: number;
  outcome: SwapOutcome;
  summaryId: number;
}

/** How a swap ends when it settles. */
export type SwapOutcome = "processed" | "error";

/** How a released withdrawal ends. */
export type WithdrawalOutcome = "processed" | "error" | "rejected";

/** Recurring-buy cadences. */
export type Period = "daily" | "weekly" | "fortnightly" | "monthly";

/** 10 = buy the asset with AUD, 20 = sell the asset for AUD. */
export type Direction = 10 | 20;

/** A recurring buy (or sell) schedule. */
export interface Schedule {
  id: number;
  asset: string;
  quantity: Dec;
  direction: Direction;
  start: number;
  period: Period;
  enabled: boolean;
}

/** 1 = fires at or above the level, 2 = at or below. */
export type Match = 1 | 2;

/** One firing of a price trigger. */
export interface TriggerEvent {
  fired: number;
  price: string;
  matched: Match;
  trade: string;
  failureReason: string;
  seen: boolean;
}

/** A price trigger (alert, optionally with a market order). */
export interface Trigger {
  id: number;
  asset: string;
  created: number;
  price: Dec;
  match: Match;
  paused: boolean;
  lastTrigger: number | null;
  enabled: boolean;
  notifySms: boolean;
  notifyEmail: boolean;
  orderDirection: Direction | null;
  orderQuantity: Dec | null;
  orderGetQuantity: Dec | null;
  events: TriggerEvent[];
}

/** Per-account simulated outcomes, set by the control endpoint. */
export interface Behaviour {
  swapOutcome: SwapOutcome;
  /** Overrides the server's settle delay for this account's swaps when not null. */
  swapSettleMs: number | null;
  /** Whether retrieving one swap carries `aud_value` (the spec lists it on the list only). */
  swapRetrieveAudValue: "shown" | "omitted";
  withdrawalOutcome: WithdrawalOutcome;
}

/** A sandbox account with its keys, balances and records. */
export interface Account {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  readWriteKey: string;
  readOnlyKey: string;
  /** The 2FA code that authorizes withdrawals. */
  totp: string;
  balances: Map<string, Dec>;
  behaviour: Behaviour;
  transactions: Transaction[];
  movements: Movement[];
  walletTransactions: WalletTransaction[];
  addressBook: AddressEntry[];
  withdrawals: Withdrawal[];
  swaps: Swap[];
  schedules: Schedule[];
  triggers: Trigger[];
}
