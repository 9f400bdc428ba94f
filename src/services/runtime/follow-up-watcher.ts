/**
 * What the follow-up watchers (swaps, withdrawals) share: one BullMQ queue and its worker, final messages
 * sent once even when a job runs again (deliver-once.ts), failed jobs and Redis errors logged, and the
 * "find" job that looks among the newest records for one whose create answer was lost. Jobs live in
 * Redis, so a restart loses no follow-up. What a watch job checks and reports, and what becomes of a
 * found record, is the watcher's own: it passes them in.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { type Job, Queue, Worker } from "bullmq";
import type { Logger } from "pino";
import {
  type ExchangeClient,
  ExchangeForbiddenError,
  ExchangeNotFoundError,
  ExchangeResponseError,
  ExchangeUnauthorizedError,
} from "../../exchange/index.ts";
import { bullConnection, closeBullConnection, type RedisClient } from "../../redis/url.ts";
import { createDeliverOnce } from "./deliver-once.ts";
import { logRedisErrors } from "./queue-errors.ts";

/** Where news of a followed record goes: the chat, the message that shows it, the language. Carries no secret. */
export interface FollowUpTarget {
  userId: number;
  chatId: number;
  /** The message that shows the record (news edits it or follows it). */
  messageId: number;
  /** Language to render in, chosen when the record was placed. */
  locale: string;
}

/** Why a follow-up stopped without a final status. */
export type FollowUpGaveUp = "not_final" | "unreadable" | "disconnected";

/** The end of a search that found nothing; `checked` false when the records could not even be read. */
export interface FollowUpNotFound {
  kind: "not_found";
  checked: boolean;
}

/** Options every follow-up watcher takes from its caller. */
export interface FollowUpWatcherOptions<Update> {
  /** Redis for BullMQ (it needs connections of its own). */
  redisUrl: string;
  /** Redis for the record of delivered messages. */
  redis: RedisClient;
  /** BullMQ key prefix, e.g. `bull` or a test's own; the delivery record lives under it too. */
  prefix: string;
  clientFor: (userId: number) => Promise<ExchangeClient | undefined>;
  notify: (target: FollowUpTarget, update: Update) => Promise<void>;
  logger: Logger;
  /** Reads of the newest records when looking for a lost create; default 4. */
  findAttempts?: number;
  /** Wait before each of those reads; default 1.5 s (the create may still be under way). */
  findIntervalMs?: number;
}

/** A status read, or why there is none (`permanent`: asking again will not help). */
export type StatusRead<T> = { value: T } | { value?: undefined; permanent: boolean };

/** A search job's data: where to report, and what to look for. */
type FindData = FollowUpTarget & { search: unknown };

/** What makes a watcher of one kind of record: `Watch` the data of its watch jobs, `Find` of its search jobs. */
interface FollowUpKind<Watch extends FollowUpTarget, Find extends FindData, Item> {
  /** The BullMQ queue, e.g. `swap-watch`; the delivery record lives under it. */
  queue: string;
  /** What is followed, as the log lines name it: `swap`, `withdrawal`. */
  noun: string;
  /** Start of the search jobs' ids (`<jobIdPrefix>-find-<user>-<uuid>`). */
  jobIdPrefix: string;
  /** BullMQ lock of a running job (and the stalled-job check): a crashed instance's jobs run elsewhere after it. Default 30 s. */
  lockDurationMs?: number;
  /** Runs a watch job (any job but a search) for a user still connected. */
  follow: (job: Job<Watch>, client: ExchangeClient) => Promise<void>;
  /** Ends a watch job whose user disconnected since. */
  disconnected: (data: Watch) => Promise<void>;
  /** Reads the newest records a lost create may be among. */
  readNewest: (client: ExchangeClient, data: Find) => Promise<Item[]>;
  /** The record a search looks for among them, if there. */
  match: (items: Item[], data: Find) => Item | undefined;
  /** What becomes of a record found by the search job `jobId`. */
  found: (data: Find, item: Item, jobId: string) => Promise<void>;
}

/** A failed check is tried again twice with a growing wait; the last thousand finished jobs of each kind are kept for inspection. */
const JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: "exponential", delay: 1000 },
  removeOnComplete: 1000,
  removeOnFail: 1000,
} as const;
/** How long a delivery is remembered: longer than any follow-up runs. */
const DELIVERED_TTL_S = 7 * 86_400;

/** The target alone, so no search data, status or attempt count reaches `notify`. */
export function targetOf(data: FollowUpTarget): FollowUpTarget {
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

/**
 * Starts the queue and its worker. Returns `add` (queue a watch job), `find` (queue a search),
 * `readStatus`, `deliverOnce` and `close`, which stops both.
 */
export function createFollowUpWatcher<Watch extends FollowUpTarget, Find extends FindData, Item>(
  options: FollowUpWatcherOptions<FollowUpNotFound> & FollowUpKind<Watch, Find, Item>,
) {
  const { logger, noun } = options;
  const findAttempts = Math.max(1, options.findAttempts ?? 4);
  const findIntervalMs = options.findIntervalMs ?? 1500;
  const lockDuration = options.lockDurationMs ?? 30_000;
  const connection = bullConnection(options.redisUrl);
  // Typed loosely: jobs are queued only through `add` (watch data) and `find` (search data) below.
  const queue = new Queue<FollowUpTarget>(options.queue, { connection, prefix: options.prefix });

  // The claim while sending lasts half the job lock, so a process that dies mid-send leaves the message
  // to the job's next run.
  const deliver = createDeliverOnce({
    redis: options.redis,
    prefix: `${options.prefix}:${options.queue}:delivered:`,
    claimMs: Math.max(1, Math.floor(lockDuration / 2)),
    sentTtlSeconds: DELIVERED_TTL_S,
  });
  /** Sends a final message unless it was sent before (a job that runs again); see deliver-once.ts. */
  async function deliverOnce(key: string, send: () => Promise<void>): Promise<void> {
    if (!(await deliver(key, send))) logger.info({ key }, `${noun} result already delivered`);
  }

  /** Reads a status; a failure is logged with `logged` (the record's id) and said to be permanent or not. */
  async function readStatus<T>(
    logged: Record<string, unknown>,
    read: () => Promise<T>,
  ): Promise<StatusRead<T>> {
    try {
      return { value: await read() };
    } catch (error) {
      // A failed check is just a check without an answer: the schedule goes on unless it cannot help.
      logger.warn({ ...logged, err: { name: (error as Error).name } }, `${noun} status check failed`);
      return { permanent: isPermanent(error) };
    }
  }

  function notFound(data: Find, jobId: string, checked: boolean): Promise<void> {
    return deliverOnce(`find:${jobId}`, () => options.notify(targetOf(data), { kind: "not_found", checked }));
  }

  async function search(data: Find, client: ExchangeClient, jobId: string): Promise<void> {
    let checked = false;
    for (let i = 0; i < findAttempts; i++) {
      await sleep(findIntervalMs);
      let items: Item[];
      try {
        items = await options.readNewest(client, data);
        checked = true;
      } catch (error) {
        logger.warn({ err: { name: (error as Error).name } }, `${noun} search read failed`);
        continue;
      }
      const item = options.match(items, data);
      if (item) {
        await options.found(data, item, jobId);
        return;
      }
    }
    await notFound(data, jobId, checked);
  }

  const isFind = (data: Watch | Find): data is Find => "search" in data;

  const worker = new Worker<Watch | Find>(
    options.queue,
    async (job: Job<Watch | Find>) => {
      const data = job.data;
      const client = await options.clientFor(data.userId);
      if (isFind(data)) {
        // Disconnected since: nothing to look with, but the user still needs to hear.
        if (!client) await notFound(data, String(job.id), false);
        else await search(data, client, String(job.id));
        return;
      }
      if (!client) await options.disconnected(data);
      else await options.follow(job as Job<Watch>, client);
    },
    // A swap's first watch job polls for seconds, mostly asleep, so many jobs run at once. After a Redis
    // outage, fetching jobs is retried every 2 s (BullMQ's default 15 s would hold follow-ups back long
    // after Redis is back).
    {
      connection,
      prefix: options.prefix,
      concurrency: 50,
      runRetryDelay: 2000,
      lockDuration,
      stalledInterval: lockDuration,
    },
  );
  logRedisErrors(logger, `${noun} watcher: redis error`, [queue, worker]);
  worker.on("failed", (job, error) => {
    const final = job !== undefined && job.attemptsMade >= (job.opts.attempts ?? 1);
    logger[final ? "error" : "warn"](
      { jobId: job?.id, final, err: { name: error.name, message: error.message } },
      final ? `${noun} follow-up gave up: its message could not be sent` : `${noun} watch job failed`,
    );
  });

  return {
    /** Queues a watch job `name`; a job of the same id is queued once. */
    async add(name: string, data: Watch, job: { jobId: string; delay?: number }): Promise<void> {
      await queue.add(name, data, { ...JOB_OPTIONS, ...job });
    },
    /** Queues a search for a record whose create answer was lost. */
    async find(data: Find): Promise<void> {
      await queue.add("find", data, {
        ...JOB_OPTIONS,
        jobId: `${options.jobIdPrefix}-find-${data.userId}-${randomUUID()}`,
      });
    },
    readStatus,
    deliverOnce,
    /** Waits for running jobs to finish their step, then closes the worker and the queue. */
    async close(): Promise<void> {
      await worker.close();
      await queue.close();
      await closeBullConnection(connection);
    },
  };
}
