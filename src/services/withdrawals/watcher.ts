/**
 * Following withdrawals in the background (BullMQ on Redis), never in a conversation: a "check" job
 * reads the withdrawal's status and reports each change once (pending, processing, then processed with
 * the transaction id, or error / canceled / rejected / expired), then schedules the next check on a
 * widening schedule that outlasts the 30-minute email confirmation of a first-time address.
 *
 * A withdrawal whose create answer was lost is looked for by a "find" job among the newest withdrawals
 * of the asset; found, it is reported (it still needs its 2FA code); not found, the user is told to check
 * /withdrawals. An authorize whose answer was lost is followed like any other, and reported as not
 * authorized when it stays a draft. Each report is delivered once even when a job runs again. The queue,
 * the worker, the search job and the record of deliveries are the follow-up watcher's
 * (../runtime/follow-up-watcher.ts), shared with swaps.
 */
import { randomUUID } from "node:crypto";
import { type ExchangeClient, WITHDRAWAL_STATUS, type Withdrawal } from "../../exchange/index.ts";
import {
  createFollowUpWatcher,
  type FollowUpGaveUp,
  type FollowUpTarget,
  type FollowUpWatcherOptions,
  targetOf,
} from "../runtime/follow-up-watcher.ts";
import { matchCreatedWithdrawal, WITHDRAWAL_SEARCH_PAGE_SIZE, type WithdrawalSearch } from "./search.ts";

/** Where news of a withdrawal goes (the first news edits its message). Carries no secret. */
export type WithdrawalTarget = FollowUpTarget;

/** A withdrawal to follow. */
export interface WithdrawalWatch extends WithdrawalTarget {
  asset: string;
  withdrawalId: number;
  /** The destination was never used before: the exchange holds it for the emailed link. */
  firstTime: boolean;
  /** The authorize answer was lost: a withdrawal still a draft after a few checks was not authorized. */
  uncertain?: boolean;
  /** The status the user was already told (its news is not sent again); none by default. */
  toldStatus?: number;
}

/** A withdrawal whose create answer was lost. */
export interface WithdrawalFind extends WithdrawalTarget {
  search: WithdrawalSearch;
  firstTime: boolean;
}

/** Why a follow-up stopped without a final status. */
export type WithdrawalGaveUp = FollowUpGaveUp;

/**
 * What the watcher reports. `status`: a new status (`first` for the first one seen after authorizing);
 * `not_authorized`: an authorize with a lost answer did not take; `found` / `not_found`: a lost create.
 */
export type WithdrawalUpdate =
  | { kind: "status"; withdrawal: Withdrawal; asset: string; firstTime: boolean; first: boolean }
  | { kind: "not_authorized"; withdrawalId: number }
  | { kind: "gave_up"; withdrawalId: number; reason: WithdrawalGaveUp }
  | { kind: "found"; withdrawal: Withdrawal; asset: string; firstTime: boolean }
  | { kind: "not_found"; checked: boolean };

const FINAL: ReadonlySet<number> = new Set([
  WITHDRAWAL_STATUS.PROCESSED,
  WITHDRAWAL_STATUS.ERROR,
  WITHDRAWAL_STATUS.CANCELED,
  WITHDRAWAL_STATUS.REJECTED,
  WITHDRAWAL_STATUS.EXPIRED,
]);

/** Whether a withdrawal status is final (nothing more will happen to it). */
export function isFinalWithdrawalStatus(status: number): boolean {
  return FINAL.has(status);
}

/** Options of {@link createWithdrawalWatcher}. */
export interface WithdrawalWatcherOptions extends FollowUpWatcherOptions<WithdrawalUpdate> {
  /** Delays between status checks; by default 5 s for a minute, widening to hourly, about two days in all. */
  delaysMs?: readonly number[];
  /** Checks after which a withdrawal still a draft counts as not authorized (lost authorize answer); default 3. */
  draftChecks?: number;
}

const DEFAULT_DELAYS = [
  ...Array(12).fill(5_000),
  ...Array(8).fill(15_000),
  // The emailed link of a first-time address holds for 30 minutes: check each minute meanwhile.
  ...Array(35).fill(60_000),
  ...Array(24).fill(300_000),
  ...Array(40).fill(3_600_000),
];

/**
 * A check job's data. `round` tells one watch of a withdrawal from a later one (a draft not authorized
 * once may be authorized later): BullMQ keeps finished jobs, and a job id seen before is not added again.
 */
type CheckData = WithdrawalWatch & { round: string; attempt: number; lastStatus: number | null };

/** Starts the queue and its worker. `watch` follows a withdrawal, `find` looks for one; `close` stops both. */
export function createWithdrawalWatcher(options: WithdrawalWatcherOptions) {
  const delays = options.delaysMs ?? DEFAULT_DELAYS;
  const draftChecks = Math.max(1, options.draftChecks ?? 3);

  const jobs = createFollowUpWatcher<CheckData, WithdrawalFind, Withdrawal>({
    ...options,
    queue: "withdrawal-watch",
    noun: "withdrawal",
    jobIdPrefix: "wd",
    follow: (job, client) => check(job.data, client),
    disconnected: (data) => gaveUp(data, "disconnected"),
    readNewest: async (client, data) =>
      (await client.withdrawals.list(data.search.asset, { page: 1, page_size: WITHDRAWAL_SEARCH_PAGE_SIZE }))
        .results,
    match: (list, data) => matchCreatedWithdrawal(list, data.search),
    found: async (data, withdrawal, jobId) => {
      options.logger.info({ withdrawalId: withdrawal.id }, "withdrawal with a lost answer found");
      await jobs.deliverOnce(`find:${jobId}`, () =>
        options.notify(targetOf(data), {
          kind: "found",
          withdrawal,
          asset: data.search.asset,
          firstTime: data.firstTime,
        }),
      );
    },
  });

  /** Sends the report of `what` (a status or an ending) about a withdrawal, once. */
  function report(data: CheckData, what: string | number, update: WithdrawalUpdate): Promise<void> {
    // A status is told once per withdrawal; how a watch ended, once per watch.
    const key = typeof what === "number" ? what : `${data.round}:${what}`;
    return jobs.deliverOnce(`${data.userId}:${data.asset}:${data.withdrawalId}:${key}`, () =>
      options.notify(targetOf(data), update),
    );
  }

  function gaveUp(data: CheckData, reason: WithdrawalGaveUp): Promise<void> {
    return report(data, "gave_up", { kind: "gave_up", withdrawalId: data.withdrawalId, reason });
  }

  async function schedule(data: CheckData, attempt: number, lastStatus: number | null): Promise<void> {
    const delay = delays[attempt];
    if (delay === undefined) {
      await gaveUp(data, "not_final");
      return;
    }
    await jobs.add(
      "check",
      { ...data, attempt, lastStatus },
      { delay, jobId: `wd-${data.userId}-${data.asset}-${data.withdrawalId}-${data.round}-${attempt}` },
    );
  }

  async function check(data: CheckData, client: ExchangeClient): Promise<void> {
    const read = await jobs.readStatus({ withdrawalId: data.withdrawalId }, () =>
      client.withdrawals.get(data.asset, data.withdrawalId),
    );
    if (!read.value) {
      if (read.permanent) await gaveUp(data, "unreadable");
      else await schedule(data, data.attempt + 1, data.lastStatus);
      return;
    }
    const withdrawal = read.value;
    const { status } = withdrawal;
    if (status === WITHDRAWAL_STATUS.DRAFT) {
      // Only a lost authorize answer leaves a followed withdrawal a draft; a few looks settle it.
      if (data.uncertain && data.attempt + 1 >= draftChecks) {
        await report(data, "not_authorized", { kind: "not_authorized", withdrawalId: data.withdrawalId });
        return;
      }
      await schedule(data, data.attempt + 1, data.lastStatus);
      return;
    }
    if (status !== data.lastStatus) {
      const first = data.lastStatus === null || data.lastStatus === WITHDRAWAL_STATUS.DRAFT;
      await report(data, status, {
        kind: "status",
        withdrawal,
        asset: data.asset,
        firstTime: data.firstTime,
        first,
      });
    }
    if (isFinalWithdrawalStatus(status)) return;
    await schedule(data, data.attempt + 1, status);
  }

  return {
    /** Starts following a withdrawal. */
    async watch(target: WithdrawalWatch): Promise<void> {
      const data: CheckData = {
        ...targetOf(target),
        asset: target.asset,
        withdrawalId: target.withdrawalId,
        firstTime: target.firstTime,
        ...(target.uncertain ? { uncertain: true } : {}),
        round: randomUUID(),
        attempt: 0,
        lastStatus: target.toldStatus ?? null,
      };
      // The first check at once: the exchange may already have moved it on.
      await jobs.add("check", data, {
        jobId: `wd-${data.userId}-${data.asset}-${data.withdrawalId}-${data.round}-start`,
      });
    },
    /** Starts looking for a withdrawal whose create answer was lost. */
    async find(target: WithdrawalFind): Promise<void> {
      await jobs.find({ ...targetOf(target), search: target.search, firstTime: target.firstTime });
    },
    /** Waits for running jobs to finish their step, then closes the worker and the queue. */
    close: jobs.close,
  };
}
