/** The demo's market commands: `:move` moves the sandbox price (and fires a trigger it crosses), `:price` shows it. */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { type DemoMarket, runMarketCommand } from "../../src/demo/market-commands.ts";
import { createStyle } from "../../src/demo/output.ts";
import { startChat } from "../../src/demo/terminal.ts";
import { startTestExchange } from "../support/exchange.ts";

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
