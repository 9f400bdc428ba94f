/**
 * The demo's market commands: `:move` moves the sandbox price (and fires a trigger it crosses), `:price`
 * shows it, `:replay` walks it over a few seconds, `:seed` writes a day of history for RSI and the 24-hour
 * change.
 */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { type DemoMarket, runMarketCommand } from "../../src/demo/market-commands.ts";
import { createStyle } from "../../src/demo/output.ts";
import { startChat } from "../../src/demo/terminal.ts";
import { MarketRules } from "../../src/services/alerts/market/rules.ts";
import { readMarketSnapshot } from "../../src/services/alerts/market/snapshot.ts";
import { asMinuteCloses } from "../../src/services/alerts/market/watch.ts";
import { createPriceHistory } from "../../src/services/market/price-history.ts";
import { startTestExchange } from "../support/exchange.ts";
import { redisWithPrefixes } from "../support/redis-prefixes.ts";

const ex = await startTestExchange();
const market: DemoMarket = {
  prices: async (asset) => {
    const row = (await ex.client().market.ticker())[asset];
    return row && { buy: row.buy, sell: row.sell, last: row.last ?? row.buy };
  },
  setPrice: async (asset, price) => {
    ex.sb.setPrice(asset, price);
  },
};

describe("market commands", () => {
  it(":move BTC +2% moves the price and fires a trigger it crosses; :price shows it", async () => {
    const account = ex.account();
    const client = ex.client(account.readWriteKey);
    const before = (await market.prices("BTC"))?.last as string;
    const trigger = await client.priceTriggers.create({
      asset: "BTC",
      price: (Number(before) * 1.01).toPrecision(8),
      match: 1,
    });
    const said = await runMarketCommand(":move btc +2%", market);
    const after = (await market.prices("BTC"))?.last as string;
    expect(Number(after) / Number(before)).toBeCloseTo(1.02, 6);
    expect(said).toMatch(/^BTC moved from [\d.]+ to [\d.]+ AUD/);
    expect((await client.priceTriggers.get(trigger.id)).events).toHaveLength(1);
    expect(await runMarketCommand(":price BTC", market)).toContain(`mid ${after} AUD`);
    await runMarketCommand(":move BTC 90000", market);
    expect(Number((await market.prices("BTC"))?.last)).toBe(90000);
  });

  it(":replay walks the price there in steps over the seconds asked", async () => {
    const set: number[] = [];
    const waits: number[] = [];
    const replaying: DemoMarket = {
      ...market,
      setPrice: async (asset, price) => {
        set.push(Number(price));
        ex.sb.setPrice(asset, price);
      },
      sleep: async (ms) => {
        waits.push(ms);
      },
    };
    const before = Number((await market.prices("ADA"))?.last);
    const said = await runMarketCommand(":replay ada +6% 2s", replaying);
    expect(said).toMatch(/^ADA walked from [\d.]+ to [\d.]+ AUD in 4 steps over 2 s\.$/);
    expect(set).toHaveLength(4);
    expect(waits).toEqual([500, 500, 500]);
    for (let i = 1; i < set.length; i++) expect(set[i]).toBeGreaterThan(set[i - 1] as number);
    expect((set.at(-1) as number) / before).toBeCloseTo(1.06, 6);
    expect(Number((await market.prices("ADA"))?.last)).toBe(set.at(-1));
    expect(await runMarketCommand(":replay ADA +6% 0s", replaying)).toContain("1 to 60 seconds");
    expect(await runMarketCommand(":replay ADA -100% 5s", replaying)).toBe("A price must stay above zero.");
  });

  it(":seed writes 25 hours of history: the 24-hour change and RSI are known at once", async () => {
    const { redis, prefix } = redisWithPrefixes();
    const history = createPriceHistory({ redis, prefix: prefix("seed") });
    const now = Date.UTC(2026, 10, 28, 13, 30, 10);
    let reloads = 0;
    const seeding: DemoMarket = {
      ...market,
      history: {
        record: (ticker, at) => history.record(ticker, at),
        reload: async () => {
          reloads++;
        },
        now: () => now,
      },
    };
    const said = await runMarketCommand(":seed eth up", seeding);
    expect(said).toMatch(/^ETH: 25 hours of history written/);
    expect(reloads).toBe(1);
    const points = await history.series("ETH", now - 26 * 3_600_000, now, "1m");
    expect(points).toHaveLength(25 * 60);
    const rules = new MarketRules();
    rules.loadHistory("ETH", asMinuteCloses(points));
    const last = Number((await market.prices("ETH"))?.last);
    rules.reading(now, [["ETH", last]]);
    const snapshot = rules.snapshot("ETH");
    expect(snapshot?.rsi).toBeGreaterThan(70);
    expect(snapshot?.dayChange).toBeCloseTo((1.005 ** 24 - 1) * 100, 0);
    // What the chat would show when an alert is made: the same figures, from the history alone.
    const shown = await readMarketSnapshot(history, "ETH", last, now);
    expect(shown?.rsi).toBeCloseTo(snapshot?.rsi as number, 9);
    expect(shown?.dayChange).toBeCloseTo(snapshot?.dayChange as number, 9);
    expect(shown?.rsiActiveFrom).toBeLessThanOrEqual(now);
    expect(await runMarketCommand(":seed ETH up", market)).toBe("The price history is not available here.");
    expect(await runMarketCommand(":seed ETH sideways", seeding)).toContain("Unknown market command");
  });

  it("bad input is explained and moves nothing", async () => {
    const before = await market.prices("ETH");
    expect(await runMarketCommand(":move ETH -100%", market)).toBe("A price must stay above zero.");
    expect(await runMarketCommand(":move NOPE +2%", market)).toBe("The sandbox does not list NOPE.");
    expect(await runMarketCommand(":move ETH lots", market)).toContain("Unknown market command");
    expect(await runMarketCommand(":help", market)).toContain(":move ASSET +2%");
    expect(await market.prices("ETH")).toEqual(before);
  });

  it("the demo chat sends lines starting with a colon to the market, not to the bot", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let printed = "";
    output.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
    });
    const sent: string[] = [];
    const session = startChat({
      driver: {
        send: async (text) => {
          sent.push(text);
          return [];
        },
        press: async () => [],
        onOutput: () => () => undefined,
      },
      input,
      output,
      interactive: false,
      style: createStyle(false),
      outputDir: "unused",
      quietMs: 50,
      command: (line) => runMarketCommand(line, market),
    });
    input.end(":price ETH\nhello\n");
    await session.finished;
    session.close();
    expect(sent).toEqual(["hello"]);
    expect(printed).toMatch(/ETH: buy [\d.]+, sell [\d.]+, mid [\d.]+ AUD/);
  });
});
