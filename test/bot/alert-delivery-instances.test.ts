/**
 * Three whole bot instances (createApp) on one Redis and one Telegram bot, as a scaled deployment runs:
 * each fired trigger, and each market alert (evaluated by the one instance holding the lease), reaches its
 * user's chat exactly once, whichever instance reads or sends it. Real
 * timers (100 ms scan); the bounds are generous because other test files share the machine.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../src/app.ts";
import { createConfig } from "../../src/config.ts";
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
const apps: App[] = [1, 2, 3].map(() => {
  const redis = new Redis(REDIS_URL);
  connections.push(redis);
  return createApp({
    config,
    logger: createLogger({ level: "silent" }),
    redis,
    keyPrefix: prefix,
    telegramFetch: fake.fetch,
    botInfo: fake.botInfo,
    alertWatch: { tickMs: 100 },
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

async function mid(asset: string): Promise<number> {
  return Number((await ex.client().market.ticker())[asset]?.last);
}

function alertsIn(chatId: number): string[] {
  return fake
    .messages(chatId)
    .filter((m) => m.fromBot && /rose to|fell to/.test(m.plainText))
    .map((m) => m.plainText);
}

describe("three bot instances on one Redis", () => {
  it("deliver exactly one message per event", async () => {
    const at = (i: number) => apps[i % 3] as App;
    const users: { id: number; triggers: number }[] = [];
    for (let u = 0; u < 3; u++) {
      const id = 5_000_000 + u;
      fake.privateChat(id, { firstName: `U${u}` });
      const account = ex.account({ AUD: "10000" });
      await at(u).deps.accounts.connect(id, account.readWriteKey);
      await at(u + 1).deps.alerts.userConnected(id);
      const client = ex.client(account.readWriteKey);
      for (const asset of ["BTC", "ETH"]) {
        await client.priceTriggers.create({
          asset,
          price: ((await mid(asset)) * 1.01).toPrecision(6),
          match: 1,
        });
      }
      await at(u + 2).deps.alerts.triggersChanged(id);
      users.push({ id, triggers: 2 });
    }
    for (const asset of ["BTC", "ETH"]) ex.sb.setPrice(asset, ((await mid(asset)) * 1.02).toPrecision(6));
    const deadline = Date.now() + 15_000;
    while (users.some((u) => alertsIn(u.id).length < u.triggers) && Date.now() < deadline) await sleep(50);
    // Every instance keeps scanning and beating: time for a duplicate to show, if one could.
    await sleep(2000);
    for (const user of users) expect(alertsIn(user.id)).toHaveLength(user.triggers);
  }, 30_000);

  it("evaluate market alerts on one instance and send each firing once", async () => {
    const users = [6_000_001, 6_000_002, 6_000_003];
    const price = await mid("SOL");
    for (const [i, id] of users.entries()) {
      fake.privateChat(id, { firstName: `M${i}` });
      const made = await (apps[i] as App).deps.marketAlerts.create(
        id,
        { kind: "move", asset: "SOL", window: "15m", direction: "up", percent: "1" },
        String(price),
        Date.now(),
      );
      expect("alert" in made).toBe(true);
    }
    // Armed by whichever instance evaluates (a tick a second), then the price moves for everyone at once.
    const armed = async () =>
      (await Promise.all(users.map((id) => (apps[0] as App).deps.marketAlerts.list(id)))).every(
        (list) => list[0]?.state.phase === "armed",
      );
    const deadline = Date.now() + 15_000;
    while (!(await armed()) && Date.now() < deadline) await sleep(50);
    expect(apps.filter((app) => app.marketWatch.leading())).toHaveLength(1);
    ex.sb.setPrice("SOL", (price * 1.02).toPrecision(8));
    const fired = (id: number) =>
      fake.messages(id).filter((m) => m.fromBot && m.plainText.includes("SOL rose"));
    while (users.some((id) => fired(id).length < 1) && Date.now() < deadline + 10_000) await sleep(50);
    await sleep(2000);
    for (const id of users) expect(fired(id)).toHaveLength(1);
  }, 40_000);
});
