/**
 * The ticker shared through Redis: three instances asking all the time read the exchange at most once
 * per second together. Real timers: the bound is logical (each read holds a one-second lock), so a slow
 * machine can only make the count smaller, never larger.
 */
import { describe, expect, it } from "vitest";
import type { Ticker } from "../../../src/exchange/index.ts";
import { createSharedTicker } from "../../../src/services/alerts/shared/ticker.ts";
import { createMarketData, SHOWN_STALE_MS } from "../../../src/services/market/market-data.ts";
import { startTestExchange } from "../../support/exchange.ts";
import { redisWithPrefixes } from "../../support/redis-prefixes.ts";

const { redis, prefix } = redisWithPrefixes();
const freshPrefix = () => prefix("ticker");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A shared ticker on a clock of the test's own, whose exchange always prices ETH at 2 / 1. */
function ethTicker(prefix = freshPrefix()) {
  const clock = { now: 1_000_000 };
  const ticker = createSharedTicker({
    redis,
    prefix,
    now: () => clock.now,
    load: async () => ({ ETH: { buy: "2", sell: "1" } }),
  });
  return { ticker, clock };
}

describe("the shared ticker", () => {
  it("three instances asking non-stop read the exchange at most once per second together", async () => {
    const prefix = freshPrefix();
    const reads: number[] = [];
    const load = async (): Promise<Ticker> => {
      reads.push(Date.now());
      await sleep(20);
      return { BTC: { buy: "101", sell: "99", last: String(reads.length) } };
    };
    const instances = [1, 2, 3].map(() => createSharedTicker({ redis, prefix, load }));
    const start = Date.now();
    let answers = 0;
    await Promise.all(
      instances.map(async (instance) => {
        while (Date.now() - start < 2500) {
          const ticker = await instance.get();
          expect(ticker.BTC?.buy).toBe("101");
          answers++;
          await sleep(5);
        }
      }),
    );
    const elapsed = Date.now() - start;
    expect(answers).toBeGreaterThan(30);
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads.length).toBeLessThanOrEqual(Math.floor(elapsed / 1000) + 1);
    for (let i = 1; i < reads.length; i++) {
      expect((reads[i] as number) - (reads[i - 1] as number)).toBeGreaterThanOrEqual(900);
    }
  });

  it("a reading still fresh is reused in the process without asking Redis; a stale one is read again", async () => {
    const prefix = freshPrefix();
    const { ticker, clock } = ethTicker(prefix);
    expect((await ticker.get()).ETH?.sell).toBe("1");
    // Another instance's newer reading in Redis: not seen while this process's own is under a second old.
    const other = { at: clock.now + 500, ticker: { ETH: { buy: "4", sell: "3" } } };
    await redis.set(`${prefix}ticker`, JSON.stringify(other));
    clock.now += 999;
    expect((await ticker.get()).ETH?.sell).toBe("1");
    clock.now += 1; // a second old: Redis again, where the other instance's reading is still fresh
    expect((await ticker.get()).ETH?.sell).toBe("3");
  });

  it("recent: the reading held while at most the bound old (never a wait); past a second, one read starts behind it", async () => {
    let reads = 0;
    let price = "1";
    const clock = { now: 1_000_000 };
    const prefix = freshPrefix();
    const ticker = createSharedTicker({
      redis,
      prefix,
      now: () => clock.now,
      load: async () => {
        reads++;
        return { ETH: { buy: "2", sell: price } };
      },
    });
    expect(ticker.recent(3000)).toBeUndefined();
    expect(reads).toBe(0); // nothing held: the caller waits on get(), recent() reads nothing
    await ticker.get();
    const first = ticker.recent(3000);
    expect(first?.ticker.ETH?.sell).toBe("1");
    expect(first?.at).toBe(1_000_000);
    clock.now += 999;
    expect(ticker.recent(3000)?.ticker.ETH?.sell).toBe("1");
    expect(reads).toBe(1); // under a second old: no read
    price = "3";
    // Two seconds old (Redis's lock, on its own clock, let go as well): still shown, and one read starts
    // for the next caller.
    clock.now += 1001;
    await redis.del(`${prefix}ticker:lock`);
    expect(ticker.recent(3000)?.ticker.ETH?.sell).toBe("1");
    expect(ticker.recent(3000)?.ticker.ETH?.sell).toBe("1");
    await sleep(50);
    expect(reads).toBe(2);
    const next = ticker.recent(3000);
    expect(next?.ticker.ETH?.sell).toBe("3");
    expect(next?.at).toBe(1_002_000);
    clock.now += 3000; // past the bound: nothing held, the caller waits
    expect(ticker.recent(3000)).toBeUndefined();
  });

  it("recent: a background read that fails leaves the old reading, up to the bound", async () => {
    let fail = false;
    const clock = { now: 1_000_000 };
    const ticker = createSharedTicker({
      redis,
      prefix: freshPrefix(),
      now: () => clock.now,
      load: async () => {
        if (fail) throw new Error("exchange down");
        return { ETH: { buy: "2", sell: "1" } };
      },
    });
    await ticker.get();
    fail = true;
    clock.now += 1500;
    expect(ticker.recent(3000)?.ticker.ETH?.sell).toBe("1");
    await sleep(50);
    expect(ticker.recent(3000)?.at).toBe(1_000_000);
    clock.now += 1500;
    expect(ticker.recent(3000)).toBeUndefined();
    await expect(ticker.get()).rejects.toThrow("exchange down");
  });

  it("market data held: the ticker (a few seconds old at most, when read) and the names once both are in memory", async () => {
    const prefix = freshPrefix();
    const { ticker, clock } = ethTicker(prefix);
    let assetReads = 0;
    const client = {
      market: {
        assets: async () => {
          assetReads++;
          return [{ code: "eth", name: "Ether" }];
        },
      },
    } as unknown as Parameters<typeof createMarketData>[0]["client"];
    const market = createMarketData({
      client,
      sharedTicker: ticker,
      now: () => clock.now,
      assetsTtlMs: 10_000,
    });
    expect(market.held()).toBeUndefined();
    await market.ticker();
    expect(market.held()).toBeUndefined(); // the names are not loaded yet
    await market.assetNames();
    const held = market.held();
    expect(held?.ticker.ETH?.buy).toBe("2");
    expect(held?.names.get("ETH")).toBe("Ether");
    expect(held?.at).toBe(1_000_000);
    expect(market.held()?.names).toBe(held?.names); // one map per list, not one per caller
    clock.now += SHOWN_STALE_MS - 1; // still shown (a fresh read started behind it)
    await redis.del(`${prefix}ticker:lock`); // Redis's lock (on its own clock) let go as well
    expect(market.held()?.ticker.ETH?.buy).toBe("2");
    await sleep(50);
    expect(market.held()?.at).toBe(1_000_000 + SHOWN_STALE_MS - 1);
    clock.now += SHOWN_STALE_MS; // nobody asked for longer than the bound: wait for a fresh one
    expect(market.held()).toBeUndefined();
    expect(assetReads).toBe(1);
  });

  it("market data of its own (no shared ticker): the same bound, and the names past their time read behind them", async () => {
    const clock = { now: 1_000_000 };
    let tickerReads = 0;
    let assetReads = 0;
    const client = {
      market: {
        ticker: async () => {
          tickerReads++;
          return { ETH: { buy: String(tickerReads), sell: "1" } };
        },
        assets: async () => {
          assetReads++;
          return [{ code: "eth", name: "Ether" }];
        },
      },
    } as unknown as Parameters<typeof createMarketData>[0]["client"];
    const market = createMarketData({ client, now: () => clock.now, assetsTtlMs: 10_000 });
    // Nothing held: load() waits for both, read now.
    const loaded = await market.load();
    expect(loaded.ticker.ETH?.buy).toBe("1");
    expect(loaded.names.get("ETH")).toBe("Ether");
    expect(loaded.at).toBe(1_000_000);
    expect(market.held()?.ticker.ETH?.buy).toBe("1");
    clock.now += 1500;
    expect(market.held()?.ticker.ETH?.buy).toBe("1");
    await sleep(10);
    expect(tickerReads).toBe(2);
    expect(market.held()?.ticker.ETH?.buy).toBe("2");
    clock.now += 10_000; // the names past their ten seconds: still shown, read again behind them
    expect(market.held()).toBeUndefined(); // the ticker is past its bound
    await market.ticker();
    expect(market.held()?.names.get("ETH")).toBe("Ether");
    await sleep(10);
    expect(assetReads).toBe(2);
  });

  it("a reading is aged from the start of its read; a scan a second later reads again instead of reusing it", async () => {
    const prefix = freshPrefix();
    let clock = 1_000_000;
    let reads = 0;
    const ticker = createSharedTicker({
      redis,
      prefix,
      now: () => clock,
      load: async () => {
        reads++;
        clock += 150; // the read takes 150 ms
        return { BTC: { buy: "101", sell: "99", last: String(reads) } };
      },
    });
    const first = await ticker.reading(900);
    expect(first.at).toBe(1_000_000);
    // The next scan, a second after the first began: 1000 ms old (850 ms if stamped on arrival), so
    // read again. The lock (1 s, on Redis's clock) has run out by now in real time too: wait for it.
    clock = 1_001_000;
    await sleep(1000);
    expect((await ticker.reading(900)).ticker.BTC?.last).toBe("2");
    // /price's default age (a second) still reuses it.
    clock += 500;
    expect((await ticker.get()).BTC?.last).toBe("2");
    expect(reads).toBe(2);
  });

  it("a failed read of one's own is thrown as it is; the next second reads again", async () => {
    const prefix = freshPrefix();
    let calls = 0;
    const failure = new Error("exchange down");
    const ticker = createSharedTicker({
      redis,
      prefix,
      ttlMs: 200,
      load: async () => {
        calls++;
        if (calls === 1) throw failure;
        return { ETH: { buy: "2", sell: "1" } };
      },
    });
    await expect(ticker.get()).rejects.toBe(failure);
    expect((await ticker.get()).ETH?.sell).toBe("1");
  });

  it("serves /price's market data: the sandbox ticker through Redis", async () => {
    const ex = await startTestExchange();
    const client = ex.client();
    const shared = createSharedTicker({ redis, prefix: freshPrefix(), load: () => client.market.ticker() });
    const market = createMarketData({ client, sharedTicker: shared });
    const ticker = await market.ticker();
    expect(ticker.BTC?.buy).toMatch(/^\d+(\.\d+)?$/);
    expect(await market.ticker()).toEqual(ticker);
  });
});
