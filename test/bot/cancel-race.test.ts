/**
 * /cancel and a Confirm delivered at the same moment, for every write flow, on one instance and on two
 * (webhook mode, the chat's updates dealt to them in turn): the two arrive a few milliseconds apart in
 * varied order, many times. Whoever wins, the user is never told "nothing" beside a write that was made:
 * when the exchange (or the vault) took the write, no message says "Nothing was changed", "There is nothing
 * to cancel" or "Not sent"; when /cancel came first, nothing was written.
 */
import { describe, expect, it } from "vitest";
import { MATCH } from "../../src/exchange/index.ts";
import type { ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot, type TestBot } from "../support/bot.ts";
import type { TestAccount } from "../support/exchange.ts";
import { createThroughChat } from "../support/recurring.ts";
import { canaryCode, saveAddress, withdrawer } from "../support/withdrawals.ts";

const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
/** What the bot says when it claims that nothing was written. */
const DENIALS = [/Nothing was changed/, /There is nothing to cancel/, /Not sent/, /nothing was sent/];
/** Runs per flow and set-up; the cancel's delay after the Confirm steps through 0-15 ms. */
const RUNS = 6;

/** A flow brought to its Confirm: what the user does to confirm, and what counts as its write. */
interface AtConfirm {
  chat: ChatDriver;
  confirm: () => Promise<unknown>;
  /** Whether the write was made (read from the exchange, or the vault). */
  written: () => Promise<boolean>;
}

/** Every write the sandbox took from the account. */
async function writesOf(tb: TestBot, account: TestAccount): Promise<number> {
  const log = (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as {
    writes: Record<string, number>;
  };
  return Object.values(log.writes).reduce((sum, count) => sum + count, 0);
}

/** The account's writes from now on, as "was one made". */
async function exchangeWrites(tb: TestBot, account: TestAccount): Promise<() => Promise<boolean>> {
  const before = await writesOf(tb, account);
  return async () => (await writesOf(tb, account)) > before;
}

/** Presses the first button on the bot's last message whose label matches. */
function pressMatching(chat: ChatDriver, label: RegExp) {
  const found = chat
    .lastMessage()
    ?.buttons.flat()
    .find((button) => label.test(button.text));
  if (found === undefined) throw new Error(`no button like ${label}`);
  return chat.press(found.text);
}

type Flow = (tb: TestBot) => Promise<AtConfirm>;

/** A trader with a price alert on ADA made on the exchange, its card open. */
async function atAlertCard(tb: TestBot) {
  const { chat, account } = await tb.trader({ AUD: "100" });
  const trigger = await tb.ex
    .client(account.readWriteKey)
    .priceTriggers.create({ asset: "ADA", price: "5", match: MATCH.ABOVE });
  await chat.send("/alerts");
  await chat.press(`#${trigger.id} ADA`);
  return { chat, account };
}

/** A trader with a weekly BTC buy made through the chat, its card open. */
async function atRecurringCard(tb: TestBot) {
  const { chat, account } = await tb.trader({ AUD: "1000" });
  await createThroughChat(chat, { asset: "BTC", side: "buy", quantity: "50", period: "weekly" });
  await chat.press("Confirm");
  await chat.send("/dca");
  await pressMatching(chat, /^#\d+ BTC/);
  return { chat, account };
}

const FLOWS: Record<string, Flow> = {
  async swap(tb) {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    await chat.send("/buy BTC 100");
    return { chat, confirm: () => chat.press("Confirm"), written: await exchangeWrites(tb, account) };
  },
  async "price alert create"(tb) {
    const { chat, account } = await tb.trader({ AUD: "100" });
    await chat.send("/alert BTC above 999999");
    return { chat, confirm: () => chat.press("Confirm"), written: await exchangeWrites(tb, account) };
  },
  async "price alert edit"(tb) {
    const { chat, account } = await atAlertCard(tb);
    await chat.press("Edit level");
    await chat.send("6");
    return { chat, confirm: () => chat.press("Confirm"), written: await exchangeWrites(tb, account) };
  },
  async "price alert delete"(tb) {
    const { chat, account } = await atAlertCard(tb);
    await chat.press("🗑 Delete");
    return { chat, confirm: () => chat.press("Yes, delete it"), written: await exchangeWrites(tb, account) };
  },
  async "recurring create"(tb) {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    await createThroughChat(chat, { asset: "BTC", side: "buy", quantity: "50", period: "weekly" });
    return { chat, confirm: () => chat.press("Confirm"), written: await exchangeWrites(tb, account) };
  },
  async "recurring edit"(tb) {
    const { chat, account } = await atRecurringCard(tb);
    await chat.press("Change amount");
    await chat.send("60");
    return { chat, confirm: () => chat.press("Confirm"), written: await exchangeWrites(tb, account) };
  },
  async "recurring delete"(tb) {
    const { chat, account } = await atRecurringCard(tb);
    await chat.press("🗑 Delete");
    return { chat, confirm: () => chat.press("Yes, delete"), written: await exchangeWrites(tb, account) };
  },
  async "recurring resume"(tb) {
    const { chat, account } = await atRecurringCard(tb);
    await chat.press("⏸ Pause");
    await chat.press("▶️ Resume");
    const label = chat.lastMessage()?.buttons.flat()[0]?.text ?? "";
    return { chat, confirm: () => chat.press(label), written: await exchangeWrites(tb, account) };
  },
  async "address save"(tb) {
    const { chat, account } = await tb.trader({ AUD: "10" });
    await chat.send("/addresses");
    await chat.press("➕ Add address");
    await chat.press("BTC");
    await chat.send(BTC_ADDRESS);
    await chat.send("Cold wallet");
    await chat.press("Personal wallet");
    await chat.press("Ledger");
    await chat.press("Mine");
    return { chat, confirm: () => chat.press("Save"), written: await exchangeWrites(tb, account) };
  },
  async "withdrawal create"(tb) {
    const { chat, account } = await withdrawer(tb, { BTC: "0.05" });
    await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Cold wallet" });
    await chat.send("/withdraw");
    await chat.press("BTC");
    await chat.press("Cold wallet");
    await chat.send("0.01");
    return { chat, confirm: () => chat.press("Confirm"), written: await exchangeWrites(tb, account) };
  },
  async "withdrawal authorize"(tb) {
    const code = canaryCode();
    const { chat, account } = await withdrawer(tb, { BTC: "0.05" }, code);
    await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Cold wallet" });
    await chat.send("/withdraw");
    await chat.press("BTC");
    await chat.press("Cold wallet");
    await chat.send("0.01");
    await chat.press("Confirm");
    return { chat, confirm: () => chat.send(code), written: await exchangeWrites(tb, account) };
  },
  async disconnect(tb) {
    const { chat } = await tb.trader({ AUD: "10" });
    await chat.send("/disconnect");
    return {
      chat,
      confirm: () => chat.press("Yes, remove it"),
      written: async () => !(await tb.app.deps.accounts.isConnected(chat.user.id)),
    };
  },
};

/** Confirms and sends /cancel `delayMs` later; what the bot said meanwhile and whether the write was made. */
async function race(tb: TestBot, flow: Flow, delayMs: number) {
  const at = await flow(tb);
  const said: string[] = [];
  const off = at.chat.onOutput((output) => said.push(output.plainText));
  const confirming = at.confirm().catch((error: unknown) => error);
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  await at.chat.send("/cancel");
  await confirming;
  // Follow-ups (a swap's result, a withdrawal's status) come from background work: give them a moment.
  await new Promise((resolve) => setTimeout(resolve, 100));
  off();
  return { said: said.join("\n"), written: await at.written() };
}

for (const instances of [1, 2]) {
  describe(`Confirm and /cancel at the same moment, ${instances === 1 ? "one instance" : "two instances"}`, async () => {
    const tb = await startTestBot({
      instances,
      ...(instances > 1
        ? {
            env: {
              BOT_MODE: "webhook",
              WEBHOOK_URL: "https://bot.example/hook",
              WEBHOOK_SECRET: "race-secret-token",
            },
          }
        : {}),
    });

    for (const [name, flow] of Object.entries(FLOWS)) {
      it(`${name}: a write made is never denied`, async () => {
        const outcomes: string[] = [];
        for (let run = 0; run < RUNS; run++) {
          const { said, written } = await race(tb, flow, run * 3);
          outcomes.push(written ? "written" : "not written");
          if (written) for (const denial of DENIALS) expect(said, `run ${run}: ${said}`).not.toMatch(denial);
          // /cancel always answers something.
          expect(said).toMatch(/Cancelled|nothing to cancel|Not sent|cancelled/i);
        }
        expect(outcomes).toHaveLength(RUNS);
      }, 120_000);
    }
  });
}
