/**
 * Portfolio alerts as they reach the chat: read on the user's heartbeat from their statistics, a crossing
 * sends one message in the user's language and time zone (what crossed, the figure now, the threshold,
 * when read, marked as watched by the bot), obeying their alert level; an asset's return has Buy and Sell
 * of that asset, the total and the day a Portfolio button; Pause pauses that alert, and a second press or
 * an alert gone is said. The test steps the user's beats (their due time set to a slot it chooses, as
 * test/services/alerts/portfolio-watch.test.ts does) instead of waiting minutes of the 60 s heartbeat.
 */
import { describe, expect, it } from "vitest";
import {
  type PortfolioAlertSpec,
  portfolioAlertsWatched,
} from "../../src/services/alerts/portfolio/kinds.ts";
import { alertKeys } from "../../src/services/alerts/triggers/watcher.ts";
import type { ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import { placeSwap } from "../support/exchange.ts";

const tb = await startTestBot();
const ARRIVES_MS = 8000;
const POLL_MS = 60_000;
const keys = alertKeys(`${tb.prefix}alerts:`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + ARRIVES_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function mid(asset: string): Promise<number> {
  const entry = (await tb.ex.client().market.ticker())[asset];
  return (Number(entry?.buy) + Number(entry?.sell)) / 2;
}

async function move(asset: string, factor: number): Promise<void> {
  tb.ex.sb.setPrice(asset, ((await mid(asset)) * factor).toPrecision(8));
}

async function settings(chat: ChatDriver, values: Record<string, unknown>): Promise<void> {
  await tb.redis.set(`${tb.prefix}session:user:${chat.user.id}`, JSON.stringify(values));
}

/** A connected trader who bought `asset` for 2,000 of their 5,000 AUD. */
async function holder(asset: string) {
  const { chat, account } = await tb.trader({ AUD: "5000" });
  await placeSwap(tb.ex.client(account.readWriteKey), "AUD", asset, "2000");
  return chat;
}

/** Beat slots some hours back, the first a multiple of 10 (so of 5 too): every 10th is a reading for any alert. */
let slot = Math.floor(Date.now() / POLL_MS) - 6000;
slot -= slot % 10;

/** Steps the user's next reading beat: due at a slot 10 on from the last (a k-th one for k of 5 and 10). */
async function readingBeat(chat: ChatDriver): Promise<void> {
  slot += 10;
  await tb.redis.zadd(keys.due, slot * POLL_MS, String(chat.user.id));
}

/** Creates the alert as the chat will, and steps a beat that arms it. */
async function armed(chat: ChatDriver, spec: PortfolioAlertSpec): Promise<string> {
  const created = await tb.app.deps.portfolioAlerts.create(chat.user.id, spec, Date.now());
  if (!("alert" in created)) throw new Error(created.refused);
  const { id } = created.alert;
  await readingBeat(chat);
  await until(
    async () => (await tb.app.deps.portfolioAlerts.get(chat.user.id, id))?.state.phase === "armed",
    "the alert armed",
  );
  return id;
}

describe("portfolio alerts in the chat", () => {
  it("an asset's return: one message with the figure, threshold and reading time; Buy, Sell and Pause", async () => {
    const chat = await holder("ETH");
    expect(portfolioAlertsWatched(tb.app.deps.alertPollSeconds)).toBe(true);
    const id = await armed(chat, { kind: "asset_return", asset: "ETH", direction: "up", percent: "10" });
    await move("ETH", 1.25);
    await readingBeat(chat);
    const alert = await chat.waitForOutput((o) => o.plainText.includes("average buy price"), ARRIVES_MS);
    expect(alert.plainText).toMatch(/ETH is \+2\d\.\d\d% on your average buy price/);
    expect(alert.plainText).toContain("Your alert: a return of +10.00% on the average buy price");
    expect(alert.plainText).toMatch(/Read \d\d:\d\d:\d\d .+ \(Australia\/Sydney\)/);
    expect(alert.plainText).toContain("Watched by this bot from your portfolio every few minutes");
    expect(alert.silent).toBe(false);
    expect(alert.buttons.flat().map((b) => [b.text, b.data])).toEqual([
      ["Buy ETH", "ma:buy:ETH"],
      ["Sell ETH", "ma:sell:ETH"],
      ["Pause this alert", `pa:pause:${id}`],
    ]);
    // One message for the event, though the user is read again.
    await tb.app.deps.alerts.triggersChanged(chat.user.id);
    await sleep(1000);
    const sent = tb.fake
      .messages(chat.chat.id)
      .filter((m) => m.fromBot && m.plainText.includes("average buy"));
    expect(sent).toHaveLength(1);

    const buy = await chat.press("Buy ETH");
    expect(buy.map((o) => o.plainText).join("\n")).toContain("How much AUD would you like to spend?");
    await chat.send("/cancel");

    const paused = await chat.press("Pause this alert");
    expect(paused.some((o) => o.plainText.includes("Paused. Resume it from /alerts."))).toBe(true);
    expect((await tb.app.deps.portfolioAlerts.get(chat.user.id, id))?.paused).toBe(true);
    const again = await chat.press("Pause this alert");
    expect(again.some((o) => o.plainText.includes("already paused"))).toBe(true);
    await tb.app.deps.portfolioAlerts.remove(chat.user.id, id);
    const gone = await chat.press("Pause this alert");
    expect(gone.some((o) => o.plainText.includes("This alert no longer exists."))).toBe(true);
  }, 30_000);

  it("the total in Chinese and the user's zone, silently; Portfolio opens /portfolio", async () => {
    const chat = await holder("SOL");
    await settings(chat, { language: "zh", timezone: "Asia/Shanghai", alerts: "silent" });
    // About 5,000 AUD: 3,000 cash and SOL for about 2,000; half the SOL's price leaves about 4,000.
    const id = await armed(chat, { kind: "portfolio_value", direction: "below", level: "4500" });
    await move("SOL", 0.5);
    await readingBeat(chat);
    const alert = await chat.waitForOutput((o) => o.plainText.includes("资产总值"), ARRIVES_MS);
    expect(alert.plainText).toMatch(/你的资产总值为 \$[34],\d{3}\.\d\d，已低于你设定的 \$4,500\.00/);
    expect(alert.plainText).toMatch(/读取时间 .*\d\d:\d\d:\d\d.*（Asia\/Shanghai）/);
    expect(alert.plainText).toContain("由本机器人每隔几分钟读取你的资产数据监控");
    expect(alert.silent).toBe(true);
    expect(alert.buttons.flat().map((b) => [b.text, b.data])).toEqual([
      ["资产配置", "go:portfolio"],
      ["暂停此提醒", `pa:pause:${id}`],
    ]);
    const portfolio = await chat.press("资产配置");
    expect(portfolio.some((o) => o.kind === "photo")).toBe(true);
  }, 30_000);

  it("with alerts off nothing is sent, though the alert fired", async () => {
    const chat = await holder("BTC");
    await settings(chat, { alerts: "off" });
    const id = await armed(chat, { kind: "asset_return", asset: "BTC", direction: "either", percent: "10" });
    await move("BTC", 0.8);
    await readingBeat(chat);
    await until(
      async () => (await tb.app.deps.portfolioAlerts.get(chat.user.id, id))?.state.phase === "fired",
      "the alert fired",
    );
    await sleep(1500);
    expect(tb.fake.messages(chat.chat.id).filter((m) => m.fromBot)).toEqual([]);
  }, 30_000);
});
