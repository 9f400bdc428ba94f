/**
 * Address book operations as the bot uses them: every write checks the entry's current state first
 * (a resend only while unconfirmed, a delete only while enabled), so a refusal is explained in words
 * rather than left to the exchange. A failure of the write itself is returned, not thrown, so the
 * caller can tell "refused, nothing changed" from "answer lost, may have happened" (writeOutcome).
 */
import type { AddressBookEntry, ExchangeClient } from "../../exchange/index.ts";
import { type AddressDraft, createRequestOf } from "./draft.ts";

/** The entries still in use (soft-deleted ones left out), grouped by asset, newest first within one. */
export async function activeEntries(client: ExchangeClient): Promise<AddressBookEntry[]> {
  const entries: AddressBookEntry[] = [];
  for await (const entry of client.addressBook.iterate({ page_size: 100 })) {
    if (entry.enabled) entries.push(entry);
  }
  return entries.sort((a, b) => a.asset.localeCompare(b.asset) || b.id - a.id);
}

// One member per refusal, so that checking `status` narrows.
type Refused<R extends string> = R extends string ? { status: R; entry: AddressBookEntry } : never;

/** Runs the write itself (e.g. marking it as in flight for /cancel); the default just runs it. */
export type AroundWrite = <T>(write: () => Promise<T>) => Promise<T>;

const plainly: AroundWrite = (write) => write();

/** A write's result: done, refused before sending because of the entry's state, or failed. */
export type WriteResult<Done, Refusal extends string> =
  | ({ status: "done" } & Done)
  | Refused<Refusal>
  | { status: "failed"; error: unknown };

/** Saves a complete draft; checked whole before sending (a bad draft throws ExchangeValidationError). */
export async function createEntry(
  client: ExchangeClient,
  draft: AddressDraft,
  around: AroundWrite = plainly,
): Promise<WriteResult<{ entry: AddressBookEntry }, never>> {
  const request = createRequestOf(draft);
  try {
    return { status: "done", entry: await around(() => client.addressBook.create(request)) };
  } catch (error) {
    return { status: "failed", error };
  }
}

/**
 * Sends a new confirmation email for an unconfirmed entry: one read of its state, then one resend with
 * its own fields (the spec gives the resend the create's body). Refused for a confirmed or deleted entry.
 */
export async function resendConfirmation(
  client: ExchangeClient,
  id: number,
  around: AroundWrite = plainly,
): Promise<WriteResult<{ entry: AddressBookEntry }, "confirmed" | "deleted">> {
  const entry = await client.addressBook.get(id);
  if (!entry.enabled) return { status: "deleted", entry };
  if (entry.confirmed) return { status: "confirmed", entry };
  try {
    await around(() =>
      client.addressBook.resendConfirmation(id, {
        asset: entry.asset,
        address: entry.address,
        label: entry.label,
        ...(entry.memo ? { memo: entry.memo } : {}),
      }),
    );
    return { status: "done", entry };
  } catch (error) {
    return { status: "failed", error };
  }
}

/** Soft-deletes an entry (history kept); refused when it is already deleted. */
export async function deleteEntry(
  client: ExchangeClient,
  id: number,
  around: AroundWrite = plainly,
): Promise<WriteResult<{ entry: AddressBookEntry }, "deleted">> {
  const entry = await client.addressBook.get(id);
  if (!entry.enabled) return { status: "deleted", entry };
  try {
    await around(() => client.addressBook.delete(id));
    return { status: "done", entry };
  } catch (error) {
    return { status: "failed", error };
  }
}
