/**
 * Following a placed swap until it settles, as background jobs (BullMQ on Redis), not a conversation
 * wait: a "fast" job polls about once a second for about ten seconds; if the swap is still processing
 * then, the user is told and "slow" jobs check again on a widening schedule until it settles. Jobs live
 * in Redis, so a restart loses no follow-up. Rendering and sending are the caller's (`notify`).
 *
 * A swap whose create answer was lost is looked for by a "find" job: a few reads of the newest swaps
 * over a few seconds; found, it is followed as usual; not found, the user is told to check /swaps.
 * Every follow-up ends with a message (result, or why it stopped), and each final message is sent once
 * even when a job runs again: deliveries are recorded in Redis.
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
  SWAP_STATUS,
  type SwapListItem,
} from "../../exchange/index.ts";
import { createDeliverOnce } from "../deliver-once.ts";
import { FOLLOW_UP_JOB_OPTIONS } from "../follow-up-jobs.ts";
import { logRedisErrors } from "../queue-errors.ts";
import { bullConnection, closeBullConnection, type RedisClient } from "../redis-url.ts";
import { matchPlacedSwap, SEARCH_PAGE_SIZE, type SwapSearch } from "./search.ts";

/** Where news of a swap goes: the chat, the message that shows it, the language. Carries no secret. */
export interface SwapTarget {
  userId: number;
  chatId: number;
  messageId: number;
  /** Language to render in, chosen when the swap was placed. */
  locale: string;
}

/** A swap to follow. */
export interface SwapWatch extends SwapTarget {
  swapId: number;
}

/** A swap whose create answer was lost, to look for among the newest swaps. */
export interface SwapFind extends SwapTarget {
  search: SwapSearch;
}

/** Why a follow-up stopped without a final status. */
export type GaveUpReason = "not_final" | "unreadable" | "disconnected";

/**
 * What the watcher reports. `late` marks a result found after the user was told it was still running;
 * `found` is a lost-answer swap located (it is followed next); `not_found` ends a search, `checked`
 * false when the swaps could not even be read.
 */
export type SwapUpdate =
  | { kind: "settled"; swap: SwapListItem; late: boolean }
  | { kind: "still_processing"; swapId: number }
  | { kind: "gave_up"; swapId: number; reason: GaveUpReason }
  | { kind: "found"; swapId: number }
  | { kind: "not_found"; checked: boolean };

/** Final swap statuses: processed, error, rejected. */
const FINAL_STATUSES: ReadonlySet<number> = new Set([
  SWAP_STATUS.PROCESSED,
  SWAP_STATUS.ERROR,
  SWAP_STATUS.REJECTED,
]);

/** Whether a swap status is final. */
export function isFinalSwapStatus(status: number): boolean {
  return FINAL_STATUSES.has(status);
}

/** Options of {@link createSwapWatcher}. */
export interface SwapWatcherOptions {
  /** Redis for BullMQ (it needs connections of its own). */
  redisUrl: string;
  /** Redis for the record of delivered results. */
  redis: RedisClient;
  /** BullMQ key prefix, e.g. `bull` or a test's own; the delivery record lives under it too. */
  prefix: string;
  clientFor: (userId: number) => Promise<ExchangeClient | undefined>;
  notify: (target: SwapTarget, update: SwapUpdate) => Promise<void>;
  logger: Logger;
  /** Default 1 s (the spec's guidance). */
  pollIntervalMs?: number;
  /** Default 10 s (the spec's guidance). */
  fastWindowMs?: number;
  /** Delays between later checks; default from 15 s growing to an hour, about a day in all. */
  slowDelaysMs?: readonly number[];
  /** Reads of the newest swaps when looking for a lost-answer swap; default 4. */
  findAttempts?: number;
  /** Wait before each of those reads; default 1.5 s (the create may still be under way). */
  findIntervalMs?: number;
  /** BullMQ lock of a running job (and the stalled-job check): a crashed instance's jobs run elsewhere after it. Default 30 s. */
  lockDurationMs?: number;
}

const QUEUE = "swap-watch";
const DEFAULT_SLOW_DELAYS = [
  15_000,
  30_000,
  60_000,
  120_000,
  300_000,
  600_000,
  1_800_000,
  ...Array(23).fill(3_600_000),
];
/** How long a delivery is remembered: longer than any follow-up runs. */
const DELIVERED_TTL_S = 7 * 86_400;

type WatchData = SwapWatch & { attempt?: number };
type JobData = WatchData | SwapFind;

/** A status check: the swap, or why there is none (`permanent`: asking again will not help). */
type Check = { swap: SwapListItem } | { swap?: undefined; permanent: boolean };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The target alone, so no search data or attempt count reaches `notify`. */
function targetOf(data: SwapTarget): SwapTarget {
  return { userId: data.userId, chatId: data.chatId, messageId: data.messageId, locale: data.locale };
}

/** Errors that will not go away by asking again: the key, the record or the answer's shape. */
function isPermanent(error: unknown): boolean {
  return (
    error instanceof ExchangeResponseError ||
    error instanceof ExchangeUnauthorizedError ||
    error instanceof ExchangeForbiddenError ||
    error instanceof ExchangeNotFoundError
  );
}

/** Starts the queue and its worker. `watch` follows a swap, `find` looks for one; `close` stops both. */
export function createSwapWatcher(options: SwapWatcherOptions) {
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const fastWindowMs = options.fastWindowMs ?? 10_000;
  const slowDelays = options.slowDelaysMs ?? DEFAULT_SLOW_DELAYS;
  const findAttempts = Math.max(1, options.findAttempts ?? 4);
  const findIntervalMs = options.findIntervalMs ?? 1500;
  const lockDuration = options.lockDurationMs ?? 30_000;
  const connection = bullConnection(options.redisUrl);
  const queue = new Queue<JobData>(QUEUE, { connection, prefix: options.prefix });

  const deliver = createDeliverOnce({
    redis: options.redis,
    prefix: `${options.prefix}:${QUEUE}:delivered:`,
    claimMs: Math.max(1, Math.floor(lockDuration / 2)),
    sentTtlSeconds: DELIVERED_TTL_S,
  });
  /** Sends a final message unless it was sent before (a job that runs again); see deliver-once.ts. */
  async function deliverOnce(key: string, send: () => Promise<void>): Promise<void> {
    if (!(await deliver(key, send))) options.logger.info({ key }, "swap result already delivered");
  }

  /** The final message of a followed swap, once. */
  function finish(data: SwapWatch, update: SwapUpdate): Promise<void> {
    return deliverOnce(`${data.userId}:${data.swapId}`, () => options.notify(targetOf(data), update));
  }

  async function checkSwap(client: ExchangeClient, id: number): Promise<Check> {
    try {
      return { swap: await client.swaps.get(id) };
    } catch (error) {
      // A failed check is just a check without an answer: the schedule goes on unless it cannot help.
      options.logger.warn({ swapId: id, err: { name: (error as Error).name } }, "swap status check failed");
      return { permanent: isPermanent(error) };
    }
  }

  async function fast(data: WatchData, client: ExchangeClient): Promise<void> {
    const deadline = Date.now() + fastWindowMs;
    let check: Check;
    for (;;) {
      check = await checkSwap(client, data.swapId);
      if (check.swap && isFinalSwapStatus(check.swap.status)) {
        await finish(data, { kind: "settled", swap: check.swap, late: false });
        return;
      }
      if (Date.now() + pollIntervalMs > deadline) break;
      await sleep(pollIntervalMs);
    }
    // Still failing in a way that waiting will not mend: say so now rather than in a day.
    if (!check.swap && check.permanent) {
      await finish(data, { kind: "gave_up", swapId: data.swapId, reason: "unreadable" });
      return;
    }
    await options.notify(targetOf(data), { kind: "still_processing", swapId: data.swapId });
    await scheduleSlow(data, 0);
  }

  async function scheduleSlow(watch: SwapWatch, attempt: number): Promise<void> {
    const delay = slowDelays[attempt];
    if (delay === undefined) {
      await finish(watch, { kind: "gave_up", swapId: watch.swapId, reason: "not_final" });
      return;
    }
    await queue.add(
      "slow",
      { ...watch, attempt },
      { ...FOLLOW_UP_JOB_OPTIONS, delay, jobId: `swap-${watch.userId}-${watch.swapId}-slow-${attempt}` },
    );
  }

  async function slow(data: WatchData, client: ExchangeClient): Promise<void> {
    const check = await checkSwap(client, data.swapId);
    if (check.swap && isFinalSwapStatus(check.swap.status)) {
      await finish(data, { kind: "settled", swap: check.swap, late: true });
      return;
    }
    if (!check.swap && check.permanent) {
      await finish(data, { kind: "gave_up", swapId: data.swapId, reason: "unreadable" });
      return;
    }
    await scheduleSlow(data, (data.attempt ?? 0) + 1);
  }

  async function watch(target: SwapWatch): Promise<void> {
    const data: SwapWatch = { ...targetOf(target), swapId: target.swapId };
    await queue.add("fast", data, {
      ...FOLLOW_UP_JOB_OPTIONS,
      jobId: `swap-${data.userId}-${data.swapId}-fast`,
    });
  }

  async function find(data: SwapFind, client: ExchangeClient, jobId: string): Promise<void> {
    let checked = false;
    for (let i = 0; i < findAttempts; i++) {
      await sleep(findIntervalMs);
      let swaps: SwapListItem[];
      try {
        swaps = (await client.swaps.list({ page: 1, page_size: SEARCH_PAGE_SIZE })).results;
        checked = true;
      } catch (error) {
        options.logger.warn({ err: { name: (error as Error).name } }, "swap search read failed");
        continue;
      }
      const swap = matchPlacedSwap(swaps, data.search);
      if (swap) {
        options.logger.info({ swapId: swap.id }, "swap with a lost answer found");
        await options.notify(targetOf(data), { kind: "found", swapId: swap.id });
        await watch({ ...targetOf(data), swapId: swap.id });
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
        // Disconnected since: nothing to look with, but the user still needs to hear.
        if (!client) {
          const target = targetOf(data);
          await deliverOnce(`find:${job.id}`, () =>
            options.notify(target, { kind: "not_found", checked: false }),
          );
        } else await find(data, client, String(job.id));
        return;
      }
      if (!client) await finish(data, { kind: "gave_up", swapId: data.swapId, reason: "disconnected" });
      else if (job.name === "fast") await fast(data, client);
      else await slow(data, client);
    },
    // Fast jobs mostly sleep between checks, so many can run at once. After a Redis outage, fetching jobs
    // is retried every 2 s (BullMQ's default 15 s would hold follow-ups back long after Redis is back).
    {
      connection,
      prefix: options.prefix,
      concurrency: 50,
      runRetryDelay: 2000,
      lockDuration,
      stalledInterval: lockDuration,
    },
  );
  logRedisErrors(options.logger, "swap watcher: redis error", [queue, worker]);
  worker.on("failed", (job, error) => {
    const final = job !== undefined && job.attemptsMade >= (job.opts.attempts ?? 1);
    options.logger[final ? "error" : "warn"](
      { jobId: job?.id, final, err: { name: error.name, message: error.message } },
      final ? "swap follow-up gave up: its message could not be sent" : "swap watch job failed",
    );
  });

  return {
    /** Starts following a swap; the same swap is never followed twice. */
    watch,
    /** Starts looking for a swap whose create answer was lost (see `SwapSearch`). */
    async find(target: SwapFind): Promise<void> {
      const data: SwapFind = { ...targetOf(target), search: target.search };
      await queue.add("find", data, {
        ...FOLLOW_UP_JOB_OPTIONS,
        jobId: `swap-find-${data.userId}-${randomUUID()}`,
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
