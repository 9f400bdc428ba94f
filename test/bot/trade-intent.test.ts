/**
 * Plain words that are not a request to trade now, through the whole bot: a condition becomes the price
 * alert that trades (its summary: level, side, what it sells), a cadence the recurring trade's flow, a
 * question or second thoughts no summary at all; shares are worked out from the balance, and an amount
 * question reads "$500" at a sale as the AUD received.
 */
import { describe, expect, it } from "vitest";
import type { BotOutput } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";

const tb = await startTestBot();

const texts = (outputs: BotOutput[]) => outputs.map((output) => output.plainText).join("\n");
const buttons = (outputs: BotOutput[]) =>
  outputs.flatMap((output) => output.buttons.flat().map((b) => b.text));

describe("a condition is an alert that trades, never a trade now", () => {
  it("'sell my eth if it goes above 7000': the trigger that sells all the ETH held above $7,000", async () => {
    const { chat, account } = await tb.trader({ ETH: "0.84", AUD: "10" });
    const outputs = await chat.send("sell my eth if it goes above 7000");
    const said = texts(outputs);
    expect(said).toContain("$7,000");
    expect(said).toMatch(/0\.84 ETH/);
    expect(said).not.toContain("You get");
    expect(buttons(outputs)).toContain("Confirm");
    await chat.press("Confirm");
    const [trigger] = (await tb.ex.client(account.readWriteKey).priceTriggers.list()).results;
    expect(trigger).toMatchObject({ asset: "ETH" });
    expect(Number(trigger?.price)).toBe(7000);
    expect((await tb.ex.client(account.readWriteKey).swaps.list()).count).toBe(0);
  });

  it("'buy eth if it dips to 5000': asks how much, with shares as buttons; Half spends half the AUD", async () => {
    const { chat } = await tb.trader({ AUD: "1000" });
    const asked = await chat.send("buy eth if it dips to 5000");
    expect(texts(asked)).toContain("How much AUD should the alert spend");
    expect(buttons(asked)).toEqual(["All", "Half", "A quarter"]);
    const summary = texts(await chat.press("Half"));
    expect(summary).toContain("$5,000");
    expect(summary).toContain("$500");
  });
});

describe("a cadence is a recurring trade", () => {
  it("'buy 50 aud of btc every week': the create flow asks only when to start, then the weekly summary", async () => {
    const { chat } = await tb.trader({ AUD: "1000" });
    const asked = texts(await chat.send("buy 50 aud of btc every week"));
    expect(asked).not.toContain("You spend");
    const summary = texts(await chat.press("Start now"));
    expect(summary).toContain("Cadence: weekly");
    expect(summary).toContain("$50.00");
  });
});

describe("talk about a trade is answered, never summarised", () => {
  it.each([
    "should I sell my eth?",
    "what happens if i sell 0.5 eth?",
    "I'll sell 0.5 eth tomorrow",
    "my friend told me to buy 5 sol",
    "sell 1 eth? hmm no",
    "我应该卖掉eth吗",
  ])("%j: nothing to confirm, and how it would be done", async (text) => {
    const { chat, account } = await tb.trader({ ETH: "1", AUD: "100" });
    const outputs = await chat.send(text);
    expect(buttons(outputs)).not.toContain("Confirm");
    expect(buttons(outputs)).not.toContain("确认");
    expect(texts(outputs)).toMatch(/did nothing|什么也没做/);
    expect((await tb.ex.client(account.readWriteKey).swaps.list()).count).toBe(0);
  });
});

describe("amounts as written", () => {
  it("'sell half my eth' quotes half the ETH held", async () => {
    const { chat } = await tb.trader({ ETH: "0.8" });
    expect(texts(await chat.send("sell half my eth"))).toMatch(/You sell: 0\.4 ETH/);
  });

  it("'$500' at /sell's amount question sells for $500, not 500 ETH", async () => {
    const { chat } = await tb.trader({ ETH: "1" });
    await chat.send("/sell ETH");
    const quote = texts(await chat.send("$500"));
    expect(quote).toContain("You get: $500.00");
    expect(quote).not.toContain("500 ETH");
  });
});

describe("what is missing is asked", () => {
  it("'buy 100' asks which asset, and the button brings the quote for $100 of it", async () => {
    const { chat } = await tb.trader({ AUD: "1000" });
    const asked = await chat.send("buy 100");
    expect(texts(asked)).toContain("Which asset should I buy with $100?");
    expect(buttons(asked)).toEqual(["BTC", "ETH", "SOL", "XRP"]);
    expect(texts(await chat.press("ETH"))).toContain("You spend: $100.00");
  });

  it("'sell 0.01' asks which crypto, and the button brings the quote for 0.01 of it (not $0.01)", async () => {
    const { chat } = await tb.trader({ ETH: "1" });
    const asked = await chat.send("sell 0.01");
    expect(texts(asked)).toContain("Which crypto should I sell 0.01 of?");
    expect(texts(await chat.press("ETH"))).toContain("You sell: 0.01 ETH");
  });

  it("'should i sell before the crash' is no trade: nothing done, no summary", async () => {
    const { chat } = await tb.trader({ ETH: "1" });
    const said = await chat.send("should i sell before the crash");
    expect(texts(said)).toContain("I trade only when asked plainly, so I did nothing.");
    expect(buttons(said)).not.toContain("Confirm");
  });

  it("a bare verb starts its guided flow", async () => {
    const { chat } = await tb.trader({ AUD: "1000" });
    expect(texts(await chat.send("buy"))).toContain("What would you like to buy?");
  });
});

describe("every capability in words", () => {
  it("settings: 'change language to chinese', then 切换成英文; 'set my timezone to perth'", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    expect(texts(await chat.send("change language to chinese"))).toContain("语言已设为简体中文");
    expect(texts(await chat.send("切换成英文"))).toContain("Language set to English");
    expect(texts(await chat.send("set my timezone to perth"))).toContain("Time zone set to Australia/Perth");
  });

  it("'never mind' with a quote on screen voids it, as /cancel does; 算了 with nothing there says so", async () => {
    const { chat } = await tb.trader({ AUD: "1000" });
    await chat.send("/buy BTC 100");
    const cancelled = await chat.send("never mind");
    expect(texts(cancelled)).toContain("Cancelled");
    expect(buttons(cancelled)).not.toContain("Confirm");
    expect(texts(await chat.send("算了"))).toContain("There is nothing to cancel.");
  });

  it("'btc chart 7d' is /chart BTC 7d (a new test bot has too little price history to draw it yet)", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    expect(texts(await chat.send("btc chart 7d"))).toContain("BTC prices for the last 7 days");
  });
});

describe("at a guided step", () => {
  it("a whole new request leaves the step, says so, and runs: 'sell 500 aud of eth' at /sell's amount question", async () => {
    const { chat } = await tb.trader({ ETH: "1" });
    await chat.send("/sell");
    await chat.press("ETH");
    const outputs = texts(await chat.send("sell 500 aud of eth"));
    expect(outputs).toContain("You left the trade you were setting up");
    expect(outputs).toContain("You get: $500.00");
  });

  it.each(["quit", "stop", "never mind", "取消", "算了"])("%j leaves the step", async (word) => {
    const { chat } = await tb.trader({ AUD: "1000" });
    await chat.send("/buy");
    await chat.press("BTC");
    expect(texts(await chat.send(word))).toContain("Cancelled");
    // The question is gone: a number now is no answer to it.
    expect(texts(await chat.send("100"))).not.toContain("You spend");
  });

  it("an asset or a number alone is still the step's answer", async () => {
    const { chat } = await tb.trader({ AUD: "1000" });
    await chat.send("/buy");
    expect(texts(await chat.send("eth"))).toContain("How much AUD would you like to spend?");
    expect(texts(await chat.send("100"))).toContain("You spend: $100.00");
  });
});

describe("answers as written at a step", () => {
  it("a level step takes 'above 160k' (the side not asked again) and 低于五千", async () => {
    const { chat } = await tb.trader({ AUD: "100" });
    await chat.send("/alert");
    await chat.press("BTC");
    const asked = texts(await chat.send("above 160k"));
    expect(asked).toContain("$160,000");
    expect(asked).not.toContain("above or below");
    await chat.send("/alert");
    await chat.press("BTC");
    expect(texts(await chat.send("低于五千"))).toContain("$5,000");
  });

  it("'ok' after 'Did you mean BTC?' takes BTC", async () => {
    const { chat } = await tb.trader({ AUD: "1000" });
    await chat.send("/buy");
    expect(texts(await chat.send("bitcon"))).toContain("Did you mean BTC");
    expect(texts(await chat.send("ok"))).toContain("How much AUD would you like to spend?");
  });
});

describe("menus take words, in either language", () => {
  it("the statement's periods by the other language's label; a language by its name", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    await chat.send("/statement");
    // The English menu's "Last month", typed as the Chinese menu labels it, or in other words.
    expect(texts(await chat.send("上月"))).not.toContain("I don't understand");
    await chat.send("/statement");
    expect(texts(await chat.send("上个月"))).toContain("Preparing your statement");
    await chat.send("/settings");
    await chat.press("Language");
    expect(texts(await chat.send("chinese"))).toContain("语言已设为简体中文");
    expect(texts(await chat.send("英文"))).toContain("Language set to English");
  });
});

describe("a correction at a summary", () => {
  it("'actually make it 100' quotes the same trade again for 100; 改成200 too; with no quote it says so", async () => {
    const { chat } = await tb.trader({ AUD: "1000" });
    await chat.send("buy 50 aud of btc");
    const again = await chat.send("actually make it 100");
    expect(texts(again)).toContain("Quote cancelled");
    expect(texts(again)).toContain("You spend: $100.00");
    expect(texts(await chat.send("改成200"))).toContain("You spend: $200.00");
    await chat.send("/cancel");
    expect(texts(await chat.send("make it 300"))).toContain("There is no quote on screen to change");
  });
});

describe("a kind typed with its figures", () => {
  it("'moves 5% in an hour' at the alert's level step keeps its figures: the summary comes, nothing asked again", async () => {
    const { chat } = await tb.trader({ AUD: "100" });
    await chat.send("/alert");
    await chat.press("BTC");
    const outputs = await chat.send("moves 5% in an hour");
    expect(texts(outputs)).toContain("Alerts when BTC moves 5% either way within 1 hour.");
    expect(buttons(outputs)).toEqual(["Confirm", "Cancel"]);
  });
});

describe("a statement for a period in words", () => {
  it("'statement for last month' and 上个月的对账单 send last month's PDF at once", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    for (const text of ["statement for last month", "上个月的对账单"]) {
      const outputs = await chat.send(text);
      expect(outputs.some((output) => output.kind === "document")).toBe(true);
    }
  });
});

describe("dates in words at the statement's own question, in Chinese", () => {
  it("上个月 is read (the question's own example), not refused", async () => {
    const { chat } = await tb.trader({ AUD: "100" });
    await chat.send("/settings");
    await chat.press("Language");
    await chat.press("简体中文");
    await chat.send("/statement");
    await chat.press("自选日期…");
    const outputs = await chat.send("上个月");
    expect(texts(outputs)).toContain("正在准备");
    expect(outputs.some((output) => output.kind === "document")).toBe(true);
  });
});

describe("a duplicate exchange alert", () => {
  it("is pointed out before it is created", async () => {
    const { chat } = await tb.trader({ AUD: "100" });
    await chat.send("/alert BTC above 999999");
    await chat.press("Confirm");
    const again = texts(await chat.send("/alert BTC above 999999"));
    expect(again).toMatch(/You already have this alert \(#\d+\)/);
    expect(texts(await chat.send("/alert BTC above 888888"))).not.toContain("You already have");
  });
});
