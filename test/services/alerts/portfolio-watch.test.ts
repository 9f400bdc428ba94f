/**
 * Portfolio alerts on the heartbeat, against the sandbox over HTTP and the real Redis: the statistics are
 * read on every k-th beat only (never on a read between beats), within 1.2 private reads a minute per user
 * at the default 60 s heartbeat; the AUD balance only with a value alert; paused alerts and heartbeats of
 * 50 s or less read nothing; states carry over a restart; an outbox a crash left is drained by the next
 * read; a reading's write drops what an edit, pause or removal changed meanwhile; three instances send
 * each event once. Beats are stepped by the test: it sets the user's due time
 * to a slot of its choice (the scan then queues that beat), so each stepped beat stands for a minute of
 * the default heartbeat without waiting one.
 */
import { describe, expect, it } from "vitest";
import type { PortfolioAlertSpec } from "../../../src/services/alerts/portfolio/kinds.ts";
import { createPortfolioAlertStore } from "../../../src/services/alerts/portfolio/store.ts";
import { type PortfolioDelivery, portfolioEventId } from "../../../src/services/alerts/portfolio/watch.ts";
import { type AlertDelivery, alertKeys, nextBeat } from "../../../src/services/alerts/triggers/watcher.ts";
import { alertWatcherHarness } from "../../support/alert-watchers.ts";
import { placeSwap } from "../../support/exchange.ts";

const { redis, ex, ...harness } = await alertWatcherHarness();
const POLL_MS = 60_000;
const TRIGGERS = "/api/private/broker/price-triggers/";
const STATS = "/api/private/v2/wallet-stats/";
const BALANCES = "/api/private/balances/";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

let nextUser = 5000;
/**
 * A user id whose own heartbeat is at least 45 s away: the beats the test steps are then the only ones
 * during the test (a 60 s heartbeat would otherwise beat once somewhere in any minute).
 */
function quietUser(): number {
  for (;;) {
    const id = nextUser++;
    if (nextBeat(id, Date.now(), POLL_MS) - Date.now() > 45_000) return id;
  }
}

/** A trader holding ETH bought for 2,000 AUD (5,000 AUD before), and a user id of theirs. */
async function trader() {
  const account = ex.account({ AUD: "5000" });
  const client = ex.client(account.readWriteKey);
  await placeSwap(client, "AUD", "ETH", "2000");
  return { account, client, userId: quietUser() };
}

/** GET requests of the account per path, from the sandbox's log. */
async function reads(accountId: number): Promise<Record<string, number>> {
  const log = (await ex.control("GET", `/_sandbox/requests?account_id=${accountId}`)) as {
    requests: { method: string; path: string }[];
  };
  const out: Record<string, number> = {};
  for (const r of log.requests) if (r.method === "GET") out[r.path] = (out[r.path] ?? 0) + 1;
  return out;
}

async function mid(asset: string): Promise<number> {
  const entry = (await ex.client().market.ticker())[asset];
  return (Number(entry?.buy) + Number(entry?.sell)) / 2;
}

/** One group of watcher instances on one prefix, with a store and what they delivered. */
function group(
  clientFor: (userId: number) => Promise<ReturnType<typeof ex.client> | undefined>,
  pollSeconds = 60,
) {
  const prefix = harness.prefix("portfolio-watch");
  const store = createPortfolioAlertStore({ redis, prefix: `${prefix}portfolio-alerts:` });
  const delivered: AlertDelivery[] = [];
  const start = () =>
    harness.watcher(prefix, {
      clientFor,
      pollSeconds,
      portfolioAlerts: store,
      deliver: async (delivery) => {
        delivered.push(delivery);
        return { status: "sent", markSeen: false };
      },
    });
  return { prefix, store, delivered, start, keys: alertKeys(`${prefix}alerts:`) };
}

type Group = ReturnType<typeof group>;

/**
 * Steps one beat of the user: their due time set to slot `index` (a past slot, so the scan queues it at
 * once), then waits until that beat's read is over (a trigger read more, the beat mark taken, the lock free).
 */
async function beat(g: Group, userId: number, accountId: number, index: number): Promise<void> {
  const before = (await reads(accountId))[TRIGGERS] ?? 0;
  await redis.zadd(g.keys.due, index * POLL_MS, String(userId));
  await until(async () => ((await reads(accountId))[TRIGGERS] ?? 0) > before, 10_000, "the beat's read");
  await until(
    async () => (await redis.exists(g.keys.beat(userId), g.keys.reading(userId))) === 0,
    10_000,
    "the beat's read to end",
  );
}

/** A beat index k-aligned (a multiple of `k`) some hours back, so the slots stepped are all past. */
function alignedIndex(k: number): number {
  const now = Math.floor(Date.now() / POLL_MS) - 600;
  return now - (now % k);
}

async function create(g: Group, userId: number, spec: PortfolioAlertSpec): Promise<string> {
  const created = await g.store.create(userId, spec, Date.now());
  if (!("alert" in created)) throw new Error(created.refused);
  return created.alert.id;
}

const portfolioDeliveries = (g: Group) =>
  g.delivered.filter((d): d is PortfolioDelivery => d.kind === "portfolio_alert");

describe("portfolio alerts on the heartbeat", () => {
  it("reads the statistics on every 5th beat only, never on reads between beats, 1.2 reads a minute", async () => {
    const t = await trader();
    const g = group(async () => t.client);
    const w = g.start();
    await w.userConnected(t.userId);
    await create(g, t.userId, { kind: "asset_return", asset: "ETH", direction: "either", percent: "10" });
    const before = await reads(t.account.accountId);
    const base = alignedIndex(5);
    // Ten beats of the 60 s heartbeat: k = 5 with one read per reading.
    for (let i = 0; i < 10; i++) await beat(g, t.userId, t.account.accountId, base + i);
    let after = await reads(t.account.accountId);
    const delta = (path: string) => (after[path] ?? 0) - (before[path] ?? 0);
    expect(delta(TRIGGERS)).toBe(10);
    expect(delta(STATS)).toBe(2);
    expect(delta(BALANCES)).toBe(0);
    // 12 private reads in ten minutes of heartbeat: 1.2 a minute, the budget and no more.
    expect((delta(TRIGGERS) + delta(STATS) + delta(BALANCES)) / 10).toBeLessThanOrEqual(1.2);
    // The first reading armed it.
    expect((await g.store.list(t.userId))[0]?.state.phase).toBe("armed");

    // Reads between beats: forced reads (the chat) and near reads (a level by the price) read no statistics.
    await w.triggersChanged(t.userId);
    await w.triggersChanged(t.userId);
    const price = await mid("BTC");
    await t.client.priceTriggers.create({ asset: "BTC", price: (price * 1.0005).toPrecision(8), match: 1 });
    await w.triggersChanged(t.userId);
    const nearFrom = (await reads(t.account.accountId))[TRIGGERS] ?? 0;
    await until(
      async () => ((await reads(t.account.accountId))[TRIGGERS] ?? 0) >= nearFrom + 3,
      10_000,
      "near reads",
    );
    after = await reads(t.account.accountId);
    expect(delta(STATS)).toBe(2);
    expect(portfolioDeliveries(g)).toEqual([]);
  }, 60_000);

  it("a value alert adds the AUD balance and makes it every 10th beat; it fires once, then states survive a restart", async () => {
    const t = await trader();
    const g = group(async () => t.client);
    let w = g.start();
    await w.userConnected(t.userId);
    // About 5,000 AUD now (3,000 cash, ETH for about 2,000).
    const id = await create(g, t.userId, { kind: "portfolio_value", direction: "above", level: "5500" });
    const before = await reads(t.account.accountId);
    const base = alignedIndex(10);
    for (let i = 0; i < 10; i++) await beat(g, t.userId, t.account.accountId, base + i);
    const after = await reads(t.account.accountId);
    const delta = (path: string) => (after[path] ?? 0) - (before[path] ?? 0);
    expect([delta(TRIGGERS), delta(STATS), delta(BALANCES)]).toEqual([10, 1, 1]);
    expect((delta(TRIGGERS) + delta(STATS) + delta(BALANCES)) / 10).toBeLessThanOrEqual(1.2);
    expect((await g.store.get(t.userId, id))?.state.phase).toBe("armed");

    // A restart: a new instance continues from the stored state (armed), and fires on the crossing.
    await w.close();
    w = g.start();
    ex.sb.setPrice("ETH", ((await mid("ETH")) * 1.4).toPrecision(8));
    await beat(g, t.userId, t.account.accountId, base + 10);
    await until(() => portfolioDeliveries(g).length === 1, 10_000, "the value alert's message");
    const [sent] = portfolioDeliveries(g);
    expect(sent).toMatchObject({ userId: t.userId, event: { id, kind: "portfolio_value", direction: "up" } });
    expect(Number(sent?.event.figure)).toBeGreaterThan(5500);
    expect(sent?.event.threshold).toBe("5500");
    // Fired: still past the level on the next k-th beat, so nothing more.
    await beat(g, t.userId, t.account.accountId, base + 20);
    await sleep(300);
    expect(portfolioDeliveries(g)).toHaveLength(1);
    expect((await g.store.get(t.userId, id))?.state).toMatchObject({ phase: "fired", side: "up" });
  }, 60_000);

  it("paused alerts read nothing, and with a 50 s heartbeat nothing is read at all", async () => {
    const t = await trader();
    const g = group(async () => t.client);
    const w = g.start();
    await w.userConnected(t.userId);
    const id = await create(g, t.userId, { kind: "portfolio_day", direction: "either", percent: "1" });
    await g.store.setPaused(t.userId, id, true);
    const before = await reads(t.account.accountId);
    const base = alignedIndex(5);
    await beat(g, t.userId, t.account.accountId, base);
    await beat(g, t.userId, t.account.accountId, base + 5);
    expect(((await reads(t.account.accountId))[STATS] ?? 0) - (before[STATS] ?? 0)).toBe(0);

    const u = await trader();
    const h = group(async () => u.client, 50);
    const w50 = h.start();
    await w50.userConnected(u.userId);
    await create(h, u.userId, { kind: "portfolio_day", direction: "either", percent: "1" });
    for (let i = 0; i < 3; i++) await beat(h, u.userId, u.account.accountId, alignedIndex(60) + i);
    expect((await reads(u.account.accountId))[STATS] ?? 0).toBe(0);
    // No beat marks are even set: nothing counts beats for portfolio alerts.
    expect(await redis.exists(h.keys.beat(u.userId))).toBe(0);
  }, 60_000);

  it("events a crash left in the outbox are queued by the user's next read, once", async () => {
    const t = await trader();
    const g = group(async () => t.client);
    const w = g.start();
    await w.userConnected(t.userId);
    const id = await create(g, t.userId, {
      kind: "asset_return",
      asset: "ETH",
      direction: "up",
      percent: "5",
    });
    const event = {
      id,
      kind: "asset_return" as const,
      direction: "up" as const,
      at: Date.now(),
      figure: "7.5",
      threshold: "5",
      asset: "ETH",
    };
    const delivery: PortfolioDelivery = { kind: "portfolio_alert", userId: t.userId, rev: 0, event };
    // As a reading writes it; then the process died before queueing it.
    const kept = await g.store.saveReading(
      t.userId,
      [{ id, rev: 0, state: { phase: "fired", side: "up", firedAt: event.at, firedFigure: "7.5" } }],
      [{ eventId: portfolioEventId(event), alertId: id, rev: 0, delivery: JSON.stringify(delivery) }],
    );
    expect(kept).toEqual([portfolioEventId(event)]);
    expect(Object.keys(await g.store.outbox(t.userId))).toEqual([portfolioEventId(event)]);
    // An entry that does not parse is dropped, and does not hold the others back.
    await redis.hset(g.store.keys.outbox(t.userId), "portfolio-x-1-u", "{not json");
    // Any read drains it (this one between beats), and a second read finds it empty.
    await w.triggersChanged(t.userId);
    await until(() => portfolioDeliveries(g).length === 1, 10_000, "the outbox's event");
    await w.triggersChanged(t.userId);
    await sleep(500);
    expect(portfolioDeliveries(g)).toEqual([delivery]);
    expect(await g.store.outbox(t.userId)).toEqual({});
  }, 30_000);

  it("a reading's write keeps only alerts still there, unpaused and of the revision read", async () => {
    const g = group(async () => undefined);
    const userId = quietUser();
    const [kept, edited, paused, removed] = await Promise.all(
      ["1", "2", "3", "4"].map((percent) =>
        create(g, userId, { kind: "asset_return", asset: "ETH", direction: "up", percent }),
      ),
    );
    // Meanwhile (between the statistics read and the write): an edit, a pause, a removal.
    await g.store.replace(userId, edited as string, {
      kind: "asset_return",
      asset: "ETH",
      direction: "up",
      percent: "9",
    });
    await g.store.setPaused(userId, paused as string, true);
    await g.store.remove(userId, removed as string);
    const state = { phase: "fired" as const, side: "up" as const, firedAt: 1, firedFigure: "12" };
    const ids = [kept, edited, paused, removed] as string[];
    const saved = await g.store.saveReading(
      userId,
      ids.map((id) => ({ id, rev: 0, state })),
      ids.map((id) => ({ eventId: `e-${id}`, alertId: id, rev: 0, delivery: "{}" })),
    );
    expect(saved).toEqual([`e-${kept}`]);
    expect(Object.keys(await g.store.outbox(userId))).toEqual([`e-${kept}`]);
    const alerts = new Map((await g.store.list(userId)).map((a) => [a.id, a]));
    expect(alerts.get(kept as string)?.state).toEqual(state);
    expect(alerts.get(edited as string)?.state).toEqual({ phase: "new" });
    // The paused one keeps the state it had (new): the reading's is not written.
    expect(alerts.get(paused as string)?.state).toEqual({ phase: "new" });
    expect(alerts.has(removed as string)).toBe(false);
  });

  it("three instances send each event once; an alert paused since it fired is not sent", async () => {
    const t = await trader();
    const g = group(async () => t.client);
    const instances = [g.start(), g.start(), g.start()];
    await instances[0]?.userConnected(t.userId);
    const up = await create(g, t.userId, {
      kind: "asset_return",
      asset: "ETH",
      direction: "up",
      percent: "10",
    });
    const base = alignedIndex(5);
    await beat(g, t.userId, t.account.accountId, base);
    expect((await g.store.get(t.userId, up))?.state.phase).toBe("armed");
    ex.sb.setPrice("ETH", ((await mid("ETH")) * 1.25).toPrecision(8));
    await beat(g, t.userId, t.account.accountId, base + 5);
    await until(() => portfolioDeliveries(g).length >= 1, 10_000, "the return alert's message");
    // Forced reads on every instance meanwhile: the outbox is empty, nothing is queued twice.
    await Promise.all(instances.map((w) => w.triggersChanged(t.userId)));
    await sleep(1000);
    expect(portfolioDeliveries(g).map((d) => d.event.id)).toEqual([up]);
    expect(portfolioDeliveries(g)[0]?.event).toMatchObject({
      kind: "asset_return",
      asset: "ETH",
      direction: "up",
    });

    // An event whose alert was paused after the reading wrote it (here: put in the outbox by hand) is
    // queued by the next read and dropped by the delivery.
    const down = await create(g, t.userId, {
      kind: "asset_return",
      asset: "ETH",
      direction: "down",
      percent: "50",
    });
    const event = {
      id: down,
      kind: "asset_return" as const,
      direction: "down" as const,
      at: Date.now(),
      figure: "-60",
      threshold: "50",
      asset: "ETH",
    };
    const stale: PortfolioDelivery = { kind: "portfolio_alert", userId: t.userId, rev: 0, event };
    await redis.hset(g.store.keys.outbox(t.userId), portfolioEventId(event), JSON.stringify(stale));
    await g.store.setPaused(t.userId, down, true);
    await instances[1]?.triggersChanged(t.userId);
    await until(
      async () => Object.keys(await g.store.outbox(t.userId)).length === 0,
      10_000,
      "the outbox drained",
    );
    await sleep(1000);
    expect(portfolioDeliveries(g).map((d) => d.event.id)).toEqual([up]);
  }, 60_000);
});
