/**
 * One swap watcher in a process of its own, for the crash test: it follows one swap and its `notify`
 * announces the final message on stdout ("SENDING <swapId>") and then hangs, so the test can kill the
 * process after the swap was placed and before its result went out. Settings come from the environment
 * (see test/scale/faults-crash.test.ts).
 */
import { Redis } from "ioredis";
import pino from "pino";
import { createExchangeClient } from "../../src/exchange/index.ts";
import { createSwapWatcher } from "../../src/services/swaps/watcher.ts";

const env = process.env as Record<string, string>;
const redisUrl = env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = new Redis(redisUrl);
const client = createExchangeClient({
  baseUrl: env.SANDBOX_URL as string,
  apiKey: env.ACCOUNT_KEY as string,
});
const userId = Number(env.USER_ID);
const watcher = createSwapWatcher({
  redisUrl,
  redis,
  prefix: env.BULL_PREFIX as string,
  clientFor: async (id) => (id === userId ? client : undefined),
  notify: async (_target, update) => {
    if (update.kind !== "settled") return;
    process.stdout.write(`SENDING ${update.swap.id}\n`);
    return new Promise(() => undefined);
  },
  logger: pino({ level: "silent" }),
  pollIntervalMs: 50,
  fastWindowMs: 5000,
  lockDurationMs: 1000,
});
await watcher.watch({ userId, chatId: userId, messageId: 1, locale: "en", swapId: Number(env.SWAP_ID) });
process.stdout.write("READY\n");
