/**
 * The scan's copy of every user's levels: a read whose levels did not change numbers no change, a changed
 * level is in the next scans (only that user fetched), and a user no longer watched leaves every
 * instance's copy. Real timers with a 100 ms scan and a 60 s heartbeat; bounds are generous.
 */
import { describe, expect, it } from "vitest";
import type { ExchangeClient } from "../../../src/exchange/index.ts";
import { alertKeys } from "../../../src/services/alerts/triggers/watcher.ts";
import { alertWatcherHarness } from "../../support/alert-watchers.ts";

const { redis, ex, ...harness } = await alertWatcherHarness();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe("the scan's copy of the levels", () => {
  it("numbers only real changes, sees a new level at the next scans and drops a user who left", async () => {
    const prefix = harness.prefix("alerts-scan");
    const keys = alertKeys(`${prefix}alerts:`);
    const account = ex.account({ AUD: "10000" });
    const client = ex.client(account.readWriteKey);
    let reads = 0;
    const iterate: ExchangeClient["priceTriggers"]["iterate"] = async function* (query) {
      reads++;
      yield* client.priceTriggers.iterate(query);
    };
    const counted = { ...client, priceTriggers: { ...client.priceTriggers, iterate } };
    // Two instances: whichever takes the scan lock, its copy must follow the other's reads.
    const options = {
      clientFor: async () => counted,
      deliver: async () => ({ status: "sent" as const, markSeen: false }),
    };
    const a = harness.watcher(prefix, options);
    harness.watcher(prefix, options);
    const userId = 7;
    const price = Number((await ex.client().market.ticker()).BTC?.last);
    await client.priceTriggers.create({ asset: "BTC", price: (price * 2).toPrecision(8), match: 1 });
    await a.userConnected(userId);
    const seq = async () => Number((await redis.get(keys.levelsSeq)) ?? 0);
    expect(await seq()).toBe(1);
    // Far from the price: no read after the first (a beat a scan queued before the first read was recorded
    // may still come, on a loaded machine), and a read of the same levels numbers no change.
    await sleep(300);
    const settled = reads;
    expect(settled).toBeLessThanOrEqual(2);
    await sleep(500);
    expect(reads).toBe(settled);
    await a.triggersChanged(userId);
    await until(() => reads >= settled + 1, 5000, "the asked-for read");
    await sleep(200);
    expect(await seq()).toBe(1);

    // Just above the price: near, so every scan (every 100 ms) asks for a read from now on.
    await client.priceTriggers.create({ asset: "BTC", price: (price * 1.001).toPrecision(8), match: 1 });
    await a.triggersChanged(userId);
    await until(async () => (await seq()) === 2, 5000, "the new level stored");
    const readsThen = reads;
    // Well before the copy's whole reload (a minute): only the change was fetched.
    await until(() => reads >= readsThen + 3, 5000, "scan reads of the near user");
    expect(await redis.zscore(keys.levelsChanged, String(userId))).toBe("2");

    await a.userDisconnected(userId);
    expect(await seq()).toBe(3);
    // No scan finds them near any more: the again mark, which a scan sets on every near user it finds,
    // is never seen over ten scans (looked for every 20 ms).
    await sleep(300);
    await redis.del(keys.again(userId));
    let marks = 0;
    for (let i = 0; i < 50; i++) {
      marks += await redis.exists(keys.again(userId));
      await sleep(20);
    }
    expect(marks).toBe(0);
  }, 30_000);
});
