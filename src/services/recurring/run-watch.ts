/**
 * Watching recurring trades for runs, on the alert watcher's heartbeat: the user's read (which holds
 * their read lock) calls {@link RunWatch.check}, which lists their schedules at most once per beat, and
 * only while one is enabled (an hour apart otherwise, to notice one set up in the web app), and compares
 * them with the last list kept in Redis (`<prefix>dca:<userId>`). A schedule seen for the first time is
 * only taken as known: runs from before the bot saw it are never reported.
 */
import type { Logger } from "pino";
import type { ExchangeClient, RecurringBuy } from "../../exchange/index.ts";
import type { RedisClient } from "../../redis/url.ts";
import { detectRuns, type RecurringRun, type ScheduleState, scheduleState } from "./runs.ts";
import { allSchedules } from "./schedules.ts";

/** What is kept per user between reads. */
interface Kept {
  /** No list before this time (epoch ms): the user's next beat, or an hour on with nothing enabled. */
  check: number;
  schedules: Record<string, ScheduleState>;
}

/** Options of {@link createRunWatch}. */
export interface RunWatchOptions {
  redis: RedisClient;
  /** Prefix of the keys, e.g. `alerts:`. */
  keyPrefix: string;
  /** The user's next heartbeat after `after` (epoch ms). */
  nextBeat: (userId: number, after: number) => number;
  logger: Logger;
  /** How long a user with no enabled schedule goes between lists; default an hour. */
  idleMs?: number;
}

/** Runs found by a check, and the record of the list to make once they are queued. */
export interface RunCheck {
  runs: RecurringRun[];
  commit: () => Promise<void>;
}

/** The run watch of {@link createRunWatch}. */
export interface RunWatch {
  /** The key of a user's kept list. */
  key(userId: number): string;
  /**
   * Lists the user's schedules if their beat has come, and the runs since the last list. The caller
   * queues the runs, then commits (a crash in between finds them again, and their job ids dedupe).
   */
  check(userId: number, client: ExchangeClient): Promise<RunCheck>;
  /** A schedule written in the chat: keep the exchange's answer (or forget it, when deleted). */
  changed(userId: number, id: number, schedule?: RecurringBuy): Promise<void>;
}

const KEPT_TTL_S = 90 * 86_400;

/** Creates the run watch. */
export function createRunWatch(options: RunWatchOptions): RunWatch {
  const { redis, logger } = options;
  const idleMs = options.idleMs ?? 3_600_000;
  const key = (userId: number) => `${options.keyPrefix}dca:${userId}`;

  async function kept(userId: number): Promise<Kept | undefined> {
    const raw = await redis.get(key(userId));
    return raw === null ? undefined : (JSON.parse(raw) as Kept);
  }

  const save = (userId: number, value: Kept) =>
    redis.set(key(userId), JSON.stringify(value), "EX", KEPT_TTL_S).then(() => undefined);

  return {
    key,
    async check(userId, client) {
      const none: RunCheck = { runs: [], commit: async () => undefined };
      const before = await kept(userId);
      if (before !== undefined && Date.now() < before.check) return none;
      let list: RecurringBuy[];
      try {
        list = await allSchedules(client);
      } catch (error) {
        // Tried again at the next beat, not at every read in between (near reads come every second).
        logger.warn({ userId, err: { name: (error as Error).name } }, "run watch: schedule read failed");
        if (before === undefined) return none;
        return {
          runs: [],
          commit: () => save(userId, { ...before, check: options.nextBeat(userId, Date.now()) }),
        };
      }
      const readAt = Date.now();
      const runs = before === undefined ? [] : detectRuns(before.schedules, list, readAt);
      const active = list.some((s) => s.enabled);
      const next: Kept = {
        check: active ? options.nextBeat(userId, readAt) : readAt + idleMs,
        schedules: Object.fromEntries(list.map((s) => [String(s.id), scheduleState(s)])),
      };
      return { runs, commit: () => save(userId, next) };
    },
    async changed(userId, id, schedule) {
      const before = (await kept(userId)) ?? { check: 0, schedules: {} };
      if (schedule === undefined) delete before.schedules[String(id)];
      else before.schedules[String(id)] = scheduleState(schedule);
      // An enabled schedule is listed from the next beat on, whatever the idle wait said.
      if (schedule?.enabled) before.check = Math.min(before.check, options.nextBeat(userId, Date.now()));
      await save(userId, before);
    },
  };
}
