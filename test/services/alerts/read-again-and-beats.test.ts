import { describe, expect, it } from "vitest";
import type { ExchangeClient } from "../../../src/exchange/index.ts";
import {
  type AlertDelivery,
  type AlertWatcherOptions,
  alertKeys,
  nextBeat,
} from "../../../src/services/alerts/triggers/watcher.ts";
import { alertWatcherHarness } from "../../support/alert-watchers.ts";

const { redis, ex, ...harness } = await alertWatcherHarness();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

function watcher(clientFor: AlertWatcherOptions["clientFor"], extra: Partial<AlertWatcherOptions> = {}) {
  const prefix = harness.prefix("alerts-again");
  const delivered: AlertDelivery[] = [];
  const w = harness.watcher(prefix, {
    clientFor,
    deliver: async (delivery) => {
      delivered.push(delivery);
      return { status: "sent", markSeen: false };
    },
    ...extra,
  });
  return { w, delivered, keys: alertKeys(`${prefix}alerts:`) };
}

describe("a read asked for while one runs", () => {
  it("runs right after the running read, which missed the crossing, without waiting for a scan", async () => {
    const account = ex.account({ AUD: "10000" });
    const client = ex.client(account.readWriteKey);
    const userId = 1;
    // A gate the test holds: the read fetches the triggers, then waits before it hands them over, so it
    // sees them as they were before the level is crossed.
    let gate: Promise<void> | undefined;
    let openGate = () => {};
    let blocked = false;
    const reads: { start: number; end: number }[] = [];
    const iterate: ExchangeClient["priceTriggers"]["iterate"] = async function* (query) {
      const read = { start: Date.now(), end: 0 };
      const items = [];
      for await (const t of client.priceTriggers.iterate(query)) items.push(t);
      if (gate) {
        blocked = true;
        await gate;
        gate = undefined;
      }
      read.end = Date.now();
      reads.push(read);
      yield* items;
    };
    const gated = { ...client, priceTriggers: { ...client.priceTriggers, iterate } };
    const { w, delivered, keys } = watcher(async () => gated);
    await w.userConnected(userId);
    const price = Number((await ex.client().market.ticker()).BTC?.last);
    // Just above the price: near, so every scan asks for a read.
    const trigger = await client.priceTriggers.create({
      asset: "BTC",
      price: (price * 1.001).toPrecision(8),
      match: 1,
    });
    await w.triggersChanged(userId);
    await until(() => reads.length >= 3, 10_000, "scan reads of the near user");

    gate = new Promise((resolve) => {
      openGate = resolve;
    });
    await until(() => blocked, 10_000, "a read waiting at the gate");
    // Crossed while that read is under way: it fires on the exchange, the held read does not see it.
    ex.sb.setPrice("BTC", (price * 1.01).toPrecision(8));
    await client.priceTriggers.get(trigger.id);
    // Scans meanwhile (every 100 ms) ask for the user again; their job is the running one.
    await sleep(500);
    // No scan from now on: whatever reads the user next was asked for during the held read.
    await redis.set(keys.scanLock, "1", "PX", 60_000);
    await sleep(300);
    const readsBefore = reads.length;
    openGate();
    // Right after: a read, no scan, no heartbeat (60 s). 5 s: generous for a loaded machine.
    await until(() => delivered.length >= 1, 5000, "the event, read right after the held read");
    expect(delivered[0]).toMatchObject({ kind: "alert", userId, event: { triggerId: trigger.id } });
    await sleep(500);
    // The held read and one more: the mark is taken once, not a loop.
    expect(reads.length - readsBefore).toBe(2);
    const [held, again] = reads.slice(readsBefore);
    expect(again?.start).toBeGreaterThanOrEqual(held?.end ?? Number.POSITIVE_INFINITY);
  }, 30_000);
});

describe("heartbeat slots", () => {
  it("users connected at once beat spread over the interval, none later than the interval", async () => {
    const empty: ExchangeClient["priceTriggers"]["iterate"] = async function* () {};
    const stub = { priceTriggers: { iterate: empty } } as unknown as ExchangeClient;
    const { w, keys } = watcher(async () => stub, { tickMs: 60_000 });
    const users = Array.from({ length: 120 }, (_, i) => 1000 + i);
    const before = Date.now();
    await Promise.all(users.map((u) => w.userConnected(u)));
    const after = Date.now();
    const scores = await redis.zrange(keys.due, "0", "-1", "WITHSCORES");
    const due = scores.filter((_, i) => i % 2 === 1).map(Number);
    expect(due).toHaveLength(users.length);
    // Each first beat within the interval of the connection (its baseline read).
    for (const at of due) {
      expect(at).toBeGreaterThan(before);
      expect(at).toBeLessThanOrEqual(after + 60_000);
    }
    // Spread: every sixth of the minute holds some beats and none more than a third of them
    // (120 users connected together all fell due in the same second before).
    const buckets = Array.from({ length: 6 }, () => 0);
    for (const at of due) {
      const slot = Math.min(5, Math.floor(((at - before) / 60_000) * 6));
      buckets[slot] = (buckets[slot] ?? 0) + 1;
    }
    for (const n of buckets) {
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThanOrEqual(40);
    }
  });

  it("a user's next beat is their own slot, never more than the interval away", () => {
    const poll = 60_000;
    for (const userId of [1, 2, 3, 42, 123_456_789, 7_000_000_001]) {
      let at = 1_764_000_000_000;
      const first = nextBeat(userId, at, poll);
      for (let i = 0; i < 200; i++) {
        const beat = nextBeat(userId, at, poll);
        expect(beat).toBeGreaterThan(at);
        expect(beat - at).toBeLessThanOrEqual(poll);
        // The same phase whenever the user is read.
        expect((((beat - first) % poll) + poll) % poll).toBe(0);
        at += 7_919 + i * 13;
      }
    }
  });
});
