/**
 * Three bot instances in webhook mode behind a round-robin proxy, sharing one Redis and one exchange, as a
 * deployment with a load balancer runs them. Consecutive updates land on different instances; a guided
 * flow started on one goes on on another; an update delivered twice (to two instances) is handled once;
 * a swap is placed once and its result delivered once, by whichever instance's worker follows it; an
 * address is added through a guided flow whose steps land on all three; an alert set in the chat fires
 * and arrives once, whichever instance's watcher sees it.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Update } from "grammy/types";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../src/app.ts";
import { createConfig } from "../../src/config.ts";
import { createHttpServer } from "../../src/server/http-server.ts";
import { ChatDriver, FAKE_API_ROOT, FakeTelegram } from "../../src/telegram-fake/index.ts";
import { startTestExchange } from "../support/exchange.ts";

const SECRET = "three-instances_secret";
const PATH = "/hook";
// Generous: the swap follow-up runs on BullMQ workers on real timers; 10 s leaves room on a loaded machine.
const FOLLOW_UP_MS = 10_000;

const ex = await startTestExchange();
const fake = new FakeTelegram();
const prefix = `test:scale:${randomUUID()}:`;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = new Redis(redisUrl);
const config = createConfig({
  BOT_TOKEN: fake.token,
  TELEGRAM_API_ROOT: FAKE_API_ROOT,
  EXCHANGE_BASE_URL: ex.url,
  VAULT_KEYS: `k1:${randomBytes(32).toString("base64")}`,
  REDIS_URL: redisUrl,
  BOT_MODE: "webhook",
  WEBHOOK_URL: `https://bot.example${PATH}`,
  WEBHOOK_SECRET: SECRET,
});

const apps: App[] = [];
const servers: Server[] = [];
const backends: string[] = [];
for (let i = 0; i < 3; i++) {
  const app = createApp({
    config,
    logger: pino({ level: "silent" }),
    redis,
    keyPrefix: prefix,
    telegramFetch: fake.fetch,
    botInfo: fake.botInfo,
    swapWatch: { pollIntervalMs: 20, fastWindowMs: 300, slowDelaysMs: [100, 200, 400] },
    alertWatch: { tickMs: 100 },
    telegramPace: { chatGapMs: 100 },
  });
  const server = createHttpServer({
    bot: app.bot,
    webhookPath: PATH,
    secret: SECRET,
    healthy: async () => true,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apps.push(app);
  servers.push(server);
  backends.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

/** The instance each update was sent to, by update_id, as the proxy chose it. */
const landedOn = new Map<number, number>();
let turn = 0;
const proxy = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString("utf8");
  const instance = turn++ % backends.length;
  landedOn.set((JSON.parse(body) as Update).update_id, instance);
  const answer = await fetch(`${backends[instance]}${req.url}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-telegram-bot-api-secret-token": String(req.headers["x-telegram-bot-api-secret-token"]),
    },
    body,
  });
  res.writeHead(answer.status).end(await answer.text());
});
await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

afterAll(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
  await Promise.all(apps.map((app) => app.close()));
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** Posts an update as Telegram does; the answer comes once the instance has handled it. */
async function post(update: Update, base = proxyUrl): Promise<void> {
  const response = await fetch(`${base}${PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
    body: JSON.stringify(update),
  });
  expect(response.status).toBe(200);
  await response.text();
}

let nextUserId = 8_100_000 + Math.floor(Math.random() * 1000) * 1000;

function chat(): ChatDriver {
  return new ChatDriver(fake, (update) => post(update), fake.privateChat(nextUserId++));
}

/** The instances the last `count` updates landed on. */
function lastInstances(count: number): number[] {
  return [...landedOn.entries()]
    .sort(([a], [b]) => a - b)
    .slice(-count)
    .map(([, instance]) => instance);
}

describe("three instances behind a round-robin proxy", () => {
  it("walks a guided trade across instances: placed once, its result delivered once", async () => {
    const driver = chat();
    const account = ex.account({ AUD: "1000" });
    await apps[0]?.deps.accounts.connect(driver.user.id, account.readWriteKey);
    await driver.send("/buy");
    await driver.press("BTC");
    await driver.send("100");
    const quote = driver.lastMessage()?.plainText ?? "";
    expect(quote).toContain("You spend: $100.00");
    await driver.press("Confirm");
    expect(new Set(lastInstances(4)).size).toBe(3);
    await driver.waitForOutput((o) => /Swap #\d+ done/.test(o.plainText), FOLLOW_UP_MS);
    const swaps = (await ex.client(account.readWriteKey).swaps.list()).results;
    expect(swaps).toHaveLength(1);
    expect(await ex.writesOf(account, "/api/private/swaps/")).toBe(1);
    // Give any other instance's worker time to deliver a duplicate, then count the result messages.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const results = driver.transcript().match(/Swap #\d+ done/g) ?? [];
    expect(results).toHaveLength(1);
  });

  it("adds an address book entry through a guided flow whose steps land on every instance", async () => {
    const driver = chat();
    const account = ex.account({ AUD: "10" });
    await apps[0]?.deps.accounts.connect(driver.user.id, account.readWriteKey);
    await driver.send("/addresses");
    await driver.press("➕ Add address");
    await driver.press("BTC");
    await driver.send("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
    await driver.send("Cold wallet");
    await driver.press("Personal wallet");
    await driver.press("Ledger");
    await driver.press("Mine");
    expect(driver.lastMessage()?.plainText).toContain("Save this withdrawal address?");
    await driver.press("Save");
    expect(driver.lastMessage()?.plainText).toContain("Saved “Cold wallet” (BTC)");
    expect(new Set(lastInstances(9)).size).toBe(3);
    const entries = (await ex.client(account.readWriteKey).addressBook.list()).results;
    expect(entries.map((e) => e.label)).toEqual(["Cold wallet"]);
  });

  it("an alert set in the chat (its steps on two instances) fires once, whichever watcher sees it", async () => {
    const driver = chat();
    const account = ex.account({ AUD: "10" });
    await apps[0]?.deps.accounts.connect(driver.user.id, account.readWriteKey);
    await apps[1]?.deps.alerts.userConnected(driver.user.id);
    const price = Number((await ex.client().market.ticker()).ETH?.last);
    const level = (price * 1.01).toFixed(2);
    await driver.send(`/alert ETH above ${level}`);
    await driver.press("Confirm");
    expect((await ex.client(account.readWriteKey).priceTriggers.list()).results).toHaveLength(1);
    ex.sb.setPrice("ETH", (price * 1.02).toFixed(2));
    const fired = await driver.waitForOutput((o) => /rose to/.test(o.plainText), FOLLOW_UP_MS);
    expect(fired.plainText).toContain("ETH");
    // Every instance keeps scanning: time for a duplicate to show, if one could.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(driver.transcript().match(/rose to/g) ?? []).toHaveLength(1);
  });

  it("an update delivered to two instances at once is handled once", async () => {
    const { user, chat: privateChat } = fake.privateChat(nextUserId++);
    const update = fake.userText(user, privateChat, "/help");
    await Promise.all([post(update, backends[0]), post(update, backends[1]), post(update, backends[2])]);
    const replies = fake.callsTo("sendMessage").filter((c) => c.payload.chat_id === privateChat.id);
    expect(replies).toHaveLength(1);
  });

  it("two updates of one chat arriving at two instances at once run one after the other", async () => {
    const driver = chat();
    const account = ex.account({ AUD: "1000" });
    await apps[0]?.deps.accounts.connect(driver.user.id, account.readWriteKey);
    await driver.send("/settings");
    // Two taps at once, on two instances: each edits the menu; without the chat lock both read the
    // same session and one choice is lost.
    const menu = driver.lastMessage();
    if (menu === undefined) throw new Error("no menu");
    const tapLanguage = fake.callback(driver.user, driver.chat, menu.messageId, "set:lang:zh");
    const tapAlerts = fake.callback(driver.user, driver.chat, menu.messageId, "set:alerts:silent");
    await Promise.all([post(tapLanguage, backends[0]), post(tapAlerts, backends[1])]);
    const session = JSON.parse((await redis.get(`${prefix}session:user:${driver.user.id}`)) ?? "{}");
    expect(session).toMatchObject({ language: "zh", alerts: "silent" });
  });
});
