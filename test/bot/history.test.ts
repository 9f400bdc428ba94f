/**
 * /history as chats against the sandbox: an empty history, page boundaries, rows arriving while the user
 * pages, combined filters (asset, several types, period) shown in the header, an empty filtered result
 * with Clear, a row's detail (no Invoice button: the exchange's invoice call adds nothing to it), a deposit
 * (no invoice at all), and forged, foreign and stale presses that change nothing.
 */
import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../src/bot/flow-kit/format/time.ts";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import { placeSwap, type TestAccount } from "../support/exchange.ts";

const tb = await startTestBot();

function buttons(output: BotOutput | undefined): string[] {
  return output?.buttons.flat().map((b) => b.text) ?? [];
}

/** The history rows' ids as the exchange lists them, newest first. */
async function exchangeIds(
  account: TestAccount,
  query: Parameters<ReturnType<typeof tb.ex.client>["transactions"]["list"]>[0] = {},
) {
  const list = await tb.ex.client(account.readWriteKey).transactions.list({ page_size: 1000, ...query });
  return list.results.map((tx) => tx.summary_id);
}

/** The ids behind a list message's detail buttons. */
function rowIds(output: BotOutput | undefined): number[] {
  return (output?.buttons.flat() ?? [])
    .filter((b) => /^\d$/.test(b.text))
    .map((b) => Number(b.data?.split(":")[3]));
}

async function deliver(chat: ChatDriver, update: Update): Promise<BotOutput[]> {
  const start = tb.fake.calls.length;
  await tb.app.bot.handleUpdate(update);
  return tb.fake.calls
    .slice(start)
    .flatMap((call) => (call.output?.chatId === chat.chat.id ? [call.output] : []));
}

/** A trader with deposits of AUD, BTC and ETH and `swaps` buys of BTC. */
async function traderWith(swaps: number) {
  const trader = await tb.trader({ AUD: "5000", BTC: "0.1", ETH: "1" });
  const client = tb.ex.client(trader.account.readWriteKey);
  for (let i = 0; i < swaps; i++) await placeSwap(client, "AUD", "BTC", String(10 + i));
  return { ...trader, client };
}

describe("/history", () => {
  it("an empty history says so, with no buttons to page", async () => {
    const { chat } = await tb.trader({});
    const out = (await chat.send("/history")).at(-1);
    expect(out?.plainText).toBe("You have no transactions yet.");
    expect(buttons(out)).not.toContain("Older ›");
  });

  it("page boundaries: 13 rows make pages of 5, 5 and 3; Older and Newer walk them; every row once", async () => {
    const { chat, account } = await traderWith(10);
    const all = await exchangeIds(account);
    expect(all).toHaveLength(13);
    const first = (await chat.send("/history")).at(-1);
    expect(first?.plainText).toContain("📜 History · page 1");
    expect(first?.plainText).toContain("All transactions");
    expect(first?.plainText).toContain("Times in Australia/Sydney");
    expect(first?.plainText).toMatch(/1\. 🟢 Buy · .+ · ✅ completed/);
    expect(first?.plainText).toMatch(/\$\d+\.00 → 0\.\d+ BTC · worth \$\d+\.00 · fee \$0\.\d\d/);
    expect(buttons(first)).toEqual(["1", "2", "3", "4", "5", "Older ›", "Asset: all", "Types", "Period"]);
    expect(rowIds(first)).toEqual(all.slice(0, 5));
    const second = (await chat.press("Older ›")).at(-1);
    expect(second?.plainText).toContain("page 2");
    expect(rowIds(second)).toEqual(all.slice(5, 10));
    expect(buttons(second)).toContain("‹ Newer");
    const third = (await chat.press("Older ›")).at(-1);
    expect(rowIds(third)).toEqual(all.slice(10));
    expect(buttons(third)).not.toContain("Older ›");
    const back = (await chat.press("‹ Newer")).at(-1);
    expect(rowIds(back)).toEqual(all.slice(5, 10));
    // Every button's callback data fits Telegram's 64 bytes.
    for (const b of back?.buttons.flat() ?? [])
      expect(Buffer.byteLength(b.data ?? "")).toBeLessThanOrEqual(64);
  });

  it("rows arriving while the user pages: the next page continues after the last row seen", async () => {
    const { chat, account, client } = await traderWith(7);
    const before = await exchangeIds(account);
    const first = (await chat.send("/history")).at(-1);
    expect(rowIds(first)).toEqual(before.slice(0, 5));
    for (let i = 0; i < 3; i++) await placeSwap(client, "AUD", "ETH", "20");
    const second = (await chat.press("Older ›")).at(-1);
    // The exchange's own page 2 would now start with rows already shown.
    expect(rowIds(second)).toEqual(before.slice(5, 10));
    expect(rowIds(second).filter((id) => rowIds(first).includes(id))).toEqual([]);
    // Back on page 1 the new rows are there.
    const top = (await chat.press("‹ Newer")).at(-1);
    expect(rowIds(top)).toEqual((await exchangeIds(account)).slice(0, 5));
    expect(top?.plainText).toContain("🟢 Buy");
  });

  it("combined filters: asset, two types and a period, shown in the header; matching the exchange's list", async () => {
    const { chat, account, client } = await traderWith(2);
    await placeSwap(client, "BTC", "AUD", "0.01");
    await placeSwap(client, "AUD", "ETH", "50");
    await chat.send("/history");
    const picker = (await chat.press("Asset: all")).at(-1);
    expect(picker?.plainText).toContain("Show transactions of which asset?");
    await chat.press("BTC");
    const types = (await chat.press("Types")).at(-1);
    expect(buttons(types)).toContain("🟢 Buy");
    await chat.press("🟢 Buy");
    const toggled = (await chat.press("🔴 Sell")).at(-1);
    expect(toggled?.plainText).toContain("Chosen: Buy, Sell");
    expect(buttons(toggled)).toContain("✓ 🟢 Buy");
    await chat.press("Done");
    await chat.press("Period");
    const out = (await chat.press("Last week")).at(-1);
    expect(out?.plainText).toContain("Filters: BTC · Buy, Sell · Last week");
    const expected = await exchangeIds(account, {
      asset: "BTC",
      transaction_type: ["buy", "sell"],
      time: "week",
    });
    expect(expected).toHaveLength(3);
    expect(rowIds(out)).toEqual(expected);
    expect(buttons(out)).toContain("✖ Clear filters");
    expect(out?.plainText).toContain("🔴 Sell");
    expect(out?.plainText).not.toContain("⬇️ Deposit");
  });

  it("an empty filtered result says so and offers to clear the filters", async () => {
    const { chat, account } = await traderWith(0);
    const out = (await chat.send("/history SOL")).at(-1);
    expect(out?.plainText).toBe("No transactions match these filters. Change them or clear them below.");
    expect(buttons(out)).toContain("✖ Clear filters");
    const cleared = (await chat.press("✖ Clear filters")).at(-1);
    expect(rowIds(cleared)).toEqual(await exchangeIds(account));
    expect(cleared?.plainText).toContain("All transactions");
  });

  it("bad /history arguments are explained before any exchange call", async () => {
    const { chat, account } = await traderWith(0);
    const requests = async () =>
      (
        (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as {
          requests: unknown[];
        }
      ).requests.length;
    const start = await requests();
    expect((await chat.send("/history <b>x")).at(-1)?.plainText).toBe("I don't know <b>x.");
    expect((await chat.send("/history NOPE")).at(-1)?.plainText).toBe("I don't know NOPE.");
    expect(await requests()).toBe(start);
  });

  it("a row's detail: no Invoice button (the exchange's invoice call would repeat it), and where invoices are", async () => {
    const { chat, account } = await traderWith(1);
    const [buyId] = await exchangeIds(account, { transaction_type: ["buy"] });
    await chat.send("/history");
    const detail = (await chat.press("1")).at(-1);
    expect(detail?.plainText).toContain(`🟢 Buy #${buyId}`);
    expect(detail?.plainText).toMatch(/When: .+ \(Australia\/Sydney\)/);
    expect(detail?.plainText).toContain("Sent: $10.00");
    expect(detail?.plainText).toMatch(/Rate: \$[\d,]+\.\d\d per BTC/);
    expect(detail?.plainText).toContain("its API does not hand out the PDF");
    expect(detail?.plainText).toContain("/statement sends a PDF statement");
    expect(buttons(detail)).toEqual(["‹ Back"]);
    const back = (await chat.press("‹ Back")).at(-1);
    expect(back?.plainText).toContain("📜 History · page 1");
    const log = (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as {
      requests: { path: string }[];
    };
    expect(log.requests.filter((r) => r.path.includes("/invoice/"))).toEqual([]);
  });

  it("times are in the user's own zone, which the header names", async () => {
    const { chat, account } = await traderWith(1);
    await chat.send("/settings");
    await chat.press("Time zone");
    await chat.send("Australia/Perth");
    const out = (await chat.send("/history")).at(-1);
    expect(out?.plainText).toContain("Times in Australia/Perth");
    const [newest] = (await tb.ex.client(account.readWriteKey).transactions.list()).results;
    expect(out?.plainText).toContain(
      `1. 🟢 Buy · ${formatDateTime(newest?.created ?? new Date(0), "Australia/Perth", "en")} ·`,
    );
    const detail = (await chat.press("1")).at(-1);
    expect(detail?.plainText).toContain("(Australia/Perth)");
  });

  it("a deposit has no invoice: the detail explains, and a forged Invoice press sends nothing", async () => {
    const { chat, account } = await traderWith(0);
    const out = (await chat.send("/history")).at(-1);
    const depositId = rowIds(out)[0] as number;
    const detail = (await chat.press("1")).at(-1);
    expect(detail?.plainText).toContain("⬇️ Deposit");
    expect(detail?.plainText).toContain("invoices only for swaps, buys, sells and withdrawals");
    expect(buttons(detail)).toEqual(["‹ Back"]);
    const viewId = detail?.buttons.flat()[0]?.data?.split(":")[1];
    const forged = await deliver(
      chat,
      tb.fake.callback(chat.user, chat.chat, detail?.messageId ?? 0, `hs:${viewId}:i:${depositId}`),
    );
    expect(forged.map((o) => [o.kind, o.plainText])).toEqual([
      ["callback_answer", "That button does not fit this list. Nothing was changed."],
    ]);
    const log = (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as {
      requests: { path: string }[];
    };
    expect(log.requests.filter((r) => r.path.includes("/invoice/"))).toEqual([]);
  });

  it("stale, foreign, forged and malformed presses change nothing", async () => {
    const { chat } = await traderWith(6);
    const out = (await chat.send("/history")).at(-1);
    const viewId = out?.buttons.flat()[0]?.data?.split(":")[1] ?? "";
    const messageId = out?.messageId ?? 0;
    const press = (data: string, who = chat) =>
      deliver(chat, tb.fake.callback(who.user, chat.chat, messageId, data));
    const answer = async (data: string) => (await press(data)).map((o) => [o.kind, o.plainText]);
    const bad = [["callback_answer", "That button does not fit this list. Nothing was changed."]];
    expect(await answer(`hs:${viewId}:b`)).toEqual(bad); // no newer page on page 1
    expect(await answer(`hs:${viewId}:d:999999`)).toEqual(bad); // not a row on screen
    expect(await answer(`hs:${viewId}:a:BTC`)).toEqual(bad); // no asset picker was shown
    expect(await answer(`hs:${viewId}:t:bogus`)).toEqual(bad);
    expect(await answer(`hs:${viewId}:p:decade`)).toEqual(bad);
    expect(await answer(`hs:${viewId}:z`)).toEqual(bad);
    expect(await answer("hs:short:n")).toEqual(bad);
    expect(await answer(`hs:${"A".repeat(12)}:n`)).toEqual([
      ["callback_answer", "This list has expired. Send /history again."],
    ]);
    const stranger = tb.chat();
    const foreign = await deliver(
      chat,
      tb.fake.callback(stranger.user, chat.chat, messageId, `hs:${viewId}:n`),
    );
    expect(foreign.map((o) => o.plainText)).toEqual(["That button is not yours."]);
    // Nothing moved: the list is still page 1.
    expect(chat.lastMessage()?.plainText).toContain("page 1");
    // The same view pressed on another message (a copy of the data) is not honoured either.
    await chat.send("/help");
    const helpId = chat.lastMessage()?.messageId ?? 0;
    const other = await deliver(chat, tb.fake.callback(chat.user, chat.chat, helpId, `hs:${viewId}:n`));
    expect(other.map((o) => o.plainText)).toEqual(["This list has expired. Send /history again."]);
    expect((await chat.press("Older ›")).at(-1)?.plainText).toContain("page 2");
  });
});
