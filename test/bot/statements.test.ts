/**
 * /statement as chats against the sandbox: a preset arrives as a PDF document named after the account and
 * the period, byte for byte what the sandbox serves, with "sending a file…" shown meanwhile; custom dates
 * typed in each language, every kind of bad answer explained and asked again, a range over twelve
 * months refused with a split; forged buttons; the exchange failing.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDay } from "../../src/bot/statements/deliver.ts";
import { presetRange } from "../../src/services/statements/periods.ts";
import type { BotOutput } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";

const tb = await startTestBot();

afterEach(() => {
  vi.useRealTimers();
});

function buttons(output: BotOutput | undefined): string[] {
  return output?.buttons.flat().map((b) => b.text) ?? [];
}

function actionsIn(chatId: number): string[] {
  return tb.fake
    .callsTo("sendChatAction")
    .filter((call) => call.payload.chat_id === chatId)
    .map((call) => String(call.payload.action));
}

describe("/statement", () => {
  it("offers the periods; Last month arrives as a named PDF, exactly the sandbox's bytes", async () => {
    // The sandbox prints the time it made the PDF: a frozen clock makes two fetches comparable.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { chat, account } = await tb.trader({ AUD: "100" });
    // The PDF takes a second to come, as a statement may: "sending a file…" is shown only to a user who
    // waits longer than a quarter second (a quicker answer gets none), and the sandbox is quicker.
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: "/api/private/account-statement/pdf/",
      delay_ms: 1000,
      count: 1,
    });
    const menu = (await chat.send("/statement")).at(-1);
    expect(menu?.plainText).toContain("Which period? Days are counted in Australia/Sydney.");
    expect(buttons(menu)).toEqual([
      "This month",
      "Last month",
      "Last 12 months",
      "This financial year",
      "Last financial year",
      "Choose dates…",
      "Cancel",
    ]);
    const outputs = await chat.press("Last month");
    expect(outputs.find((o) => o.kind === "edit")?.plainText).toMatch(
      /^Preparing your statement for 1 \w+ \d{4} – 3[01] \w+ \d{4}…$/,
    );
    const doc = outputs.find((o) => o.kind === "document");
    const range = presetRange("prevmonth", "Australia/Sydney", Date.now());
    const served = await tb.ex.client(account.readWriteKey).statements.pdf(range.from, range.to);
    const y = range.firstDay.year;
    const m = String(range.firstDay.month).padStart(2, "0");
    const last = String(range.lastDay.day).padStart(2, "0");
    expect(doc?.file?.filename).toBe(
      `surge-statement-acct-${account.accountId}-${y}-${m}-01-to-${y}-${m}-${last}.pdf`,
    );
    expect(doc?.file?.mimeType).toBe("application/pdf");
    expect(Buffer.from(doc?.file?.bytes ?? []).equals(Buffer.from(served.bytes))).toBe(true);
    expect(
      Buffer.from(doc?.file?.bytes ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(doc?.plainText).toMatch(
      new RegExp(`^Statement of account #${account.accountId} for 1 .+ \\(Australia/Sydney\\)$`),
    );
    expect(actionsIn(chat.chat.id)).toContain("upload_document");
  });

  it("custom dates: bad answers are explained and asked again; over twelve months is refused with a split", async () => {
    const { chat, account } = await tb.trader({ AUD: "100" });
    await chat.send("/statement");
    const ask = (await chat.press("Choose dates…")).find((o) => o.kind === "message");
    expect(ask?.plainText).toContain("Type the first and last day, e.g. 1/7/2025 - 30/6/2026");
    expect((await chat.send("last year please")).at(-1)?.plainText).toBe(
      "I could not read “last year please” as dates. Type them like 1/7/2025 - 30/6/2026, or in words, like last month or 1 July to today.",
    );
    expect((await chat.send("31/2/2026")).at(-1)?.plainText).toBe(
      "“31/2/2026” is not a date on the calendar. Please type the dates again.",
    );
    expect((await chat.send("2/1/2026 - 1/1/2026")).at(-1)?.plainText).toContain(
      "The first day is after the last one",
    );
    expect((await chat.send("1/1/2099")).at(-1)?.plainText).toContain("That period starts after today");
    const tooLong = (await chat.send("1/7/2024 - 1/7/2025")).at(-1)?.plainText;
    expect(tooLong).toContain("at most twelve months");
    // Dates as the user's language writes them (e.g. "1 Jul 2024"; the spelling is the runtime's).
    const d = (year: number, month: number, day: number) => formatDay({ year, month, day }, "en");
    expect(tooLong).toContain(
      `• ${d(2024, 7, 1)} – ${d(2025, 6, 30)}\n• ${d(2025, 7, 1)} – ${d(2025, 7, 1)}`,
    );
    // Nothing was asked of the exchange so far.
    expect(await tb.ex.writesOf(account, "/api/private/account-statement/pdf/")).toBe(0);
    const log = (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as {
      requests: { path: string }[];
    };
    expect(log.requests.filter((r) => r.path.includes("account-statement"))).toEqual([]);
    const outputs = await chat.send("1/7/2024 - 30/6/2025");
    expect(outputs.map((o) => o.plainText)).toContain(
      `Preparing your statement for ${d(2024, 7, 1)} – ${d(2025, 6, 30)}…`,
    );
    const doc = outputs.find((o) => o.kind === "document");
    expect(doc?.file?.filename).toBe(
      `surge-statement-acct-${account.accountId}-2024-07-01-to-2025-06-30.pdf`,
    );
    // The flow is over: the next text is not taken as dates.
    expect((await chat.send("1/7/2024")).at(-1)?.plainText).toContain("I don't understand");
  });

  it("in Chinese, dates year first; the caption is in Chinese", async () => {
    const chat = tb.chat({ languageCode: "zh" });
    const account = tb.ex.account({ AUD: "100" });
    await tb.app.deps.accounts.connect(chat.user.id, account.readOnlyKey);
    await chat.send("/statement");
    const ask = (await chat.press("自选日期…")).find((o) => o.kind === "message");
    expect(ask?.plainText).toContain("2025-07-01 至 2026-06-30");
    expect((await chat.send("1/7/2025 - 30/6/2026")).at(-1)?.plainText).toContain("无法把");
    const doc = (await chat.send("2025年7月1日 至 2026年6月30日")).find((o) => o.kind === "document");
    expect(doc?.file?.filename).toBe(
      `surge-statement-acct-${account.accountId}-2025-07-01-to-2026-06-30.pdf`,
    );
    expect(doc?.plainText).toContain(`账户 #${account.accountId} `);
    expect(doc?.plainText).toContain("的对账单（Australia/Sydney）");
  });

  it("a command leaves the date question; /cancel too", async () => {
    const { chat } = await tb.trader({ AUD: "100" });
    await chat.send("/statement");
    await chat.press("Choose dates…");
    expect((await chat.send("/cancel")).at(-1)?.plainText).toBe("Cancelled. Nothing was changed.");
    expect((await chat.send("1/7/2025")).at(-1)?.plainText).toContain("I don't understand");
  });

  it("without a key, and with a forged period button", async () => {
    const chat = tb.chat();
    expect((await chat.send("/statement")).at(-1)?.plainText).toContain("/connect");
    const { chat: trader } = await tb.trader({ AUD: "1" });
    const menu = (await trader.send("/statement")).at(-1);
    const forged = await trader.press({ messageId: menu?.messageId ?? 0, data: "st:p:month" });
    expect(forged.some((o) => o.kind === "document")).toBe(true);
    const start = tb.fake.calls.length;
    await tb.app.bot.handleUpdate(
      tb.fake.callback(trader.user, trader.chat, menu?.messageId ?? 0, "st:p:decade"),
    );
    const answers = tb.fake.calls.slice(start).map((call) => call.output?.plainText);
    expect(answers).toEqual(["That button has expired. Send the command again."]);
  });

  it("the exchange failing is told in plain words, and no document is sent", async () => {
    const { chat } = await tb.trader({ AUD: "1" });
    await chat.send("/statement");
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: "/api/private/account-statement/",
      status: 400,
      count: 1,
    });
    const outputs = await chat.press("This month");
    expect(outputs.some((o) => o.kind === "document")).toBe(false);
    expect(outputs.at(-1)?.plainText).toMatch(/exchange/i);
  });
});
