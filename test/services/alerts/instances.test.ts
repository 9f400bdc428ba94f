/**
 * Several watcher instances on one Redis, as several bot processes would run: together they read each
 * user one read at a time and deliver each event exactly once; a process killed in the middle of a
 * delivery loses nothing (another instance delivers after the dead one's job lock expires); the heartbeat
 * finds events no price movement announced. Real timers with a 100 ms scan and 1 s heartbeat; bounds are
 * generous (stated at each) because other test files share the machine.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import type { ExchangeClient, PriceTrigger } from "../../../src/exchange/index.ts";
import type {
  AlertDelivery,
  AlertWatcher,
  AlertWatcherOptions,
} from "../../../src/services/alerts/triggers/watcher.ts";
import { alertWatcherHarness, REDIS_URL } from "../../support/alert-watchers.ts";

const { redis, ex, ...harness } = await alertWatcherHarness();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A group of instances sharing one Redis prefix, with the clients of their users. */
function group() {
  const prefix = harness.prefix("alerts");
  const clients = new Map<number, ExchangeClient>();
  const delivered: { instance: number; delivery: AlertDelivery; at: number }[] = [];
  const readsInFlight = new Map<number, number>();
  let overlappingReads = 0;
  let nextUser = 1;

  /** Counts reads running at once per user (they must never overlap). */
  function counted(userId: number, client: ExchangeClient): ExchangeClient {
    const iterate: ExchangeClient["priceTriggers"]["iterate"] = async function* (query) {
      const running = (readsInFlight.get(userId) ?? 0) + 1;
      readsInFlight.set(userId, running);
      if (running > 1) overlappingReads++;
      try {
        yield* client.priceTriggers.iterate(query);
      } finally {
        readsInFlight.set(userId, (readsInFlight.get(userId) ?? 1) - 1);
      }
    };
    return { ...client, priceTriggers: { ...client.priceTriggers, iterate } };
  }

  function instance(n: number, extra: Partial<AlertWatcherOptions> = {}): AlertWatcher {
    return harness.watcher(prefix, {
      clientFor: async (userId) => {
        const client = clients.get(userId);
        return client && counted(userId, client);
      },
      deliver: async (delivery) => {
        delivered.push({ instance: n, delivery, at: Date.now() });
        return { status: "sent", markSeen: false };
      },
      pollSeconds: 1,
      lockDurationMs: 1000,
      ...extra,
    });
  }

  return {
    prefix,
    delivered,
    instance,
    overlapping: () => overlappingReads,
    /** A new user with a fresh account; returns their id and client. */
    user(balances: Record<string, string> = { AUD: "10000" }) {
      const account = ex.account(balances);
      const userId = nextUser++;
      const client = ex.client(account.readWriteKey);
      clients.set(userId, client);
      return { userId, account, client };
    },
  };
}

async function mid(asset: string): Promise<number> {
  return Number((await ex.client().market.ticker())[asset]?.last);
}

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

const eventKey = (d: AlertDelivery) =>
  d.kind === "alert" ? `${d.userId}:${d.event.triggerId}:${d.event.fired}` : "";

describe("several instances on one Redis", () => {
  it("three instances deliver each event exactly once and never read a user twice at a time", async () => {
    const g = group();
    const instances = [g.instance(1), g.instance(2), g.instance(3)];
    const assets = ["BTC", "ETH", "SOL"];
    const triggers: PriceTrigger[] = [];
    for (let u = 0; u < 4; u++) {
      const { userId, client } = g.user();
      await (instances[u % 3] as AlertWatcher).userConnected(userId);
      for (const asset of assets) {
        triggers.push(
          await client.priceTriggers.create({
            asset,
            price: ((await mid(asset)) * 1.01).toPrecision(6),
            match: 1,
          }),
        );
      }
      await (instances[(u + 1) % 3] as AlertWatcher).triggersChanged(userId);
    }
    for (const asset of assets) ex.sb.setPrice(asset, ((await mid(asset)) * 1.02).toPrecision(6));
    // 12 events; about a second each in parallel. 10 s: generous for a loaded CI machine.
    await until(() => g.delivered.length >= triggers.length, 10_000, "every event");
    // Heartbeats (every second) and near-level scans keep reading: give them time to duplicate, if they could.
    await sleep(2500);
    const keys = g.delivered.map((d) => eventKey(d.delivery));
    expect(keys).toHaveLength(triggers.length);
    expect(new Set(keys).size).toBe(triggers.length);
    expect(g.overlapping()).toBe(0);
  }, 30_000);

  it("an event no price move announced is found by the heartbeat", async () => {
    const g = group();
    const watcher = g.instance(1);
    const { userId, client } = g.user();
    await watcher.userConnected(userId);
    // Made in the web app (the watcher is not told) at a level already crossed: it fires at once.
    const trigger = await client.priceTriggers.create({
      asset: "ETH",
      price: ((await mid("ETH")) * 0.5).toPrecision(6),
      match: 1,
    });
    const made = Date.now();
    await until(() => g.delivered.length === 1, 5000, "the heartbeat's delivery");
    // Heartbeat 1 s: found within the beat plus a second; 3 s leaves room for a loaded machine.
    expect(Date.now() - made).toBeLessThan(3000);
    expect(g.delivered[0]?.delivery).toMatchObject({
      kind: "alert",
      userId,
      event: { triggerId: trigger.id },
    });
  }, 15_000);

  it("a process killed in the middle of delivering loses nothing: another instance delivers it", async () => {
    const g = group();
    const { userId, account, client } = g.user();
    const child = spawn(process.execPath, ["--no-warnings", "test/support/alert-watcher-process.ts"], {
      env: {
        ...process.env,
        REDIS_URL,
        SANDBOX_URL: ex.url,
        ACCOUNT_KEY: account.readWriteKey,
        USER_ID: String(userId),
        BULL_PREFIX: `${g.prefix}bull`,
        KEY_PREFIX: `${g.prefix}alerts:`,
      },
    }) as ChildProcessWithoutNullStreams;
    const lines: string[] = [];
    child.stdout.on("data", (chunk: Buffer) => lines.push(...String(chunk).split("\n").filter(Boolean)));
    try {
      // A fresh Node process loading the sources: slow on a loaded machine, so a generous bound.
      await until(() => lines.includes("READY"), 60_000, "the child instance");
      const trigger = await client.priceTriggers.create({
        asset: "BTC",
        price: ((await mid("BTC")) * 0.5).toPrecision(6),
        match: 1,
      });
      await until(() => lines.includes(`SENDING ${trigger.id}`), 10_000, "the child's delivery");
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
      // A new instance takes over once the dead one's job lock (1 s) runs out.
      g.instance(2);
      await until(() => g.delivered.length >= 1, 10_000, "the delivery by the surviving instance");
      await sleep(1500);
      expect(g.delivered.map((d) => eventKey(d.delivery))).toHaveLength(1);
      expect(g.delivered[0]?.delivery).toMatchObject({
        kind: "alert",
        userId,
        event: { triggerId: trigger.id },
      });
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 120_000);
});
