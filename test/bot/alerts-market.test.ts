/**
 * Market alerts (watched by the bot) as chats: the quick form of each kind in both languages, plain
 * requests, the guided steps, every refusal, the summary's single-use Confirm (nothing saved before it,
 * voided by /cancel), and /alerts with the card's pause, resume, edit and delete. No API key is needed for
 * them, and the exchange's part of /alerts keeps working beside them.
 */
import { describe, expect, it } from "vitest";
import type { Ticker } from "../../src/exchange/index.ts";
import { MARKET_ALERTS_PER_USER } from "../../src/services/alerts/market/store.ts";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";

const tb = await startTestBot();
const store = tb.app.deps.marketAlerts;
const TRIGGERS = "/api/private/broker/price-triggers/";

function buttons(output: BotOutput | undefined): string[] {
  return output?.buttons.flat().map((b) => b.text) ?? [];
}

/** What the bot says last to `text`. */
async function say(chat: ChatDriver, text: string): Promise<string> {
  return (await chat.send(text)).at(-1)?.plainText ?? "";
}

/** Sends a quick form, checks nothing was saved at its summary, confirms, and returns the saved spec. */
async function confirmed(chat: ChatDriver, text: string) {
  const summary = (await chat.send(text)).at(-1);
  expect(buttons(summary)).toContain(chat.user.language_code === "zh" ? "确认" : "Confirm");
  expect(await store.list(chat.user.id)).toEqual([]);
  const done = (await chat.press(chat.user.language_code === "zh" ? "确认" : "Confirm")).at(-1);
  const alerts = await store.list(chat.user.id);
  expect(alerts).toHaveLength(1);
  return { summary: summary?.plainText ?? "", done: done?.plainText ?? "", spec: alerts[0]?.spec };
}

describe("the quick form of market alerts", () => {
  it.each([
    [
      "/alert btc moves 5% in 1h",
      { kind: "move", asset: "BTC", window: "1h", direction: "either", percent: "5" },
    ],
    ["/alert eth up 3% 15m", { kind: "move", asset: "ETH", window: "15m", direction: "up", percent: "3" }],
    [
      "/alert btc down 10% 24h",
      { kind: "move", asset: "BTC", window: "24h", direction: "down", percent: "10" },
    ],
    ["/alert sol 24h change 8%", { kind: "day_change", asset: "SOL", direction: "either", percent: "8" }],
    ["/alert btc every 2%", { kind: "step", asset: "BTC", percent: "2" }],
    ["/alert btc rsi", { kind: "rsi", asset: "BTC", direction: "either", low: "30", high: "70" }],
    ["/alert bitcoin rsi 25 75", { kind: "rsi", asset: "BTC", direction: "either", low: "25", high: "75" }],
  ])("%s: a summary, nothing saved until Confirm, then the alert", async (text, spec) => {
    const chat = tb.chat();
    const { summary, done, spec: saved } = await confirmed(chat, text);
    expect(summary).toContain(`New alert watched by the bot: ${spec.asset}`);
    expect(summary).toContain("no email or SMS");
    expect(done).toContain("Alert saved.");
    expect(saved).toEqual(spec);
  });

  it("in Chinese: 比特币 1小时 涨跌 5%, btc 每 2%", async () => {
    const chat = tb.chat({ languageCode: "zh" });
    const first = await confirmed(chat, "/alert 比特币 1小时 涨跌 5%");
    expect(first.summary).toContain("由机器人监控的新提醒：BTC");
    expect(first.summary).toContain("1 小时内涨跌 5%");
    expect(first.spec).toEqual({
      kind: "move",
      asset: "BTC",
      window: "1h",
      direction: "either",
      percent: "5",
    });
    const other = tb.chat({ languageCode: "zh" });
    const step = await confirmed(other, "/alert btc 每 2%");
    expect(step.spec).toEqual({ kind: "step", asset: "BTC", percent: "2" });
  });

  it.each([
    [
      "/alert 以太坊 15分钟 上涨 3%",
      { kind: "move", asset: "ETH", window: "15m", direction: "up", percent: "3" },
    ],
    [
      "/alert btc 24小时 下跌 10%",
      { kind: "move", asset: "BTC", window: "24h", direction: "down", percent: "10" },
    ],
    ["/alert sol 24小时涨跌幅 8%", { kind: "day_change", asset: "SOL", direction: "either", percent: "8" }],
    ["/alert 比特币 rsi 超卖", { kind: "rsi", asset: "BTC", direction: "down", low: "30", high: "70" }],
  ])("in Chinese: %s", async (text, spec) => {
    const { summary, done, spec: saved } = await confirmed(tb.chat({ languageCode: "zh" }), text);
    expect(summary).toContain(`由机器人监控的新提醒：${spec.asset}`);
    expect(summary).toContain("不发邮件或短信");
    expect(done).toContain("提醒已保存。");
    expect(saved).toEqual(spec);
  });

  it("RSI with short history says from when it is active, in the user's time zone", async () => {
    const chat = tb.chat();
    const summary = await say(chat, "/alert eth rsi");
    expect(summary).toMatch(
      /too little price history for the RSI yet: it is active from .+ \(Australia\/Sydney\)/,
    );
  });

  it("RSI with 25 hours of history says nothing of when: it is active now", async () => {
    const minute = 60_000;
    const last = Math.floor(Date.now() / minute) * minute - minute;
    for (let i = 25 * 60; i >= 1; i--) {
      const mid = String(100 + (i % 7));
      await tb.app.deps.priceHistory.record(
        { LTC: { buy: mid, sell: mid } } as Ticker,
        last - (i - 1) * minute,
      );
    }
    const summary = await say(tb.chat(), "/alert ltc rsi");
    expect(summary).toContain("New alert watched by the bot: LTC");
    expect(summary).not.toContain("too little price history");
  });

  it("every refusal is explained and nothing is saved", async () => {
    const chat = tb.chat();
    expect(await say(chat, "/alert btc moves 5%")).toContain("Say the window: 15m, 1h, 4h or 24h");
    expect(await say(chat, "/alert btc moves 5% 2h")).toContain("Say the window");
    expect(await say(chat, "/alert btc moves 500% 1h")).toContain("between 0.1% and 100%");
    expect(await say(chat, "/alert btc every 0.1%")).toContain("between 0.5% and 100%");
    expect(await say(chat, "/alert btc moves 1h")).toContain("Give the percentage as a number");
    expect(await say(chat, "/alert btc rsi 2 70")).toContain("RSI thresholds must be between 5 and 95");
    expect(await say(chat, "/alert btc rsi 45 50")).toContain("at least 10 above the low one");
    const unknown = (await chat.send("/alert bitcoi moves 5% 1h")).at(-1);
    expect(unknown?.plainText).toContain("I don't know bitcoi");
    expect(buttons(unknown)).toContain("BTC");
    expect(await store.list(chat.user.id)).toEqual([]);
    // A closest asset's button is the same form on it.
    const summary = (await chat.press("BTC")).at(-1);
    expect(summary?.plainText).toContain("moves 5% either way within 1 hour");
  });

  it("a duplicate and the per-user limit are refused before the summary", async () => {
    const chat = tb.chat();
    await confirmed(chat, "/alert btc every 2%");
    expect(await say(chat, "/alert btc every 2%")).toContain("You already have this very alert");
    const at = Date.now();
    for (let i = 1; i < MARKET_ALERTS_PER_USER; i++) {
      await store.create(chat.user.id, { kind: "step", asset: "ETH", percent: String(i) }, "100", at);
    }
    const refused = (await chat.send("/alert sol every 3%")).at(-1);
    expect(refused?.plainText).toContain(
      `You already have ${MARKET_ALERTS_PER_USER} alerts watched by the bot`,
    );
    expect(buttons(refused)).toEqual([]);
  });

  it("/cancel voids a summary on screen: nothing is saved", async () => {
    const chat = tb.chat();
    const summary = (await chat.send("/alert btc every 2%")).at(-1);
    const data = summary?.buttons.flat().find((b) => b.text === "Confirm")?.data as string;
    const outputs = await chat.send("/cancel");
    const voided = outputs.find((o) => o.kind === "edit" && o.messageId === summary?.messageId);
    expect(voided?.plainText).toBe("Cancelled: nothing was saved.");
    await tb.app.bot.handleUpdate(tb.fake.callback(chat.user, chat.chat, summary?.messageId as number, data));
    const answer = tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined;
    expect(answer?.text).toContain("expired");
    expect(await store.list(chat.user.id)).toEqual([]);
  });

  it("the price-level form still makes an exchange trigger's summary", async () => {
    const { chat } = await tb.trader({ AUD: "100" });
    expect(await say(chat, "/alert btc above 200000")).toContain("New alert: BTC");
  });
});

describe("plain requests", () => {
  it("“alert me if btc moves 5% in an hour” becomes the quick form's summary", async () => {
    const chat = tb.chat();
    const { spec } = await confirmed(chat, "alert me if btc moves 5% in an hour");
    expect(spec).toEqual({ kind: "move", asset: "BTC", window: "1h", direction: "either", percent: "5" });
  });

  it("“tell me when eth drops 10% in 24h”, “remind me every 3% btc moves”, 比特币1小时涨跌5%提醒我", async () => {
    expect((await confirmed(tb.chat(), "tell me when eth drops 10% in 24h")).spec).toEqual({
      kind: "move",
      asset: "ETH",
      window: "24h",
      direction: "down",
      percent: "10",
    });
    expect((await confirmed(tb.chat(), "remind me every 3% btc moves")).spec).toEqual({
      kind: "step",
      asset: "BTC",
      percent: "3",
    });
    const zh = await confirmed(tb.chat({ languageCode: "zh" }), "比特币1小时涨跌5%提醒我");
    expect(zh.spec).toEqual({ kind: "move", asset: "BTC", window: "1h", direction: "either", percent: "5" });
  });

  it("a refused figure is explained as the quick form explains it", async () => {
    expect(await say(tb.chat(), "alert me if btc moves 5% in 2 hours")).toContain("Say the window");
  });
});

describe("the guided flow", () => {
  it("asset, then a market kind instead of a level, its fields step by step, then the summary", async () => {
    const { chat } = await tb.trader({ AUD: "100" });
    await chat.send("/alert");
    const level = (await chat.send("btc")).at(-1);
    expect(level?.plainText).toContain("Or let the bot watch a move of the price:");
    expect(buttons(level)).toEqual(
      expect.arrayContaining([
        "📈 Move within a time",
        "24-hour change",
        "Every N %",
        "RSI overbought / oversold",
      ]),
    );
    const direction = (await chat.press("📈 Move within a time")).find((o) => o.kind === "message");
    expect(direction?.plainText).toContain("Which way should BTC move?");
    expect(buttons(direction)).toEqual(["▲ Up", "▼ Down", "↕ Either way", "Cancel"]);
    // Typed, in the other language.
    const window = (await chat.send("下跌")).find((o) => o.kind === "message");
    expect(window?.plainText).toContain("Within how long?");
    const percent = (await chat.send("4 hours")).at(-1);
    expect(percent?.plainText).toContain("By how many percent?");
    expect(await say(chat, "500")).toContain("between 0.1% and 100%");
    expect(await store.list(chat.user.id)).toEqual([]);
    const summary = (await chat.send("7.5%")).at(-1);
    expect(summary?.plainText).toContain("New alert watched by the bot: BTC");
    expect(summary?.plainText).toContain("falls 7.5% within 4 hours");
    await chat.press("Confirm");
    expect((await store.list(chat.user.id))[0]?.spec).toEqual({
      kind: "move",
      asset: "BTC",
      window: "4h",
      direction: "down",
      percent: "7.5",
    });
  });

  it("RSI typed at the level step (the asset typed in Chinese), thresholds by button", async () => {
    const { chat } = await tb.trader({ AUD: "100" });
    await chat.send("/alert");
    await chat.send("以太坊");
    const thresholds = (await chat.send("rsi")).find((o) => o.kind === "message");
    expect(thresholds?.plainText).toContain("Alert when the RSI of ETH goes below the low");
    const summary = (await chat.press("25 / 75")).at(-1);
    expect(summary?.plainText).toContain("New alert watched by the bot: ETH");
    expect(summary?.plainText).toContain("below 25 or above 75");
    expect(await store.list(chat.user.id)).toEqual([]);
  });
  it("without a key: a market kind goes on, a price level asks for a key", async () => {
    const chat = tb.chat();
    await chat.send("/alert");
    await chat.send("sol");
    await chat.press("Every N %");
    const summary = (await chat.press("2%")).at(-1);
    expect(summary?.plainText).toContain(
      "Alerts when SOL moves 2% (either way) from where it last alerted, each time",
    );
    await chat.press("Confirm");
    expect((await store.list(chat.user.id))[0]?.spec).toEqual({ kind: "step", asset: "SOL", percent: "2" });
    await chat.send("/alert");
    await chat.send("sol");
    expect(await say(chat, "200")).toContain("You have not connected an API key yet");
  });
});

describe("/alerts with market alerts", () => {
  async function withAlert(chat: ChatDriver) {
    const created = await store.create(
      chat.user.id,
      { kind: "move", asset: "BTC", window: "1h", direction: "either", percent: "5" },
      "150000",
      Date.now(),
    );
    if (!("alert" in created)) throw new Error("not created");
    return created.alert;
  }

  it("several on one asset: each button says which alert it opens", async () => {
    const chat = tb.chat();
    await withAlert(chat);
    for (const spec of [
      { kind: "step", asset: "BTC", percent: "2" },
      { kind: "rsi", asset: "BTC", direction: "either", low: "30", high: "70" },
    ] as const) {
      const created = await store.create(chat.user.id, spec, "150000", Date.now());
      if (!("alert" in created)) throw new Error("not created");
    }
    const labels = buttons((await chat.send("/alerts")).at(-1));
    expect(labels).toEqual(
      expect.arrayContaining(["🤖 BTC moves 5% 1h", "🤖 BTC every 2%", "🤖 BTC rsi 30 70"]),
    );
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("without a key: the market alerts, and how to see the exchange's", async () => {
    const chat = tb.chat();
    await withAlert(chat);
    const list = (await chat.send("/alerts")).at(-1);
    expect(list?.plainText).toContain(
      "Watched by the bot (1): a message here only, no email or SMS, no trade",
    );
    expect(list?.plainText).toContain("BTC moves 5% either way within 1 hour");
    expect(list?.plainText).toContain("connect an API key with /connect");
    expect(buttons(list)).toEqual(["🤖 BTC moves 5% 1h"]);
  });

  it("beside the exchange's triggers", async () => {
    const { chat } = await tb.trader({ AUD: "100" });
    await withAlert(chat);
    await chat.send("/alert btc above 200000");
    await chat.press("Confirm");
    const list = (await chat.send("/alerts")).at(-1);
    expect(list?.plainText).toContain("Watched by the bot (1)");
    expect(list?.plainText).toMatch(/Your alerts.*\(1; page 1 of 1\)/);
    expect(buttons(list)).toEqual(
      expect.arrayContaining(["🤖 BTC moves 5% 1h", expect.stringMatching(/^#\d+ BTC$/)]),
    );
  });

  it("each part shows when the other's source fails", async () => {
    const { chat } = await tb.trader({ AUD: "100" });
    await withAlert(chat);
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: TRIGGERS,
      status: 503,
      count: 50,
    });
    try {
      const list = (await chat.send("/alerts")).at(-1);
      expect(list?.plainText).toContain("Watched by the bot (1)");
      expect(list?.plainText).toContain("BTC moves 5% either way within 1 hour");
      expect(buttons(list)).toEqual(["🤖 BTC moves 5% 1h"]);
      expect(list?.plainText).toContain("The exchange had a problem (error 503)");
    } finally {
      await tb.ex.control("DELETE", "/_sandbox/faults");
    }
    const real = tb.app.deps.marketAlerts;
    tb.app.deps.marketAlerts = {
      ...real,
      list: () => Promise.reject(new Error("redis is down")),
    };
    try {
      await chat.send("/alert btc above 200000");
      await chat.press("Confirm");
      const list = (await chat.send("/alerts")).at(-1);
      expect(list?.plainText).toMatch(/Your alerts.*\(1; page 1 of 1\)/);
      expect(list?.plainText).not.toContain("Watched by the bot");
    } finally {
      tb.app.deps.marketAlerts = real;
    }
  });

  it("the card: pause, resume, delete (asked first), nothing asked of the exchange", async () => {
    const chat = tb.chat();
    const alert = await withAlert(chat);
    await chat.send("/alerts");
    const card = (await chat.press("🤖 BTC moves 5% 1h")).at(-1);
    expect(card?.plainText).toContain("BTC alert, watched by the bot");
    expect(card?.plainText).toContain("State: ✅ active");
    expect(buttons(card)).toEqual(["⏸ Pause", "✏️ Edit", "🗑 Delete", "All alerts", expect.any(String)]);
    const paused = (await chat.press("⏸ Pause")).at(-1);
    expect(paused?.plainText).toContain("State: ⏸ paused");
    expect((await store.get(chat.user.id, alert.id))?.paused).toBe(true);
    await chat.press("▶️ Resume");
    expect((await store.get(chat.user.id, alert.id))?.paused).toBe(false);
    const question = (await chat.press("🗑 Delete")).at(-1);
    expect(question?.plainText).toContain("Delete the BTC alert (moves 5% either way within 1 hour)?");
    expect(await store.get(chat.user.id, alert.id)).toBeDefined();
    const deleted = (await chat.press("Yes, delete it")).at(-1);
    expect(deleted?.plainText).toContain("Alert deleted.");
    expect(await store.list(chat.user.id)).toEqual([]);
  });

  it("edit: the guided steps showing what it has now, a summary, then the change", async () => {
    const chat = tb.chat();
    const alert = await withAlert(chat);
    await chat.send("/alerts");
    await chat.press("🤖 BTC moves 5% 1h");
    const intro = (await chat.press("✏️ Edit")).find((o) => o.kind === "message");
    expect(intro?.plainText).toContain("as after /alert BTC (now: moves 5% 1h)");
    const direction = (await chat.press("Step by step")).find((o) => o.kind === "message");
    expect(direction?.plainText).toContain("Now: ↕ Either way");
    const window = (await chat.press("▲ Up")).find((o) => o.kind === "message");
    expect(window?.plainText).toContain("Now: 1 hour");
    const percent = (await chat.press("15 min")).find((o) => o.kind === "message");
    expect(percent?.plainText).toContain("Now: 5%");
    const summary = (await chat.send("3")).at(-1);
    expect(summary?.plainText).toContain("Change this alert watched by the bot: BTC");
    expect((await store.get(chat.user.id, alert.id))?.spec).toEqual(alert.spec);
    const done = (await chat.press("Confirm")).at(-1);
    expect(done?.plainText).toContain("Alert changed.");
    expect((await store.get(chat.user.id, alert.id))?.spec).toEqual({
      kind: "move",
      asset: "BTC",
      window: "15m",
      direction: "up",
      percent: "3",
    });
  });

  it("edit by the quick form's words typed in one line: another kind, refused figures explained", async () => {
    const chat = tb.chat({ languageCode: "zh" });
    const alert = await withAlert(chat);
    await chat.send("/alerts");
    await chat.press("🤖 BTC moves 5% 1h");
    await chat.press("✏️ 修改");
    expect(await say(chat, "每 0.1%")).toContain("百分比必须在 0.5% 到 100% 之间");
    const summary = (await chat.send("每 3%")).at(-1);
    expect(summary?.plainText).toContain("修改由机器人监控的提醒：BTC");
    expect((await store.get(chat.user.id, alert.id))?.spec).toEqual(alert.spec);
    await chat.press("确认");
    expect((await store.get(chat.user.id, alert.id))?.spec).toEqual({
      kind: "step",
      asset: "BTC",
      percent: "3",
    });
  });
});
