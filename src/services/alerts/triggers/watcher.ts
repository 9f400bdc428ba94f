/**
 * The alert watcher: reads connected users' price triggers from the exchange and hands each new event
 * to `deliver` exactly once. Every instance runs the same code on the same Redis; the work is split
 * through it, so any number of instances read each user at most once at a time and send each event
 * once (see docs/alerts.md for the design, the keys and the crash window that remains).
 *
 * - Once per tick (a second), one instance (SET NX PX lock) scans: users whose heartbeat is due (each
 *   user's own slot in every `ALERT_POLL_SECONDS`, so beats are spread) and users with a level near the
 *   shared ticker get a read job. Read jobs have one id per user, so a user waiting to be read is never
 *   queued twice; a near user is also marked, so a read of theirs already running reads once more.
 * - A read job (BullMQ, any instance) holds the user's read lock, reads every trigger, stores the armed
 *   levels, queues a delivery job per new event (its id names the event), then records the events as
 *   known. A crash before that record reads and queues again: the job id or the sent record dedupes.
 * - A beat's read (the scan marks the beat it queues; the user's next read takes the mark) also reads the
 *   user's portfolio alerts on every k-th beat (portfolio/watch.ts); their events are delivery jobs too.
 * - A delivery job sends through `deliver` (the bot's notifier, whose Api is paced for every instance
 *   together: bot/pipeline/telegram-pace/shared-pacer.ts); a 429 that outlasts the Api's own retries runs
 *   the job again after Telegram's retry_after.
 */
import { randomUUID } from "node:crypto";
import { DelayedError, type Job, Queue, Worker } from "bullmq";
import type { Logger } from "pino";
import {
  type ExchangeClient,
  ExchangeUnauthorizedError,
  type PriceTrigger,
  type RecurringBuy,
} from "../../../exchange/index.ts";
import { cachedScript, runScript } from "../../../redis/script.ts";
import { bullConnection, closeBullConnection, type RedisClient } from "../../../redis/url.ts";
import { createRunWatch } from "../../recurring/run-watch.ts";
import { type RecurringRun, type RunOutcome, runOutcome } from "../../recurring/runs.ts";
import { createLogOnce, logRedisErrors } from "../../runtime/queue-errors.ts";
import { retryWhileUnavailable } from "../../runtime/redis-connection.ts";
import type { PortfolioAlertStore } from "../portfolio/store.ts";
import { createPortfolioWatch, type PortfolioDelivery, portfolioEventId } from "../portfolio/watch.ts";
import type { SharedTicker } from "../shared/ticker.ts";
import { type AlertEvent, diffEvents, eventName } from "./events.ts";
import {
  anyWithinBands,
  armedLevels,
  nearBands,
  type ParsedLevel,
  parseLevels,
  parsePrices,
} from "./levels.ts";
import type { AlertsSync } from "./sync.ts";

/** What a delivery job hands to `deliver`. Carries no secret. */
export type AlertDelivery =
  | { kind: "alert"; userId: number; event: AlertEvent }
  | { kind: "key_revoked"; userId: number }
  | { kind: "recurring_run"; userId: number; run: RecurringRun; outcome: RunOutcome }
  | PortfolioDelivery;

/** A delivery job's data: a run's outcome is read from the history when its job runs. */
type DeliveryJob =
  | Exclude<AlertDelivery, { kind: "recurring_run" }>
  | { kind: "recurring_run"; userId: number; run: RecurringRun };

/**
 * How a delivery went: `sent` (and whether the user wants the event marked seen on the exchange),
 * `muted` (the user's alerts are off: nothing sent, nothing to retry), `blocked` (the user blocked the
 * bot: stop reading them), `retry` (Telegram's flood limit: try again after `afterMs`).
 */
export type DeliveryResult =
  | { status: "sent"; markSeen: boolean }
  | { status: "muted" }
  | { status: "blocked" }
  | { status: "retry"; afterMs: number };

/** Options of {@link createAlertWatcher}. */
export interface AlertWatcherOptions {
  /** Redis for BullMQ (it needs connections of its own). */
  redisUrl: string;
  /** Redis for the watcher's own keys. */
  redis: RedisClient;
  /** BullMQ key prefix, e.g. `bull`. */
  bullPrefix: string;
  /** Prefix of the watcher's keys, e.g. `alerts:`. */
  keyPrefix: string;
  clientFor: (userId: number) => Promise<ExchangeClient | undefined>;
  /** The ticker shared by every instance. */
  ticker: SharedTicker;
  /** Sends one alert or notice (the bot's notifier). */
  deliver: (delivery: AlertDelivery) => Promise<DeliveryResult>;
  logger: Logger;
  /** Heartbeat: each watched user is read at least this often (ALERT_POLL_SECONDS). */
  pollSeconds: number;
  /** How often the scan runs; default 1000 ms. */
  tickMs?: number;
  /** How far beyond the spread a level counts as near, as a fraction of the price; default "0.002". */
  nearFraction?: string;
  /** BullMQ lock of a running job (and the stalled-job check): a crashed instance's jobs run elsewhere after it. Default 30 s. */
  lockDurationMs?: number;
  /** Users connected before the watcher existed, watched once on first start. */
  connectedUsers?: () => AsyncIterable<number>;
  /** The portfolio alerts, read on the users' beats (none watched without it). */
  portfolioAlerts?: PortfolioAlertStore;
}

type ReadData = { userId: number; force?: boolean };

const READ_QUEUE = "alerts-read";
const DELIVER_QUEUE = "alerts-deliver";
/** A read takes well under this; after it the lock frees itself (a crashed reader). */
const READ_LOCK_MS = 30_000;
/** How long a delivered event is remembered; far longer than any retry or re-read can bring it back. */
const SENT_TTL_S = 30 * 86_400;
/** Beats queued per scan at most; the rest come on the next tick. */
const MAX_BEATS_PER_SCAN = 2000;
const PAGE_SIZE = 100;
/**
 * The scan reads the ticker again once it is this old: the shared ticker is read at most once a second, so
 * a scan a second after the last read waits the few ms left of that second instead of comparing levels
 * with a reading a second old until the next scan (which left price moves unseen for up to two seconds).
 */
const SCAN_TICKER_AGE_MS = 900;
/** A scan loads every user's levels whole when its copy is this old (else only the changes). */
const FULL_RELOAD_MS = 60_000;

/** Frees a lock only if it still holds our value. */
const RELEASE = cachedScript(
  `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`,
);

/**
 * Ends a read holding the lock (KEYS lock, again; ARGV our value, lock ms): when a read was asked for
 * while it ran (the again mark), takes the mark and keeps the lock (1: read again); else frees it (0).
 * One step, so a mark set before it is never left without a reader.
 */
const RELEASE_OR_AGAIN = cachedScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if redis.call('DEL', KEYS[2]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
redis.call('DEL', KEYS[1])
return 0`);

/**
 * Records a read, only while the user is still watched (a disconnect meanwhile must not bring them
 * back): KEYS users, levels, known, due, since, levels seq, levels changed; ARGV userId, levels JSON (""
 * for none), next due, names. Levels that differ from the stored ones get the next change number, so a
 * scan fetches only the users whose levels changed since it last looked.
 */
const RECORD_READ = cachedScript(`
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 0 then return 0 end
local old = redis.call('HGET', KEYS[2], ARGV[1])
if ARGV[2] == '' then
  if old then
    redis.call('HDEL', KEYS[2], ARGV[1])
    redis.call('ZADD', KEYS[7], redis.call('INCR', KEYS[6]), ARGV[1])
  end
elseif old ~= ARGV[2] then
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
  redis.call('ZADD', KEYS[7], redis.call('INCR', KEYS[6]), ARGV[1])
end
redis.call('DEL', KEYS[3])
redis.call('SADD', KEYS[3], '*')
for i = 4, #ARGV do redis.call('SADD', KEYS[3], ARGV[i]) end
redis.call('ZADD', KEYS[4], 'XX', ARGV[3], ARGV[1])
redis.call('DEL', KEYS[5])
return 1`);

/**
 * Stops reading a user (KEYS users, due, levels, levels seq, levels changed; ARGV userId): their levels,
 * if any, are removed as a change, so every instance's scan drops them too.
 */
const STOP_WATCHING = cachedScript(`
redis.call('SREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
if redis.call('HDEL', KEYS[3], ARGV[1]) == 1 then
  redis.call('ZADD', KEYS[5], redis.call('INCR', KEYS[4]), ARGV[1])
end
return 1`);

/** The Redis keys of the watcher (documented in docs/alerts.md). */
export function alertKeys(prefix: string) {
  return {
    users: `${prefix}users`,
    levels: `${prefix}levels`,
    levelsSeq: `${prefix}levels:seq`,
    levelsChanged: `${prefix}levels:changed`,
    due: `${prefix}due`,
    scanLock: `${prefix}scan:lock`,
    seeded: `${prefix}seeded`,
    known: (userId: number) => `${prefix}known:${userId}`,
    since: (userId: number) => `${prefix}since:${userId}`,
    reading: (userId: number) => `${prefix}reading:${userId}`,
    again: (userId: number) => `${prefix}again:${userId}`,
    revoked: (userId: number) => `${prefix}revoked:${userId}`,
    /** string: the slot (epoch ms) of the beat the scan queued, taken by the user's next read */
    beat: (userId: number) => `${prefix}beat:${userId}`,
    sent: (userId: number, name: string) => `${prefix}sent:${userId}:${name}`,
  };
}

/** The delivery job id of a recurring trade's run: the same run always gets the same id. */
export function runJobId(userId: number, run: Pick<RecurringRun, "scheduleId" | "at">): string {
  return `run-${userId}-${run.scheduleId}-${run.at}`;
}

/** The delivery job id of an event: the same event always gets the same id. */
export function deliveryJobId(userId: number, event: Pick<AlertEvent, "triggerId" | "fired">): string {
  return `alert-${userId}-${eventName(event.triggerId, new Date(event.fired))}`;
}

/**
 * The next heartbeat of a user after `after` (epoch ms): the user's own slot in every `pollMs`, a stable
 * offset from the id, so users connected (or read) together still beat spread over the interval. Never
 * more than `pollMs` after `after`.
 */
export function nextBeat(userId: number, after: number, pollMs: number): number {
  // Knuth's multiplicative hash spreads consecutive ids over the interval.
  const phase = Math.floor(((Math.imul(userId, 0x9e3779b1) >>> 0) / 2 ** 32) * pollMs);
  return phase + (Math.floor((after - phase) / pollMs) + 1) * pollMs;
}

/** The watcher: the {@link AlertsSync} the chat calls, plus `close`. */
export interface AlertWatcher extends AlertsSync {
  /** Stops the scan, then the workers (running jobs finish their step) and the queues. */
  close(): Promise<void>;
}

/** Starts the scan and the workers. */
export function createAlertWatcher(options: AlertWatcherOptions): AlertWatcher {
  const { redis, logger } = options;
  const logOnce = createLogOnce(logger);
  const keys = alertKeys(options.keyPrefix);
  const pollMs = options.pollSeconds * 1000;
  const tickMs = options.tickMs ?? 1000;
  const fraction = options.nearFraction ?? "0.002";
  const lockDuration = options.lockDurationMs ?? 30_000;
  const connection = bullConnection(options.redisUrl);
  const readQueue = new Queue<ReadData>(READ_QUEUE, { connection, prefix: options.bullPrefix });
  const deliverQueue = new Queue<DeliveryJob>(DELIVER_QUEUE, { connection, prefix: options.bullPrefix });
  const runWatch = createRunWatch({
    redis,
    keyPrefix: options.keyPrefix,
    nextBeat: (userId, after) => nextBeat(userId, after, pollMs),
    logger,
  });
  // A read is never retried: the next tick or beat reads again with fresh data.
  const readDefaults = { attempts: 1, removeOnComplete: true, removeOnFail: true };
  // Completed deliveries stay a day, so their ids keep deduping a re-queued event (the sent record too).
  const deliverDefaults = {
    attempts: 8,
    backoff: { type: "exponential", delay: 2000 },
    removeOnComplete: { age: 86_400, count: 100_000 },
    removeOnFail: { age: 7 * 86_400 },
  };

  const member = (userId: number) => String(userId);
  const portfolio =
    options.portfolioAlerts &&
    createPortfolioWatch({
      store: options.portfolioAlerts,
      pollSeconds: options.pollSeconds,
      logger,
      queue: async (deliveries) => {
        await deliverQueue.addBulk(
          deliveries.map((data) => ({
            name: "portfolio_alert",
            data,
            opts: { ...deliverDefaults, jobId: portfolioEventId(data.event) },
          })),
        );
      },
    });

  async function queueRead(userId: number, force: boolean): Promise<void> {
    // Forced reads (the chat changed something) get ids of their own, so one queued by the scan does not
    // swallow them; the read lock still keeps them one at a time.
    const jobId = force ? `read-${userId}-f-${randomUUID()}` : `read-${userId}`;
    await readQueue.add("read", { userId, ...(force ? { force } : {}) }, { ...readDefaults, jobId });
  }

  /** Stops reading a user but keeps what was delivered (they may come back). */
  async function stopWatching(userId: number): Promise<void> {
    await runScript(redis, STOP_WATCHING, [
      5,
      keys.users,
      keys.due,
      keys.levels,
      keys.levelsSeq,
      keys.levelsChanged,
      member(userId),
    ]);
  }

  async function forget(userId: number): Promise<void> {
    await stopWatching(userId);
    await redis.del(
      keys.known(userId),
      keys.since(userId),
      keys.revoked(userId),
      keys.again(userId),
      keys.beat(userId),
      runWatch.key(userId),
    );
  }

  async function keyRevoked(userId: number): Promise<void> {
    await stopWatching(userId);
    logger.warn({ userId }, "alert watcher: the key was refused, the user is no longer read");
    if ((await redis.set(keys.revoked(userId), "1", "NX")) !== "OK") return;
    await deliverQueue.add(
      "key_revoked",
      { kind: "key_revoked", userId },
      { ...deliverDefaults, jobId: `revoked-${userId}-${Date.now()}` },
    );
  }

  async function listTriggers(client: ExchangeClient): Promise<PriceTrigger[]> {
    const triggers: PriceTrigger[] = [];
    for await (const t of client.priceTriggers.iterate({ page_size: PAGE_SIZE })) triggers.push(t);
    return triggers;
  }

  /**
   * Reads a user's triggers and queues their new events. `baseline`: every event there is now is taken
   * as known (the user just connected). False when the triggers could not be read.
   */
  async function readUser(userId: number, baseline = false): Promise<boolean> {
    if (!(await redis.sismember(keys.users, member(userId)))) return false;
    const client = await options.clientFor(userId);
    if (!client) {
      await forget(userId);
      return false;
    }
    let triggers: PriceTrigger[];
    try {
      triggers = await listTriggers(client);
    } catch (error) {
      if (error instanceof ExchangeUnauthorizedError) {
        await keyRevoked(userId);
        return false;
      }
      // The next tick or beat reads again; nothing was recorded, so nothing is lost.
      logger.warn({ userId, err: { name: (error as Error).name } }, "alert watcher: trigger read failed");
      return false;
    }
    const [knownNames, since] = baseline
      ? [[], null]
      : await Promise.all([redis.smembers(keys.known(userId)), redis.get(keys.since(userId))]);
    const known = knownNames.length > 0 ? new Set(knownNames) : undefined;
    const diff = diffEvents(triggers, known, since === null ? undefined : Number(since));
    // Queued before the events are recorded as known: a crash in between queues them again (deduped),
    // never loses them.
    if (diff.fresh.length > 0) {
      await deliverQueue.addBulk(
        diff.fresh.map((event) => ({
          name: "alert",
          data: { kind: "alert" as const, userId, event },
          opts: { ...deliverDefaults, jobId: deliveryJobId(userId, event) },
        })),
      );
      logger.info({ userId, events: diff.fresh.length }, "alert watcher: new events queued");
    }
    await watchRuns(userId, client);
    const levels = armedLevels(triggers);
    await runScript(redis, RECORD_READ, [
      7,
      keys.users,
      keys.levels,
      keys.known(userId),
      keys.due,
      keys.since(userId),
      keys.levelsSeq,
      keys.levelsChanged,
      member(userId),
      levels.length > 0 ? JSON.stringify(levels) : "",
      String(nextBeat(userId, Date.now(), pollMs)),
      ...diff.names,
    ]);
    if (baseline || !portfolio) return true;
    // The first read after the scan queued a beat is that beat's read; any other read finds no mark.
    const slot = await redis.getdel(keys.beat(userId));
    try {
      await portfolio.read(userId, client, slot === null ? undefined : Number(slot));
    } catch (error) {
      if (!(error instanceof ExchangeUnauthorizedError)) throw error;
      await keyRevoked(userId);
      return false;
    }
    return true;
  }

  /**
   * Recurring trades, on the user's beat (one list of their schedules at most per beat): each run found
   * gets a delivery job (its id names the run), queued before the list is kept, so a crash in between
   * finds the run again and the id dedupes it. A failure here never fails the trigger read.
   */
  async function watchRuns(userId: number, client: ExchangeClient): Promise<void> {
    try {
      const found = await runWatch.check(userId, client);
      if (found.runs.length > 0) {
        await deliverQueue.addBulk(
          found.runs.map((run) => ({
            name: "recurring_run",
            data: { kind: "recurring_run" as const, userId, run },
            opts: { ...deliverDefaults, jobId: runJobId(userId, run) },
          })),
        );
        logger.info({ userId, runs: found.runs.length }, "alert watcher: recurring trade runs queued");
      }
      await found.commit();
    } catch (error) {
      logger.warn({ userId, err: { name: (error as Error).name } }, "alert watcher: run watch failed");
    }
  }

  /** Runs `read` holding the user's read lock; false when someone else holds it. */
  async function withReadLock(userId: number, read: () => Promise<unknown>): Promise<boolean> {
    const lockValue = randomUUID();
    if ((await redis.set(keys.reading(userId), lockValue, "PX", READ_LOCK_MS, "NX")) !== "OK") return false;
    try {
      await read();
    } finally {
      await runScript(redis, RELEASE, [1, keys.reading(userId), lockValue]);
    }
    return true;
  }

  /**
   * A read job's read: holding the lock, reads, then reads again as long as a scan asked for a read
   * meanwhile (the again mark), so a level crossed while a read was under way is seen by the next read
   * at once, not a scan later. Marks are set at most once a tick, so this stays about a read per tick.
   * False when someone else holds the lock (they take the mark).
   */
  async function readWhileAsked(userId: number): Promise<boolean> {
    const lockValue = randomUUID();
    if ((await redis.set(keys.reading(userId), lockValue, "PX", READ_LOCK_MS, "NX")) !== "OK") return false;
    // Asked before this read started: this read answers it.
    await redis.del(keys.again(userId));
    let again = 1;
    try {
      while (again === 1) {
        await readUser(userId);
        again = (await runScript(redis, RELEASE_OR_AGAIN, [
          2,
          keys.reading(userId),
          keys.again(userId),
          lockValue,
          String(READ_LOCK_MS),
        ])) as number;
      }
    } finally {
      if (again === 1) await runScript(redis, RELEASE, [1, keys.reading(userId), lockValue]);
    }
    return true;
  }

  const readWorker = new Worker<ReadData>(
    READ_QUEUE,
    async (job: Job<ReadData>, token?: string) => {
      const { userId } = job.data;
      if (await readWhileAsked(userId)) return;
      // Someone is reading this user now. A scan's read is taken by theirs (the again mark); a forced one waits.
      if (!job.data.force) return;
      await job.moveToDelayed(Date.now() + 250, token);
      throw new DelayedError();
    },
    {
      connection,
      prefix: options.bullPrefix,
      concurrency: 50,
      lockDuration,
      stalledInterval: lockDuration,
      runRetryDelay: 2000,
    },
  );

  async function markSeen(userId: number, event: AlertEvent): Promise<void> {
    try {
      const client = await options.clientFor(userId);
      // Only up to this event: a newer one, not yet delivered, must not be marked seen by us.
      await client?.priceTriggers.update(event.triggerId, {
        events: Array.from({ length: event.index + 1 }, () => ({ seen: true })),
      });
    } catch (error) {
      logger.warn({ userId, err: { name: (error as Error).name } }, "alert watcher: marking seen failed");
    }
  }

  /** Whether a portfolio alert is still there, unpaused and of the revision that fired (else its event is dropped). */
  async function portfolioAlertCurrent(data: PortfolioDelivery): Promise<boolean> {
    const alert = await options.portfolioAlerts?.get(data.userId, data.event.id);
    return alert !== undefined && !alert.paused && alert.rev === data.rev;
  }

  /** The delivery of a job: a run's outcome is read now (a failed read fails the job, which is retried). */
  async function toDelivery(data: DeliveryJob): Promise<AlertDelivery | undefined> {
    if (data.kind !== "recurring_run") return data;
    const client = await options.clientFor(data.userId);
    if (!client) return undefined;
    return { ...data, outcome: await runOutcome(client, data.run) };
  }

  const deliverWorker = new Worker<DeliveryJob>(
    DELIVER_QUEUE,
    async (job: Job<DeliveryJob>, token?: string) => {
      const data = job.data;
      const sentKey =
        data.kind === "alert"
          ? keys.sent(data.userId, eventName(data.event.triggerId, new Date(data.event.fired)))
          : data.kind === "recurring_run"
            ? keys.sent(data.userId, `run-${data.run.scheduleId}-${data.run.at}`)
            : data.kind === "portfolio_alert"
              ? keys.sent(data.userId, portfolioEventId(data.event))
              : undefined;
      if (data.kind !== "key_revoked") {
        if (!(await redis.sismember(keys.users, member(data.userId)))) {
          logger.info({ userId: data.userId }, "alert watcher: user no longer watched, alert dropped");
          return;
        }
        if (sentKey && (await redis.exists(sentKey))) return;
      }
      if (data.kind === "portfolio_alert" && !(await portfolioAlertCurrent(data))) {
        logger.info(
          { userId: data.userId },
          "alert watcher: portfolio alert changed since it fired, not sent",
        );
        return;
      }
      const delivery = await toDelivery(data);
      if (delivery === undefined) return;
      const result = await options.deliver(delivery);
      if (result.status === "retry") {
        // Telegram still refuses after the Api's own retries (the pacer already holds every paced send
        // for retry_after). Nothing was sent, so sending again later duplicates nothing.
        logger.warn({ afterMs: result.afterMs }, "alert watcher: Telegram asked to slow down");
        await job.moveToDelayed(Date.now() + result.afterMs, token);
        throw new DelayedError();
      }
      // Telegram took it: the record must outlive a Redis restart under way, or the job would fail, run
      // again and send it twice. Waited out up to the job's lock, after which it may run elsewhere anyway.
      if (sentKey) {
        await retryWhileUnavailable(() => redis.set(sentKey, "1", "EX", SENT_TTL_S), lockDuration);
      }
      if (result.status === "blocked") {
        logger.info({ userId: data.userId }, "alert watcher: the user blocked the bot, no longer read");
        await stopWatching(data.userId);
      }
      if (result.status === "sent" && result.markSeen && data.kind === "alert") {
        await markSeen(data.userId, data.event);
      }
    },
    {
      connection,
      prefix: options.bullPrefix,
      concurrency: 20,
      lockDuration,
      stalledInterval: lockDuration,
      runRetryDelay: 2000,
    },
  );

  /**
   * Every watched user's levels as this instance last saw them, parsed, by user id; `seq` is the change
   * number they are up to date with and `loadedAt` when they were last loaded whole. A scan fetches only
   * the users whose levels changed since (most scans: none), not every user's levels every second.
   */
  let watched: { levels: Map<string, ParsedLevel[]>; seq: number; loadedAt: number } | undefined;

  /** Brings {@link watched} up to date: only the changes, or everything when it is missing or stale. */
  async function refreshLevels(now: number): Promise<Map<string, ParsedLevel[]>> {
    const seq = Number((await redis.get(keys.levelsSeq)) ?? 0);
    if (watched && seq === watched.seq && now - watched.loadedAt < FULL_RELOAD_MS) return watched.levels;
    if (!watched || seq < watched.seq || now - watched.loadedAt >= FULL_RELOAD_MS) {
      // Loaded whole at first, after Redis lost the counter, and once a minute in any case, so whatever
      // this instance missed (another instance scanned meanwhile, Redis restarted) is put right within it.
      const [seqNow, all] = (await redis.multi().get(keys.levelsSeq).hgetall(keys.levels).exec()) ?? [];
      const levels = new Map<string, ParsedLevel[]>();
      for (const [id, raw] of Object.entries((all?.[1] ?? {}) as Record<string, string>)) {
        levels.set(id, parsePrices(parseLevels(raw)));
      }
      watched = { levels, seq: Number(seqNow?.[1] ?? 0), loadedAt: now };
      return levels;
    }
    const ids = await redis.zrangebyscore(keys.levelsChanged, `(${watched.seq}`, seq);
    const raws = ids.length > 0 ? await redis.hmget(keys.levels, ...ids) : [];
    ids.forEach((id, i) => {
      const raw = raws[i];
      if (raw === null || raw === undefined) watched?.levels.delete(id);
      else watched?.levels.set(id, parsePrices(parseLevels(raw)));
    });
    watched.seq = seq;
    return watched.levels;
  }

  async function scan(): Promise<void> {
    const lockMs = Math.max(50, tickMs - 50);
    if ((await redis.set(keys.scanLock, "1", "PX", lockMs, "NX")) !== "OK") return;
    const now = Date.now();
    const due = await redis.zrangebyscore(
      keys.due,
      "-inf",
      now,
      "WITHSCORES",
      "LIMIT",
      0,
      MAX_BEATS_PER_SCAN,
    );
    const toRead = new Set<string>();
    if (due.length > 0) {
      // Pushed forward now, so the next scans do not queue them again while their read is pending. The
      // beat mark tells the user's next read that it is this beat's (portfolio alerts count beats).
      const next = redis.pipeline();
      for (let i = 0; i < due.length; i += 2) {
        const id = due[i] as string;
        toRead.add(id);
        next.zadd(keys.due, "XX", nextBeat(Number(id), now, pollMs), id);
        if (portfolio?.watched) next.set(keys.beat(Number(id)), due[i + 1] as string, "PX", pollMs);
      }
      await next.exec();
    }
    const near: string[] = [];
    const levels = await refreshLevels(now);
    if (levels.size > 0) {
      try {
        const bands = nearBands(await options.ticker.get(SCAN_TICKER_AGE_MS), fraction);
        for (const [id, parsed] of levels) if (anyWithinBands(parsed, bands)) near.push(id);
      } catch (error) {
        logOnce(error as Error, "alert watcher: no ticker this tick");
      }
    }
    if (near.length > 0) {
      // A near user's read may be under way (its job id then takes no second job): the mark makes that
      // read run once more right after, with what the exchange has now.
      const mark = redis.pipeline();
      for (const id of near) {
        mark.set(keys.again(Number(id)), "1", "PX", READ_LOCK_MS);
        toRead.add(id);
      }
      await mark.exec();
    }
    if (toRead.size === 0) return;
    await readQueue.addBulk(
      [...toRead].map((id) => ({
        name: "read",
        data: { userId: Number(id) },
        opts: { ...readDefaults, jobId: `read-${id}` },
      })),
    );
  }

  /** Users connected before the watcher existed: watched from now on, their current events known. */
  async function seed(): Promise<void> {
    if (!options.connectedUsers) return;
    if ((await redis.set(keys.seeded, String(Date.now()), "NX")) !== "OK") return;
    for await (const userId of options.connectedUsers()) {
      await redis
        .multi()
        .sadd(keys.users, member(userId))
        .zadd(keys.due, "NX", Date.now(), member(userId))
        .exec();
    }
  }

  // Without a listener BullMQ prints these to stderr; each distinct error is logged once a minute.
  logRedisErrors(logOnce, "alert watcher: redis error", [readQueue, deliverQueue, readWorker, deliverWorker]);
  readWorker.on("failed", (job, error) => {
    logger.warn(
      { jobId: job?.id, err: { name: error.name, message: error.message } },
      "alert watcher: read job failed",
    );
  });
  deliverWorker.on("failed", (job, error) => {
    const final = job !== undefined && job.attemptsMade >= (job.opts.attempts ?? 1);
    logger[final ? "error" : "warn"](
      { jobId: job?.id, final, err: { name: error.name, message: error.message } },
      final ? "alert watcher: an alert could not be delivered" : "alert watcher: delivery failed, will retry",
    );
  });

  let scanning = false;
  const timer = setInterval(() => {
    if (scanning) return;
    scanning = true;
    scan()
      .catch((error: Error) => logOnce(error, "alert watcher: scan failed"))
      .finally(() => {
        scanning = false;
      });
  }, tickMs);
  timer.unref();
  seed().catch((error: Error) => logOnce(error, "alert watcher: seeding failed"));

  return {
    async userConnected(userId) {
      // `since` covers a baseline read that fails: a later read then takes what fired before as known.
      // Whole seconds: the exchange's times have no milliseconds.
      await redis
        .multi()
        .del(keys.known(userId), keys.revoked(userId), runWatch.key(userId))
        .set(keys.since(userId), String(Math.floor(Date.now() / 1000) * 1000))
        .sadd(keys.users, member(userId))
        .zadd(keys.due, nextBeat(userId, Date.now(), pollMs), member(userId))
        .exec();
      // Read now, so what exists is known before anything can fire unnoticed.
      for (let attempt = 0; attempt < 20; attempt++) {
        if (await withReadLock(userId, () => readUser(userId, true))) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await queueRead(userId, true);
    },
    async userDisconnected(userId) {
      await forget(userId);
    },
    async triggersChanged(userId) {
      // Also brings back a user who had blocked the bot and uses it again.
      await redis
        .multi()
        .sadd(keys.users, member(userId))
        .zadd(keys.due, "NX", nextBeat(userId, Date.now(), pollMs), member(userId))
        .exec();
      await queueRead(userId, true);
    },
    async schedulesChanged(userId, id, schedule?: RecurringBuy) {
      // Under the read lock, so a read under way does not keep its older list over this answer.
      for (let attempt = 0; attempt < 20; attempt++) {
        if (await withReadLock(userId, () => runWatch.changed(userId, id, schedule))) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await runWatch.changed(userId, id, schedule);
    },
    async close() {
      clearInterval(timer);
      while (scanning) await new Promise((resolve) => setTimeout(resolve, 10));
      await Promise.all([readWorker.close(), deliverWorker.close()]);
      await Promise.all([readQueue.close(), deliverQueue.close()]);
      await closeBullConnection(connection);
    },
  };
}
