/**
 * Crypto withdrawals to confirmed, enabled address book entries.
 *
 * create -> 5 (Draft), nothing debited. authorize with the 2FA token -> balance debited, 10 (Pending).
 * A first-time address (never released to before) waits for the emailed link: followed within 30 minutes
 * it is released, else 50 (Expired) and refunded. Released: 10 -> 15 (Processing) -> 60 (Processed, txid
 * set), or 20 (Error) / 40 (Rejected) with a refund, one step per `withdrawalStepMs`.
 */
import { isKnownAsset, normaliseAssetCode } from "../assets.ts";
import type { Sandbox } from "../context.ts";
import { D, type Dec, FIAT, formatAmount } from "../decimal.ts";
import { dueBy } from "../due-time.ts";
import { ApiError, empty, fieldError, json, notFound } from "../http-utils.ts";
import { balanceOf, moveFunds, recordTransaction } from "../ledger.ts";
import { LINK_LIFETIME_MS } from "../outbox.ts";
import { paginate } from "../pagination.ts";
import type { Account, AddressEntry, Transaction, Withdrawal } from "../records.ts";
import type { PrivateRequest, Router } from "../router.ts";
import { formatTime } from "../time.ts";
import { FieldErrors, present, readDecimal, readInteger, readString } from "../validation.ts";

/** Withdrawal status codes. */
const WITHDRAWAL_STATUS = {
  draft: 5,
  pending: 10,
  processing: 15,
  error: 20,
  canceled: 30,
  rejected: 40,
  expired: 50,
  processed: 60,
} as const;

const TX_STATUS: Record<number, string> = {
  10: "pending",
  15: "processing",
  20: "failed",
  40: "rejected",
  50: "expired",
  60: "completed",
};

/** The wire shape of a withdrawal. */
function withdrawalJson(w: Withdrawal): Record<string, unknown> {
  return {
    id: w.id,
    amount: formatAmount(w.asset, w.amount),
    address: w.address,
    tag: w.tag,
    label: w.label,
    txid: w.txid,
    created: formatTime(w.created),
    closed: formatTime(w.closed),
    status: w.status,
  };
}

function pathAsset(req: PrivateRequest): string {
  const asset = normaliseAssetCode(req.params.asset ?? "");
  if (!isKnownAsset(asset)) throw notFound();
  return asset;
}

function findWithdrawal(req: PrivateRequest): Withdrawal {
  const asset = pathAsset(req);
  const w = req.account.withdrawals.find((x) => x.id === Number(req.params.id) && x.asset === asset);
  if (!w) throw notFound();
  return w;
}

function usableEntry(account: Account, id: number, asset: string): AddressEntry {
  const entry = account.addressBook.find((e) => e.id === id);
  if (!entry) throw fieldError("address_book_entry_id", `Invalid pk "${id}" - object does not exist.`);
  if (entry.asset !== asset) {
    throw fieldError("address_book_entry_id", `This address book entry is for ${entry.asset}, not ${asset}.`);
  }
  if (!entry.enabled) throw fieldError("address_book_entry_id", "This address book entry was deleted.");
  if (!entry.confirmed)
    throw fieldError("address_book_entry_id", "This address book entry is not confirmed yet.");
  return entry;
}

function insufficient(account: Account, w: { asset: string; amount: Dec }): ApiError | undefined {
  const have = balanceOf(account, w.asset);
  if (have.greaterThanOrEqualTo(w.amount)) return undefined;
  return fieldError("amount", `Insufficient ${w.asset} balance: ${formatAmount(w.asset, have)} available.`);
}

function createWithdrawal(req: PrivateRequest): Withdrawal {
  const { sb, account, body } = req;
  const asset = pathAsset(req);
  const errors = new FieldErrors();
  const amount = readDecimal(body, "amount", errors, { required: true, asset });
  const entryId = readInteger(body, "address_book_entry_id", errors, { required: true });
  errors.throwIfAny();
  if (asset === FIAT)
    throw new ApiError(400, { non_field_errors: ["Only crypto assets can be withdrawn here."] });
  const entry = usableEntry(account, present(entryId), asset);
  const lacking = insufficient(account, { asset, amount: present(amount) });
  if (lacking) throw lacking;
  const now = sb.clock.now();
  const w: Withdrawal = {
    id: sb.ids.next("withdrawal"),
    asset,
    amount: present(amount),
    entryId: entry.id,
    address: entry.address,
    tag: entry.memo,
    label: entry.label,
    txid: "",
    created: now,
    closed: now,
    status: WITHDRAWAL_STATUS.draft,
    stepAt: null,
    linkExpiresAt: null,
    summaryId: null,
    outcome: account.behaviour.withdrawalOutcome,
  };
  account.withdrawals.push(w);
  return w;
}

function authorizeWithdrawal(req: PrivateRequest): void {
  const { sb, account, body } = req;
  const w = findWithdrawal(req);
  const errors = new FieldErrors();
  const token = readString(body, "token", errors, { required: true, min: 1, max: 1024 });
  errors.throwIfAny();
  if (token !== account.totp) throw fieldError("token", "Invalid two-factor authentication code.");
  if (w.status !== WITHDRAWAL_STATUS.draft) {
    throw new ApiError(400, { non_field_errors: ["This withdrawal is not awaiting authorization."] });
  }
  const entry = usableEntry(account, w.entryId, w.asset);
  const lacking = insufficient(account, w);
  if (lacking) throw lacking;
  const now = sb.clock.now();
  const rate = sb.market.bid(w.asset);
  const value = formatAmount(FIAT, w.amount.times(rate));
  const tx = recordTransaction(sb, account, {
    objectId: w.id,
    srcAsset: w.asset,
    dstAsset: w.asset,
    exchangeRate: rate.toFixed(),
    feeCurrency: w.asset,
    type: "withdrawal",
    subtype: "crypto_withdrawal",
    srcAmount: formatAmount(w.asset, w.amount),
    dstAmount: formatAmount(w.asset, w.amount),
    quoteCost: value,
    cost: value,
    fee: formatAmount(w.asset, new D(0)),
    audFee: "0.00",
    audValue: value,
    status: "pending",
  });
  moveFunds(sb, account, w.asset, w.amount.negated(), tx);
  w.summaryId = tx.summaryId;
  setStatus(account, w, WITHDRAWAL_STATUS.pending, now);
  if (entry.timesUsed === 0) {
    // First time to this address: hold until the emailed link is followed.
    w.linkExpiresAt = now + LINK_LIFETIME_MS;
    dueBy(sb, w.linkExpiresAt);
    sb.outbox.send(sb, account.id, "withdrawal_confirmation", w.id);
  } else release(sb, account, w, now);
}

/** Releases a pending withdrawal for processing (its link was followed, or the address is known). */
export function release(sb: Sandbox, account: Account, w: Withdrawal, now: number): void {
  w.linkExpiresAt = null;
  w.stepAt = now + sb.settings.withdrawalStepMs;
  dueBy(sb, w.stepAt);
  const entry = account.addressBook.find((e) => e.id === w.entryId);
  if (entry) {
    entry.timesUsed += 1;
    entry.lastUsed = now;
  }
}

/** True while a withdrawal waits for its emailed link. */
export function awaitingLink(w: Withdrawal): boolean {
  return w.status === WITHDRAWAL_STATUS.pending && w.linkExpiresAt !== null;
}

function setStatus(account: Account, w: Withdrawal, status: number, now: number): void {
  w.status = status;
  w.closed = now;
  const tx = historyItem(account, w);
  const txStatus = TX_STATUS[status];
  if (tx && txStatus) tx.status = txStatus;
}

function historyItem(account: Account, w: Withdrawal): Transaction | undefined {
  return account.transactions.find((t) => t.summaryId === w.summaryId);
}

function refund(sb: Sandbox, account: Account, w: Withdrawal): void {
  const tx = historyItem(account, w);
  if (tx) moveFunds(sb, account, w.asset, w.amount, tx);
}

/**
 * Moves withdrawals along: expires unfollowed links, then steps released ones to their outcome. Returns
 * when the next link expires or step falls due (Infinity: none).
 */
export function progressWithdrawals(sb: Sandbox, now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const account of sb.accounts.all()) {
    for (const w of account.withdrawals) {
      if (awaitingLink(w) && (w.linkExpiresAt ?? now) <= now) {
        refund(sb, account, w);
        w.linkExpiresAt = null;
        setStatus(account, w, WITHDRAWAL_STATUS.expired, now);
        continue;
      }
      while (w.stepAt !== null && w.stepAt <= now) {
        if (w.status === WITHDRAWAL_STATUS.pending) {
          setStatus(account, w, WITHDRAWAL_STATUS.processing, w.stepAt);
          w.stepAt += sb.settings.withdrawalStepMs;
        } else {
          finish(sb, account, w, w.stepAt);
          w.stepAt = null;
        }
      }
      const pending = awaitingLink(w) ? w.linkExpiresAt : w.stepAt;
      if (pending !== null) next = Math.min(next, pending);
    }
  }
  return next;
}

function finish(sb: Sandbox, account: Account, w: Withdrawal, at: number): void {
  if (w.outcome === "processed") {
    w.txid = sb.rng.hex(32);
    setStatus(account, w, WITHDRAWAL_STATUS.processed, at);
    return;
  }
  refund(sb, account, w);
  setStatus(account, w, w.outcome === "error" ? WITHDRAWAL_STATUS.error : WITHDRAWAL_STATUS.rejected, at);
}

/** Registers the withdrawal create, list, retrieve and authorize routes. */
export function registerWithdrawalRoutes(router: Router): void {
  const base = "/api/private/v2/wallet/{asset}/withdrawals/";
  router.private("POST", base, (req) => json(201, withdrawalJson(createWithdrawal(req))));
  router.private("GET", base, (req) => {
    const asset = pathAsset(req);
    const list = req.account.withdrawals.filter((w) => w.asset === asset).sort((a, b) => b.id - a.id);
    return json(200, paginate(req, list.map(withdrawalJson)));
  });
  router.private("GET", `${base}{id}/`, (req) => json(200, withdrawalJson(findWithdrawal(req))));
  router.private(
    "POST",
    `${base}{id}/authorize/`,
    (req) => {
      authorizeWithdrawal(req);
      return empty(200);
    },
    { form: true },
  );
}
