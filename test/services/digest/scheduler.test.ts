/**
 * The digest's schedule through BullMQ: once per day per user even with three instances, a blocked user
 * dropped, the alert level respected, a late day skipped, and its content read from the sandbox.
 */
import { randomUUID } from "node:crypto";
import { Decimal } from "decimal.js";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { DIRECTION, MATCH } from "../../../src/exchange/index.ts";
import { gatherDigest } from "../../../src/services/digest/content.ts";
import {
  createDigestScheduler,
  type DigestScheduler,
  type DigestSendResult,
  type DigestUser,
} from "../../../src/services/digest/scheduler.ts";
import { localDateHour, nextLocalHour } from "../../../src/services/digest/zoned-time.ts";
import { startTestExchange } from "../../support/exchange.ts";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = new Redis(REDIS_URL);
const prefix = `test:digest:${randomUUID()}`;
const ex = await startTestExchange();
const ticker = await ex.client().market.ticker();
// Generous: jobs are picked up by BullMQ workers on real timers; 10 s leaves room on a loaded 2-core machine.
const JOB_MS = 10_000;
const schedulers: DigestScheduler[] = [];

afterAll(async () => {
  await Promise.all(schedulers.map((s) => s.close()));
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + JOB_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface World {
  user: DigestUser;
  sent: { userId: number; at: number }[];
  result: DigestSendResult;
  now: number;
}

/**
 * A scheduler whose users, sends and clock the test controls. Instances given the same `group` share a
 * queue (as bot instances on one Redis do); each test has its own group so no other test's worker runs
 * its jobs.
 */
function scheduler(world: World, key: string, group: string) {
  const s = createDigestScheduler({
    redisUrl: REDIS_URL,
    redis,
    prefix: `${prefix}:${group}`,
    logger: pino({ level: "silent" }),
    userOf: async () => world.user,
    clientFor: async () => ex.client(key),
    ticker: async () => ticker,
    send: async (userId, _content, _user, at) => {
      world.sent.push({ userId, at });
      return world.result;
    },
    now: () => world.now,
  });
  schedulers.push(s);
  return s;
}

let nextUser = 7_000_000 + Math.floor(Math.random() * 1_000_000);
const sydney: DigestUser = { hour: 8, zone: "Australia/Sydney", level: "on", locale: "en" };

describe("the digest's schedule", () => {
  it("three instances schedule one job and send one digest; the next day is scheduled once", async () => {
    const userId = nextUser++;
    const world: World = { user: sydney, sent: [], result: "sent", now: Date.now() };
    const key = ex.account({ AUD: "100" }).readWriteKey;
    const [a, b, c] = [
      scheduler(world, key, "three"),
      scheduler(world, key, "three"),
      scheduler(world, key, "three"),
    ];
    const next = nextLocalHour(world.now, 8, "Australia/Sydney");
    await Promise.all([a, b, c].map((s) => s.schedule(userId, 8, "Australia/Sydney")));
    expect(await a.pending(userId)).toEqual([`digest-${userId}-${next.date}-8-Australia_Sydney`]);
    world.now = next.at; // the clock reaches the hour
    await a.runNow(userId);
    await until(async () => (await a.pending(userId)).some((id) => !id.includes(next.date)), "the next day");
    expect(world.sent).toEqual([{ userId, at: next.at }]);
    const following = nextLocalHour(next.at, 8, "Australia/Sydney");
    expect(await b.pending(userId)).toEqual([`digest-${userId}-${following.date}-8-Australia_Sydney`]);
    // Moving the hour on the same day schedules a new job, but that day was already sent.
    world.user = { ...sydney, hour: 9 };
    await c.schedule(userId, 9, "Australia/Sydney");
    world.now = nextLocalHour(world.now, 9, "Australia/Sydney").at;
    await c.runNow(userId);
    await until(async () => (await a.pending(userId)).length === 1, "the hour-9 job to run");
    expect(world.sent).toHaveLength(1);
  });

  it("drops a user who blocked the bot, and sends nothing at the alert level off but keeps the schedule", async () => {
    const key = ex.account({ AUD: "100" }).readWriteKey;
    const blocked: World = { user: sydney, sent: [], result: "blocked", now: Date.now() };
    const s = scheduler(blocked, key, "blocked");
    const userId = nextUser++;
    await s.schedule(userId, 8, "Australia/Sydney");
    blocked.now = nextLocalHour(blocked.now, 8, "Australia/Sydney").at;
    await s.runNow(userId);
    await until(() => blocked.sent.length === 1, "the send attempt");
    await until(async () => (await s.pending(userId)).length === 0, "no job left");

    const quiet: World = { user: { ...sydney, level: "off" }, sent: [], result: "sent", now: Date.now() };
    const q = scheduler(quiet, key, "quiet");
    const other = nextUser++;
    await q.schedule(other, 8, "Australia/Sydney");
    const first = (await q.pending(other))[0];
    quiet.now = nextLocalHour(quiet.now, 8, "Australia/Sydney").at;
    await q.runNow(other);
    await until(async () => (await q.pending(other)).some((id) => id !== first), "the next day");
    expect(quiet.sent).toEqual([]);
  });

  it("skips a day whose hour passed long ago (every instance was down) and follows a changed zone", async () => {
    const key = ex.account({ AUD: "100" }).readWriteKey;
    const world: World = { user: sydney, sent: [], result: "sent", now: Date.now() };
    const s = scheduler(world, key, "late");
    const userId = nextUser++;
    await s.schedule(userId, 8, "Australia/Sydney");
    world.now = nextLocalHour(world.now, 8, "Australia/Sydney").at + 5 * 3_600_000;
    await s.runNow(userId);
    await until(async () => (await s.pending(userId)).length === 1 && world.sent.length === 0, "a skip");
    world.user = { ...sydney, zone: "Australia/Perth" };
    await s.runNow(userId);
    await until(async () => (await s.pending(userId)).some((id) => id.endsWith("Australia_Perth")), "Perth");
    expect(world.sent).toEqual([]);
  });
});

describe("the digest's content", () => {
  it("reads value, movers, triggers near their level and trades due today from the account", async () => {
    const account = ex.account({ AUD: "1000", BTC: "0.5", ETH: "2" });
    const client = ex.client(account.readWriteKey);
    const btc = ticker.BTC;
    if (btc === undefined) throw new Error("the sandbox lists BTC");
    const mid = new Decimal(btc.buy).plus(btc.sell).dividedBy(2);
    await client.priceTriggers.create({
      asset: "BTC",
      price: mid.times(1.02).toFixed(2),
      match: MATCH.ABOVE,
    });
    await client.priceTriggers.create({ asset: "BTC", price: mid.times(2).toFixed(2), match: MATCH.ABOVE });
    const now = Date.now();
    // A zone where an hour from now is still today, whatever the time of day the test runs.
    const zone = ["Australia/Sydney", "Europe/London", "America/Los_Angeles", "Asia/Tokyo"].find(
      (z) => localDateHour(now + 3_600_000, z).date === localDateHour(now, z).date,
    );
    if (zone === undefined) throw new Error("no zone with an hour left today");
    await client.recurringBuys.create({
      asset: "ETH",
      quantity: "25",
      direction: DIRECTION.BUY,
      period: "daily",
      start: new Date(now + 3_600_000),
    });
    await client.recurringBuys.create({
      asset: "BTC",
      quantity: "25",
      direction: DIRECTION.BUY,
      period: "daily",
      start: new Date(now + 3 * 86_400_000),
    });
    const content = await gatherDigest(client, ticker, now, zone);
    const balances = await client.balances.all();
    expect(new Decimal(content.total).greaterThan(balances.AUD ?? "0")).toBe(true);
    expect(content.nearTriggers).toHaveLength(1);
    expect(content.nearTriggers[0]).toMatchObject({ asset: "BTC", match: "above" });
    expect(new Decimal(content.nearTriggers[0]?.distancePercent ?? "0").toNumber()).toBeCloseTo(2, 1);
    expect(content.dueToday.map((d) => [d.asset, d.direction, new Decimal(d.quantity).toFixed()])).toEqual([
      ["ETH", "buy", "25"],
    ]);
    expect(content.movers.length).toBeLessThanOrEqual(3);
  });
});
