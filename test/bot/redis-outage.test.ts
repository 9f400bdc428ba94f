/**
 * A Redis outage of ten seconds in the middle of a guided trade, on a private redis-server connected the
 * way main.ts connects (connectRedis): during the outage the health check says so and an update gets a
 * localized "storage is briefly unavailable" apology; afterwards the bot serves again without a restart.
 * With AOF the trade continues where it was and the swap follow-up (BullMQ) reports the result; without
 * persistence everything is gone, the user starts again (as the apology said) and it works.
 */

import { describe, expect, it } from "vitest";
import type { RedisClient } from "../../src/redis/url.ts";
import { connectRedis, redisAnswers } from "../../src/services/runtime/redis-connection.ts";
import type { ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot, type TestBot } from "../support/bot.ts";
import { type PrivateRedis, startPrivateRedis } from "../support/redis-server.ts";

const OUTAGE_MS = 10_000;
// Reconnection attempts are at most 2 s apart; 15 s also covers a loaded 2-core machine.
const RECOVERY_MS = 15_000;
// Background follow-ups run on real timers; 10 s leaves room on a loaded machine.
const FOLLOW_UP_MS = 10_000;
const TEST_TIMEOUT_MS = 90_000;

interface Setup {
  server: PrivateRedis;
  tb: TestBot;
  redis: RedisClient;
}

async function setup(appendOnly: boolean): Promise<Setup> {
  const server = await startPrivateRedis({ appendOnly });
  let redis: RedisClient | undefined;
  const tb = await startTestBot({
    env: { REDIS_URL: server.url },
    connectRedis: async (logger) => {
      redis = await connectRedis(server.url, { logger });
      return redis;
    },
  });
  if (redis === undefined) throw new Error("not connected");
  return { server, tb, redis };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

async function trader(tb: TestBot, languageCode?: string): Promise<ChatDriver> {
  const chat = tb.chat(languageCode ? { languageCode } : {});
  const account = tb.ex.account({ AUD: "400" });
  await tb.app.deps.accounts.connect(chat.user.id, account.readWriteKey);
  return chat;
}

/** Guided /buy up to the amount question. */
async function startBuy(chat: ChatDriver): Promise<void> {
  await chat.send("/buy");
  const ask = (await chat.press("ETH")).find((output) => output.kind === "message");
  expect(ask?.plainText).toMatch(/How much AUD|你想花多少 AUD/);
}

/** Confirms the quote on screen and waits until the follow-up job shows the result. */
async function confirmAndSettle(
  chat: ChatDriver,
  button = "Confirm",
  settled = /done|failed/,
): Promise<string> {
  const outputs = await chat.press(button);
  const done = outputs.find((output) => settled.test(output.plainText));
  if (done) return done.plainText;
  return (await chat.waitForOutput((output) => settled.test(output.plainText), FOLLOW_UP_MS)).plainText;
}

/** Stops Redis for OUTAGE_MS; `during` runs while it is down. Resolves once the bot's client is back. */
async function outage(s: Setup, during: () => Promise<void>): Promise<void> {
  const stoppedAt = Date.now();
  await s.server.stop();
  await until(async () => s.redis.status !== "ready", 5000, "the client noticing the outage");
  expect(await redisAnswers(s.redis)).toBe(false);
  await during();
  await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));
  await s.server.start();
  await until(() => redisAnswers(s.redis), RECOVERY_MS, "the bot's client reconnecting");
}

function logged(tb: TestBot, message: string): boolean {
  return tb.logs.some((line) => (JSON.parse(line) as { msg?: string }).msg === message);
}

describe("a Redis outage with AOF persistence", async () => {
  const s = await setup(true);

  it(
    "the guided trade continues where it was, and the swap follow-up still reports the result",
    async () => {
      const chat = await trader(s.tb);
      await startBuy(chat);
      expect(await redisAnswers(s.redis)).toBe(true);

      await outage(s, async () => {
        const apology = await chat.send("100");
        expect(apology.map((output) => output.plainText).join("\n")).toContain(
          "My storage is briefly unavailable",
        );
      });
      expect(logged(s.tb, "redis connection lost; reconnecting")).toBe(true);
      expect(logged(s.tb, "redis connection restored")).toBe(true);

      const quote = (await chat.send("100")).at(-1);
      expect(quote?.plainText).toContain("Buy ETH");
      expect(quote?.plainText).toContain("You spend: $100.00");
      expect(await confirmAndSettle(chat)).toContain("Spent: $100.00");
    },
    TEST_TIMEOUT_MS,
  );
});

describe("a Redis outage without persistence", async () => {
  const s = await setup(false);

  it(
    "the apology (in the user's language) says to start again; after the outage starting again works",
    async () => {
      const chat = await trader(s.tb, "zh-hans");
      await startBuy(chat);

      await outage(s, async () => {
        const apology = await chat.send("100");
        expect(apology.map((output) => output.plainText).join("\n")).toContain("存储暂时不可用");
        expect(apology.map((output) => output.plainText).join("\n")).toContain("重新开始");
      });

      // Redis came back empty: the key is gone too, and the bot says so instead of failing.
      const reply = (await chat.send("/buy")).at(-1);
      expect(reply?.plainText).toContain("/connect");
      await s.tb.app.deps.accounts.connect(chat.user.id, s.tb.ex.account({ AUD: "400" }).readWriteKey);
      await startBuy(chat);
      expect((await chat.send("100")).at(-1)?.plainText).toContain("买入 ETH");
      expect(await confirmAndSettle(chat, "确认", /已完成/)).toContain("花费：$100.00");
    },
    TEST_TIMEOUT_MS,
  );
});
