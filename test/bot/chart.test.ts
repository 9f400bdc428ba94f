/**
 * /chart as chats against the sandbox, with a stand-in price history (the real one is tested on its own):
 * an asset by name in either language, the picture decoded, the period buttons redrawing it in place, an
 * unknown asset and a bad period answered with buttons, too little history said, and the user's trigger
 * levels and average buy price drawn, or said to be unreadable when the exchange fails.
 */
import type { Decimal } from "decimal.js";
import { afterEach, describe, expect, it } from "vitest";
import { CHART_FILE_NAME } from "../../src/bot/chart/feature.ts";
import { PRICE_CHART_COLORS, PRICE_CHART_SIZE } from "../../src/bot/flow-kit/pictures/price-chart.ts";
import { toDec } from "../../src/exchange/index.ts";
import type { HistoryResolution, PricePoint } from "../../src/services/market/price-history.ts";
import type { BotOutput } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import { placeSwap } from "../support/exchange.ts";
import { decodePng } from "../support/png.ts";

const tb = await startTestBot();
const real = tb.app.deps.priceHistory;

/** What the stand-in history holds: how far back it reaches, and the slots it leaves out. */
let history: { reach: number; missing?: (index: number) => boolean } = { reach: Number.POSITIVE_INFINITY };
/** The calls made to the stand-in. */
const asked: { asset: string; from: number; to: number; resolution: HistoryResolution }[] = [];

tb.app.deps.priceHistory = {
  ...real,
  // A wave around the sandbox's (frozen) price, one point per slot of the resolution asked for.
  async series(asset, from, to, resolution) {
    asked.push({ asset, from, to, resolution });
    const mid = await midOf(asset);
    const slot = resolution === "1m" ? 60_000 : 300_000;
    const points: PricePoint[] = [];
    const start = Math.max(from, to - history.reach);
    for (let at = Math.ceil(start / slot) * slot, i = 0; at <= to; at += slot, i++) {
      if (history.missing?.(i)) continue;
      points.push({ at, mid: mid * (1 + 0.01 * Math.sin(i / 20)) });
    }
    return points;
  },
};

afterEach(async () => {
  history = { reach: Number.POSITIVE_INFINITY };
  asked.length = 0;
  await tb.ex.control("DELETE", "/_sandbox/faults");
});

async function midOf(asset: string): Promise<number> {
  const entry = (await tb.app.deps.market.ticker())[asset];
  return toDec(entry?.buy ?? "0")
    .plus(entry?.sell ?? "0")
    .dividedBy(2)
    .toNumber();
}

function photoOf(outputs: BotOutput[]): BotOutput {
  const photo = outputs.find((o) => o.kind === "photo" || (o.kind === "edit" && o.file !== undefined));
  if (photo === undefined)
    throw new Error(`no photo among ${outputs.map((o) => `${o.kind}: ${o.plainText}`).join("\n")}`);
  return photo;
}

const labels = (output: BotOutput | undefined) => output?.buttons.flat().map((b) => b.text) ?? [];

/** How many pixels of the picture have `colour`. */
function pixelsOf(bytes: Uint8Array, colour: string): number {
  const image = decodePng(bytes);
  let count = 0;
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const [r, g, b] = image.pixel(x, y);
      if (`#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}` === colour) count++;
    }
  return count;
}

describe("/chart", () => {
  it("takes the asset by name, sends an intact picture with its figures, and its period buttons redraw it in place", async () => {
    const chat = tb.chat();
    const photo = photoOf(await chat.send("/chart bitcoin"));
    expect(photo.kind).toBe("photo");
    expect(photo.file?.filename).toBe(CHART_FILE_NAME);
    const image = decodePng(photo.file?.bytes ?? new Uint8Array());
    expect({ width: image.width, height: image.height }).toEqual(PRICE_CHART_SIZE);
    // 24 hours by default, from minutes.
    expect(asked.at(-1)).toMatchObject({ asset: "BTC", resolution: "1m" });
    expect((asked.at(-1)?.to ?? 0) - (asked.at(-1)?.from ?? 0)).toBe(24 * 3600_000);
    const caption = photo.plainText;
    expect(caption).toMatch(
      /^BTC Bitcoin · last 24 hours\nNow \$[\d,.]+ · [+-]?[\d.]+% since \$[\d,.]+\nHigh \$[\d,.]+ · low \$[\d,.]+/,
    );
    // The live price is the exchange's mid.
    const now = /Now (\$[\d,.]+)/.exec(caption)?.[1];
    expect(now).toBe(
      `$${(await midOf("BTC")).toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
    expect(caption).toContain("Connect a key (/connect)");
    expect(caption).toMatch(/updated \d\d:\d\d:\d\d \S+ \(Australia\/Sydney\)/);
    expect(caption).not.toContain("Breaks in the line");
    expect(labels(photo)).toEqual(["1h", "✓ 24h", "7d", "30d"]);

    const edit = photoOf(await chat.press("7d"));
    expect(edit.kind).toBe("edit");
    expect(edit.messageId).toBe(photo.messageId);
    expect(edit.plainText).toContain("BTC Bitcoin · last 7 days");
    expect(labels(edit)).toEqual(["1h", "24h", "✓ 7d", "30d"]);
    expect(asked.at(-1)).toMatchObject({ asset: "BTC", resolution: "5m" });
  });

  it("understands a Chinese name and answers in Chinese", async () => {
    const chat = tb.chat({ languageCode: "zh" });
    const photo = photoOf(await chat.send("/chart 以太坊 1h"));
    expect(photo.plainText).toMatch(/^ETH .* · 最近 1 小时\n现价/);
    expect(asked.at(-1)).toMatchObject({ asset: "ETH", resolution: "1m" });
  });

  it("an unknown asset gets the closest as buttons, and a tap charts it", async () => {
    const chat = tb.chat();
    const [reply] = await chat.send("/chart bitcon 7d");
    expect(reply?.plainText).toContain("I don't know bitcon");
    expect(labels(reply)).toContain("BTC");
    const photo = photoOf(await chat.press("BTC"));
    expect(photo.kind).toBe("photo");
    expect(photo.plainText).toContain("BTC Bitcoin · last 7 days");
  });

  it("a word naming nothing close gets the popular assets; /chart alone asks which", async () => {
    const chat = tb.chat();
    const [reply] = await chat.send("/chart zzzzzzzz");
    expect(reply?.plainText).toContain("I don't know zzzzzzzz");
    expect(labels(reply)).toEqual(expect.arrayContaining(["BTC", "ETH"]));
    const [question] = await chat.send("/chart");
    expect(question?.plainText).toContain("Which asset's chart?");
    expect(labels(question)).toEqual(expect.arrayContaining(["BTC", "ETH", "SOL"]));
    // A name typed at the buttons picks its code's button.
    const photo = photoOf(await chat.send("ethereum"));
    expect(photo.plainText).toContain("ETH Ethereum · last 24 hours");
    // A period alone asks which asset, for that period.
    const [forWeek] = await chat.send("/chart 7d");
    expect(forWeek?.plainText).toContain("Which asset's chart?");
    expect(photoOf(await chat.press("SOL")).plainText).toContain("SOL Solana · last 7 days");
  });

  it("a bad period lists the periods as buttons, and nothing is drawn until one is tapped", async () => {
    const chat = tb.chat();
    const outputs = await chat.send("/chart btc 2h");
    expect(outputs.some((o) => o.kind === "photo")).toBe(false);
    expect(outputs[0]?.plainText).toContain(
      "I can't chart BTC over “2h”: a chart covers 1h, 24h, 7d or 30d.",
    );
    expect(labels(outputs[0])).toEqual(["1h", "24h", "7d", "30d"]);
    expect(asked).toEqual([]);
    const photo = photoOf(await chat.press("30d"));
    expect(photo.plainText).toContain("BTC Bitcoin · last 30 days");
  });

  it("with no history says so instead of drawing; partial history says from when, and gaps are named", async () => {
    const chat = tb.chat();
    history = { reach: 0, missing: () => true };
    const [none] = await chat.send("/chart btc");
    expect(none?.kind).toBe("message");
    expect(none?.plainText).toContain("I have no BTC prices for the last 24 hours yet");

    history = { reach: 60_000 };
    const [few] = await chat.send("/chart btc");
    expect(few?.plainText).toMatch(
      /too few BTC prices for the last 24 hours yet: .* since \d+ \w+ 20\d\d, \d\d:\d\d \(Australia\/Sydney\)/,
    );

    history = { reach: 3 * 3600_000, missing: (i) => i >= 50 && i < 70 };
    const photo = photoOf(await chat.send("/chart btc"));
    expect(photo.plainText).toMatch(/Prices only since \d+ \w+ 20\d\d, \d\d:\d\d \(Australia\/Sydney\)/);
    expect(photo.plainText).toContain("Breaks in the line are times the bot has no price for.");
  });

  it("draws the user's armed trigger levels and average buy price, labelled in the caption", async () => {
    const { chat, account } = await tb.trader({ AUD: "5000" });
    const client = tb.ex.client(account.readWriteKey);
    await placeSwap(client, "AUD", "BTC", "1000");
    const mid = await midOf("BTC");
    const above = toDec(String(mid)).times("1.005").toDecimalPlaces(0).toFixed();
    const below = toDec(String(mid)).times("0.995").toDecimalPlaces(0).toFixed();
    await client.priceTriggers.create({ asset: "BTC", price: above, match: 1 });
    await client.priceTriggers.create({ asset: "BTC", price: below, match: 2 });
    await tb.app.deps.alerts.triggersChanged(chat.user.id);
    // The watcher keeps the armed levels in Redis after its read: the chart reads them there.
    await expect
      .poll(async () => (await tb.app.deps.alertLevels.of(chat.user.id, "BTC")).length, { timeout: 10_000 })
      .toBe(2);
    const photo = photoOf(await chat.send("/chart btc"));
    const caption = photo.plainText;
    const money = (value: string) =>
      `$${Number(value).toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(caption).toContain(
      `your armed price alerts (▲ above, ▼ below): ▲ ${money(above)}, ▼ ${money(below)}`,
    );
    const stats = await client.portfolio.stats({ asset: "BTC" });
    const average = stats.results[0]?.assets.find((a) => a.asset === "BTC")?.total_avg_buy ?? "";
    expect(caption).toMatch(/your average buy price, \$[\d,.]+\./);
    expect(caption).toContain(
      `average buy price, $${toDec(average).toDecimalPlaces(2).toNumber().toLocaleString("en-AU", { minimumFractionDigits: 2 })}`,
    );
    const bytes = photo.file?.bytes ?? new Uint8Array();
    expect(pixelsOf(bytes, PRICE_CHART_COLORS.levels.above)).toBeGreaterThan(1500);
    expect(pixelsOf(bytes, PRICE_CHART_COLORS.levels.average)).toBeGreaterThan(500);
  });

  it("draws where the user's market alerts would fire: a step alarm's levels either side of its anchor", async () => {
    const { chat } = await tb.trader({ AUD: "5000" });
    const mid = await midOf("BTC");
    const anchor = toDec(String(mid)).toDecimalPlaces(0).toFixed();
    const created = await tb.app.deps.marketAlerts.create(
      chat.user.id,
      { kind: "step", asset: "BTC", percent: "1" },
      anchor,
      Date.now(),
    );
    expect("alert" in created).toBe(true);
    const photo = photoOf(await chat.send("/chart btc"));
    const money = (value: Decimal) =>
      `$${value.toNumber().toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const [up, down] = [toDec(anchor).times("1.01"), toDec(anchor).times("0.99")];
    expect(photo.plainText).toContain(
      `levels the bot watches for your market alerts: ${money(down)}, ${money(up)}`,
    );
    expect(
      pixelsOf(photo.file?.bytes ?? new Uint8Array(), PRICE_CHART_COLORS.levels.watched),
    ).toBeGreaterThan(500);
  });

  it("still sends the chart when the exchange fails the personal read, saying the lines could not be read", async () => {
    const { chat } = await tb.trader({ AUD: "100" });
    await tb.ex.control("POST", "/_sandbox/faults", {
      path_prefix: "/api/private/v2/wallet-stats/",
      status: 503,
      count: 10,
    });
    const photo = photoOf(await chat.send("/chart eth"));
    expect(photo.plainText).toContain("ETH Ethereum · last 24 hours");
    expect(photo.plainText).toMatch(
      /Your alert levels and average buy price could not be read, so they are not drawn\. \S/,
    );
    expect(pixelsOf(photo.file?.bytes ?? new Uint8Array(), PRICE_CHART_COLORS.levels.average)).toBe(0);
  });

  it("an inline card offers the 24 h chart: its button opens the private chat at /start chart-CODE", async () => {
    const chat = tb.chat();
    const update = tb.fake.inlineQuery(chat.user, "btc", "group");
    await tb.app.bot.handleUpdate(update);
    const call = tb.fake
      .callsTo("answerInlineQuery")
      .find((c) => c.payload.inline_query_id === update.inline_query?.id);
    expect(call?.response?.ok).toBe(true);
    const [card] = (call?.payload.results ?? []) as {
      reply_markup?: { inline_keyboard: { text: string; url?: string }[][] };
    }[];
    const button = card?.reply_markup?.inline_keyboard[0]?.[0];
    expect(button?.text).toBe("📈 24 h chart");
    expect(button?.url).toBe(`https://t.me/${tb.app.bot.botInfo.username}?start=chart-BTC`);
    const photo = photoOf(await chat.send("/start chart-BTC"));
    expect(photo.plainText).toContain("BTC Bitcoin · last 24 hours");
    // A parameter naming nothing greets as usual.
    const [greeting] = await chat.send("/start chart-NOPE1");
    expect(greeting?.kind).toBe("message");
    expect(greeting?.plainText).toContain("Welcome");
  });
});
