/**
 * Following a placed swap until it settles, as background jobs (BullMQ on Redis), not a conversation
 * wait: a "fast" job polls about once a second for about ten seconds; if the swap is still processing
 * then, the user is told and "slow" jobs check again on a widening schedule until it settles. Jobs live
 * in Redis, so a restart loses no follow-up. Rendering and sending are the caller's (`notify`).
 */
import { type Job, Queue, Worker } from "bullmq";
import type { Logger } from "pino";
import { type ExchangeClient, SWAP_STATUS, type SwapListItem } from "../../exchange/index.ts";

/** A swap to follow and the chat message that shows it. Carries no secret. */
export interface SwapWatch {
  userId: number;
  chatId: number;
  messageId: number;
  swapId: number;
  /** Language to render in, chosen when the swap was placed. */
  locale: string;
}

/** What the watcher reports. `late` marks a result found after the user was told it was still running. */
export type SwapUpdate =
  | { kind: "settled"; swap: SwapListItem; late: boolean }
  | { kind: "still_processing" }
  | { kind: "gave_up" };

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
  /** BullMQ key prefix, e.g. `bull` or a test's own. */
  prefix: string;
  clientFor: (userId: number) => Promise<ExchangeClient | undefined>;
  notify: (watch: SwapWatch, update: SwapUpdate) => Promise<void>;
  logger: Logger;
  /** Default 1 s (the spec's guidance). */
  pollIntervalMs?: number;
  /** Default 10 s (the spec's guidance). */
  fastWindowMs?: number;
  /** Delays between later checks; default from 15 s growing to an hour, about a day in all. */
  slowDelaysMs?: readonly number[];
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

type JobData = SwapWatch & { attempt?: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the queue and its worker. `watch` enqueues a follow-up; `close` stops both. */
export function createSwapWatcher(options: SwapWatcherOptions) {
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const fastWindowMs = options.fastWindowMs ?? 10_000;
  const slowDelays = options.slowDelaysMs ?? DEFAULT_SLOW_DELAYS;
  // BullMQ's blocking worker connection must never give up on a command (its documented requirement).
  const connection = { url: options.redisUrl, maxRetriesPerRequest: null };
  const queue = new Queue<JobData>(QUEUE, { connection, prefix: options.prefix });
  const defaults = {
    attempts: 3,
    backoff: { type: "exponential", delay: 1000 },
    removeOnComplete: 1000,
    removeOnFail: 1000,
  };

  async function fetchSwap(client: ExchangeClient, id: number): Promise<SwapListItem | undefined> {
    try {
      return await client.swaps.get(id);
    } catch (error) {
      // A failed check is just a check without an answer: the schedule goes on.
      options.logger.warn({ swapId: id, err: { name: (error as Error).name } }, "swap status check failed");
      return undefined;
    }
  }

  async function fast(data: JobData, client: ExchangeClient): Promise<void> {
    const deadline = Date.now() + fastWindowMs;
    for (;;) {
      const swap = await fetchSwap(client, data.swapId);
      if (swap && isFinalSwapStatus(swap.status)) {
        await options.notify(data, { kind: "settled", swap, late: false });
        return;
      }
      if (Date.now() + pollIntervalMs > deadline) break;
      await sleep(pollIntervalMs);
    }
    await options.notify(data, { kind: "still_processing" });
    await scheduleSlow(data, 0);
  }

  async function scheduleSlow(watch: SwapWatch, attempt: number): Promise<void> {
    const delay = slowDelays[attempt];
    if (delay === undefined) return;
    await queue.add(
      "slow",
      { ...watch, attempt },
      { ...defaults, delay, jobId: `swap-${watch.userId}-${watch.swapId}-slow-${attempt}` },
    );
  }

  async function slow(data: JobData, client: ExchangeClient): Promise<void> {
    const swap = await fetchSwap(client, data.swapId);
    if (swap && isFinalSwapStatus(swap.status)) {
      await options.notify(data, { kind: "settled", swap, late: true });
      return;
    }
    const next = (data.attempt ?? 0) + 1;
    if (next < slowDelays.length) await scheduleSlow(data, next);
    else await options.notify(data, { kind: "gave_up" });
  }

  const worker = new Worker<JobData>(
    QUEUE,
    async (job: Job<JobData>) => {
      const client = await options.clientFor(job.data.userId);
      // Disconnected since: nothing to follow with, and nobody to tell.
      if (!client) return;
      if (job.name === "fast") await fast(job.data, client);
      else await slow(job.data, client);
    },
    // Fast jobs mostly sleep between checks, so many can run at once. After a Redis outage, fetching jobs
    // is retried every 2 s (BullMQ's default 15 s would hold follow-ups back long after Redis is back).
    { connection, prefix: options.prefix, concurrency: 50, runRetryDelay: 2000 },
  );
  // Without a listener BullMQ prints these to stderr. During a Redis outage every reconnection attempt
  // fails again (BullMQ's connections retry forever), so each distinct error is logged once a minute.
  const loggedAt = new Map<string, number>();
  const onRedisError = (error: Error) => {
    const key = `${error.name}: ${error.message}`;
    const now = Date.now();
    if (now - (loggedAt.get(key) ?? Number.NEGATIVE_INFINITY) < 60_000) return;
    loggedAt.set(key, now);
    options.logger.warn({ err: { name: error.name, message: error.message } }, "swap watcher: redis error");
  };
  queue.on("error", onRedisError);
  worker.on("error", onRedisError);
  worker.on("failed", (job, error) => {
    options.logger.warn(
      { jobId: job?.id, err: { name: error.name, message: error.message } },
      "swap watch job failed",
    );
  });

  return {
    /** Starts following a swap; the same swap is never followed twice. */
    async watch(watch: SwapWatch): Promise<void> {
      await queue.add("fast", watch, { ...defaults, jobId: `swap-${watch.userId}-${watch.swapId}-fast` });
    },
    /** Waits for running jobs to finish their step, then closes the worker and the queue. */
    async close(): Promise<void> {
      await worker.close();
      await queue.close();
    },
  };
}
