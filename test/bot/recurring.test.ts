/**
 * /dca as chats: the list (fields, the user's time zone, paging that survives new schedules), the
 * guided create for every cadence and both directions, bad input at every step (explained, asked
 * again, no exchange write), the single-use Confirm, and a read-only key. Changes, pause / resume,
 * delete and lost answers are in recurring-edit.test.ts.
 */
import { describe, expect, it } from "vitest";
import { MENU_COMMANDS } from "../../src/bot/flow-kit/commands.ts";
import { formatDateTime } from "../../src/bot/flow-kit/format/time.ts";
import { DIRECTION, RECURRING_PERIODS } from "../../src/exchange/index.ts";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import type { TestAccount } from "../support/exchange.ts";
import { createThroughChat, lastText, scheduleWrites, useZone, wallTime } from "../support/recurring.ts";

const tb = await startTestBot();

function buttons(output: BotOutput | undefined): string[] {
  return output?.buttons.flat().map((b) => b.text) ?? [];
}

async function schedulesOf(account: TestAccount) {
  return (await tb.ex.client(account.readWriteKey).recurringBuys.list()).results;
}

describe("/dca lists recurring trades", () => {
  it("is in /help and in the command menu; in a group it is refused, as every account command", async () => {
    expect(lastText(await tb.chat().send("/help"))).toContain("/dca — recurring buys and sells");
    expect(MENU_COMMANDS).toContain("dca");
    const { chat } = await tb.trader({ AUD: "100" });
    const group = tb.fake.groupChat(-(7_000_000 + Math.floor(Math.random() * 100_000)), "Traders");
    const start = tb.fake.calls.length;
    await tb.app.bot.handleUpdate(tb.fake.userText(chat.user, group, "/dca"));
    const replies = tb.fake.calls
      .slice(start)
      .flatMap((c) => (c.output?.chatId === group.id ? [c.output] : []));
    expect(replies.map((o) => o.plainText)).toEqual([expect.stringContaining("only handle account matters")]);
  });

  it("with none: says so and offers New", async () => {
    const { chat } = await tb.trader({ AUD: "100" });
    const reply = (await chat.send("/dca")).at(-1);
    expect(reply?.plainText).toContain("You have no recurring trades yet");
    expect(buttons(reply)).toEqual(["➕ New"]);
  });

  it("each row: asset, buy or sell, what the quantity means, cadence, next run in the user's zone, enabled", async () => {
    const { chat, account } = await tb.trader({ AUD: "100" });
    await useZone(chat, "Australia/Perth");
    const client = tb.ex.client(account.readWriteKey);
    const start = new Date("2031-03-15T01:30:00Z");
    const buy = await client.recurringBuys.create({
      asset: "BTC",
      direction: DIRECTION.BUY,
      quantity: "250",
      period: "weekly",
      start,
    });
    const sell = await client.recurringBuys.create({
      asset: "ETH",
      direction: DIRECTION.SELL,
      quantity: "0.125",
      period: "monthly",
      start,
    });
    await client.recurringBuys.update(sell.id, { enabled: false });
    const text = lastText(await chat.send("/dca"));
    expect(text).toContain("Your recurring trades (page 1 of 1; times in Australia/Perth)");
    const when = formatDateTime(start, "Australia/Perth", "en");
    expect(when).toBe("15 Mar 2031, 09:30");
    expect(text).toContain(`▶️ #${buy.id} Buy BTC · weekly\nspends $250.00 each run · next run: ${when}`);
    expect(text).toContain(`⏸ #${sell.id} Sell ETH · monthly\nsells 0.125 ETH each run · next run: paused`);
    // Newest first.
    expect(text.indexOf(`#${sell.id}`)).toBeLessThan(text.indexOf(`#${buy.id}`));

    const card = (await chat.press(`#${buy.id} BTC`)).at(-1);
    expect(card?.plainText).toContain(`Recurring trade #${buy.id} (Bitcoin)`);
    expect(card?.plainText).toContain("Buys BTC with AUD\nAUD to spend each run: $250.00\nCadence: weekly");
    expect(card?.plainText).toContain(`Next run: ${when} (Australia/Perth)`);
    expect(card?.plainText).toContain("Status: ▶️ active");
    expect(buttons(card)).toEqual([
      "Change amount",
      "Change cadence",
      "Change next run",
      "⏸ Pause",
      "🗑 Delete",
      "‹ All recurring trades",
    ]);
    const back = (await chat.press("‹ All recurring trades")).at(-1);
    expect(back?.kind).toBe("edit");
    expect(back?.plainText).toContain("Your recurring trades");
  });

  it("pages of five, addressed by id: schedules created meanwhile never repeat a row", async () => {
    const { chat, account } = await tb.trader({ AUD: "100" });
    const client = tb.ex.client(account.readWriteKey);
    const make = (quantity: string) =>
      client.recurringBuys.create({ asset: "SOL", direction: DIRECTION.BUY, quantity, period: "daily" });
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push((await make(`${i}0`)).id);
    const idsIn = (output: BotOutput | undefined) =>
      [...(output?.plainText ?? "").matchAll(/#(\d+) Buy/g)].map((m) => Number(m[1]));

    const first = (await chat.send("/dca")).at(-1);
    expect(first?.plainText).toContain("page 1 of 2");
    expect(idsIn(first)).toEqual(ids.slice(2).reverse());
    expect(buttons(first)).toContain("Older ›");
    expect(buttons(first)).not.toContain("‹ Newer");

    // Two new schedules push everything down by two rows; the next page still starts after the last row seen.
    const added = [(await make("80")).id, (await make("90")).id];
    const second = (await chat.press("Older ›")).at(-1);
    expect(second?.plainText).toContain("page 3 of 3");
    expect(idsIn(second)).toEqual(ids.slice(0, 2).reverse());
    expect(buttons(second)).toContain("‹ Newer");
    expect(buttons(second)).not.toContain("Older ›");

    const back = (await chat.press("‹ Newer")).at(-1);
    expect(idsIn(back)).toEqual(ids.slice(2).reverse());
    expect(back?.plainText).toContain("page 2 of 3");
    // Back at the top the page is full again: the two new rows and three already seen below them.
    const top = (await chat.press("‹ Newer")).at(-1);
    expect(top?.plainText).toContain("page 1 of 2");
    expect(idsIn(top)).toEqual([...added.reverse(), ...ids.slice(4).reverse()]);
  });

  it("in Chinese", async () => {
    const { chat, account } = await tb.trader({ AUD: "100" });
    await tb.ex.client(account.readWriteKey).recurringBuys.create({
      asset: "BTC",
      direction: DIRECTION.BUY,
      quantity: "20",
      period: "fortnightly",
    });
    await chat.send("/settings");
    await chat.press("Language");
    await chat.press("简体中文");
    const text = lastText(await chat.send("/dca"));
    expect(text).toContain("你的定投计划");
    expect(text).toContain("买入 BTC");
    expect(text).toContain("每两周");
  });
});

describe("creating", () => {
  it.each(RECURRING_PERIODS)("a %s buy starting at a typed time in the user's zone", async (period) => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    await useZone(chat, "Australia/Perth");
    const summary = await createThroughChat(chat, {
      asset: "BTC",
      side: "buy",
      quantity: "75.5",
      period,
      start: "2031-06-01 07:45",
    });
    const when = formatDateTime(new Date("2031-05-31T23:45:00Z"), "Australia/Perth", "en");
    expect(when).toMatch(/^1 June? 2031, 07:45$/);
    expect(summary?.plainText).toContain(
      `New recurring trade, please check:\nBuys BTC with AUD\nAUD to spend each run: $75.50\nCadence: ${period}\nFirst run: ${when} (Australia/Perth)`,
    );
    expect(buttons(summary)).toEqual(["Confirm", "Cancel"]);
    expect(await scheduleWrites(tb, account)).toBe(0);

    const done = (await chat.press("Confirm")).at(-1);
    const [schedule] = await schedulesOf(account);
    expect(done?.plainText).toContain(`✅ Recurring trade #${schedule?.id} set up.`);
    expect(done?.plainText).toContain(`Next run: ${when} (Australia/Perth)`);
    expect(schedule).toMatchObject({ asset: "BTC", direction: 10, quantity: "75.50", period, enabled: true });
    expect(schedule?.start?.toISOString()).toBe("2031-05-31T23:45:00.000Z");
  });

  it("a start typed in words (tomorrow 9am, 明天上午9点) is shown back as the exact time in the user's zone", async () => {
    // Tomorrow 09:00 in Perth (UTC+8 all year), read before and after the chat in case midnight passes between.
    const tomorrowNine = () => {
      const perth = new Date(Date.now() + 8 * 3600_000);
      return new Date(Date.UTC(perth.getUTCFullYear(), perth.getUTCMonth(), perth.getUTCDate() + 1, 1, 0));
    };
    for (const [typed, language] of [
      ["tomorrow 9am", "en"],
      ["明天上午9点", "zh"],
    ] as const) {
      const { chat } = await tb.trader({ AUD: "1000" });
      await useZone(chat, "Australia/Perth");
      const before = tomorrowNine();
      await chat.send("/dca");
      await chat.press("➕ New");
      await chat.press("BTC");
      await chat.press("Buy BTC with AUD");
      await chat.send("50");
      await chat.press("weekly");
      const outputs = await chat.send(typed);
      const options = [before, tomorrowNine()].map((at) => formatDateTime(at, "Australia/Perth", "en"));
      const closed = outputs.find((o) => o.kind === "edit")?.plainText ?? "";
      expect(
        options.some((when) => closed.endsWith(when)),
        `${language}: ${closed}`,
      ).toBe(true);
      const summary = outputs.at(-1)?.plainText ?? "";
      expect(options.some((when) => summary.includes(`First run: ${when} (Australia/Perth)`))).toBe(true);
    }
  });

  it("a sell counts the quantity in the asset; Start now sends no start and the exchange runs it at once", async () => {
    const { chat, account } = await tb.trader({ ETH: "2" });
    const summary = await createThroughChat(chat, {
      asset: "ETH",
      side: "sell",
      quantity: "0.25",
      period: "daily",
    });
    expect(summary?.plainText).toContain("Sells ETH for AUD\n0.25 ETH is sold each run\nCadence: daily");
    expect(summary?.plainText).toContain("First run: right away, then daily");
    const before = Date.now();
    await chat.press("Confirm");
    const [schedule] = await schedulesOf(account);
    expect(schedule).toMatchObject({ asset: "ETH", direction: 20, quantity: "0.25000000", period: "daily" });
    // The first run happened (the sandbox runs due schedules before each request), so the next is a day on.
    expect(schedule?.start?.getTime()).toBeGreaterThan(before + 23 * 3600_000);
    const eth = await tb.ex.client(account.readWriteKey).balances.get("ETH");
    expect(eth.total).toBe("1.75");
  });

  it("the asset can be typed, in any case", async () => {
    const { chat } = await tb.trader({ AUD: "1000" });
    await chat.send("/dca");
    await chat.press("➕ New");
    const next = (await chat.send(" link ")).at(-1);
    expect(next?.plainText).toContain("On each run, buy LINK with AUD or sell LINK for AUD?");
  });

  it("Cancel at the summary (or any step) creates nothing; the dead Confirm cannot be pressed later", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    const summary = await createThroughChat(chat, {
      asset: "BTC",
      side: "buy",
      quantity: "10",
      period: "daily",
    });
    const confirm = summary?.buttons.flat().find((b) => b.text === "Confirm")?.data as string;
    expect(lastText(await chat.press("Cancel"))).toContain("Cancelled. Nothing was changed.");
    await tb.app.bot.handleUpdate(
      tb.fake.callback(chat.user, chat.chat, summary?.messageId as number, confirm),
    );
    expect(
      (tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined)?.text,
    ).toContain("expired");

    await chat.send("/dca");
    await chat.press("➕ New");
    await chat.press("BTC");
    expect(lastText(await chat.press("Cancel"))).toContain("Cancelled");
    await chat.send("/dca");
    await chat.press("➕ New");
    expect(lastText(await chat.send("/cancel"))).toContain("Cancelled");
    expect(await scheduleWrites(tb, account)).toBe(0);
  });
});

describe("/cancel", () => {
  it("voids a summary on screen: the message says so and its Confirm is dead", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    const summary = await createThroughChat(chat, {
      asset: "BTC",
      side: "buy",
      quantity: "10",
      period: "daily",
    });
    const confirm = summary?.buttons.flat().find((b) => b.text === "Confirm")?.data as string;
    const cancelled = await chat.send("/cancel");
    expect(cancelled.find((o) => o.kind === "edit" && o.messageId === summary?.messageId)?.plainText).toBe(
      "Cancelled. Nothing was changed.",
    );
    expect(lastText(cancelled)).toContain("Cancelled");
    await tb.app.bot.handleUpdate(
      tb.fake.callback(chat.user, chat.chat, summary?.messageId as number, confirm),
    );
    expect(
      (tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined)?.text,
    ).toContain("expired");
    expect(await scheduleWrites(tb, account)).toBe(0);
  });
});

describe("checks before any exchange call", () => {
  it("bad input at every step is explained, the question stays open, and nothing is written", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000", DOGE: "100" });
    await useZone(chat, "Australia/Sydney");
    const say = async (text: string) => lastText(await chat.send(text));
    await chat.send("/dca");
    await chat.press("➕ New");
    expect(await say("XYZ")).toContain("I don't know XYZ.");
    expect(await say("AUD")).toContain("Pick a crypto asset, not AUD, for this.");
    expect(await say("<b>")).toContain("I don't know <b>.");
    expect(await say("doge")).toContain("buy DOGE with AUD or sell DOGE for AUD?");
    expect(await say("hold")).toContain("Pick one of these");
    await chat.press("Sell DOGE for AUD");
    expect(await say("lots")).toContain("“lots” is not an amount");
    expect(await say("-5")).toContain("“-5” is not an amount");
    expect(await say("0")).toContain("“0” is not an amount");
    expect(await say("1.123456789")).toContain("DOGE amounts have at most 8 decimal places");
    // 2 DOGE at the sandbox's $0.34 or so are worth about $0.68: under the smallest order.
    expect(await say("2")).toContain("The smallest order is worth $1.00");
    expect(await say("50")).toContain("How often?");
    expect(await say("hourly")).toContain("Pick one of these");
    await chat.press("weekly");
    expect(await say("tomorrow")).toContain("I can't read “tomorrow” as a date and time");
    expect(await say("2031-02-30 10:00")).toContain("I can't read");
    expect(await say("2031-01-01 24:00")).toContain("I can't read");
    expect(await say("2020-01-01 10:00")).toContain("That time has already passed");
    // Clocks in Sydney jump from 02:00 to 03:00 on 5 October 2031.
    expect(await say("2031-10-05 02:30")).toContain("does not exist in Australia/Sydney");
    const summary = (await chat.send("5/10/2031 03:30")).at(-1);
    const when = formatDateTime(new Date("2031-10-04T16:30:00Z"), "Australia/Sydney", "en");
    expect(summary?.plainText).toContain(`First run: ${when} (Australia/Sydney)`);
    expect(await scheduleWrites(tb, account)).toBe(0);
  });

  it("buy amounts: cents at most, a dollar at least", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    await chat.send("/dca");
    await chat.press("➕ New");
    await chat.press("BTC");
    await chat.press("Buy BTC with AUD");
    expect(lastText(await chat.send("10.001"))).toContain("AUD amounts have at most 2 decimal places");
    expect(lastText(await chat.send("0.99"))).toContain("The smallest order is worth $1.00");
    expect(lastText(await chat.send("$1,000"))).toContain("How often?");
    expect(await scheduleWrites(tb, account)).toBe(0);
  });

  it("a run the balance does not cover is refused at the amount, sell and buy alike", async () => {
    const { chat, account } = await tb.trader({ AUD: "50", BTC: "0.04" });
    await chat.send("/dca");
    await chat.press("➕ New");
    await chat.press("BTC");
    await chat.press("Sell BTC for AUD");
    expect(lastText(await chat.send("10"))).toContain(
      "That is more than you have: a run needs 10 BTC and you have 0.04 BTC, so it would not trade.",
    );
    expect(lastText(await chat.send("0.04"))).toContain("How often?");
    await chat.send("/dca");
    await chat.press("➕ New");
    await chat.press("BTC");
    await chat.press("Buy BTC with AUD");
    expect(lastText(await chat.send("100"))).toContain("a run needs $100.00 and you have $50.00");
    expect(lastText(await chat.send("50"))).toContain("How often?");
    expect(await scheduleWrites(tb, account)).toBe(0);
  });

  it("in Chinese, an uncovered run is refused in Chinese", async () => {
    const { chat } = await tb.trader({ BTC: "0.04" });
    await chat.send("/settings");
    await chat.press("Language");
    await chat.press("简体中文");
    await chat.send("/dca");
    await chat.press("➕ 新建");
    await chat.press("BTC");
    await chat.press("卖出 BTC 换澳元");
    expect(lastText(await chat.send("10"))).toContain("超出了你的余额：每次执行需要 10 BTC，你只有 0.04 BTC");
  });

  it("a start that passed while the summary waited is refused at Confirm, with no call", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    await useZone(chat, "UTC");
    const soon = wallTime(new Date(Date.now() + 3 * 60_000), "UTC");
    const summary = await createThroughChat(chat, {
      asset: "BTC",
      side: "buy",
      quantity: "10",
      period: "daily",
      start: soon,
    });
    expect(summary?.plainText).toContain("First run:");
    tb.advanceClock(10 * 60_000);
    try {
      const refused = lastText(await chat.press("Confirm"));
      expect(refused).toContain("has passed while this waited, so nothing was changed");
    } finally {
      tb.advanceClock(-10 * 60_000);
    }
    expect(await scheduleWrites(tb, account)).toBe(0);
  });
});

describe("Confirm is single-use and owner-bound", () => {
  it("ten concurrent taps and a redelivered one create one schedule; another user's tap does nothing", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    const summary = await createThroughChat(chat, {
      asset: "ADA",
      side: "buy",
      quantity: "20",
      period: "weekly",
    });
    const data = summary?.buttons.flat().find((b) => b.text === "Confirm")?.data as string;
    const stranger = tb.chat().user;
    await tb.app.bot.handleUpdate(tb.fake.callback(stranger, chat.chat, summary?.messageId as number, data));
    expect((tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined)?.text).toBe(
      "That button is not yours.",
    );
    const taps = Array.from({ length: 10 }, () =>
      tb.fake.callback(chat.user, chat.chat, summary?.messageId as number, data),
    );
    await Promise.all(taps.map((update) => tb.app.bot.handleUpdate(update)));
    await tb.app.bot.handleUpdate({ ...(taps[0] as object), update_id: 9_999_998 } as never);
    expect(await schedulesOf(account)).toHaveLength(1);
    expect(await scheduleWrites(tb, account)).toBe(1);
  });
});

describe("a read-only key", () => {
  async function readOnlyChat(): Promise<{ chat: ChatDriver; account: TestAccount }> {
    const chat = tb.chat();
    const account = tb.ex.account({ AUD: "1000" });
    await tb.app.deps.accounts.connect(chat.user.id, account.readOnlyKey);
    expect(await tb.app.deps.accounts.permission(chat.user.id)).toBe("read_only");
    return { chat, account };
  }

  it("lists and shows, explains instead of offering changes, and never writes", async () => {
    const { chat, account } = await readOnlyChat();
    const made = await tb.ex
      .client(account.readWriteKey)
      .recurringBuys.create({ asset: "BTC", direction: DIRECTION.BUY, quantity: "20", period: "daily" });
    const list = (await chat.send("/dca")).at(-1);
    expect(list?.plainText).toContain(`#${made.id} Buy BTC`);
    const card = (await chat.press(`#${made.id} BTC`)).at(-1);
    expect(card?.plainText).toContain("Your API key is read-only: you can look");
    expect(buttons(card)).toEqual(["‹ All recurring trades"]);
    await chat.press("‹ All recurring trades");
    const explained = lastText(await chat.press("➕ New"));
    expect(explained).toContain("Your API key is read-only, so I can't set up or change recurring trades");
    // A button from before the key became read-only (or forged) is refused the same way.
    const message = chat.lastMessage()?.messageId as number;
    for (const data of [`dca:e:${made.id}:q`, `dca:d:${made.id}`]) {
      await tb.app.bot.handleUpdate(tb.fake.callback(chat.user, chat.chat, message, data));
      expect(chat.lastMessage()?.plainText).toContain("Your API key is read-only");
    }
    expect(await scheduleWrites(tb, account)).toBe(1);
  });
});
