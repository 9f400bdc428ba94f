/**
 * Market alerts (watched by the bot) as chats: the quick form of each kind in both languages, plain
 * requests, the guided steps, every refusal, the summary's single-use Confirm (nothing saved before it,
 * voided by /cancel), and /alerts with the card's pause, resume, edit and delete. No API key is needed for
 * them, and the exchange's part of /alerts keeps working beside them.
 */
import { describe, expect, it } from "vitest";
import { MARKET_ALERTS_PER_USER } from "../../src/services/alerts/market-store.ts";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";

const tb = await startTestBot();
const store = tb.app.deps.marketAlerts;

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
    ["/alert btc moves 5% in 1h", { kind: "move", asset: "BTC", window: "1h", direction: "either", percent: "5" }],
    ["/alert eth up 3% 15m", { kind: "move", asset: "ETH", window: "15m", direction: "up", percent: "3" }],
    ["/alert btc down 10% 24h", { kind: "move", asset: "BTC", window: "24h", direction: "down", percent: "10" }],
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
    expect(first.spec).toEqual({ kind: "move", asset: "BTC", window: "1h", direction: "either", percent: "5" });
    const other = tb.chat({ languageCode: "zh" });
    const step = await confirmed(other, "/alert btc 每 2%");
    expect(step.spec).toEqual({ kind: "step", asset: "BTC", percent: "2" });
  });

  it("RSI with short history says from when it is active, in the user's time zone", async () => {
    const chat = tb.chat();
    const summary = await say(chat, "/alert eth rsi");
    expect(summary).toMatch(/too little price history for the RSI yet: it is active from .+ \(Australia\/Sydney\)/);
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
    expect(refused?.plainText).toContain(`You already have ${MARKET_ALERTS_PER_USER} alerts watched by the bot`);
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
