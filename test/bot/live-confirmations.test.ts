/**
 * Every confirmation on screen dies together, as chats: /cancel, or the start of any other command,
 * voids the summaries, quotes and questions whose buttons still act; a press on one after that is told
 * it expired and writes nothing at the exchange. For every flow that has one: the swap quote, alert
 * create / change / delete, recurring trade create / update / delete / Pause, the withdrawal summary, the
 * address Save and Delete, the disconnect. Forgotten summaries die at the next command, so a later /cancel
 * answers with one message. A guided flow left for another command says so, and how to start it again.
 */
import type { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { DIRECTION, MATCH } from "../../src/exchange/index.ts";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import type { TestAccount } from "../support/exchange.ts";
import { createThroughChat } from "../support/recurring.ts";
import { saveAddress, withdrawalsOf, withdrawer } from "../support/withdrawals.ts";

const tb = await startTestBot();
const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const BOOK = "/api/private/v2/wallet/address-book/";
const FAR = new Date(Date.now() + 200 * 86_400_000);

const textOf = (outputs: BotOutput[]) => outputs.map((o) => o.plainText).join("\n");

/** Every write the account sent to the exchange, on any path. */
async function allWrites(account: TestAccount): Promise<number> {
  const log = (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as {
    writes: Record<string, number>;
  };
  return Object.values(log.writes).reduce((sum, count) => sum + count, 0);
}

/** A message on screen and one of its buttons that acts. */
interface Shown {
  chat: ChatDriver;
  account: TestAccount;
  message: BotOutput;
  button: string;
}

function dataOf(message: BotOutput, button: string): string {
  const data = message.buttons.flat().find((b) => b.text === button)?.data;
  if (data === undefined) throw new Error(`no "${button}" on: ${message.plainText}`);
  return data;
}

/** Presses `data` on `messageId` even when the button is no longer on screen; returns the toast. */
async function pressRaw(chat: ChatDriver, messageId: number, data: string): Promise<string | undefined> {
  await tb.app.bot.handleUpdate(tb.fake.callback(chat.user, chat.chat, messageId, data));
  return (tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined)?.text;
}

/** The message an action brought up: its last new message or edit. */
function last(outputs: BotOutput[]): BotOutput {
  const output = outputs.at(-1);
  if (output === undefined) throw new Error("no output");
  return output;
}

async function toWithdrawalSummary(): Promise<Shown> {
  const { chat, account } = await withdrawer(tb, { BTC: "0.05" });
  await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Cold wallet" });
  await chat.send("/withdraw");
  await chat.press("BTC");
  await chat.press("Cold wallet");
  return { chat, account, message: last(await chat.send("0.01")), button: "Confirm" };
}

async function toAddressSummary(): Promise<Shown> {
  const { chat, account } = await tb.trader({ AUD: "10" });
  await chat.send("/addresses");
  await chat.press("➕ Add address");
  await chat.press("BTC");
  await chat.send(BTC_ADDRESS);
  await chat.send("Cold wallet");
  await chat.press("Personal wallet");
  await chat.press("Trezor");
  return { chat, account, message: last(await chat.press("Mine")), button: "Save" };
}

/** A trader with an ADA alert at $5, its card open. */
async function alertCard() {
  const { chat, account } = await tb.trader({ AUD: "100" });
  const client = tb.ex.client(account.readWriteKey);
  const trigger = await client.priceTriggers.create({ asset: "ADA", price: "5", match: MATCH.ABOVE });
  await chat.send("/alerts");
  await chat.press(`#${trigger.id} ADA`);
  return { chat, account };
}

/** A trader with a weekly BTC buy, its card open; returns the card. */
async function dcaCard() {
  const { chat, account } = await tb.trader({ AUD: "1000" });
  const client = tb.ex.client(account.readWriteKey);
  const schedule = await client.recurringBuys.create({
    asset: "BTC",
    direction: DIRECTION.BUY,
    quantity: "100",
    period: "weekly",
    start: FAR,
  });
  await chat.send("/dca");
  const card = last(await chat.press(`#${schedule.id} BTC`));
  return { chat, account, card };
}

const FLOWS: [name: string, via: string, reach: () => Promise<Shown>][] = [
  [
    "swap quote",
    "/cancel",
    async () => {
      const { chat, account } = await tb.trader({ AUD: "300" });
      return { chat, account, message: last(await chat.send("/buy BTC 10")), button: "Confirm" };
    },
  ],
  [
    "alert create",
    "/price BTC",
    async () => {
      const { chat, account } = await tb.trader({ AUD: "100" });
      return { chat, account, message: last(await chat.send("/alert BTC above 200000")), button: "Confirm" };
    },
  ],
  [
    "alert change",
    "/cancel",
    async () => {
      const { chat, account } = await alertCard();
      await chat.press("Edit level");
      return { chat, account, message: last(await chat.send("0.5")), button: "Confirm" };
    },
  ],
  [
    "alert delete",
    "/help",
    async () => {
      const { chat, account } = await alertCard();
      return { chat, account, message: last(await chat.press("🗑 Delete")), button: "Yes, delete it" };
    },
  ],
  [
    "recurring create",
    "/cancel",
    async () => {
      const { chat, account } = await tb.trader({ AUD: "1000" });
      const summary = await createThroughChat(chat, {
        asset: "BTC",
        side: "buy",
        quantity: "10",
        period: "daily",
      });
      return { chat, account, message: summary as BotOutput, button: "Confirm" };
    },
  ],
  [
    "recurring update",
    "/balance",
    async () => {
      const { chat, account } = await dcaCard();
      await chat.press("Change amount");
      return { chat, account, message: last(await chat.send("150")), button: "Confirm" };
    },
  ],
  [
    "recurring delete",
    "/cancel",
    async () => {
      const { chat, account } = await dcaCard();
      return { chat, account, message: last(await chat.press("🗑 Delete")), button: "Yes, delete" };
    },
  ],
  [
    "recurring Pause (on its card)",
    "/dca",
    async () => {
      const { chat, account, card } = await dcaCard();
      return { chat, account, message: card, button: "⏸ Pause" };
    },
  ],
  ["withdrawal summary", "/cancel", toWithdrawalSummary],
  ["address Save", "/price", toAddressSummary],
  [
    "address Delete",
    "/cancel",
    async () => {
      const { chat, account } = await tb.trader({ AUD: "10" });
      await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Old Ledger" }, false);
      await chat.send("/addresses");
      return { chat, account, message: last(await chat.press("🗑 Delete")), button: "Yes, delete it" };
    },
  ],
  [
    "disconnect",
    "/help",
    async () => {
      const { chat, account } = await tb.trader({ AUD: "10" });
      return { chat, account, message: last(await chat.send("/disconnect")), button: "Yes, remove it" };
    },
  ],
];

describe("every confirmation dies with /cancel or the next command", () => {
  it.each(FLOWS)(
    "%s, voided by %s: its buttons go, a press is told it expired and writes nothing",
    async (_, via, reach) => {
      const { chat, account, message, button } = await reach();
      const data = dataOf(message, button);
      const writes = await allWrites(account);
      const outputs = await chat.send(via);
      const voided = outputs.find((o) => o.kind === "edit" && o.messageId === message.messageId);
      expect(voided?.buttons ?? []).toEqual([]);
      if (via === "/cancel") expect(last(outputs).plainText).toBe("Cancelled. Nothing was changed.");
      expect(await pressRaw(chat, message.messageId, data)).toContain("expired");
      expect(await allWrites(account)).toBe(writes);
      // Still connected: not even the disconnect went through.
      expect(await tb.app.deps.accounts.isConnected(chat.user.id)).toBe(true);
    },
  );
});

describe("/cancel at a summary", () => {
  it("the withdrawal summary: said cancelled, and its Confirm later creates no draft", async () => {
    const { chat, account, message } = await toWithdrawalSummary();
    const outputs = await chat.send("/cancel");
    expect(outputs.filter((o) => o.kind === "message").map((o) => o.plainText)).toEqual([
      "Cancelled. Nothing was changed.",
    ]);
    const edited = outputs.find((o) => o.kind === "edit" && o.messageId === message.messageId);
    expect(edited?.plainText).toBe("Cancelled. No withdrawal was made.");
    expect(await pressRaw(chat, message.messageId, dataOf(message, "Confirm"))).toBe(
      "That button has expired. Send the command again.",
    );
    expect(await withdrawalsOf(tb, account, "BTC")).toEqual([]);
  });

  it("the address summary: said cancelled, and its Save later saves nothing and sends no email", async () => {
    const { chat, account, message } = await toAddressSummary();
    const outputs = await chat.send("/cancel");
    expect(outputs.filter((o) => o.kind === "message").map((o) => o.plainText)).toEqual([
      "Cancelled. Nothing was changed.",
    ]);
    const edited = outputs.find((o) => o.kind === "edit" && o.messageId === message.messageId);
    expect(edited?.plainText).toBe("Cancelled. Nothing was saved.");
    expect(await pressRaw(chat, message.messageId, dataOf(message, "Save"))).toContain("expired");
    expect(await tb.ex.writesOf(account, BOOK)).toBe(0);
    expect((await tb.ex.client(account.readWriteKey).addressBook.list()).results).toEqual([]);
  });

  it("/back at the address summary voids it and asks the last question again; the old Save is dead", async () => {
    const { chat, account, message } = await toAddressSummary();
    const outputs = await chat.send("/back");
    const question = outputs.filter((o) => o.kind === "message").at(-1);
    expect(question?.plainText).toContain("Whose is it?");
    const edited = outputs.filter((o) => o.kind === "edit" && o.messageId === message.messageId).at(-1);
    expect(edited?.plainText).toContain("Save this withdrawal address?");
    expect(edited?.buttons).toEqual([]);
    expect(await pressRaw(chat, message.messageId, dataOf(message, "Save"))).toContain("expired");
    const again = last(await chat.press("Mine"));
    await chat.press({ messageId: again.messageId, data: dataOf(again, "Save") });
    expect((await tb.ex.client(account.readWriteKey).addressBook.list()).results).toHaveLength(1);
  });
});

describe("forgotten summaries", () => {
  it("die at the next command, so a later /cancel answers with one message", async () => {
    const { chat } = await tb.trader({ AUD: "100" });
    const summaries: BotOutput[] = [];
    for (const level of ["200000", "210000", "220000"]) {
      const outputs = await chat.send(`/alert BTC above ${level}`);
      const before = summaries.at(-1);
      if (before !== undefined) {
        const voided = outputs.find((o) => o.kind === "edit" && o.messageId === before.messageId);
        expect(voided?.plainText).toBe("Cancelled: nothing was saved.");
      }
      summaries.push(last(outputs));
    }
    const price = await chat.send("/price BTC");
    expect(price.filter((o) => o.kind === "edit").map((o) => o.messageId)).toEqual([summaries[2]?.messageId]);
    const cancel = await chat.send("/cancel");
    expect(cancel.map((o) => o.plainText)).toEqual(["There is nothing to cancel."]);
    for (const summary of summaries) {
      expect(await pressRaw(chat, summary.messageId, dataOf(summary, "Confirm"))).toContain("expired");
    }
  });

  it("a command with nothing on screen costs no Redis round trip more than before", async () => {
    const chat = tb.chat();
    await chat.send("/help");
    const liveKey = tb.app.deps.tokens.liveKey(chat.user.id);
    const sentinel = `${tb.prefix}monitor-end:${chat.user.id}`;
    const commands: string[][] = [];
    let ended: () => void = () => undefined;
    const end = new Promise<void>((resolve) => {
      ended = resolve;
    });
    const monitor = await (tb.redis as Redis).monitor();
    monitor.on("monitor", (_time: string, args: string[], source: string) => {
      // Commands a script runs are reported too, as from "lua": only round trips count.
      if (args.includes(liveKey) && source !== "lua") commands.push(args);
      if (args.includes(sentinel)) ended();
    });
    await chat.send("/help");
    // MONITOR reports asynchronously: a command sent after the update marks the end of its report.
    await tb.redis.get(sentinel);
    await end;
    monitor.disconnect();
    // Read ahead with the user's other keys, in the update's one script; nothing else asks for it.
    expect(commands.map((args) => args[0]?.toLowerCase())).toEqual(["evalsha"]);
  });
});

describe("a guided flow left for another command", () => {
  it("says which flow was left and how to start it again, then runs the command", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    await chat.send("/addresses");
    await chat.press("➕ Add address");
    await chat.press("BTC");
    const outputs = await chat.send("/price BTC");
    expect(outputs[0]?.plainText).toBe(
      "You left adding an address. To start again: /addresses → ➕ Add address.",
    );
    expect(textOf(outputs)).toContain("Prices in AUD");
    expect(textOf(await chat.send(BTC_ADDRESS))).toContain("I don't understand");
  });

  it("in Chinese too", async () => {
    const chat = tb.chat({ languageCode: "zh" });
    const account = tb.ex.account({ AUD: "10" });
    await tb.app.deps.accounts.connect(chat.user.id, account.readWriteKey);
    await chat.send("/addresses");
    await chat.press("➕ 添加地址");
    const outputs = await chat.send("/price BTC");
    expect(outputs[0]?.plainText).toBe("你已离开添加地址。要重新开始：/addresses → ➕ 添加地址。");
  });

  it("/skip and /back inside the flow stay its answers", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    await chat.send("/addresses");
    await chat.press("➕ Add address");
    await chat.press("BTC");
    const back = await chat.send("/back");
    expect(textOf(back)).not.toContain("You left");
    expect(textOf(back)).toContain("Which asset is it for?");
  });
});
