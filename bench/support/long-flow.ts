/**
 * A long guided flow with the production pace of replies: the demo's bot (createApp with Telegram's pace, as
 * production builds it, against the in-process fake Telegram and the sandbox exchange) adds a withdrawal
 * address for someone else's wallet, 13 steps, answered by a person every `gapMs` (0: as fast as the bot
 * replies). Each step's time is from the answer to the bot's last output for it.
 */
import { performance } from "node:perf_hooks";
import { startDemoBot } from "../../src/demo/demo-bot.ts";
import { deleteKeys } from "../../src/demo/redis.ts";
import { createRedisClient } from "../../src/redis/url.ts";
import { startSandbox } from "../../src/sandbox/server.ts";
import type { ChatDriver } from "../../src/telegram-fake/index.ts";

/** The steps, as a person answers them. */
export const LONG_FLOW_STEPS: ReadonlyArray<[label: string, act: (chat: ChatDriver) => Promise<unknown>]> = [
  ["/addresses", (chat) => chat.send("/addresses")],
  ["tap Add address", (chat) => chat.press("➕ Add address")],
  ["tap BTC", (chat) => chat.press("BTC")],
  ["type the address", (chat) => chat.send("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")],
  ["type its name", (chat) => chat.send("Mum")],
  ["tap Personal wallet", (chat) => chat.press("Personal wallet")],
  ["tap Other…", (chat) => chat.press("Other…")],
  ["type the wallet", (chat) => chat.send("Electrum")],
  ["tap Someone else's", (chat) => chat.press("Someone else's")],
  ["tap A person", (chat) => chat.press("A person")],
  ["type the owner's name", (chat) => chat.send("Jane Citizen")],
  ["tap New Zealand", (chat) => chat.press("🇳🇿 New Zealand")],
  ["type the region -> summary", (chat) => chat.send("Canterbury")],
];

/** Runs the flow once at `gapMs` between answers; each step's time in ms, in step order. */
export async function runLongFlow(gapMs: number): Promise<number[]> {
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const redis = createRedisClient(redisUrl);
  const keyPrefix = `bench:long-flow:${process.pid}:${Date.now()}:`;
  const sandbox = await startSandbox({ walk: false });
  const bot = await startDemoBot({ redis, redisUrl, sandbox, keyPrefix, logFile: "/dev/null", env: {} });
  try {
    const times: number[] = [];
    for (const [, act] of LONG_FLOW_STEPS) {
      if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
      const started = performance.now();
      await act(bot.chat);
      times.push(performance.now() - started);
    }
    const last = bot.chat.lastMessage()?.plainText ?? "";
    if (!last.includes("Save this withdrawal address?"))
      throw new Error(`the flow did not end at its summary: ${last}`);
    return times;
  } finally {
    bot.chat.close();
    await bot.app.close();
    await sandbox.close();
    await deleteKeys(redis, keyPrefix);
    await redis.quit();
  }
}
