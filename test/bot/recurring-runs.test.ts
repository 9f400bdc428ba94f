/**
 * Runs of recurring trades as they reach the chat: the alert watcher's beat (one second here) lists the
 * schedules, a run is reported once, with the trade from the history, or as not traded and why; runs
 * from before the bot saw a schedule are never reported; the alert setting, language and time zone are
 * followed. Real timers; generous bounds, since other test files share the machine.
 */
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../src/bot/flow-kit/format/time.ts";
import { DIRECTION, type RecurringBuyCreateInput } from "../../src/exchange/index.ts";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import { createThroughChat } from "../support/recurring.ts";

const tb = await startTestBot({ alertWatch: { pollSeconds: 1 } });
const ARRIVES_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Run reports the bot sent to the chat (not edits). */
function reports(chat: ChatDriver): BotOutput[] {
  return tb.fake
    .callsTo("sendMessage")
    .filter((c) => (c.payload as { chat_id?: number }).chat_id === chat.chat.id && c.output !== undefined)
    .map((c) => c.output as BotOutput)
    .filter((o) =>
      /Recurring trade #\d+ (ran|did not trade)|定投计划 #\d+ (已执行|本次执行)/.test(o.plainText),
    );
}

async function waitForReports(chat: ChatDriver, count: number): Promise<BotOutput[]> {
  const deadline = Date.now() + ARRIVES_MS;
  while (Date.now() < deadline) {
    const found = reports(chat);
    if (found.length >= count) return found;
    await sleep(50);
  }
  throw new Error(`${count} run report(s) did not arrive in time`);
}

/** Waits until the watcher has handled the user's runs (sent or muted). */
async function handledRuns(chat: ChatDriver, count: number): Promise<void> {
  const deadline = Date.now() + ARRIVES_MS;
  while (Date.now() < deadline) {
    if ((await tb.redis.keys(`${tb.prefix}alerts:sent:${chat.user.id}:run-*`)).length >= count) return;
    await sleep(50);
  }
  throw new Error("the runs were not handled in time");
}

/**
 * A user whose account has `schedules` (made in the web app, before the user connected), then connects
 * with `settings` in their session.
 */
async function connectedWith(
  balances: Record<string, string>,
  schedules: RecurringBuyCreateInput[],
  settings: Record<string, unknown> = {},
) {
  const chat = tb.chat();
  const account = tb.ex.account(balances);
  const client = tb.ex.client(account.readWriteKey);
  const made = [];
  for (const s of schedules) made.push(await client.recurringBuys.create(s));
  await tb.redis.set(`${tb.prefix}session:user:${chat.user.id}`, JSON.stringify(settings));
  await tb.app.deps.accounts.connect(chat.user.id, account.readWriteKey);
  await tb.app.deps.alerts.userConnected(chat.user.id);
  return { chat, account, client, made };
}

/** A start a few seconds ahead, in whole seconds (the exchange's times have none smaller). */
const soon = (ms = 2500) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000);

describe("a run reported once", () => {
  it("a buy set up in the chat: its first run says what it bought and for how much, from the history", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    await createThroughChat(chat, { asset: "BTC", side: "buy", quantity: "100", period: "daily" });
    await chat.press("Confirm");
    const [report] = await waitForReports(chat, 1);
    const client = tb.ex.client(account.readWriteKey);
    const [schedule] = (await client.recurringBuys.list()).results;
    const [trade] = (await client.transactions.list({ transaction_type: ["buy"] })).results;
    expect(trade?.dst_amount).toBeDefined();
    expect(report?.plainText).toContain(`🔁 Recurring trade #${schedule?.id} ran (`);
    expect(report?.plainText).toContain(`✅ Bought ${trade?.dst_amount} BTC for $100.00.`);
    expect(report?.plainText).toMatch(/Fee: \$\d+\.\d\d\./);
    const next = formatDateTime(schedule?.start as Date, "Australia/Sydney", "en");
    expect(report?.plainText).toContain(`Next run: ${next} (Australia/Sydney), then daily.`);
    expect(report?.silent).toBeFalsy();
    // Later beats list the schedule again: still one report.
    await sleep(2500);
    expect(reports(chat)).toHaveLength(1);
  });

  it("a sell of more than is held: the run is reported as not traded, and why; older runs never", async () => {
    const { chat, made } = await connectedWith({ BTC: "0.04", AUD: "500" }, [
      // Ran before the user connected: never reported.
      { asset: "ETH", direction: DIRECTION.BUY, quantity: "50", period: "daily" },
      { asset: "BTC", direction: DIRECTION.SELL, quantity: "10", period: "weekly", start: soon() },
    ]);
    const [report] = await waitForReports(chat, 1);
    const sell = made[1];
    const when = formatDateTime(sell?.start as Date, "Australia/Sydney", "en");
    expect(report?.plainText).toContain(
      `⚠️ Recurring trade #${sell?.id} did not trade at its run (${when}, Australia/Sydney): the exchange recorded no trade for it.`,
    );
    expect(report?.plainText).toContain(
      "Your balance does not cover a run: it sells 10 BTC, and you have 0.04 BTC.",
    );
    expect(report?.plainText).toContain("then weekly.");
    await sleep(2500);
    expect(reports(chat)).toHaveLength(1);
  });
});

describe("the user's settings", () => {
  it("silent: sent without sound", async () => {
    const { chat } = await connectedWith(
      { AUD: "500" },
      [{ asset: "ETH", direction: DIRECTION.BUY, quantity: "20", period: "daily", start: soon() }],
      { alerts: "silent" },
    );
    const [report] = await waitForReports(chat, 1);
    expect(report?.silent).toBe(true);
  });

  it("off: nothing is sent, and the run is handled, never sent later", async () => {
    const { chat } = await connectedWith(
      { AUD: "500" },
      [{ asset: "ETH", direction: DIRECTION.BUY, quantity: "20", period: "daily", start: soon() }],
      { alerts: "off" },
    );
    await handledRuns(chat, 1);
    await sleep(1500);
    expect(reports(chat)).toHaveLength(0);
  });

  it("Chinese, in the user's time zone", async () => {
    const { chat, made } = await connectedWith(
      { AUD: "5" },
      [{ asset: "BTC", direction: DIRECTION.BUY, quantity: "20", period: "fortnightly", start: soon() }],
      { language: "zh", timezone: "Asia/Shanghai" },
    );
    const [report] = await waitForReports(chat, 1);
    const when = formatDateTime(made[0]?.start as Date, "Asia/Shanghai", "zh");
    expect(report?.plainText).toContain(
      `⚠️ 定投计划 #${made[0]?.id} 本次执行（${when}，Asia/Shanghai）没有成交：交易所没有记录任何交易。`,
    );
    expect(report?.plainText).toContain(
      "你的余额不足以支付一次执行：每次花 $20.00 买入 BTC，而你只有 $5.00。",
    );
    expect(report?.plainText).toContain("之后每两周执行。");
  });
});
