/**
 * Market alerts as they reach the chat: the bot watches the public ticker itself (no private read), and a
 * move sends one message in the user's language and time zone, saying what moved, by how much, in which
 * window and from where, marked as watched by the bot; its Buy and Sell buttons open the guided trade with
 * the asset filled in (the amount and a fresh quote still to confirm), and Pause pauses that alert. Real
 * timers (a 100 ms evaluation tick); the sandbox's price is set by the test.
 */
import { describe, expect, it } from "vitest";
import { marketButtonData, parseMarketButton } from "../../src/bot/alerts/market/buttons.ts";
import type { MarketAlertSpec } from "../../src/services/alerts/market/kinds.ts";
import type { ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";

const tb = await startTestBot({ marketWatch: { tickMs: 100 } });
const ARRIVES_MS = 8000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function mid(asset: string): Promise<number> {
  const entry = (await tb.ex.client().market.ticker())[asset];
  return (Number(entry?.buy) + Number(entry?.sell)) / 2;
}

/** Creates a market alert as the chat does, and waits until the evaluator has armed it. */
async function marketAlert(chat: ChatDriver, spec: MarketAlertSpec): Promise<string> {
  const created = await tb.app.deps.marketAlerts.create(
    chat.user.id,
    spec,
    String(await mid(spec.asset)),
    Date.now(),
  );
  if (!("alert" in created)) throw new Error(created.refused);
  const deadline = Date.now() + ARRIVES_MS;
  while (Date.now() < deadline) {
    if ((await tb.app.deps.marketAlerts.get(chat.user.id, created.alert.id))?.state.phase === "armed") {
      return created.alert.id;
    }
    await sleep(50);
  }
  throw new Error("the alert was not armed in time");
}

async function move(asset: string, factor: number): Promise<void> {
  tb.ex.sb.setPrice(asset, ((await mid(asset)) * factor).toPrecision(8));
}

async function privateRequests(): Promise<number> {
  const log = (await tb.ex.control("GET", "/_sandbox/requests")) as { requests: { path: string }[] };
  return log.requests.filter((r) => r.path.startsWith("/api/private")).length;
}

async function settings(chat: ChatDriver, values: Record<string, unknown>): Promise<void> {
  await tb.redis.set(`${tb.prefix}session:user:${chat.user.id}`, JSON.stringify(values));
}

describe("market alerts in the chat", () => {
  it("a move fires one message, with no private read: what moved, the window, the low, buttons", async () => {
    // No account connected at all: whatever the exchange is asked, it is not on behalf of a user.
    const chat = tb.chat();
    const id = await marketAlert(chat, {
      kind: "move",
      asset: "BTC",
      window: "15m",
      direction: "up",
      percent: "2",
    });
    const before = await privateRequests();
    await move("BTC", 1.03);
    const alert = await chat.waitForOutput((o) => o.plainText.includes("rose"), ARRIVES_MS);
    expect(alert.plainText).toMatch(/BTC rose 3\.\d\d% within 15 minutes/);
    expect(alert.plainText).toMatch(/From the window's low of \$[\d,.]+ at /);
    expect(alert.plainText).toContain("Your alert: a move of 2.00% within 15 minutes");
    expect(alert.plainText).toMatch(/Now \$[\d,.]+ · \d\d:\d\d:\d\d .+ \(Australia\/Sydney\)/);
    expect(alert.plainText).toContain("Watched by this bot from the public price: no email or SMS");
    expect(alert.buttons.flat().map((b) => [b.text, b.data])).toEqual([
      ["Buy BTC", "ma:buy:BTC"],
      ["Sell BTC", "ma:sell:BTC"],
      ["Pause this alert", `ma:pause:${id}`],
    ]);
    await sleep(1500);
    expect(
      tb.fake.messages(chat.chat.id).filter((m) => m.fromBot && m.plainText.includes("rose")),
    ).toHaveLength(1);
    expect(await privateRequests()).toBe(before);
    expect(await privateRequests()).toBe(0);
  });

  it("in Chinese and the user's time zone, silently when so set; Pause pauses that alert", async () => {
    const chat = tb.chat();
    await settings(chat, { language: "zh", timezone: "Asia/Shanghai", alerts: "silent" });
    const id = await marketAlert(chat, { kind: "step", asset: "ETH", percent: "2" });
    await move("ETH", 0.97);
    const alert = await chat.waitForOutput((o) => o.plainText.includes("ETH"), ARRIVES_MS);
    expect(alert.plainText).toMatch(/ETH 自上次提醒以来变动 -3\.\d\d%/);
    expect(alert.plainText).toContain("你的提醒：价格每变动 2.00%");
    expect(alert.plainText).toContain("（Asia/Shanghai）");
    expect(alert.plainText).toContain("由本机器人根据公开价格监控");
    expect(alert.silent).toBe(true);
    expect(alert.buttons.flat().map((b) => b.text)).toEqual(["买入 ETH", "卖出 ETH", "暂停此提醒"]);
    const outputs = await chat.press("暂停此提醒");
    expect(outputs.some((o) => o.plainText.includes("已暂停"))).toBe(true);
    expect((await tb.app.deps.marketAlerts.get(chat.user.id, id))?.paused).toBe(true);
    // Paused: another 3 % is not watched.
    await move("ETH", 0.97);
    await sleep(1500);
    expect(
      tb.fake.messages(chat.chat.id).filter((m) => m.fromBot && m.plainText.includes("ETH 自上次")),
    ).toHaveLength(1);
  });

  it("Buy and Sell open the guided trade with the asset filled in; nothing is traded by the press", async () => {
    const { chat, account } = await tb.trader({ AUD: "5000", SOL: "10" });
    await marketAlert(chat, { kind: "move", asset: "SOL", window: "1h", direction: "either", percent: "2" });
    await move("SOL", 0.96);
    await chat.waitForOutput((o) => o.plainText.includes("SOL fell"), ARRIVES_MS);
    const buy = await chat.press("Buy SOL");
    // Straight to the amount (no "What would you like to buy?"): SOL is filled in, AUD spent.
    expect(buy.map((o) => o.plainText).join("\n")).toContain("How much AUD would you like to spend?");
    expect(buy.flatMap((o) => o.buttons.flat().map((b) => b.text))).toContain("Say how much SOL to buy");
    await chat.send("/cancel");
    const sell = await chat.press("Sell SOL");
    expect(sell.map((o) => o.plainText).join("\n")).toContain("How much SOL would you like to sell?");
    await chat.send("/cancel");
    expect(await tb.ex.writesOf(account, "/api/private/broker/swaps/")).toBe(0);
  });

  it("button data stays well within Telegram's 64 bytes and refuses anything else", () => {
    for (const button of [
      { verb: "buy", target: "BTC" },
      { verb: "sell", target: "ABCDEFGHIJKL" },
      { verb: "pause", target: "Ab-_09xyZ123" },
    ] as const) {
      const data = marketButtonData(button);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
      expect(parseMarketButton(data)).toEqual(button);
    }
    for (const data of ["ma:buy:btc", "ma:pause:", "ma:sell:A B", "ma:trade:BTC", "ma:pause:a/b", ""]) {
      expect(parseMarketButton(data), data).toBeUndefined();
    }
  });
});
