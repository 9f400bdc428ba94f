/**
 * Alert watchers for tests: on the shared Redis and one sandbox exchange, each under a key prefix of its
 * own, with a shared ticker read from the sandbox, a silent logger and quick timing. Every watcher is
 * closed, and every key under the prefixes handed out removed, after the file.
 */
import pino from "pino";
import { createSharedTicker } from "../../src/services/alerts/shared/ticker.ts";
import {
  type AlertWatcher,
  type AlertWatcherOptions,
  createAlertWatcher,
} from "../../src/services/alerts/triggers/watcher.ts";
import { startTestExchange } from "./exchange.ts";
import { REDIS_URL, redisWithPrefixes } from "./redis-prefixes.ts";

export { REDIS_URL };

/** What a watcher needs from its test; the rest has defaults the test may override. */
export type TestWatcherOptions = Pick<AlertWatcherOptions, "clientFor" | "deliver"> &
  Partial<AlertWatcherOptions>;

/** The Redis client and sandbox of a test file, with fresh prefixes and watchers under them. */
export async function alertWatcherHarness() {
  const ex = await startTestExchange();
  const watchers: AlertWatcher[] = [];
  const { redis, prefix } = redisWithPrefixes(() => Promise.all(watchers.map((w) => w.close())));
  return {
    redis,
    ex,
    prefix,
    /** A watcher whose queues and keys live under `prefix` (60 s heartbeat, 100 ms scan, 5 s job lock by default). */
    watcher(prefix: string, options: TestWatcherOptions): AlertWatcher {
      const publicClient = ex.client();
      const watcher = createAlertWatcher({
        redisUrl: REDIS_URL,
        redis,
        bullPrefix: `${prefix}bull`,
        keyPrefix: `${prefix}alerts:`,
        ticker: createSharedTicker({
          redis,
          prefix: `${prefix}alerts:`,
          load: () => publicClient.market.ticker(),
        }),
        logger: pino({ level: "silent" }),
        pollSeconds: 60,
        tickMs: 100,
        lockDurationMs: 5000,
        ...options,
      });
      watchers.push(watcher);
      return watcher;
    },
  };
}
