/**
 * One alert watcher instance in a process of its own, for the crash test: it watches one user and its
 * `deliver` announces the delivery on stdout ("SENDING <triggerId>") and then hangs, so the test can kill
 * the process in the middle of delivering. Settings come from the environment (see the test).
 */
import { Redis } from "ioredis";
import pino from "pino";
import { createExchangeClient } from "../../src/exchange/index.ts";
import { createSharedTicker } from "../../src/services/alerts/shared/ticker.ts";
import { createAlertWatcher } from "../../src/services/alerts/triggers/watcher.ts";

const env = process.env as Record<string, string>;
const redis = new Redis(env.REDIS_URL ?? "redis://127.0.0.1:6379");
const client = createExchangeClient({
  baseUrl: env.SANDBOX_URL as string,
  apiKey: env.ACCOUNT_KEY as string,
});
const userId = Number(env.USER_ID);
const watcher = createAlertWatcher({
  redisUrl: env.REDIS_URL ?? "redis://127.0.0.1:6379",
  redis,
  bullPrefix: env.BULL_PREFIX as string,
  keyPrefix: env.KEY_PREFIX as string,
  clientFor: async (id) => (id === userId ? client : undefined),
  ticker: createSharedTicker({ redis, prefix: env.KEY_PREFIX as string, load: () => client.market.ticker() }),
  deliver: async (delivery) => {
    process.stdout.write(`SENDING ${delivery.kind === "alert" ? delivery.event.triggerId : "notice"}\n`);
    return new Promise(() => undefined);
  },
  logger: pino({ level: "silent" }),
  pollSeconds: 1,
  tickMs: 100,
  lockDurationMs: 1000,
});
await watcher.userConnected(userId);
process.stdout.write("READY\n");
