/**
 * Following withdrawals in the background (BullMQ on Redis), never in a conversation: a "check" job
 * reads the withdrawal's status and reports each change once (pending, processing, then processed with
 * the transaction id, or error / canceled / rejected / expired), then schedules the next check on a
 * widening schedule that outlasts the 30-minute email confirmation of a first-time address.
 *
 * A withdrawal whose create answer was lost is looked for by a "find" job among the newest withdrawals
 * of the asset; found, it is reported (it still needs its 2FA code); not found, the user is told to check
 * /withdrawals. An authorize whose answer was lost is followed like any other, and reported as not
 * authorized when it stays a draft. Each report is delivered once even when a job runs again.
 */
import { randomUUID } from "node:crypto";
import { type Job, Queue, Worker } from "bullmq";
import type { Logger } from "pino";
import {
  type ExchangeClient,
  ExchangeForbiddenError,
  ExchangeNotFoundError,
  ExchangeResponseError,
  ExchangeUnauthorizedError,
  WITHDRAWAL_STATUS,
  type Withdrawal,
} from "../../exchange/index.ts";
import { createDeliverOnce } from "../deliver-once.ts";
import { FOLLOW_UP_JOB_OPTIONS } from "../follow-up-jobs.ts";
import { logRedisErrors } from "../queue-errors.ts";
import { bullConnection, closeBullConnection, type RedisClient } from "../redis-url.ts";
import { matchCreatedWithdrawal, WITHDRAWAL_SEARCH_PAGE_SIZE, type WithdrawalSearch } from "./search.ts";

/** Where news of a withdrawal goes. Carries no secret. */
export interface WithdrawalTarget {
  userId: number;
  chatId: number;
  /** The message that shows the withdrawal (the first news edits it). */
  messageId: number;
  locale: string;
}

/** A withdrawal to follow. */
export interface WithdrawalWatch extends WithdrawalTarget {
  asset: string;
  withdrawalId: number;
  /** The destination was never used before: the exchange holds it for the emailed link. */
  firstTime: boolean;
  /** The authorize answer was lost: a withdrawal still a draft after a few checks was not authorized. */
  uncertain?: boolean;
}

/** A withdrawal whose create answer was lost. */
export interface WithdrawalFind extends WithdrawalTarget {
  search: WithdrawalSearch;
  firstTime: boolean;
}

/** Why a follow-up stopped without a final status. */
export type WithdrawalGaveUp = "not_final" | "unreadable" | "disconnected";

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

/** Whether a withdrawal status is final. */
function isFinalWithdrawalStatus(status: number): boolean {
  return FINAL.has(status);
}

/** Options of {@link createWithdrawalWatcher}. */
export interface WithdrawalWatcherOptions {
  redisUrl: string;
  /** Redis for the record of delivered reports. */
  redis: RedisClient;
  /** BullMQ key prefix; the delivery record lives under it too. */
  prefix: string;
  clientFor: (userId: number) => Promise<ExchangeClient | undefined>;
  notify: (target: WithdrawalTarget, update: WithdrawalUpdate) => Promise<void>;
  logger: Logger;
  /** Delays between status checks; by default 5 s for a minute, widening to hourly, about two days in all. */
  delaysMs?: readonly number[];
  /** Checks after which a withdrawal still a draft counts as not authorized (lost authorize answer); default 3. */
  draftChecks?: number;
  /** Reads of the newest withdrawals when looking for a lost create; default 4. */
  findAttempts?: number;
  /** Wait before each of those reads; default 1.5 s. */
  findIntervalMs?: number;
}

const QUEUE = "withdrawal-watch";
const DEFAULT_DELAYS = [
  ...Array(12).fill(5_000),
  ...Array(8).fill(15_000),
  // The emailed link of a first-time address holds for 30 minutes: check each minute meanwhile.
  ...Array(35).fill(60_000),
  ...Array(24).fill(300_000),
  ...Array(40).fill(3_600_000),
];
const DELIVERED_TTL_S = 7 * 86_400;
const JOB_LOCK_MS = 30_000;

type CheckData = WithdrawalWatch & { attempt: number; lastStatus: number | null };
type JobData = CheckData | WithdrawalFind;

function targetOf(data: WithdrawalTarget): WithdrawalTarget {
  return { userId: data.userId, chatId: data.chatId, messageId: data.messageId, locale: data.locale };
}

function isPermanent(error: unknown): boolean {
  return (
    error instanceof ExchangeResponseError ||
    error instanceof ExchangeUnauthorizedError ||
    error instanceof ExchangeForbiddenError ||
    error instanceof ExchangeNotFoundError
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the queue and its worker. `watch` follows a withdrawal, `find` looks for one; `close` stops both. */
export function createWithdrawalWatcher(options: WithdrawalWatcherOptions) {
  const delays = options.delaysMs ?? DEFAULT_DELAYS;
  const draftChecks = Math.max(1, options.draftChecks ?? 3);
  const findAttempts = Math.max(1, options.findAttempts ?? 4);
  const findIntervalMs = options.findIntervalMs ?? 1500;
  const connection = bullConnection(options.redisUrl);
  const queue = new Queue<JobData>(QUEUE, { connection, prefix: options.prefix });

  // Sends a report unless it was sent before (a job that runs again). The claim while sending lasts
  // half the job lock, so a process that dies mid-send leaves the report to the job's next run.
  const deliverOnce = createDeliverOnce({
    redis: options.redis,
    prefix: `${options.prefix}:${QUEUE}:delivered:`,
    claimMs: JOB_LOCK_MS / 2,
    sentTtlSeconds: DELIVERED_TTL_S,
  });

  const keyOf = (data: WithdrawalWatch, what: string | number) =>
    `${data.userId}:${data.asset}:${data.withdrawalId}:${what}`;

  async function schedule(data: CheckData, attempt: number, lastStatus: number | null): Promise<void> {
    const delay = delays[attempt];
    if (delay === undefined) {
      await deliverOnce(keyOf(data, "gave_up"), () =>
        options.notify(targetOf(data), {
          kind: "gave_up",
          withdrawalId: data.withdrawalId,
          reason: "not_final",
        }),
      );
      return;
    }
    await queue.add(
      "check",
      { ...data, attempt, lastStatus },
      {
        ...FOLLOW_UP_JOB_OPTIONS,
        delay,
        jobId: `wd-${data.userId}-${data.asset}-${data.withdrawalId}-${attempt}`,
      },
    );
  }

  async function check(data: CheckData, client: ExchangeClient): Promise<void> {
    let withdrawal: Withdrawal;
    try {
      withdrawal = await client.withdrawals.get(data.asset, data.withdrawalId);
    } catch (error) {
      options.logger.warn(
        { withdrawalId: data.withdrawalId, err: { name: (error as Error).name } },
        "withdrawal status check failed",
      );
      if (isPermanent(error)) {
        await deliverOnce(keyOf(data, "gave_up"), () =>
          options.notify(targetOf(data), {
            kind: "gave_up",
            withdrawalId: data.withdrawalId,
            reason: "unreadable",
          }),
        );
        return;
      }
      await schedule(data, data.attempt + 1, data.lastStatus);
      return;
    }
    const { status } = withdrawal;
    if (status === WITHDRAWAL_STATUS.DRAFT) {
      // Only a lost authorize answer leaves a followed withdrawal a draft; a few looks settle it.
      if (data.uncertain && data.attempt + 1 >= draftChecks) {
        await deliverOnce(keyOf(data, "not_authorized"), () =>
          options.notify(targetOf(data), { kind: "not_authorized", withdrawalId: data.withdrawalId }),
        );
        return;
      }
      await schedule(data, data.attempt + 1, data.lastStatus);
      return;
    }
    if (status !== data.lastStatus) {
      const first = data.lastStatus === null || data.lastStatus === WITHDRAWAL_STATUS.DRAFT;
      await deliverOnce(keyOf(data, status), () =>
        options.notify(targetOf(data), {
          kind: "status",
          withdrawal,
          asset: data.asset,
          firstTime: data.firstTime,
          first,
        }),
      );
    }
    if (isFinalWithdrawalStatus(status)) return;
    await schedule(data, data.attempt + 1, status);
  }

  async function watch(target: WithdrawalWatch): Promise<void> {
    const data: CheckData = {
      ...targetOf(target),
      asset: target.asset,
      withdrawalId: target.withdrawalId,
      firstTime: target.firstTime,
      ...(target.uncertain ? { uncertain: true } : {}),
      attempt: 0,
      lastStatus: null,
    };
    // The first check at once: the exchange may already have moved it on.
    await queue.add("check", data, {
      ...FOLLOW_UP_JOB_OPTIONS,
      jobId: `wd-${data.userId}-${data.asset}-${data.withdrawalId}-start`,
    });
  }

  async function find(data: WithdrawalFind, client: ExchangeClient, jobId: string): Promise<void> {
    let checked = false;
    for (let i = 0; i < findAttempts; i++) {
      await sleep(findIntervalMs);
      let list: Withdrawal[];
      try {
        const page = await client.withdrawals.list(data.search.asset, {
          page: 1,
          page_size: WITHDRAWAL_SEARCH_PAGE_SIZE,
        });
        list = page.results;
        checked = true;
      } catch (error) {
        options.logger.warn({ err: { name: (error as Error).name } }, "withdrawal search read failed");
        continue;
      }
      const withdrawal = matchCreatedWithdrawal(list, data.search);
      if (withdrawal) {
        options.logger.info({ withdrawalId: withdrawal.id }, "withdrawal with a lost answer found");
        await deliverOnce(`find:${jobId}`, () =>
          options.notify(targetOf(data), {
            kind: "found",
            withdrawal,
            asset: data.search.asset,
            firstTime: data.firstTime,
          }),
        );
        return;
      }
    }
    await deliverOnce(`find:${jobId}`, () => options.notify(targetOf(data), { kind: "not_found", checked }));
  }

  const worker = new Worker<JobData>(
    QUEUE,
    async (job: Job<JobData>) => {
      const data = job.data;
      const client = await options.clientFor(data.userId);
      if ("search" in data) {
        if (!client) {
          await deliverOnce(`find:${job.id}`, () =>
            options.notify(targetOf(data), { kind: "not_found", checked: false }),
          );
        } else await find(data, client, String(job.id));
        return;
      }
      if (!client) {
        await deliverOnce(keyOf(data, "gave_up"), () =>
          options.notify(targetOf(data), {
            kind: "gave_up",
            withdrawalId: data.withdrawalId,
            reason: "disconnected",
          }),
        );
        return;
      }
      await check(data, client);
    },
    { connection, prefix: options.prefix, concurrency: 50, runRetryDelay: 2000, lockDuration: JOB_LOCK_MS },
  );
  logRedisErrors(options.logger, "withdrawal watcher: redis error", [queue, worker]);
  worker.on("failed", (job, error) => {
    const final = job !== undefined && job.attemptsMade >= (job.opts.attempts ?? 1);
    options.logger[final ? "error" : "warn"](
      { jobId: job?.id, final, err: { name: error.name, message: error.message } },
      final ? "withdrawal follow-up gave up: its message could not be sent" : "withdrawal watch job failed",
    );
  });

  return {
    /** Starts following a withdrawal. */
    watch,
    /** Starts looking for a withdrawal whose create answer was lost. */
    async find(target: WithdrawalFind): Promise<void> {
      const data: WithdrawalFind = {
        ...targetOf(target),
        search: target.search,
        firstTime: target.firstTime,
      };
      await queue.add("find", data, {
        ...FOLLOW_UP_JOB_OPTIONS,
        jobId: `wd-find-${data.userId}-${randomUUID()}`,
      });
    },
    /** Waits for running jobs to finish their step, then closes the worker and the queue. */
    async close(): Promise<void> {
      await worker.close();
      await queue.close();
      await closeBullConnection(connection);
    },
  };
}
