/**
 * Changing recurring trades as chats: the amount, the cadence (restarting now, or at a given start, as
 * the exchange does and the bot says), the next run, pause and resume, delete after a Confirm; bad input
 * at every step without a write; a refusal says nothing changed, a lost answer says it may have happened.
 */
import { afterEach, describe, expect, it } from "vitest";
import { formatDateTime } from "../../src/bot/flow-kit/format/time.ts";
import { DIRECTION, type RecurringBuy, toDec } from "../../src/exchange/index.ts";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import type { TestAccount } from "../support/exchange.ts";
import { createThroughChat, lastText, scheduleWrites, useZone } from "../support/recurring.ts";

const tb = await startTestBot();
const FAR = new Date("2031-03-15T01:30:00Z");

afterEach(async () => {
  await tb.ex.control("DELETE", "/_sandbox/faults");
});

function buttons(output: BotOutput | undefined): string[] {
  return output?.buttons.flat().map((b) => b.text) ?? [];
}

/** A trader with one weekly BTC buy of $100 starting far ahead, its card open in the chat. */
async function withSchedule(
  balances: Record<string, string> = { AUD: "1000" },
  extra: Partial<{ enabled: boolean }> = {},
): Promise<{
  chat: ChatDriver;
  account: TestAccount;
  schedule: RecurringBuy;
  get: () => Promise<RecurringBuy>;
}> {
  const { chat, account } = await tb.trader(balances);
  await useZone(chat, "Australia/Perth");
  const client = tb.ex.client(account.readWriteKey);
  let schedule = await client.recurringBuys.create({
    asset: "BTC",
    direction: DIRECTION.BUY,
    quantity: "100",
    period: "weekly",
    start: FAR,
  });
  if (extra.enabled === false) schedule = await client.recurringBuys.update(schedule.id, { enabled: false });
  await chat.send("/dca");
  await chat.press(`#${schedule.id} BTC`);
  return { chat, account, schedule, get: () => client.recurringBuys.get(schedule.id) };
}

describe("changing the amount", () => {
  it("asks with the current amount, refuses bad ones without a call, then changes only the quantity", async () => {
    const { chat, account, schedule, get } = await withSchedule();
    const ask = (await chat.press("Change amount")).at(-1);
    expect(ask?.plainText).toContain("How much AUD should each run spend on BTC?");
    expect(ask?.plainText).toContain("Now: $100.00");
    expect(lastText(await chat.send("plenty"))).toContain("“plenty” is not an amount");
    expect(lastText(await chat.send("0.50"))).toContain("The smallest order is worth $1.00");
    expect(lastText(await chat.send("12.345"))).toContain("AUD amounts have at most 2 decimal places");
    const summary = (await chat.send("150")).at(-1);
    expect(summary?.plainText).toContain(`Change recurring trade #${schedule.id} (buy BTC), please check:`);
    expect(summary?.plainText).toContain("AUD to spend each run: $100.00 → $150.00");
    expect(summary?.plainText).toContain("Nothing changes until you tap Confirm.");
    expect(await scheduleWrites(tb, account)).toBe(1); // the create above

    const done = (await chat.press("Confirm")).at(-1);
    expect(done?.plainText).toContain(`✅ Recurring trade #${schedule.id} changed.`);
    expect(done?.plainText).toContain("AUD to spend each run: $150.00");
    expect(done?.plainText).not.toContain("restarted");
    const after = await get();
    expect(after).toMatchObject({ quantity: "150.00", period: "weekly", enabled: true });
    expect(after.start?.getTime()).toBe(FAR.getTime());
  });

  it("a sell's amount is in the asset, with its own precision", async () => {
    const { chat, account } = await tb.trader({ ETH: "5" });
    const made = await tb.ex.client(account.readWriteKey).recurringBuys.create({
      asset: "ETH",
      direction: DIRECTION.SELL,
      quantity: "0.5",
      period: "daily",
      start: FAR,
    });
    await chat.send("/dca");
    await chat.press(`#${made.id} ETH`);
    const ask = (await chat.press("Change amount")).at(-1);
    expect(ask?.plainText).toContain("How much ETH should each run sell?");
    expect(ask?.plainText).toContain("Now: 0.5 ETH");
    expect(lastText(await chat.send("0.123456789"))).toContain("ETH amounts have at most 8 decimal places");
    expect(lastText(await chat.send("0.75"))).toContain("Quantity to sell each run: 0.5 ETH → 0.75 ETH");
  });
});

describe("the balance at an edit", () => {
  it("a new amount the balance does not cover is refused; a covered one goes on", async () => {
    const { chat, account } = await withSchedule({ AUD: "120" });
    await chat.press("Change amount");
    expect(lastText(await chat.send("150"))).toContain("a run needs $150.00 and you have $120.00");
    expect(lastText(await chat.send("120"))).toContain("AUD to spend each run: $100.00 → $120.00");
    expect(await scheduleWrites(tb, account)).toBe(1);
  });

  it("a change of cadence or next run warns when the balance does not cover a run", async () => {
    const { chat } = await withSchedule({ AUD: "40" });
    await chat.press("Change next run");
    const summary = (await chat.send("2031-12-24 18:30")).at(-1);
    expect(summary?.plainText).toContain(
      "⚠️ Your balance does not cover a run: it needs $100.00 and you have $40.00, so the run would not trade.",
    );
  });
});

describe("changing the cadence", () => {
  it("restarts the schedule now unless a start is given, and says so before and after", async () => {
    const { chat, account, get } = await withSchedule({ AUD: "1000" });
    const pick = (await chat.press("Change cadence")).at(-1);
    expect(pick?.plainText).toContain("The cadence is weekly now. Pick the new one.");
    expect(buttons(pick)).toEqual(["daily", "fortnightly", "monthly", "Cancel"]);
    const restart = (await chat.press("daily")).at(-1);
    expect(restart?.plainText).toContain(
      "Changing the cadence restarts the schedule: the next run is now (the first daily trade right away), unless you give a start.",
    );
    expect(buttons(restart)).toEqual(["Restart now", "Cancel"]);
    const summary = (await chat.press("Restart now")).at(-1);
    expect(summary?.plainText).toContain("Cadence: weekly → daily");
    expect(summary?.plainText).toContain(
      "The schedule restarts now: the first daily run happens right away.",
    );

    const before = Date.now();
    const done = (await chat.press("Confirm")).at(-1);
    expect(done?.plainText).toContain("The cadence changed, so the exchange restarted the schedule from now");
    expect(done?.plainText).toContain("Cadence: daily");
    // The exchange reset the next run to the moment of the change: the first daily run has been made
    // (the sandbox runs due schedules before each request), so the next is about a day on, not in 2031.
    const after = await get();
    expect(after.period).toBe("daily");
    expect(after.start?.getTime()).toBeGreaterThan(before + 23 * 3600_000);
    expect(after.start?.getTime()).toBeLessThan(before + 25 * 3600_000);
    const aud = await tb.ex.client(account.readWriteKey).balances.get("AUD");
    expect(toDec(aud.total).equals(900)).toBe(true);
  });

  it("with a typed start, the schedule restarts then, and nothing runs now", async () => {
    const { chat, account, get } = await withSchedule();
    await chat.press("Change cadence");
    await chat.press("monthly");
    expect(lastText(await chat.send("2020-05-05 05:05"))).toContain("That time has already passed");
    expect(lastText(await chat.send("soon"))).toContain("I can't read “soon”");
    const summary = (await chat.send("2032-02-01 08:00")).at(-1);
    const when = formatDateTime(new Date("2032-02-01T00:00:00Z"), "Australia/Perth", "en");
    expect(summary?.plainText).toContain("Cadence: weekly → monthly");
    expect(summary?.plainText).toContain(`The schedule restarts at ${when} (Australia/Perth).`);
    const done = (await chat.press("Confirm")).at(-1);
    expect(done?.plainText).not.toContain("restarted the schedule from now");
    expect(done?.plainText).toContain(`Next run: ${when} (Australia/Perth)`);
    const after = await get();
    expect(after.period).toBe("monthly");
    expect(after.start?.toISOString()).toBe("2032-02-01T00:00:00.000Z");
    const aud = await tb.ex.client(account.readWriteKey).balances.get("AUD");
    expect(aud.total).toBe("1000");
  });
});

describe("a paused schedule", () => {
  it("a cadence change says the next run resets but nothing runs while paused, never both 'right away' and 'paused'", async () => {
    const { chat, account, get } = await withSchedule({ AUD: "1000" }, { enabled: false });
    await chat.press("Change cadence");
    const restart = (await chat.press("daily")).at(-1);
    expect(restart?.plainText).toContain("The schedule stays paused, so nothing runs until you resume it.");
    expect(restart?.plainText).not.toContain("right away");
    const summary = (await chat.press("Restart now")).at(-1);
    expect(summary?.plainText).toContain(
      "The next run is reset to now, but the schedule stays paused: nothing runs until you resume it, and resuming it then trades at once.",
    );
    expect(summary?.plainText).not.toContain("right away");
    expect(summary?.plainText).not.toContain("It stays paused until you resume it.");
    const done = (await chat.press("Confirm")).at(-1);
    expect(done?.plainText).toContain("The schedule is still paused: resuming it trades at once.");
    expect(done?.plainText).not.toContain("restarted the schedule from now");
    expect(await get()).toMatchObject({ enabled: false, period: "daily" });
    const aud = await tb.ex.client(account.readWriteKey).balances.get("AUD");
    expect(toDec(aud.total).equals(1000)).toBe(true);
  });

  it("resuming one whose next run has passed says before Confirm that it trades now, and what", async () => {
    const { chat, account } = await tb.trader({ AUD: "60" });
    await useZone(chat, "Australia/Perth");
    const client = tb.ex.client(account.readWriteKey);
    const past = new Date(Math.floor((Date.now() - 3600_000) / 60_000) * 60_000);
    const made = await client.recurringBuys.create({
      asset: "BTC",
      direction: DIRECTION.BUY,
      quantity: "100",
      period: "weekly",
      start: past,
      enabled: false,
    });
    await chat.send("/dca");
    await chat.press(`#${made.id} BTC`);
    const ask = (await chat.press("▶️ Resume")).at(-1);
    const when = formatDateTime(past, "Australia/Perth", "en");
    expect(ask?.plainText).toContain(`Resume recurring trade #${made.id}?`);
    expect(ask?.plainText).toContain(
      `Its next run (${when}, Australia/Perth) has passed, so resuming it trades right away: it spends $100.00 on BTC now, then weekly.`,
    );
    expect(ask?.plainText).toContain(
      "⚠️ Your balance does not cover a run: it needs $100.00 and you have $60.00, so the run would not trade.",
    );
    expect(buttons(ask)).toEqual(["Confirm", "Cancel"]);
    expect((await client.recurringBuys.get(made.id)).enabled).toBe(false);
    expect(await scheduleWrites(tb, account)).toBe(1);
    const done = (await chat.press("Confirm")).at(-1);
    expect(done?.plainText).toContain("resumed");
    expect((await client.recurringBuys.get(made.id)).enabled).toBe(true);
  });

  it("/cancel voids the resume question's Confirm", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    const client = tb.ex.client(account.readWriteKey);
    const made = await client.recurringBuys.create({
      asset: "ETH",
      direction: DIRECTION.BUY,
      quantity: "20",
      period: "daily",
      start: new Date(Date.now() - 600_000),
      enabled: false,
    });
    await chat.send("/dca");
    await chat.press(`#${made.id} ETH`);
    const ask = (await chat.press("▶️ Resume")).at(-1);
    const confirm = ask?.buttons.flat().find((b) => b.text === "Confirm")?.data as string;
    await chat.send("/cancel");
    await tb.app.bot.handleUpdate(tb.fake.callback(chat.user, chat.chat, ask?.messageId as number, confirm));
    expect((await client.recurringBuys.get(made.id)).enabled).toBe(false);
    expect(await scheduleWrites(tb, account)).toBe(1);
  });
});

describe("changing the next run", () => {
  it("a typed time in the user's zone; a past one is refused; a paused schedule stays paused", async () => {
    const { chat, account, get } = await withSchedule({ AUD: "1000" }, { enabled: false });
    const ask = (await chat.press("Change next run")).at(-1);
    expect(ask?.plainText).toContain("When should the next run be?");
    expect(buttons(ask)).toEqual(["Cancel"]);
    expect(lastText(await chat.send("2001-01-01 00:00"))).toContain("That time has already passed");
    expect(lastText(await chat.send("31/13/2031 10:00"))).toContain("I can't read");
    expect(await scheduleWrites(tb, account)).toBe(2);
    const summary = (await chat.send("2031-12-24 18:30")).at(-1);
    const when = formatDateTime(new Date("2031-12-24T10:30:00Z"), "Australia/Perth", "en");
    expect(summary?.plainText).toContain(`Next run: paused → ${when} (Australia/Perth)`);
    expect(summary?.plainText).toContain("It stays paused until you resume it.");
    await chat.press("Confirm");
    const after = await get();
    expect(after.start?.toISOString()).toBe("2031-12-24T10:30:00.000Z");
    expect(after).toMatchObject({ enabled: false, period: "weekly", quantity: "100.00" });
  });
});

describe("pause, resume, delete", () => {
  it("Pause and Resume write once each; an old Pause button is dead", async () => {
    const { chat, account, get } = await withSchedule();
    const card = chat.lastMessage();
    const pauseData = card?.buttons.flat().find((b) => b.text === "⏸ Pause")?.data as string;
    const paused = (await chat.press("⏸ Pause")).at(-1);
    expect(paused?.plainText).toContain("paused: no runs until you resume it");
    expect(paused?.plainText).toContain("Status: ⏸ paused");
    expect(buttons(paused)).toContain("▶️ Resume");
    expect((await get()).enabled).toBe(false);
    await tb.app.bot.handleUpdate(
      tb.fake.callback(chat.user, chat.chat, card?.messageId as number, pauseData),
    );
    expect(
      (tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined)?.text,
    ).toContain("expired");
    const resumed = (await chat.press("▶️ Resume")).at(-1);
    expect(resumed?.plainText).toContain("resumed");
    expect(resumed?.plainText).toContain("Status: ▶️ active");
    expect((await get()).enabled).toBe(true);
    expect(await scheduleWrites(tb, account)).toBe(3);
  });

  it("in words: the one named is shown with the question and its own Pause; nothing is written before the tap", async () => {
    const { chat, account, schedule, get } = await withSchedule();
    const client = tb.ex.client(account.readWriteKey);
    const eth = await client.recurringBuys.create({
      asset: "ETH",
      direction: DIRECTION.SELL,
      quantity: "0.1",
      period: "monthly",
      start: FAR,
    });
    const writes = await scheduleWrites(tb, account);
    // "stop" and "weekly btc buy" once made a new recurring buy's flow: now they name the one to pause.
    const card = (await chat.send("stop my weekly btc buy")).at(-1);
    expect(card?.plainText).toContain("Pause this recurring trade? Tap ⏸ Pause below");
    expect(card?.plainText).toContain(`Recurring trade #${schedule.id} (Bitcoin)`);
    expect(buttons(card)).toContain("⏸ Pause");
    expect(await scheduleWrites(tb, account)).toBe(writes);
    expect((await chat.press("⏸ Pause")).at(-1)?.plainText).toContain("paused: no runs until you resume it");
    expect((await get()).enabled).toBe(false);
    // Already paused: said, nothing written; none fits: said.
    expect((await chat.send("pause my btc dca")).at(-1)?.plainText).toContain(
      "Your recurring trades that fit (BTC) are already paused, so nothing was changed.",
    );
    expect((await chat.send("pause my weekly sol buy")).at(-1)?.plainText).toContain(
      "None of your recurring trades fits (SOL · buy · weekly), so nothing was changed.",
    );
    // Several fit: each is a button that opens its card.
    await client.recurringBuys.update(schedule.id, { enabled: true });
    const which = (await chat.send("pause dca")).at(-1);
    expect(which?.plainText).toContain("2 recurring trades fit (any). Which one?");
    // Newest first, as in /dca.
    expect(buttons(which)).toEqual([`#${eth.id} ETH`, `#${schedule.id} BTC`]);
    expect(await scheduleWrites(tb, account)).toBe(writes + 2);
    // In Chinese.
    await chat.send("/settings language zh");
    const zh = (await chat.send("暂停以太坊定投")).at(-1);
    expect(zh?.plainText).toContain("暂停这个定投？");
    expect(buttons(zh)).toContain("⏸ 暂停");
  });

  it("Delete asks first: Cancel keeps it, Yes deletes it", async () => {
    const { chat, account, schedule } = await withSchedule();
    const ask = (await chat.press("🗑 Delete")).at(-1);
    expect(ask?.plainText).toContain(`Delete recurring trade #${schedule.id}?`);
    expect(ask?.plainText).toContain("AUD to spend each run: $100.00");
    expect(buttons(ask)).toEqual(["Yes, delete", "Cancel"]);
    expect(lastText(await chat.press("Cancel"))).toContain("Cancelled. Nothing was changed.");
    expect(await scheduleWrites(tb, account)).toBe(1);

    await chat.send("/dca");
    await chat.press(`#${schedule.id} BTC`);
    await chat.press("🗑 Delete");
    const done = (await chat.press("Yes, delete")).at(-1);
    expect(done?.plainText).toContain(`🗑 Recurring trade #${schedule.id} deleted.`);
    expect(buttons(done)).toEqual(["‹ All recurring trades"]);
    expect((await tb.ex.client(account.readWriteKey).recurringBuys.list()).count).toBe(0);
    expect(lastText(await chat.press("‹ All recurring trades"))).toContain("no recurring trades yet");
  });

  it("a schedule deleted elsewhere: the card, an edit and a Confirm say it is gone", async () => {
    const { chat, account, schedule } = await withSchedule();
    await chat.press("Change amount");
    const summary = (await chat.send("200")).at(-1);
    await tb.ex.client(account.readWriteKey).recurringBuys.delete(schedule.id);
    const refused = lastText(await chat.press("Confirm"));
    expect(refused).toContain("That recurring trade no longer exists.");
    expect(refused).toContain("Nothing was changed.");
    expect(summary?.plainText).toContain("$200.00");
    await tb.app.bot.handleUpdate(
      tb.fake.callback(
        chat.user,
        chat.chat,
        chat.lastMessage()?.messageId as number,
        `dca:e:${schedule.id}:q`,
      ),
    );
    expect(chat.lastMessage()?.plainText).toContain("That recurring trade no longer exists.");
  });
});

describe("the exchange's answer", () => {
  it("a refusal says nothing changed", async () => {
    const { chat, get } = await withSchedule();
    await chat.press("Change amount");
    await chat.send("300");
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "PATCH",
      path_prefix: "/api/private/broker/schedules/",
      status: 400,
      count: 1,
    });
    const text = lastText(await chat.press("Confirm"));
    expect(text).toContain("The exchange did not accept that");
    expect(text).toContain("Nothing was changed.");
    expect((await get()).quantity).toBe("100.00");
  });

  it.each([
    ["PATCH", "change", "this change may have been made"],
    ["DELETE", "delete", "this recurring trade may have been deleted"],
  ])(
    "a lost answer to a %s says it may have happened, never that nothing changed",
    async (method, op, words) => {
      const { chat } = await withSchedule();
      if (op === "change") {
        await chat.press("Change amount");
        await chat.send("300");
      } else await chat.press("🗑 Delete");
      await tb.ex.control("POST", "/_sandbox/faults", {
        method,
        path_prefix: "/api/private/broker/schedules/",
        drop: true,
        after: true,
        count: 1,
      });
      const text = lastText(await chat.press(op === "change" ? "Confirm" : "Yes, delete"));
      expect(text).toContain(`The exchange's answer was lost, so ${words}. Check /dca before trying again.`);
      expect(text).not.toContain("Nothing was changed");
    },
  );

  it("a lost answer to a create says it may have been set up; it was", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    await createThroughChat(chat, { asset: "BTC", side: "buy", quantity: "10", period: "daily" });
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: "/api/private/broker/schedules/",
      drop: true,
      after: true,
      count: 1,
    });
    const text = lastText(await chat.press("Confirm"));
    expect(text).toContain("so this recurring trade may have been set up. Check /dca before trying again.");
    expect((await tb.ex.client(account.readWriteKey).recurringBuys.list()).count).toBe(1);
  });

  it("an exchange error status (5xx) is not called a refusal either", async () => {
    const { chat } = await withSchedule();
    await chat.press("⏸ Pause");
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "PATCH",
      path_prefix: "/api/private/broker/schedules/",
      status: 502,
      count: 1,
    });
    const text = lastText(await chat.press("▶️ Resume"));
    expect(text).toContain("this change may have been made");
  });
});
