/**
 * Checks on a withdrawal before any exchange write: the destination must be a confirmed, enabled
 * address book entry of the same asset (the exchange refuses anything else, so the bot refuses first),
 * and the amount a positive decimal with no more places than the asset takes, within the balance.
 */
import { type AddressBookEntry, toDec } from "../../exchange/index.ts";
import { amountDecimals, shareOf } from "../swaps/checks.ts";

/**
 * What the withdrawal steps need of an address book entry: plain data (no dates), so it can be kept in
 * a conversation's replay state and a confirm token.
 */
export type DestinationEntry = Pick<
  AddressBookEntry,
  "id" | "asset" | "address" | "memo" | "label" | "enabled" | "confirmed" | "times_used"
>;

/** The plain part of an entry the withdrawal steps use. */
export function destinationEntry(entry: AddressBookEntry): DestinationEntry {
  const { id, asset, address, memo, label, enabled, confirmed, times_used } = entry;
  return { id, asset, address, memo, label, enabled, confirmed, times_used };
}

/** Why a destination cannot be used; the bot words each one. */
export type DestinationProblem =
  | { code: "unconfirmed"; entry: DestinationEntry }
  | { code: "deleted" }
  | { code: "other_asset"; asset: string }
  | { code: "missing" };

/** Why an amount cannot be withdrawn. */
export type AmountProblem =
  | { code: "not_positive" }
  | { code: "too_precise"; asset: string; decimals: number }
  | { code: "over_balance"; asset: string; amount: string; balance: string };

/** An asset's entries split into those that can be chosen and those still waiting for the email. */
export interface Destinations {
  confirmed: DestinationEntry[];
  unconfirmed: DestinationEntry[];
}

/** The enabled entries of `asset`, confirmed ones apart from those awaiting the emailed confirmation. */
export function destinationsFor(entries: readonly DestinationEntry[], asset: string): Destinations {
  const usable = entries.filter((e) => e.enabled && e.asset.toUpperCase() === asset.toUpperCase());
  return {
    confirmed: usable.filter((e) => e.confirmed),
    unconfirmed: usable.filter((e) => !e.confirmed),
  };
}

/** The problem with withdrawing `asset` to `entry` (as the exchange has it now), or undefined. */
export function checkDestination(
  entry: DestinationEntry | undefined,
  asset: string,
): DestinationProblem | undefined {
  if (entry === undefined) return { code: "missing" };
  if (!entry.enabled) return { code: "deleted" };
  if (entry.asset.toUpperCase() !== asset.toUpperCase()) return { code: "other_asset", asset: entry.asset };
  if (!entry.confirmed) return { code: "unconfirmed", entry };
  return undefined;
}

/** The problem with withdrawing `amount` (a parsed decimal string) of `asset` from `balance`, or undefined. */
export function checkWithdrawalAmount(
  amount: string,
  asset: string,
  balance: string,
): AmountProblem | undefined {
  const value = toDec(amount);
  if (!value.greaterThan(0)) return { code: "not_positive" };
  const decimals = amountDecimals(asset);
  if (value.decimalPlaces() > decimals) return { code: "too_precise", asset, decimals };
  if (value.greaterThan(toDec(balance))) return { code: "over_balance", asset, amount, balance };
  return undefined;
}

/** `percent` % of the balance, rounded down to the asset's precision (100 % is the whole balance). */
export function withdrawalShare(balance: string, percent: number, asset: string): string {
  return shareOf(balance, percent, asset);
}
