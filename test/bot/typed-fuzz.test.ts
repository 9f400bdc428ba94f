/**
 * Typing only, at random, through the real bot (fake Telegram, sandbox exchange, real Redis), seeded so a
 * failure replays: every flow's command, then at each step the label of a button on screen, a near miss of
 * one (a letter dropped, changed or doubled, other case, a trailing word), a plain request, a number, a
 * word of no meaning, in English and Chinese. 10,000 texts in all, at every prompt the flows reach.
 *
 * What must hold: nothing throws or rejects unhandled; Telegram never refuses a text; and nothing is written
 * to the exchange without a confirmation. The read & write user never types a word of agreement nor the
 * label of a button that writes (its data a single-use token), so for it no write may happen at all; swap
 * estimates (which the exchange counts as writes) are left out of the count, as a quote is no trade. The
 * read-only user types everything, and the bot must refuse every write without calling the exchange.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { normalizeAnswer } from "../../src/services/understanding/choice-match.ts";
import { startTestBot } from "../support/bot.ts";
import type { TestAccount } from "../support/exchange.ts";
import { saveAddress } from "../support/withdrawals.ts";

const tb = await startTestBot();

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => {
  unhandled.push(reason);
};
process.on("unhandledRejection", onUnhandled);
afterAll(() => {
  process.off("unhandledRejection", onUnhandled);
});

// Commands that start every flow that asks questions, and the list commands with their own buttons.
const COMMANDS = [
  "/buy",
  "/sell",
  "/swap",
  "/alert",
  "/alerts",
  "/dca",
  "/withdraw",
  "/withdrawals",
  "/addresses",
  "/history",
  "/statement",
  "/settings",
  "/swaps",
  "/price",
  "/balance",
  "/cancel",
];
const REQUESTS = [
  "btc",
  "price of eth?",
  "buy 10 aud of btc",
  "sell 0.001 btc",
  "swap 0.001 btc to eth",
  "tell me when sol goes under 1",
  "eth > 100k",
  "my balance",
  "history btc",
  "比特币价格",
  "卖出 0.001 个比特币",
  "交易记录",
  "余额",
];
const WORDS = ["hello", "banana", "maybe", "later", "no idea", "你好", "嗯", "🙂", "the other one", "…"];
const NUMBERS = ["1", "2", "3", "10", "0.5", "25%", "50", "1,000", "160k", "-3", "0", "1e5", "123456"];
const AGREEMENT = ["yes", "ok", "confirm", "save", "sure", "好", "确认", "保存", "y"];

/** The buttons on the chat's newest bot message that has any: label and callback data. */
function shownButtons(chatId: number): { text: string; data?: string }[] {
  const shown = tb.fake.visible(chatId).filter((message) => message.fromBot);
  for (let at = shown.length - 1; at >= 0; at--) {
    const markup = shown[at]?.replyMarkup;
    const rows = markup !== undefined && "inline_keyboard" in markup ? markup.inline_keyboard : [];
    const buttons = rows.flat().map((button) => ({
      text: button.text,
      ...("callback_data" in button && typeof button.callback_data === "string"
        ? { data: button.callback_data }
        : {}),
    }));
    if (buttons.length > 0) return buttons;
  }
  return [];
}

/** A label typed not quite right. */
const nearMiss = (label: string, how: number): string => {
  if (label.length < 3) return label.toUpperCase();
  const at = 1 + (how % (label.length - 1));
  switch (how % 5) {
    case 0:
      return label.slice(0, at) + label.slice(at + 1);
    case 1:
      return `${label.slice(0, at)}x${label.slice(at + 1)}`;
    case 2:
      return label.slice(0, at) + label.slice(at - 1);
    case 3:
      return label.toUpperCase();
    default:
      return `${label} please`;
  }
};

/** Whether a typed text could be a confirmation for the read & write user (it never types such). */
function writesIfTyped(text: string, buttons: readonly { text: string; data?: string }[]): boolean {
  const typed = normalizeAnswer(text);
  if (AGREEMENT.some((word) => normalizeAnswer(word) === typed)) return true;
  // Any label of a button that writes, or a start, part or slip of one: leave them all to the other user.
  return buttons.some((button) => {
    if (!button.data?.startsWith("t:")) return false;
    const label = normalizeAnswer(button.text);
    return label.includes(typed) || typed.includes(label.split(" ")[0] ?? label) || label[0] === typed[0];
  });
}

interface Writes {
  write_count: number;
  writes: Record<string, number>;
}

async function writesOf(account: TestAccount): Promise<number> {
  const log = (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as Writes;
  const estimates = Object.entries(log.writes)
    .filter(([path]) => path.includes("/estimate"))
    .reduce((sum, [, count]) => sum + count, 0);
  return log.write_count - estimates;
}

async function stocked(readOnly: boolean) {
  const { chat, account } = await tb.trader({ AUD: "500", BTC: "0.01", ETH: "0.2" });
  await saveAddress(tb, account, {
    asset: "BTC",
    address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    label: "Cold wallet",
  });
  if (readOnly) await tb.app.deps.accounts.connect(chat.user.id, account.readOnlyKey);
  return { chat, account };
}

describe("typed answers at every prompt", () => {
  it("10,000 texts: nothing unhandled, nothing refused by Telegram, no write without a confirmation", async () => {
    const writer = await stocked(false);
    const reader = await stocked(true);
    const writerBefore = await writesOf(writer.account);
    const readerBefore = await writesOf(reader.account);
    const refused: string[] = [];
    let texts = 0;
    let labelsTyped = 0;
    let summaries = 0;

    const pick = fc.record({ kind: fc.nat(99), index: fc.nat(1000), how: fc.nat(1000), zh: fc.boolean() });
    const samples = fc.sample(pick, { numRuns: 10_000, seed: 20261128 });
    for (const [i, sample] of samples.entries()) {
      const who = i % 2 === 0 ? writer : reader;
      const buttons = shownButtons(who.chat.chat.id);
      const label =
        buttons.length > 0 ? (buttons[sample.index % buttons.length] as { text: string }).text : "";
      let text: string;
      if (sample.kind < 8 || label === "") text = COMMANDS[sample.index % COMMANDS.length] as string;
      else if (sample.kind < 40) {
        text = label;
        labelsTyped++;
      } else if (sample.kind < 60) text = nearMiss(label, sample.how);
      else if (sample.kind < 70) text = REQUESTS[sample.index % REQUESTS.length] as string;
      else if (sample.kind < 80) text = NUMBERS[sample.index % NUMBERS.length] as string;
      else if (sample.kind < 90) text = AGREEMENT[sample.index % AGREEMENT.length] as string;
      else text = WORDS[sample.index % WORDS.length] as string;
      if (who === writer && writesIfTyped(text, buttons)) text = WORDS[sample.how % WORDS.length] as string;
      const start = tb.fake.calls.length;
      await tb.app.bot.handleUpdate(tb.fake.userText(who.chat.user, who.chat.chat, text));
      for (const call of tb.fake.calls.slice(start)) {
        if (call.response?.ok === false)
          refused.push(`${text} -> ${call.method}: ${call.response.description}`);
        if (call.output?.buttons.flat().some((button) => button.data?.startsWith("t:"))) summaries++;
      }
      texts++;
    }

    expect(texts).toBe(10_000);
    // The run reached the flows' questions: labels were typed, and answered as presses.
    expect(labelsTyped).toBeGreaterThan(2000);
    // Typing alone led to summaries with a live Confirm (quotes, alerts, recurring trades, withdrawals…).
    expect(summaries).toBeGreaterThan(100);
    expect(unhandled).toEqual([]);
    expect(refused.filter((line) => !/message is not modified|message to edit not found/.test(line))).toEqual(
      [],
    );
    expect(await writesOf(writer.account)).toBe(writerBefore);
    expect(await writesOf(reader.account)).toBe(readerBefore);
  }, 600_000);
});
