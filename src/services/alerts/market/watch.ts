/**
 * Market alerts, live: every enabled market alert evaluated on each shared-ticker reading, each event
 * delivered once. The design (docs/alerts.md "How market alerts run"):
 *
 * - **One evaluator at a time**: the instance holding the lease (`market-alerts:leader`, a token of its own,
 *   renewed every tick, expiring after {@link LEASE_MS}) keeps every enabled alert in a {@link MarketRules}
 *   and feeds it each reading. The other instances keep nothing in memory. A new holder (a start, or the old
 *   one gone) loads the alerts and their states from the store and 26 hours of minute history per watched
 *   asset, as a restart does, so a lease that moves neither loses nor repeats a firing.
 * - **What the chat changes** reaches the holder through the store's change log: a version counter and, per
 *   alert, the version of its last change; each tick reads the counter and, when it moved, only the alerts
 *   changed since.
 * - **Fenced writes**: the states a reading changed and its events go to Redis in one script that first
 *   checks the lease is still ours (a holder paused past its lease writes nothing and steps down) and that
 *   each alert is still the revision evaluated (an edit, pause or delete meanwhile drops its state and
 *   event). Events go to an outbox in that same script, then become delivery jobs whose id names the event
 *   (`market-<alertId>-<reading ms>-<u|d>`), then leave the outbox. A crash between the script and the
 *   queue leaves them in the outbox, queued by the next holder; queued twice, the job id drops the copy.
 * - **Delivery** (queue `alerts-market`, any instance): dropped if the alert is gone, paused or edited;
 *   else sent once through deliver-once (the one window left: Telegram took the message and the process
 *   died before the record, which sends it twice; never lost).
 */
import { randomUUID } from "node:crypto";
import { DelayedError, type Job, Queue, Worker } from "bullmq";
import type { Logger } from "pino";
import { cachedScript, runScript } from "../../../redis/script.ts";
import { bullConnection, closeBullConnection, type RedisClient } from "../../../redis/url.ts";
import { midPrice, type PriceHistory } from "../../market/price-history.ts";
import { createDeliverOnce } from "../../runtime/deliver-once.ts";
import { createLogOnce, logRedisErrors } from "../../runtime/queue-errors.ts";
import { saveEvaluationLua, storedRevisioned } from "../shared/revisioned-states.ts";
import type { TickerReading } from "../shared/ticker.ts";
import type { DeliveryResult } from "../triggers/watcher.ts";
import { HOUR_MS, MINUTE_MS, type PricePoint } from "./kinds.ts";
import { type MarketAlertEvent, MarketRules } from "./rules.ts";
import { marketAlertKeys, parseMarketAlertRecord, parseStoredState } from "./store.ts";

/** What a market alert's delivery hands to `deliver`. */
export interface MarketDelivery {
  userId: number;
  /** The alert's revision when it fired (its message's Pause acts on the alert). */
  rev: number;
  event: MarketAlertEvent;
}

/** Options of {@link createMarketWatch}. */
export interface MarketWatchOptions {
  /** Redis for BullMQ (it needs connections of its own). */
  redisUrl: string;
  redis: RedisClient;
  /** BullMQ key prefix, e.g. `bull`. */
  bullPrefix: string;
  /** The store's prefix, e.g. `market-alerts:`. */
  keyPrefix: string;
  /** A ticker reading at most `maxAgeMs` old (the shared ticker's `reading`). */
  reading: (maxAgeMs: number) => Promise<TickerReading>;
  history: Pick<PriceHistory, "seriesMany">;
  /** Sends one market alert (the bot's notifier; `retry` after Telegram's flood limit). */
  deliver: (delivery: MarketDelivery) => Promise<DeliveryResult>;
  logger: Logger;
  /** How often a tick runs; default 1000 ms. 0: no timer (a test calls `tick`). */
  tickMs?: number;
  /** BullMQ lock of a running delivery; default 30 s. */
  lockDurationMs?: number;
  /** Told of each evaluated reading: its time, how long the engine took (ms), how many events (the bench). */
  onEvaluated?: (reading: { at: number; ms: number; events: number }) => void;
}

/** How long the lease holds without a renewal: a holder gone is replaced within this. */
export const LEASE_MS = 5000;
/** How much minute history a new holder loads per asset: the engine keeps 26 hours. */
const HISTORY_MS = 26 * HOUR_MS;
/** A tick reads the ticker again once it is this old (as the trigger scan does). */
const TICKER_AGE_MS = 900;
/** How long a tick waits for a reading: well within the lease. */
const READING_WAIT_MS = 2000;
const QUEUE = "alerts-market";
const SENT_TTL_S = 30 * 86_400;

/** The keys of the watch beside the store's. */
export function marketWatchKeys(prefix: string) {
  return {
    ...marketAlertKeys(prefix),
    /** string: the evaluator's lease (its token) */
    leader: `${prefix}leader`,
    /** hash: event id -> delivery JSON, between the state's write and its job */
    outbox: `${prefix}outbox`,
    /** deliver-once records: `<prefix>sent:<event id>` */
    sent: `${prefix}sent:`,
  };
}

// KEYS leader, version, floor. ARGV token, lease ms. -> {0} not ours; {1|2, version, floor} (2: just taken).
const LEAD = cachedScript(`
local held = redis.call("GET", KEYS[1])
local status = 1
if held ~= ARGV[1] then
  if held then return {0} end
  status = 2
end
redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2])
return {status, tonumber(redis.call("GET", KEYS[2]) or "0"), tonumber(redis.call("GET", KEYS[3]) or "0")}
`);

// KEYS leader, alerts, states, outbox. ARGV token, nStates, then (id, rev, state) x nStates, then
// (eventId, alertId, rev, delivery) per event. -> -1 not our lease; else the event ids kept.
const PERSIST = cachedScript(`
if redis.call("GET", KEYS[1]) ~= ARGV[1] then return -1 end
${saveEvaluationLua(2, 2)}`);

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** The delivery job id (and sent record) of an event: the same event always gets the same id. */
export function marketEventId(event: Pick<MarketAlertEvent, "id" | "at" | "direction">): string {
  return `${event.id}-${event.at}-${event.direction === "up" ? "u" : "d"}`;
}

/** History points as the engine reads them: the history's point at a minute's start is the previous minute's close. */
export function asMinuteCloses(points: readonly PricePoint[]): PricePoint[] {
  return points.map((point) => ({ at: point.at - MINUTE_MS, mid: point.mid }));
}

/** Each asset's mid in a ticker, as a number (a ratio's input, never an amount). */
export function tickerMids(ticker: TickerReading["ticker"], assets: ReadonlySet<string>): [string, number][] {
  const mids: [string, number][] = [];
  for (const asset of assets) {
    const price = midPrice(ticker[asset])?.toNumber();
    if (price !== undefined && Number.isFinite(price) && price > 0) mids.push([asset, price]);
  }
  return mids;
}

class RetryLater extends Error {
  readonly afterMs: number;
  constructor(afterMs: number) {
    super("Telegram asked to slow down");
    this.afterMs = afterMs;
  }
}

/** A batch evaluated but not yet in Redis: written before anything newer is evaluated. */
interface Pending {
  states: { id: string; rev: number; state: string }[];
  events: { eventId: string; alertId: string; rev: number; delivery: string }[];
}

/** Starts the evaluation ticks and the delivery worker. */
export function createMarketWatch(options: MarketWatchOptions) {
  const { redis, logger } = options;
  const keys = marketWatchKeys(options.keyPrefix);
  const token = randomUUID();
  const connection = bullConnection(options.redisUrl);
  const queue = new Queue<MarketDelivery>(QUEUE, { connection, prefix: options.bullPrefix });
  const lockDuration = options.lockDurationMs ?? 30_000;
  const jobDefaults = {
    attempts: 8,
    backoff: { type: "exponential", delay: 2000 },
    removeOnComplete: { age: 86_400, count: 100_000 },
    removeOnFail: { age: 7 * 86_400 },
  };
  const deliverOnce = createDeliverOnce({
    redis,
    prefix: keys.sent,
    claimMs: lockDuration / 2,
    sentTtlSeconds: SENT_TTL_S,
  });

  /** What the holder keeps; undefined while this instance does not hold the lease. */
  let held:
    | {
        rules: MarketRules;
        /** Enabled alerts by id: revision, user, asset. */
        alerts: Map<string, { rev: number; userId: number; asset: string }>;
        /** Assets whose history is loaded (the engine is fed only these). */
        assets: Set<string>;
        version: number;
        lastAt: number;
        pending: Pending | undefined;
        outboxChecked: boolean;
      }
    | undefined;
  /** Counts for tests and the bench: readings evaluated, and the last evaluation's time (ms). */
  const stats = { readings: 0, lastEvaluationMs: 0 };

  /** Loads one alert read from the store into the rules (or drops it: gone, paused, unreadable). */
  function apply(id: string, record: string | null | undefined, state: string | null | undefined): void {
    if (held === undefined) return;
    const parsed = parseMarketAlertRecord(id, record);
    if (parsed === undefined || parsed.paused) {
      held.rules.remove(id);
      held.alerts.delete(id);
      return;
    }
    // The holder's own states are newer than the store's for an alert whose revision did not change.
    if (held.alerts.get(id)?.rev === parsed.rev) return;
    held.rules.upsert({ id, spec: parsed.spec, state: parseStoredState(state, parsed.rev) });
    held.alerts.set(id, { rev: parsed.rev, userId: parsed.userId, asset: parsed.spec.asset });
  }

  /** Loads the history of watched assets not loaded yet, up to `at`. */
  async function loadAssets(at: number): Promise<void> {
    if (held === undefined) return;
    const missing = new Set<string>();
    for (const alert of held.alerts.values()) if (!held.assets.has(alert.asset)) missing.add(alert.asset);
    if (missing.size === 0) return;
    const series = await options.history.seriesMany([...missing], at - HISTORY_MS, at, "1m");
    for (const [asset, points] of series) {
      // Only what came before this reading's minute: the reading itself is the minute's latest.
      const closes = asMinuteCloses(points).filter(
        (point) => point.at < Math.floor(at / MINUTE_MS) * MINUTE_MS,
      );
      held.rules.loadHistory(asset, closes);
      held.assets.add(asset);
    }
  }

  /** Takes over: every alert and state from the store (the history comes with the first reading). */
  async function loadAll(version: number): Promise<void> {
    const [records, states] = await Promise.all([redis.hgetall(keys.alerts), redis.hgetall(keys.states)]);
    held = {
      rules: new MarketRules(),
      alerts: new Map(),
      assets: new Set(),
      version,
      lastAt: Number.NEGATIVE_INFINITY,
      pending: undefined,
      outboxChecked: false,
    };
    for (const [id, record] of Object.entries(records)) apply(id, record, states[id]);
    logger.info({ alerts: held.alerts.size }, "market alerts: evaluating here");
  }

  /** Applies what the chat changed since the version known. */
  async function sync(version: number, floor: number): Promise<void> {
    if (held === undefined || version <= held.version) return;
    if (held.version < floor) {
      await loadAll(version);
      return;
    }
    const ids = await redis.zrangebyscore(keys.changes, `(${held.version}`, "+inf");
    if (ids.length > 0) {
      const [records, states] = await Promise.all([
        redis.hmget(keys.alerts, ...ids),
        redis.hmget(keys.states, ...ids),
      ]);
      for (const [i, id] of ids.entries()) apply(id, records[i], states[i]);
    }
    held.version = version;
  }

  /** Writes a batch (fenced by the lease), then queues its events and clears them from the outbox. */
  async function persist(batch: Pending): Promise<void> {
    const args: (string | number)[] = [token, batch.states.length];
    for (const s of batch.states) args.push(s.id, s.rev, s.state);
    for (const e of batch.events) args.push(e.eventId, e.alertId, e.rev, e.delivery);
    const kept = await runScript(redis, PERSIST, [
      4,
      keys.leader,
      keys.alerts,
      keys.states,
      keys.outbox,
      ...args,
    ]);
    if (kept === -1) {
      // Someone else holds the lease: what we evaluated is theirs to evaluate. Step down.
      logger.warn("market alerts: lease lost, stepping down");
      held = undefined;
      return;
    }
    if (held) held.pending = undefined;
    const ids = new Set(kept as string[]);
    await queueEvents(batch.events.filter((e) => ids.has(e.eventId)).map((e) => [e.eventId, e.delivery]));
  }

  async function queueEvents(events: [string, string][]): Promise<void> {
    if (events.length === 0) return;
    await queue.addBulk(
      events.map(([eventId, delivery]) => ({
        name: "market",
        data: JSON.parse(delivery) as MarketDelivery,
        opts: { ...jobDefaults, jobId: `market-${eventId}` },
      })),
    );
    await redis.hdel(keys.outbox, ...events.map(([eventId]) => eventId));
  }

  /**
   * A reading, or undefined when none comes within `ms` (the exchange away): the tick ends, so the next one
   * renews the lease on time instead of waiting out the shared ticker's 30 s and losing it.
   */
  async function readingWithin(ms: number): Promise<TickerReading | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    });
    const read = options.reading(TICKER_AGE_MS);
    // A reading that fails after we stopped waiting is the shared ticker's to report, not ours.
    read.catch(() => undefined);
    try {
      return await Promise.race([read, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function tick(): Promise<void> {
    const lead = (await runScript(redis, LEAD, [
      3,
      keys.leader,
      keys.version,
      keys.floor,
      token,
      LEASE_MS,
    ])) as [0] | [1 | 2, number, number];
    if (lead[0] === 0) {
      if (held !== undefined) logger.info("market alerts: another instance evaluates now");
      held = undefined;
      return;
    }
    if (lead[0] === 2 || held === undefined) await loadAll(lead[1]);
    else await sync(lead[1], lead[2]);
    const h = held as NonNullable<typeof held>;
    if (!h.outboxChecked) {
      // Events a holder wrote but did not queue (it died in between): queued now, their ids drop copies.
      await queueEvents(Object.entries(await redis.hgetall(keys.outbox)));
      h.outboxChecked = true;
    }
    if (h.pending !== undefined) {
      await persist(h.pending);
      if (held?.pending !== undefined) return;
    }
    if (h.alerts.size === 0) return;
    const reading = await readingWithin(READING_WAIT_MS);
    if (reading === undefined || reading.at <= h.lastAt || held !== h) return;
    await loadAssets(reading.at);
    const started = performance.now();
    const mids = tickerMids(reading.ticker, h.assets);
    const { events, changed } = h.rules.reading(reading.at, mids);
    h.lastAt = reading.at;
    stats.readings++;
    stats.lastEvaluationMs = performance.now() - started;
    options.onEvaluated?.({ at: reading.at, ms: stats.lastEvaluationMs, events: events.length });
    if (events.length === 0 && changed.length === 0) return;
    const batch: Pending = { states: [], events: [] };
    for (const { id, state } of changed) {
      const alert = h.alerts.get(id);
      if (alert) batch.states.push({ id, rev: alert.rev, state: storedRevisioned(state, alert.rev) });
    }
    for (const event of events) {
      const alert = h.alerts.get(event.id);
      if (!alert) continue;
      const delivery: MarketDelivery = { userId: alert.userId, rev: alert.rev, event };
      batch.events.push({
        eventId: marketEventId(event),
        alertId: event.id,
        rev: alert.rev,
        delivery: JSON.stringify(delivery),
      });
    }
    // Kept until written: a failed write (Redis away) is tried again before anything newer is evaluated.
    h.pending = batch;
    await persist(batch);
  }

  const worker = new Worker<MarketDelivery>(
    QUEUE,
    async (job: Job<MarketDelivery>, jobToken?: string) => {
      const { userId, rev, event } = job.data;
      const record = parseMarketAlertRecord(event.id, await redis.hget(keys.alerts, event.id), userId);
      if (record === undefined || record.paused || record.rev !== rev) {
        logger.info({ userId, alertId: event.id }, "market alerts: alert changed since it fired, not sent");
        return;
      }
      try {
        await deliverOnce(marketEventId(event), async () => {
          const result = await options.deliver(job.data);
          if (result.status === "retry") throw new RetryLater(result.afterMs);
        });
      } catch (error) {
        if (!(error instanceof RetryLater)) throw error;
        // Nothing was sent (the pacer holds every paced send meanwhile): later duplicates nothing.
        await job.moveToDelayed(Date.now() + error.afterMs, jobToken);
        throw new DelayedError();
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

  // Each distinct error logged once a minute: an outage must not flood the log, nor go unsaid.
  const logOnce = createLogOnce(logger);
  logRedisErrors(logOnce, "market alerts: redis error", [queue, worker]);
  worker.on("failed", (job, error) => {
    const final = job !== undefined && job.attemptsMade >= (job.opts.attempts ?? 1);
    logger[final ? "error" : "warn"](
      { jobId: job?.id, final, err: { name: error.name, message: error.message } },
      final ? "market alerts: an alert could not be delivered" : "market alerts: delivery failed, will retry",
    );
  });

  let ticking: Promise<void> | undefined;
  /** One tick, unless one is running (then that one). */
  function runTick(): Promise<void> {
    ticking ??= tick()
      .catch((error: Error) => {
        // Redis or the exchange away: nothing evaluated is lost (the batch waits), nothing fires twice.
        if (held !== undefined) held.outboxChecked = false;
        logOnce(error, "market alerts: tick failed");
      })
      .finally(() => {
        ticking = undefined;
      });
    return ticking;
  }
  const tickMs = options.tickMs ?? 1000;
  const timer = tickMs > 0 ? setInterval(() => void runTick(), tickMs) : undefined;
  timer?.unref();

  return {
    /** Runs one tick now (tests; the timer runs them otherwise). */
    tick: runTick,
    /** Forgets what this instance holds, so its next tick loads the alerts and the history again (the demo's `:seed`). */
    async reload(): Promise<void> {
      await ticking;
      held = undefined;
    },
    /** Whether this instance evaluates now. */
    leading: (): boolean => held !== undefined,
    stats,
    /** Stops ticking, gives the lease up, then the worker and the queue (a running job finishes). */
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      await ticking;
      held = undefined;
      await redis.eval(RELEASE, 1, keys.leader, token).catch(() => undefined);
      await worker.close();
      await queue.close();
      await closeBullConnection(connection);
    },
  };
}

/** The market alerts' evaluation and delivery. */
export type MarketWatch = ReturnType<typeof createMarketWatch>;
