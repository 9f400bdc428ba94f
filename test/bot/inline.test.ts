/** Inline mode: price cards for `@bot BTC`, public data only, never an account's. */
import { Decimal } from "decimal.js";
import type { InlineQueryResultArticle } from "grammy/types";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_KEPT_QUERY } from "../../src/bot/inline/answer-cache.ts";
import type { Ticker } from "../../src/exchange/index.ts";
import type { ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";

// Started at the top of the file, as startTestBot registers the clean-up after the file (a hook
// registered from inside beforeAll never runs, and the bot's keys and workers would outlive the file).
const tb = await startTestBot();
const ticker: Ticker = await tb.ex.client().market.ticker();
const down = await startTestBot({ waiting: { exchangeDeadlineMs: 300 } });

interface Answer {
  results: InlineQueryResultArticle[];
  button?: { text: string; start_parameter: string };
  cache_time?: number;
  is_personal?: boolean;
}

/** The user types `query` after the bot's name; returns the bot's answer as Telegram received it. */
async function ask(chat: ChatDriver, query: string): Promise<Answer> {
  const update = tb.fake.inlineQuery(chat.user, query, "group");
  const id = update.inline_query?.id;
  await tb.app.bot.handleUpdate(update);
  const call = tb.fake.callsTo("answerInlineQuery").find((c) => c.payload.inline_query_id === id);
  expect(call?.response?.ok, JSON.stringify(call?.response)).toBe(true);
  return call?.payload as unknown as Answer;
}

const textOf = (result: InlineQueryResultArticle) =>
  (result.input_message_content as { message_text: string }).message_text;

describe("inline price cards", () => {
  it("offers a card with the asset's buy and sell prices, the zone-named time and a short cache", async () => {
    const answer = await ask(tb.chat(), "btc");
    expect(answer.results.map((r) => r.id)).toEqual(["BTC"]);
    const [card] = answer.results;
    if (card === undefined) throw new Error("no card");
    const btc = ticker.BTC;
    if (btc === undefined) throw new Error("the sandbox lists BTC");
    const aud = (value: string) =>
      new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" }).format(Number(value));
    expect(textOf(card)).toContain(`Buy: ${aud(btc.buy)}`);
    expect(textOf(card)).toContain(`Sell: ${aud(btc.sell)}`);
    expect(textOf(card)).toContain("(Australia/Sydney)");
    expect(card.title).toBe("BTC · Bitcoin");
    expect(answer.cache_time).toBeLessThanOrEqual(10);
    expect(answer.is_personal).toBe(true);
  });

  it("offers the top list for an empty query and several cards for several codes", async () => {
    const chat = tb.chat();
    const top = await ask(chat, "");
    expect(top.results.length).toBeGreaterThanOrEqual(5);
    expect(top.results[0]?.id).toBe("BTC");
    const two = await ask(chat, "eth, btc");
    expect(two.results.map((r) => r.id)).toEqual(["ETH", "BTC"]);
  });

  it("offers the closest assets for unknown text and a way into the bot when nothing is close", async () => {
    const chat = tb.chat();
    const close = await ask(chat, "ethh");
    expect(close.results.map((r) => r.id)).toContain("ETH");
    const none = await ask(chat, "qqqqqqq");
    expect(none.results).toEqual([]);
    expect(none.button?.start_parameter).toBe("prices");
  });

  it("speaks the user's language", async () => {
    const answer = await ask(tb.chat({ languageCode: "zh-hans" }), "btc");
    expect(textOf(answer.results[0] as InlineQueryResultArticle)).toContain("买入");
  });

  it("shows no account data to a connected user, for known, unknown and empty queries, and never calls the account's API", async () => {
    const { chat, account } = await tb.trader({ AUD: "7345.67", BTC: "0.12345678" });
    const log = () => tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`);
    const before = await log();
    for (const query of ["btc", "btc aud", "ethh", "qqqqqqq", ""]) {
      const shown = JSON.stringify(await ask(chat, query));
      for (const secret of ["7345", "7,345", "0.12345678", account.readWriteKey, account.readOnlyKey]) {
        expect(shown, `${query}: ${secret}`).not.toContain(secret);
      }
    }
    expect(await log()).toEqual(before);
  });

  it("never echoes the query: a pasted key reaches neither the answer nor the logs", async () => {
    const canary = "sbx_CanaryInlineKey0123456789abcdefABCDEF";
    const answer = await ask(tb.chat(), canary);
    expect(JSON.stringify(answer)).not.toContain(canary);
    expect(tb.logs.join("")).not.toContain(canary);
  });

  it("works out the cards of one reading once per language, zone and query, whoever types it", async () => {
    const reading = await tb.app.deps.market.load();
    const held = vi.spyOn(tb.app.deps.market, "held").mockReturnValue(reading);
    const worked = vi.spyOn(tb.app.deps.priceHistory, "dayChange");
    try {
      const first = await ask(tb.chat(), "btc eth");
      const again = await ask(tb.chat(), "btc eth");
      expect(again.results).toEqual(first.results);
      expect(first.results.map((r) => r.id)).toEqual(["BTC", "ETH"]);
      expect(worked).toHaveBeenCalledTimes(1);
      // Another language is worked out for itself.
      const chinese = await ask(tb.chat({ languageCode: "zh-hans" }), "btc eth");
      expect(textOf(chinese.results[0] as InlineQueryResultArticle)).toContain("买入");
      expect(worked).toHaveBeenCalledTimes(2);
      // A long query is never kept (it may be anything pasted): worked out each time.
      const long = "btc ".repeat(MAX_KEPT_QUERY / 4 + 1);
      await ask(tb.chat(), long);
      await ask(tb.chat(), long);
      expect(worked).toHaveBeenCalledTimes(4);
      // A new reading starts afresh.
      held.mockReturnValue({ ...reading, ticker: { ...reading.ticker } });
      expect((await ask(tb.chat(), "btc eth")).results).toEqual(first.results);
      expect(worked).toHaveBeenCalledTimes(5);
      // Cards whose day change could not be read are not kept: the next query asks again.
      worked.mockRejectedValueOnce(new Error("Redis unreachable"));
      expect((await ask(tb.chat(), "sol")).results.map((r) => r.id)).toEqual(["SOL"]);
      await ask(tb.chat(), "sol");
      expect(worked).toHaveBeenCalledTimes(7);
    } finally {
      held.mockRestore();
      worked.mockRestore();
    }
  });

  it("shows the change over 24 hours once the bot has a price a day old", async () => {
    const now = Date.now();
    const halved: Ticker = {};
    for (const [code, entry] of Object.entries(ticker)) {
      halved[code] = {
        buy: new Decimal(entry.buy).dividedBy(2).toFixed(),
        sell: new Decimal(entry.sell).dividedBy(2).toFixed(),
      };
    }
    // The change is against the minute a day before the query: the next minute too, should one begin.
    await tb.app.deps.priceHistory.record(halved, now - 24 * 3600_000);
    await tb.app.deps.priceHistory.record(halved, now - 24 * 3600_000 + 60_000);
    // A new reading: the cards of the one before were worked out (and kept) before that history existed.
    const reading = await tb.app.deps.market.load();
    const held = vi
      .spyOn(tb.app.deps.market, "held")
      .mockReturnValue({ ...reading, ticker: { ...reading.ticker } });
    const answer = await ask(tb.chat(), "btc").finally(() => held.mockRestore());
    const card = answer.results[0] as InlineQueryResultArticle;
    expect(textOf(card)).toContain("24 h: ▲ +100.00%");
    expect(card.description).toContain("24 h ▲ +100.00%");
  });
});

describe("inline price cards when the exchange does not answer", () => {
  beforeAll(async () => {
    await down.ex.control("POST", "/_sandbox/faults", {
      path_prefix: "/api/public/broker/",
      status: 503,
      count: 100,
    });
  });

  it("answers with no cards and a way into the bot, told not to cache it", async () => {
    const chat = down.chat();
    const update = down.fake.inlineQuery(chat.user, "btc");
    await down.app.bot.handleUpdate(update);
    const call = down.fake.lastCall("answerInlineQuery");
    expect(call?.response?.ok).toBe(true);
    expect(call?.payload.results).toEqual([]);
    expect(call?.payload.cache_time).toBe(0);
    expect((call?.payload.button as { text: string } | undefined)?.text).toContain("unavailable");
  });
});
