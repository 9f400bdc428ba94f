/**
 * Portfolio alerts (the total value, the day return, an asset's return on what was paid) as chats: the quick
 * form and plain requests in both languages, the summary with the figure now and its single-use Confirm
 * (nothing saved before it, voided by /cancel), every refusal (each check, the limit, a duplicate, no key,
 * a heartbeat too short), the guided steps, and /alerts with the card's pause, resume, edit and delete
 * beside the other alerts, each part showing when another's source fails.
 */
import { describe, expect, it } from "vitest";
import { PORTFOLIO_ALERTS_PER_USER } from "../../src/services/alerts/portfolio/store.ts";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";

const tb = await startTestBot();
const store = tb.app.deps.portfolioAlerts;
const TRIGGERS = "/api/private/broker/price-triggers/";

function buttons(output: BotOutput | undefined): string[] {
  return output?.buttons.flat().map((b) => b.text) ?? [];
}

/** What the bot says last to `text`. */
async function say(chat: ChatDriver, text: string): Promise<string> {
  return (await chat.send(text)).at(-1)?.plainText ?? "";
}

/** A chat connected with a read-write key of a new account holding `balances`. */
async function connected(language = "en", balances: Record<string, string> = { AUD: "1000", BTC: "0.5" }) {
  const chat = tb.chat({ languageCode: language });
  await tb.app.deps.accounts.connect(chat.user.id, tb.ex.account(balances).readWriteKey);
  return chat;
}

const confirmWord = (chat: ChatDriver) => (chat.user.language_code === "zh" ? "确认" : "Confirm");

/** Sends a text, checks nothing was saved at its summary, confirms, and returns the saved spec. */
async function confirmed(chat: ChatDriver, text: string) {
  const summary = (await chat.send(text)).at(-1);
  expect(buttons(summary)).toContain(confirmWord(chat));
  expect(await store.list(chat.user.id)).toEqual([]);
  const done = (await chat.press(confirmWord(chat))).at(-1);
  const alerts = await store.list(chat.user.id);
  expect(alerts).toHaveLength(1);
  return { summary: summary?.plainText ?? "", done: done?.plainText ?? "", spec: alerts[0]?.spec };
}

const below50k = { kind: "portfolio_value", direction: "below", level: "50000" };
const above120k = { kind: "portfolio_value", direction: "above", level: "120000" };
const day5 = { kind: "portfolio_day", direction: "either", percent: "5" };

describe("what is understood, typed and asked in plain words", () => {
  it.each([
    ["/alert portfolio below 50000", below50k],
    ["/alert portfolio above 120k", above120k],
    ["/alert portfolio below $50,000", below50k],
    ["/alert my portfolio above 1.2m AUD", { ...above120k, level: "1200000" }],
    ["/alert portfolio day 5%", day5],
    ["/alert portfolio day -3%", { kind: "portfolio_day", direction: "down", percent: "3" }],
    ["/alert portfolio day +2.5%", { kind: "portfolio_day", direction: "up", percent: "2.5" }],
    ["/alert btc return 20%", { kind: "asset_return", asset: "BTC", direction: "either", percent: "20" }],
    ["/alert btc return -10%", { kind: "asset_return", asset: "BTC", direction: "down", percent: "10" }],
    ["/alert bitcoin return +50%", { kind: "asset_return", asset: "BTC", direction: "up", percent: "50" }],
    ["alert me if my portfolio falls below 50k", below50k],
    ["tell me when my portfolio is above 1.2m", { ...above120k, level: "1200000" }],
    ["alert me if my portfolio moves 5% in a day", day5],
    [
      "alert me when btc is up 20% on what I paid",
      { kind: "asset_return", asset: "BTC", direction: "up", percent: "20" },
    ],
  ])("en: %s", async (text, spec) => {
    const { summary, done, spec: saved } = await confirmed(await connected(), text);
    expect(summary).toContain("New portfolio alert, watched by the bot");
    expect(summary).toContain("no email or SMS");
    expect(done).toContain("Alert saved.");
    expect(saved).toEqual(spec);
  });

  it.each([
    ["/alert 资产 低于 5万", below50k],
    ["/alert 总资产 高于 12万", above120k],
    ["/alert 组合 今天 5%", day5],
    ["/alert 比特币 收益 -10%", { kind: "asset_return", asset: "BTC", direction: "down", percent: "10" }],
    ["我的资产低于5万提醒我", below50k],
    ["总资产高于12万时提醒我", above120k],
    ["组合今天涨跌5%提醒我", day5],
    ["比特币收益率超过20%提醒我", { kind: "asset_return", asset: "BTC", direction: "up", percent: "20" }],
    ["我的资产低于5千提醒我", { ...below50k, level: "5000" }],
  ])("zh: %s", async (text, spec) => {
    const { summary, done, spec: saved } = await confirmed(await connected("zh"), text);
    expect(summary).toContain("由机器人监控的新资产提醒");
    expect(summary).toContain("不发邮件或短信");
    expect(done).toContain("提醒已保存。");
    expect(saved).toEqual(spec);
  });
});

describe("the summary", () => {
  it("shows the figure now and how often it is checked: every 10 minutes when the AUD cash is read too, else 5", async () => {
    const chat = await connected("en", { AUD: "1000" });
    const value = await say(chat, "/alert portfolio below 500");
    expect(value).toContain("Alerts when your total value is $500.00 or less.");
    expect(value).toContain("Now: $1,000.00");
    expect(value).toContain("Checked every 10 minutes");
    // The day is the whole account's, AUD cash included: the cash is read too.
    const day = await say(chat, "/alert portfolio day 5%");
    expect(day).toContain("Alerts when your whole account's change today (AUD cash included) is beyond ±5%.");
    expect(day).toContain("Checked every 10 minutes");
    expect(await say(chat, "/alert btc return 20%")).toContain("Checked every 5 minutes");
  });

  it("an asset return alert beside a value alert is read with it: every 10 minutes", async () => {
    const chat = await connected();
    await confirmed(chat, "/alert portfolio below 50000");
    expect(await say(chat, "/alert btc return 20%")).toContain("Checked every 10 minutes");
  });

  it("says when it is past already, and warns of an asset not held", async () => {
    const chat = await connected("en", { AUD: "1000" });
    const past = await say(chat, "/alert portfolio above 500");
    expect(past).toContain("It is past this already, so it alerts at its first check.");
    const eth = (await chat.send("/alert eth return 20%")).at(-1);
    expect(eth?.plainText).toContain("You hold no ETH now: this alert stays quiet until you do.");
    expect(buttons(eth)).toContain("Confirm");
  });

  it("/cancel voids a summary on screen: nothing is saved", async () => {
    const chat = await connected();
    const summary = (await chat.send("/alert portfolio below 50000")).at(-1);
    const data = summary?.buttons.flat().find((b) => b.text === "Confirm")?.data as string;
    const outputs = await chat.send("/cancel");
    const voided = outputs.find((o) => o.kind === "edit" && o.messageId === summary?.messageId);
    expect(voided?.plainText).toBe("Cancelled: nothing was saved.");
    await tb.app.bot.handleUpdate(tb.fake.callback(chat.user, chat.chat, summary?.messageId as number, data));
    const answer = tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined;
    expect(answer?.text).toContain("expired");
    expect(await store.list(chat.user.id)).toEqual([]);
  });

  it("another command voids it too", async () => {
    const chat = await connected();
    const summary = (await chat.send("/alert portfolio day 5%")).at(-1);
    const outputs = await chat.send("/price btc");
    expect(outputs.find((o) => o.kind === "edit" && o.messageId === summary?.messageId)?.plainText).toBe(
      "Cancelled: nothing was saved.",
    );
  });
});

describe("refusals", () => {
  it("each check is worded, and nothing is saved", async () => {
    const chat = await connected();
    expect(await say(chat, "/alert portfolio below lots")).toContain("Give the level as an amount in AUD");
    expect(await say(chat, "/alert portfolio below 0.001")).toContain("Give the level as an amount in AUD");
    expect(await say(chat, "/alert portfolio above 2000b")).toContain(
      "The level must be between $0.01 and $1,000,000,000,000.00",
    );
    expect(await say(chat, "/alert portfolio day 5.555%")).toContain("Give the percentage as a number");
    expect(await say(chat, "/alert portfolio day 500%")).toContain("between 0.1% and 100%");
    expect(await say(chat, "/alert btc return 2000%")).toContain("between 0.1% and 1000%");
    expect(await say(chat, "/alert aud return 5%")).toContain("Say which asset (not AUD)");
    const zh = await connected("zh");
    expect(await say(zh, "/alert 组合 今天 500%")).toContain("百分比必须在 0.1% 到 100% 之间");
    expect(await store.list(chat.user.id)).toEqual([]);
  });

  it("a value without a side is asked, never guessed", async () => {
    const chat = await connected();
    const asked = (await chat.send("/alert portfolio 50k")).at(-1);
    expect(asked?.plainText).toContain("above $50,000.00, or below it?");
    expect(buttons(asked)).toEqual(["▲ Above $50,000.00", "▼ Below $50,000.00"]);
    expect(buttons((await chat.press("▼ Below $50,000.00")).at(-1))).toContain("Confirm");
    await chat.press("Confirm");
    expect((await store.list(chat.user.id))[0]?.spec).toEqual(below50k);
  });

  it("an unknown asset gets the closest as buttons, each the same alert on it", async () => {
    const chat = await connected();
    const unknown = (await chat.send("/alert bitcoi return 5%")).at(-1);
    expect(unknown?.plainText).toContain("I don't know bitcoi");
    expect(buttons(unknown)).toContain("BTC");
    const summary = (await chat.press("BTC")).at(-1);
    expect(summary?.plainText).toContain("your BTC return on what you paid is beyond ±5%");
  });

  it("a duplicate and the per-user limit are refused before the summary", async () => {
    const chat = await connected();
    await confirmed(chat, "/alert portfolio below 50000");
    expect(await say(chat, "/alert portfolio below 50k")).toContain("You already have this very alert");
    for (let i = 1; i < PORTFOLIO_ALERTS_PER_USER; i++) {
      await store.create(
        chat.user.id,
        { kind: "portfolio_day", direction: "up", percent: String(i) },
        Date.now(),
      );
    }
    const refused = (await chat.send("/alert portfolio above 200000")).at(-1);
    expect(refused?.plainText).toContain(`You already have ${PORTFOLIO_ALERTS_PER_USER} portfolio alerts`);
    expect(buttons(refused)).toEqual([]);
  });

  it("the limit reached in another chat meanwhile is said at Confirm", async () => {
    const chat = await connected();
    const summary = (await chat.send("/alert portfolio below 50000")).at(-1);
    expect(buttons(summary)).toContain("Confirm");
    for (let i = 1; i <= PORTFOLIO_ALERTS_PER_USER; i++) {
      await store.create(
        chat.user.id,
        { kind: "portfolio_day", direction: "up", percent: String(i) },
        Date.now(),
      );
    }
    const done = (await chat.press("Confirm")).at(-1);
    expect(done?.plainText).toContain(`You already have ${PORTFOLIO_ALERTS_PER_USER} portfolio alerts`);
    expect(await store.list(chat.user.id)).toHaveLength(PORTFOLIO_ALERTS_PER_USER);
  });

  it("without a key: the connect prompt, typed or guided; market alerts go on", async () => {
    const chat = tb.chat();
    expect(await say(chat, "/alert portfolio below 50000")).toContain(
      "You have not connected an API key yet",
    );
    expect(await say(chat, "alert me if my portfolio falls below 50k")).toContain(
      "You have not connected an API key yet",
    );
    await chat.send("/alert");
    expect((await chat.press("💼 My whole portfolio")).at(-1)?.plainText).toContain(
      "You have not connected an API key yet",
    );
    expect(await store.list(chat.user.id)).toEqual([]);
  });
});

describe("a heartbeat of 50 seconds or less", () => {
  it("refuses portfolio alerts with the reason, typed and guided; market alerts go on", async () => {
    const short = await startTestBot({ env: { ALERT_POLL_SECONDS: "50" } });
    const chat = short.chat();
    await short.app.deps.accounts.connect(chat.user.id, short.ex.account({ AUD: "100" }).readWriteKey);
    const refused = (await chat.send("/alert portfolio below 50000")).at(-1);
    expect(refused?.plainText).toContain("Portfolio alerts can't be watched on this bot");
    expect(refused?.plainText).toContain("every 50 seconds");
    expect(buttons(refused)).toEqual([]);
    await chat.send("/alert");
    await chat.send("btc");
    expect((await chat.press("💼 Return on what I paid")).at(-1)?.plainText).toContain(
      "Portfolio alerts can't be watched on this bot",
    );
    expect(await short.app.deps.portfolioAlerts.list(chat.user.id)).toEqual([]);
    expect(await say(chat, "/alert btc moves 5% 1h")).toContain("New alert watched by the bot: BTC");
  });
});

describe("the guided /alert", () => {
  it("the whole portfolio beside the assets: its kind, side and amount step by step, then the summary", async () => {
    const chat = await connected();
    const asset = (await chat.send("/alert")).at(-1);
    expect(buttons(asset)).toContain("💼 My whole portfolio");
    const kind = (await chat.press("💼 My whole portfolio")).find((o) => o.kind === "message");
    expect(kind?.plainText).toContain("What should the bot watch on your portfolio?");
    expect(buttons(kind)).toEqual(["💼 Total value", "💼 Change today (whole account)", "Cancel"]);
    const side = (await chat.press("💼 Total value")).find((o) => o.kind === "message");
    expect(buttons(side)).toEqual(["▲ Above", "▼ Below", "Cancel"]);
    // Typed, in the other language.
    const level = (await chat.send("低于")).find((o) => o.kind === "message");
    expect(level?.plainText).toContain("Alert when your total value is at most how much, in AUD?");
    expect(await say(chat, "lots")).toContain("Give the level as an amount in AUD");
    const summary = (await chat.send("50k")).at(-1);
    expect(summary?.plainText).toContain("Alerts when your total value is $50,000.00 or less.");
    expect(await store.list(chat.user.id)).toEqual([]);
    await chat.press("Confirm");
    expect((await store.list(chat.user.id))[0]?.spec).toEqual(below50k);
  });

  it("typed words: “portfolio” at the asset, the day by a word, the percent typed", async () => {
    const chat = await connected("zh");
    await chat.send("/alert");
    await chat.send("我的全部资产");
    await chat.send("当日收益");
    await chat.send("涨跌");
    expect(await say(chat, "500")).toContain("百分比必须在 0.1% 到 100% 之间");
    const summary = (await chat.send("3%")).at(-1);
    expect(summary?.plainText).toContain("你整个账户的今日涨跌（含澳元现金）超出 ±3%");
    await chat.press("确认");
    expect((await store.list(chat.user.id))[0]?.spec).toEqual({
      kind: "portfolio_day",
      direction: "either",
      percent: "3",
    });
  });

  it("“my portfolio” typed at the asset question is the whole portfolio", async () => {
    const chat = await connected();
    await chat.send("/alert");
    const kind = (await chat.send("my portfolio")).find((o) => o.kind === "message");
    expect(kind?.plainText).toContain("What should the bot watch on your portfolio?");
  });

  it("an asset's return beside the market kinds (button or typed), then its fields", async () => {
    const chat = await connected();
    await chat.send("/alert");
    const level = (await chat.send("btc")).at(-1);
    expect(buttons(level)).toContain("💼 Return on what I paid");
    const direction = (await chat.send("return")).find((o) => o.kind === "message");
    expect(direction?.plainText).toContain("Which way should your BTC return on what you paid go?");
    await chat.press("▲ Up");
    const summary = (await chat.press("20%")).at(-1);
    expect(summary?.plainText).toContain("your BTC return on what you paid is +20% or more");
    await chat.press("Confirm");
    expect((await store.list(chat.user.id))[0]?.spec).toEqual({
      kind: "asset_return",
      asset: "BTC",
      direction: "up",
      percent: "20",
    });
  });
});

describe("/alerts with portfolio alerts", () => {
  async function withAlert(chat: ChatDriver) {
    const created = await store.create(
      chat.user.id,
      { kind: "portfolio_value", direction: "below", level: "50000" },
      Date.now(),
    );
    if (!("alert" in created)) throw new Error("not created");
    return created.alert;
  }

  it("beside the market alerts and the exchange's triggers, marked 💼", async () => {
    const chat = await connected();
    await withAlert(chat);
    await tb.app.deps.marketAlerts.create(
      chat.user.id,
      { kind: "step", asset: "ETH", percent: "2" },
      "100",
      Date.now(),
    );
    await chat.send("/alert btc above 200000");
    await chat.press("Confirm");
    const list = (await chat.send("/alerts")).at(-1);
    expect(list?.plainText).toContain("Watched by the bot (1)");
    expect(list?.plainText).toContain("💼 Your portfolio, watched by the bot (1): read with your key");
    expect(list?.plainText).toContain("💼 your total value is $50,000.00 or less");
    expect(list?.plainText).toMatch(/Your alerts.*\(1; page 1 of 1\)/);
    expect(buttons(list)).toEqual(
      expect.arrayContaining([
        "🤖 ETH every 2%",
        "💼 Total ≤ $50,000.00",
        expect.stringMatching(/^#\d+ BTC$/),
      ]),
    );
  });

  it("each part shows when another's source fails", async () => {
    const chat = await connected();
    await withAlert(chat);
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: TRIGGERS,
      status: 503,
      count: 50,
    });
    try {
      const list = (await chat.send("/alerts")).at(-1);
      expect(list?.plainText).toContain("💼 your total value is $50,000.00 or less");
      expect(list?.plainText).toContain("The exchange had a problem (error 503)");
    } finally {
      await tb.ex.control("DELETE", "/_sandbox/faults");
    }
    const real = tb.app.deps.portfolioAlerts;
    tb.app.deps.portfolioAlerts = { ...real, list: () => Promise.reject(new Error("redis is down")) };
    try {
      await chat.send("/alert btc above 200000");
      await chat.press("Confirm");
      const list = (await chat.send("/alerts")).at(-1);
      expect(list?.plainText).toMatch(/Your alerts.*\(1; page 1 of 1\)/);
      expect(list?.plainText).not.toContain("Your portfolio, watched by the bot");
    } finally {
      tb.app.deps.portfolioAlerts = real;
    }
  });

  it("without a key: the portfolio alerts still show, and how to see the exchange's", async () => {
    const chat = tb.chat();
    await withAlert(chat);
    const list = (await chat.send("/alerts")).at(-1);
    expect(list?.plainText).toContain("💼 your total value is $50,000.00 or less");
    expect(list?.plainText).toContain("connect an API key with /connect");
  });

  it("the card: pause, resume, delete (asked first)", async () => {
    const chat = await connected();
    const alert = await withAlert(chat);
    await chat.send("/alerts");
    const card = (await chat.press("💼 Total ≤ $50,000.00")).at(-1);
    expect(card?.plainText).toContain("Portfolio alert, watched by the bot");
    expect(card?.plainText).toContain("State: ✅ active");
    expect(card?.plainText).toContain("Checked every 10 minutes");
    expect(buttons(card)).toEqual(["⏸ Pause", "✏️ Edit", "🗑 Delete", "All alerts", expect.any(String)]);
    const paused = (await chat.press("⏸ Pause")).at(-1);
    expect(paused?.plainText).toContain("State: ⏸ paused");
    expect((await store.get(chat.user.id, alert.id))?.paused).toBe(true);
    expect((await chat.send("/alerts")).at(-1)?.plainText).toContain("· ⏸ paused");
    await chat.press("💼 Total ≤ $50,000.00");
    await chat.press("▶️ Resume");
    expect((await store.get(chat.user.id, alert.id))?.paused).toBe(false);
    const question = (await chat.press("🗑 Delete")).at(-1);
    expect(question?.plainText).toContain(
      "Delete the portfolio alert (your total value is $50,000.00 or less)?",
    );
    expect(await store.get(chat.user.id, alert.id)).toBeDefined();
    const deleted = (await chat.press("Yes, delete it")).at(-1);
    expect(deleted?.plainText).toContain("Alert deleted.");
    expect(await store.list(chat.user.id)).toEqual([]);
  });

  it("edit step by step, each step showing what it has now, then a summary and the change", async () => {
    const chat = await connected();
    const alert = await withAlert(chat);
    await chat.send("/alerts");
    await chat.press("💼 Total ≤ $50,000.00");
    const intro = (await chat.press("✏️ Edit")).find((o) => o.kind === "message");
    expect(intro?.plainText).toContain("as after /alert (now: portfolio below 50000)");
    const side = (await chat.press("Step by step")).find((o) => o.kind === "message");
    expect(side?.plainText).toContain("Now: your total value is $50,000.00 or less");
    const level = (await chat.press("▲ Above")).find((o) => o.kind === "message");
    expect(level?.plainText).toContain("Now: $50,000.00");
    const summary = (await chat.send("$120,000")).at(-1);
    expect(summary?.plainText).toContain("Change this portfolio alert, watched by the bot");
    expect((await store.get(chat.user.id, alert.id))?.spec).toEqual(alert.spec);
    const done = (await chat.press("Confirm")).at(-1);
    expect(done?.plainText).toContain("Alert changed.");
    expect((await store.get(chat.user.id, alert.id))?.spec).toEqual(above120k);
  });

  it("edit typed in one line, another kind; a line that is none is explained", async () => {
    const chat = await connected("zh");
    const alert = await withAlert(chat);
    await chat.send("/alerts");
    await chat.press("💼 总资产 ≤ $50,000.00");
    await chat.press("✏️ 修改");
    expect(await say(chat, "你好")).toContain("我可以监控你的总资产");
    expect(await say(chat, "组合 今天 500%")).toContain("百分比必须在 0.1% 到 100% 之间");
    expect(await say(chat, "比特b 收益 30%")).toContain("我不认识 比特b");
    const summary = (await chat.send("比特币 收益 30%")).at(-1);
    expect(summary?.plainText).toContain("修改由机器人监控的资产提醒");
    await chat.press("确认");
    expect((await store.get(chat.user.id, alert.id))?.spec).toEqual({
      kind: "asset_return",
      asset: "BTC",
      direction: "either",
      percent: "30",
    });
  });
});
