/**
 * Two whole bot instances (createApp) on one Redis and one Telegram bot: each run of a recurring trade
 * reaches its user's chat exactly once, whichever instance lists the schedules or sends the report. Real
 * timers (100 ms scan, one-second beat); generous bounds, since other test files share the machine.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../src/app.ts";
import { createConfig } from "../../src/config.ts";
import { DIRECTION } from "../../src/exchange/index.ts";
import { createLogger } from "../../src/logger.ts";
import { FAKE_API_ROOT, FakeTelegram } from "../../src/telegram-fake/index.ts";
import { startTestExchange } from "../support/exchange.ts";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const ex = await startTestExchange();
const fake = new FakeTelegram();
const prefix = `test:bot:${randomUUID()}:`;
const config = createConfig({
  BOT_TOKEN: fake.token,
  TELEGRAM_API_ROOT: FAKE_API_ROOT,
  EXCHANGE_BASE_URL: ex.url,
  VAULT_KEYS: `k1:${randomBytes(32).toString("base64")}`,
  REDIS_URL,
  LOG_LEVEL: "silent",
});
const connections: Redis[] = [];
const apps: App[] = [1, 2].map(() => {
  const redis = new Redis(REDIS_URL);
  connections.push(redis);
  return createApp({
    config,
    logger: createLogger({ level: "silent" }),
    redis,
    keyPrefix: prefix,
    telegramFetch: fake.fetch,
    botInfo: fake.botInfo,
    alertWatch: { tickMs: 100, pollSeconds: 1 },
    telegramPace: { chatGapMs: 100 },
  });
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  const [redis] = connections;
  const keys = (await redis?.keys(`${prefix}*`)) ?? [];
  if (keys.length > 0) await redis?.del(...keys);
  await Promise.all(connections.map((c) => c.quit()));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function reportsIn(chatId: number): string[] {
  return fake
    .messages(chatId)
    .filter((m) => m.fromBot && /Recurring trade #\d+ (ran|did not trade)/.test(m.plainText))
    .map((m) => m.plainText);
}

describe("two bot instances on one Redis", () => {
  it("report each run exactly once, a trade and a run that did not trade alike", async () => {
    const at = (i: number) => apps[i % 2] as App;
    const users: number[] = [];
    const start = new Date(Math.ceil((Date.now() + 3000) / 1000) * 1000);
    for (let u = 0; u < 4; u++) {
      const id = 6_000_000 + u;
      fake.privateChat(id, { firstName: `U${u}` });
      // Every other user holds too little for a run: that run is reported as not traded.
      const account = ex.account({ AUD: u % 2 === 0 ? "1000" : "5" });
      await ex.client(account.readWriteKey).recurringBuys.create({
        asset: "BTC",
        direction: DIRECTION.BUY,
        quantity: "50",
        period: "daily",
        start,
      });
      await at(u).deps.accounts.connect(id, account.readWriteKey);
      await at(u + 1).deps.alerts.userConnected(id);
      users.push(id);
    }
    const deadline = Date.now() + 15_000;
    while (users.some((id) => reportsIn(id).length < 1) && Date.now() < deadline) await sleep(50);
    // Both instances keep scanning and beating: time for a duplicate to show, if one could.
    await sleep(2500);
    for (const [u, id] of users.entries()) {
      const found = reportsIn(id);
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(u % 2 === 0 ? "✅ Bought" : "did not trade");
    }
  }, 30_000);
});
