/**
 * Creating and authorizing a withdrawal, independent of the chat. Creating leaves a draft at the
 * exchange (nothing moves until it is authorized with the 2FA code). A write whose answer was lost may
 * have happened (see `writeOutcome`): creating then hands back how to find the withdrawal, and
 * authorizing says the outcome is unknown, never "nothing happened".
 */
import {
  type ExchangeClient,
  ExchangeValidationError,
  type Withdrawal,
  writeOutcome,
} from "../../exchange/index.ts";
import { WITHDRAWAL_SEARCH_PAGE_SIZE, type WithdrawalSearch } from "./search.ts";

/** What the user confirmed. Plain JSON without secrets: it travels in a confirm token. */
export interface WithdrawalRequest {
  asset: string;
  amount: string;
  entryId: number;
  address: string;
  memo: string;
  label: string;
  /** Never used for a withdrawal before: the exchange emails a confirmation link first. */
  firstTime: boolean;
}

/** What creating came to; `unknown`: the answer was lost and the withdrawal may exist (see `search`). */
export type CreateResult =
  | { status: "created"; withdrawal: Withdrawal }
  | { status: "unknown"; search: WithdrawalSearch; error: Error };

/** Ids of the newest withdrawals of `asset`, or undefined when they cannot be read (creating goes on). */
async function newestIds(client: ExchangeClient, asset: string): Promise<number[] | undefined> {
  try {
    const page = await client.withdrawals.list(asset, { page: 1, page_size: WITHDRAWAL_SEARCH_PAGE_SIZE });
    return page.results.map((w) => w.id);
  } catch {
    return undefined;
  }
}

/**
 * Creates the withdrawal (a draft). Errors that prove nothing was done are thrown; a lost answer is
 * returned as `unknown` with what identifies the withdrawal.
 */
export async function createWithdrawal(
  client: ExchangeClient,
  request: WithdrawalRequest,
  now: () => number,
): Promise<CreateResult> {
  const knownIds = await newestIds(client, request.asset);
  const sentAt = now();
  try {
    const withdrawal = await client.withdrawals.create(request.asset, {
      amount: request.amount,
      address_book_entry_id: request.entryId,
    });
    return { status: "created", withdrawal };
  } catch (error) {
    if (writeOutcome(error) !== "unknown") throw error;
    const search: WithdrawalSearch = {
      asset: request.asset,
      amount: request.amount,
      address: request.address,
      sentAt,
      ...(knownIds === undefined ? {} : { knownIds }),
    };
    return { status: "unknown", search, error: error as Error };
  }
}

/**
 * What authorizing came to: done; the code was refused (ask again); refused for another reason
 * (nothing changed, `error` explains); or unknown (the answer was lost: it may have been authorized).
 */
export type AuthorizeResult =
  | { status: "authorized" }
  | { status: "wrong_code" }
  | { status: "refused"; error: Error }
  | { status: "unknown"; error: Error };

/** Sends the 2FA code. The code is passed straight through: never kept, logged or returned. */
export async function authorizeWithdrawal(
  client: ExchangeClient,
  asset: string,
  withdrawalId: number,
  code: string,
): Promise<AuthorizeResult> {
  try {
    await client.withdrawals.authorize(asset, withdrawalId, code);
    return { status: "authorized" };
  } catch (error) {
    if (writeOutcome(error) === "unknown") return { status: "unknown", error: error as Error };
    // The exchange names the `token` field when it is the code it refuses.
    if (error instanceof ExchangeValidationError && !error.local && "token" in error.fields) {
      return { status: "wrong_code" };
    }
    return { status: "refused", error: error as Error };
  }
}
