/**
 * The daily digest's schedule, as delayed BullMQ jobs (never timers in one process), so any number of
 * instances share it and a restart loses nothing. Each user who chose an hour has one job per day, named
 * by user, local date, hour and zone, so scheduling the same day twice (from several instances, or a job
 * that runs again) makes one job. When the job runs it checks the user's current choice (a changed hour
 * scheduled its own job, so the old one stands down; a changed zone is followed from then on), sends,
 * and schedules the next day.
 *
 * Once per day: a per-user, per-date mark is set just before sending (SET NX) and taken back if sending
 * fails, so a retried job or a second job on the same date sends nothing more. A crash between sending
 * and finishing the job leaves the mark set: that day is never sent twice, at worst it is not repeated.
 */
import { type Job, Queue, Worker } from "bullmq";
import type { Logger } from "pino";
import { type ExchangeClient, ExchangeUnauthorizedError, type Ticker } from "../../exchange/index.ts";
import { bullConnection, closeBullConnection, type RedisClient } from "../../redis/url.ts";
import { logRedisErrors } from "../runtime/queue-errors.ts";
import { type DigestContent, gatherDigest } from "./content.ts";
import { nextLocalHour, zonedHourInstant } from "./zoned-time.ts";

const QUEUE = "digest";
const SENT_TTL_S = 3 * 86_400;
// A digest that could not run near its hour (every instance down) is skipped, not sent hours late.
const DEFAULT_LATE_MS = 3 * 3_600_000;
const ATTEMPTS = 3;

/** What the digest needs to know of a user, read when the job runs. */
export interface DigestUser {
  /** The chosen local hour (0-23); undefined when the digest is off. */
  hour: number | undefined;
  zone: string;
  /** The alert notification level: "off" sends nothing, "silent" sends without sound. */
  level: "on" | "silent" | "off";
  locale: string;
}

/** How sending went: "blocked" when Telegram refuses the chat (the user blocked the bot). */
export type DigestSendResult = "sent" | "blocked";

/** Options of {@link createDigestScheduler}. */
export interface DigestSchedulerOptions {
  /** For BullMQ's own connections. */
  redisUrl: string;
  redis: RedisClient;
  /** Prefix of BullMQ's keys and of the sent marks. */
  prefix: string;
  logger: Logger;
  userOf(userId: number): Promise<DigestUser>;
  clientFor(userId: number): Promise<ExchangeClient | undefined>;
  ticker(): Promise<Ticker>;
  send(userId: number, content: DigestContent, user: DigestUser, at: number): Promise<DigestSendResult>;
  now?: () => number;
  lateMs?: number;
}

/** One day's digest of one user. */
interface DigestJob {
  userId: number;
  date: string;
  hour: number;
  zone: string;
}

/** A job id: BullMQ ids may not hold ":" and must not be plain numbers. */
function jobId(job: DigestJob): string {
  return `digest-${job.userId}-${job.date}-${job.hour}-${job.zone.replace(/[^A-Za-z0-9_+-]/g, "_")}`;
}

/** Starts the digest queue and its worker. */
export function createDigestScheduler(options: DigestSchedulerOptions) {
  const now = options.now ?? Date.now;
  const lateMs = options.lateMs ?? DEFAULT_LATE_MS;
  const connection = bullConnection(options.redisUrl);
  const queue = new Queue<DigestJob>(QUEUE, { connection, prefix: options.prefix });
  const log = options.logger;

  /** Adds the job for the next `hour`:00 in `zone` after `after`. */
  async function scheduleNext(userId: number, hour: number, zone: string, after: number): Promise<void> {
    const next = nextLocalHour(after, hour, zone);
    const job: DigestJob = { userId, date: next.date, hour, zone };
    await queue.add("digest", job, {
      jobId: jobId(job),
      delay: Math.max(0, next.at - now()),
      attempts: ATTEMPTS,
      backoff: { type: "exponential", delay: 30_000 },
      // Kept a few days so the same day's job id stays taken (that is what makes scheduling idempotent).
      removeOnComplete: { age: SENT_TTL_S },
      removeOnFail: { age: SENT_TTL_S },
    });
  }

  /** Sends the day's digest once; "blocked" when the chat refuses messages. */
  async function sendOnce(job: DigestJob, user: DigestUser, client: ExchangeClient) {
    const at = now();
    const content = await gatherDigest(client, await options.ticker(), at, user.zone);
    const mark = `${options.prefix}:${QUEUE}:sent:${job.userId}:${job.date}`;
    if ((await options.redis.set(mark, "1", "EX", SENT_TTL_S, "NX")) !== "OK") {
      log.info({ userId: job.userId, date: job.date }, "digest already sent today");
      return "sent";
    }
    try {
      return await options.send(job.userId, content, user, at);
    } catch (error) {
      await options.redis.del(mark).catch(() => undefined);
      throw error;
    }
  }

  async function run(bullJob: Job<DigestJob>): Promise<void> {
    const job = bullJob.data;
    const user = await options.userOf(job.userId);
    // Turned off, or moved to another hour: that choice scheduled its own job.
    if (user.hour !== job.hour) return;
    // Moved to another zone (the zone is set elsewhere, so nothing rescheduled it): follow it from now.
    if (user.zone !== job.zone) {
      await scheduleNext(job.userId, job.hour, user.zone, now());
      return;
    }
    const due = zonedHourInstant(job.date, job.hour, job.zone);
    const late = now() - due > lateMs;
    let result: DigestSendResult = "sent";
    if (!late && user.level !== "off") {
      const client = await options.clientFor(job.userId);
      if (client === undefined) {
        log.info({ userId: job.userId }, "digest skipped: no key connected");
      } else {
        try {
          result = await sendOnce(job, user, client);
        } catch (error) {
          const lastAttempt = bullJob.attemptsMade + 1 >= ATTEMPTS;
          // A key the exchange refuses will not work on a retry; other failures get the retries.
          if (!(error instanceof ExchangeUnauthorizedError) && !lastAttempt) throw error;
          log.warn({ userId: job.userId, err: error }, "digest not sent today");
        }
      }
    }
    // A user who blocked the bot is dropped: no more jobs until they choose an hour again.
    if (result === "blocked") {
      log.info({ userId: job.userId }, "digest stopped: the user blocked the bot");
      return;
    }
    await scheduleNext(job.userId, job.hour, job.zone, Math.max(now(), due) + 1);
  }

  const worker = new Worker<DigestJob>(QUEUE, run, {
    connection,
    prefix: options.prefix,
    concurrency: 10,
    runRetryDelay: 2000,
  });
  logRedisErrors(log, "digest queue: redis error", [queue, worker]);
  worker.on("failed", (job, error) =>
    log.warn({ jobId: job?.id, err: { name: error.name, message: error.message } }, "digest job failed"),
  );

  return {
    /**
     * Schedules the user's next digest for `hour` in `zone` (undefined: off; the pending job then stands
     * down when it runs). Safe to call again: the same day is scheduled once.
     */
    async schedule(userId: number, hour: number | undefined, zone: string): Promise<void> {
      if (hour === undefined) return;
      await scheduleNext(userId, hour, zone, now());
    },
    /** The pending digest job ids of a user (for tests and operators). */
    async pending(userId: number): Promise<string[]> {
      const jobs = await queue.getDelayed(0, -1);
      return jobs.filter((j) => j.data.userId === userId).map((j) => String(j.id));
    },
    /** Runs a user's pending digest jobs now instead of at their hour (tests and the demo). */
    async runNow(userId: number): Promise<void> {
      const jobs = await queue.getDelayed(0, -1);
      for (const job of jobs) if (job.data.userId === userId) await job.promote();
    },
    /** Stops the worker (a running job finishes) and the queue. */
    async close(): Promise<void> {
      await worker.close();
      await queue.close();
      await closeBullConnection(connection);
    },
  };
}

/** The digest scheduler. */
export type DigestScheduler = ReturnType<typeof createDigestScheduler>;
