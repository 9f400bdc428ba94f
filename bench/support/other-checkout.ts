/**
 * The whole bot of another checkout of this project (a worktree of an earlier commit, say), built in this
 * process beside the world's own bots: the same sandbox, Redis, stub Telegram and users, its own key
 * prefix, its Redis client counted as theirs are. Two versions of the code measured in turns in one
 * process see the same machine at the same moments, which two runs one after the other do not (bench:cpu's
 * `--against`).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Update } from "grammy/types";
import { Redis } from "ioredis";
import { deleteKeysUnder } from "./delete-keys.ts";
import { countRedis } from "./redis-count.ts";
import { STUB_API_ROOT, STUB_BOT, STUB_TOKEN } from "./stub-telegram.ts";
import type { World } from "./world.ts";

/** The other checkout's bot, ready for updates. */
export interface OtherBot {
  handle(update: Update): Promise<void>;
  /** Makes every user's inbound budgets whole again, as the world's. */
  refillBudgets(): Promise<void>;
  close(): Promise<void>;
}

/** Imports a module of the checkout at `dir` (its own code; packages resolve from its node_modules). */
const importFrom = (dir: string, path: string) => import(pathToFileURL(resolve(dir, path)).href);

/**
 * Builds the whole bot of the checkout at `dir` as the world builds its own, with the world's users
 * connected.
 */
export async function startOtherCheckout(dir: string, world: World): Promise<OtherBot> {
  const [{ createApp }, { createConfig }, { createLogger }] = await Promise.all([
    importFrom(dir, "src/app.ts"),
    importFrom(dir, "src/config.ts"),
    importFrom(dir, "src/logger.ts"),
  ]);
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const prefix = `bench:${randomUUID()}:other:`;
  const redis = new Redis(redisUrl);
  // Counted as the world's clients are, so that both bots carry the counter's small cost alike.
  countRedis(redis);
  const app = createApp({
    config: createConfig({
      BOT_TOKEN: STUB_TOKEN,
      TELEGRAM_API_ROOT: STUB_API_ROOT,
      EXCHANGE_BASE_URL: world.sandbox.url,
      VAULT_KEYS: `bench:${randomBytes(32).toString("base64")}`,
      REDIS_URL: redisUrl,
      LOG_LEVEL: "info",
      // As the world's bot: budgets never spent, the reply pace wide open (a checkout without them ignores them).
      LIMIT_MESSAGES: "10000/10000",
      LIMIT_PRESSES: "10000/10000",
      LIMIT_INLINE: "10000/10000",
    }),
    logger: createLogger({ level: "info", destination: { write: () => undefined } }),
    redis,
    keyPrefix: prefix,
    telegramFetch: world.telegram.fetch,
    botInfo: STUB_BOT,
    replyPace: { perSecond: 1e9, chatBurst: 1e9 },
  });
  for (const userId of world.users) {
    const result = await app.deps.accounts.connect(userId, world.apiKeys.get(userId));
    if (result.status !== "connected") throw new Error(`the other checkout did not connect user ${userId}`);
  }
  return {
    handle: (update) => app.bot.handleUpdate(update),
    refillBudgets: () => deleteKeysUnder(redis, `${prefix}inbound:`),
    async close() {
      await app.close();
      await deleteKeysUnder(redis, prefix);
      await redis.quit();
    },
  };
}
