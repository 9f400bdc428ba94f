/**
 * Price triggers as chats: the quick form of /alert with every kind of action, the summary and its
 * single-use Confirm, every refused input (with no write sent to the exchange), a lost answer, /alerts
 * with paging, the trigger card's buttons, events and their trades, the buttons on alert messages, and
 * what the chat tells the alert watcher. The sandbox's market is frozen; each test uses its own account.
 */
import { describe, expect, it } from "vitest";
import { DIRECTION, MATCH, toDec } from "../../src/exchange/index.ts";
import type { AlertsSync } from "../../src/services/alerts/triggers/sync.ts";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import type { TestAccount } from "../support/exchange.ts";

const tb = await startTestBot();
const TRIGGERS = "/api/private/broker/price-triggers/";

/** Every call the chat made to the watcher, as "verb:userId". */
const syncCalls: string[] = [];
const recorder: AlertsSync = {
  userConnected: async (userId) => void syncCalls.push(`connected:${userId}`),
  userDisconnected: async (userId) => void syncCalls.push(`disconnected:${userId}`),
  triggersChanged: async (userId) => void syncCalls.push(`changed:${userId}`),
  schedulesChanged: async (userId) => void syncCalls.push(`schedules:${userId}`),
};
tb.app.deps.alerts = recorder;

/** The calls the chat made for `userId` (the test setup's own connect, as trader() makes it, left out). */
function callsFor(userId: number): string[] {
  const calls = syncCalls.filter((call) => call.endsWith(`:${userId}`));
  return calls[0] === `connected:${userId}` && setUpUsers.has(userId) ? calls.slice(1) : calls;
}

/** Users connected by the test setup (tb.trader), not through /connect. */
const setUpUsers = new Set<number>();
const trader: typeof tb.trader = async (balances) => {
  const made = await tb.trader(balances);
  setUpUsers.add(made.chat.user.id);
  return made;
};

function buttons(output: BotOutput | undefined): string[] {
  return output?.buttons.flat().map((b) => b.text) ?? [];
}

async function triggersOf(account: TestAccount) {
  return (await tb.ex.client(account.readWriteKey).priceTriggers.list()).results;
}

/** What the bot says last to `text`. */
async function say(chat: ChatDriver, text: string): Promise<string> {
  return (await chat.send(text)).at(-1)?.plainText ?? "";
}

describe("the quick form", () => {
  it("/alert BTC above 200000: a summary with Confirm, then the trigger and its card", async () => {
    const { chat, account } = await trader({ AUD: "100" });
    const summary = (await chat.send("/alert btc above 200000")).at(-1);
    expect(summary?.plainText).toContain("New alert: BTC");
    expect(summary?.plainText).toContain("Level: ▲ above $200,000.00");
    expect(summary?.plainText).toMatch(
      /Now: buy \$[\d,.]+ · sell \$[\d,.]+ · last \$[\d,.]+ \(\+\d+\.\d\d% to the level\)/,
    );
    expect(summary?.plainText).toContain("When it fires: alert only");
    expect(summary?.plainText).toContain("email ✗ · SMS ✗");
    expect(summary?.plainText).not.toContain("already past");
    expect(buttons(summary)).toEqual(["Confirm", "Cancel"]);
    expect(await triggersOf(account)).toHaveLength(0);

    const done = (await chat.press("Confirm")).at(-1);
    const [trigger] = await triggersOf(account);
    expect(trigger).toMatchObject({
      asset: "BTC",
      match: MATCH.ABOVE,
      order_direction: null,
      notify_email: false,
      notify_sms: false,
    });
    expect(toDec(trigger?.price ?? "0").equals(200000)).toBe(true);
    expect(done?.plainText).toContain(`Alert #${trigger?.id} created.`);
    expect(done?.plainText).toContain(`Alert #${trigger?.id}: BTC (Bitcoin)`);
    expect(buttons(done)).toEqual([
      "⏸ Pause",
      "Edit level",
      "Events (0)",
      "🗑 Delete",
      "All alerts",
      "Refresh",
    ]);
    expect(callsFor(chat.user.id)).toEqual([`changed:${chat.user.id}`]);
  });

  it("buy spends AUD, sell sells the asset, get gives the receive side; email and sms flags", async () => {
    const { chat, account } = await trader({ AUD: "1000", ETH: "1" });
    const buy = await say(chat, "/alert BTC below 90000 buy 500");
    expect(buy).toContain("When it fires: buy: spend $500.00");
    expect(buy).toContain("market order");
    await chat.press("Confirm");
    const sell = await say(chat, "/alert ETH above 9000 sell 0.5 email");
    expect(sell).toContain("When it fires: sell 0.5 ETH");
    expect(sell).toContain("email ✓ · SMS ✗");
    await chat.press("Confirm");
    const get = await say(chat, "/alert BTC below 90000 buy get 0.001 sms");
    expect(get).toContain("buy: get 0.001 BTC");
    expect(get).toContain("At the level that takes about $90.00 from your balance.");
    await chat.press("Confirm");
    const sellGet = await say(chat, "/alert ETH 9000 sell get 1000");
    expect(sellGet).toContain("↕ at $9,000.00");
    expect(sellGet).toContain("The exchange will watch for the price going above the level.");
    expect(sellGet).toContain("sell: get $1,000.00");
    await chat.press("Confirm");

    const [auto, getBtc, sellEth, buyBtc] = await triggersOf(account);
    expect(buyBtc).toMatchObject({ asset: "BTC", match: MATCH.BELOW, order_direction: DIRECTION.BUY });
    expect(buyBtc?.order_quantity).toBe("500.00");
    expect(buyBtc?.order_get_quantity).toBeNull();
    expect(sellEth).toMatchObject({
      match: MATCH.ABOVE,
      order_direction: DIRECTION.SELL,
      notify_email: true,
    });
    expect(toDec(sellEth?.order_quantity ?? "0").equals("0.5")).toBe(true);
    expect(getBtc).toMatchObject({ order_quantity: null, notify_sms: true });
    expect(toDec(getBtc?.order_get_quantity ?? "0").equals("0.001")).toBe(true);
    // Automatic: the create sent no side, and the exchange chose above (the level is over the price).
    expect(auto?.match).toBe(MATCH.ABOVE);
    expect(auto?.order_get_quantity).toBe("1000.00");
    expect(await tb.ex.writesOf(account, TRIGGERS)).toBe(4);
  });

  it("a level already crossed is pointed out before Confirm", async () => {
    const { chat } = await trader({ AUD: "10" });
    expect(await say(chat, "/alert BTC above 1000")).toContain(
      "The price is already past this level: the alert will fire as soon as it is created.",
    );
    expect(await say(chat, "/alert BTC below 10000000")).toContain("already past this level");
  });

  it("in Chinese too", async () => {
    const chat = tb.chat({ languageCode: "zh" });
    const account = tb.ex.account({ AUD: "100" });
    await tb.app.deps.accounts.connect(chat.user.id, account.readWriteKey);
    const summary = await say(chat, "/alert BTC below 90000 buy 50");
    expect(summary).toContain("新提醒：BTC");
    expect(summary).toContain("价位：▼ 低于 $90,000.00");
    expect(summary).toContain("触发时：买入：花费 $50.00");
    expect((await chat.press("确认")).at(-1)?.plainText).toMatch(/提醒 #\d+ 已创建。/);
    expect(await say(chat, "/alert BTC below abc")).toContain("“abc”不是价位。");
  });

  it("Cancel on the summary creates nothing", async () => {
    const { chat, account } = await trader({ AUD: "10" });
    await chat.send("/alert SOL above 1000");
    expect((await chat.press("Cancel")).at(-1)?.plainText).toBe("Cancelled. Nothing was changed.");
    expect(await tb.ex.writesOf(account, TRIGGERS)).toBe(0);
  });
});

describe("checks before any call", () => {
  it("every bad input gets its message and sends nothing to the exchange", async () => {
    const { chat, account } = await trader({ AUD: "100", ETH: "0.1" });
    const cases: [string, string][] = [
      ["/alert BTC", "Usage: /alert ASSET"],
      ["/alert BTC above", "Usage: /alert ASSET"],
      ["/alert BTC above 100 buy", "Usage: /alert ASSET"],
      ["/alert BTC above 100 hold 5", "Usage: /alert ASSET"],
      ["/alert NOPE above 100", "I don't know the asset NOPE."],
      ["/alert BTC above lots", "“lots” is not a price level."],
      ["/alert BTC above 1e5", "“1e5” is not a price level."],
      ["/alert BTC above 0", "The level must be more than zero (you sent “0”)."],
      ["/alert BTC below -5", "The level must be more than zero (you sent “-5”)."],
      ["/alert BTC below 1.123456789", "A level has at most 8 decimal places."],
      ["/alert BTC below 90000 buy abc", "“abc” is not a quantity."],
      ["/alert BTC below 90000 buy 0", "The quantity must be more than zero"],
      ["/alert BTC below 90000 buy 10.001", "AUD quantities have at most 2 decimal places."],
      ["/alert ETH above 9000 sell 0.123456789", "ETH quantities have at most 8 decimal places."],
      ["/alert BTC below 90000 buy 0.5", "The smallest order is worth $1.00 at the level."],
      ["/alert BTC below 90000 buy 5000", "more than you have: $5,000.00 needed, $100.00 available"],
      ["/alert ETH above 9000 sell 1", "more than you have: 1 ETH needed, 0.1 ETH available"],
      // 0.01 BTC at the level of $90,000 costs $900.
      ["/alert BTC below 90000 buy get 0.01", "more than you have: $900.00 needed, $100.00 available"],
      ["/alert ETH above 9000 sell get 5000", "more than you have"],
    ];
    for (const [text, expected] of cases) expect(await say(chat, text), text).toContain(expected);
    expect(await tb.ex.writesOf(account, TRIGGERS)).toBe(0);
  });

  it("a read-only key may set an alert but not a trading one", async () => {
    const chat = tb.chat();
    const account = tb.ex.account({ AUD: "1000" });
    await tb.app.deps.accounts.connect(chat.user.id, account.readOnlyKey);
    expect(await say(chat, "/alert BTC below 90000 buy 100")).toContain("Your API key is read-only");
    expect(await say(chat, "/alert ETH above 9000 sell get 100")).toContain("read-only");
    expect(await tb.ex.writesOf(account, TRIGGERS)).toBe(0);
    expect(await say(chat, "/alert BTC below 90000")).toContain("New alert: BTC");
  });

  it("a read-only key: Confirm, the card's Pause and an alert message's Pause send no write (found by the fuzz)", async () => {
    const chat = tb.chat();
    const account = tb.ex.account({ AUD: "1000" });
    await tb.app.deps.accounts.connect(chat.user.id, account.readOnlyKey);
    const trigger = await tb.ex
      .client(account.readWriteKey)
      .priceTriggers.create({ asset: "BTC", price: "90000000", match: MATCH.ABOVE });
    const readOnly = "Your API key is read-only, so it cannot do this.";
    await chat.send("/alert BTC below 90000");
    expect((await chat.press("Confirm")).at(-1)?.plainText).toContain(readOnly);
    await chat.send("/alerts");
    await chat.press(`#${trigger.id} BTC`);
    const card = chat.lastMessage();
    expect((await chat.press("⏸ Pause")).at(-1)?.plainText).toContain(readOnly);
    // The Pause of an alert message (the same data on any message of the bot acts the same).
    const alertPause = { messageId: card?.messageId ?? 0, data: `al:pause:${trigger.id}` };
    const press = tb.fake.callback(chat.user, chat.chat, alertPause.messageId, alertPause.data);
    await tb.app.bot.handleUpdate(press);
    expect(chat.lastMessage()?.plainText).toContain(readOnly);
    // Only the setup's own create.
    expect(await tb.ex.writesOf(account, TRIGGERS)).toBe(1);
    expect(await tb.ex.writesOf(account, `${TRIGGERS}${trigger.id}/`)).toBe(0);
  });

  it("without a key: connect first", async () => {
    expect(await say(tb.chat(), "/alert BTC above 200000")).toContain("You have not connected an API key");
    expect(await say(tb.chat(), "/alerts")).toContain("You have not connected an API key");
  });
});

describe("Confirm", () => {
  it("twenty concurrent taps and a redelivered one create exactly one trigger", async () => {
    const { chat, account } = await trader({ AUD: "100" });
    const summary = (await chat.send("/alert LTC above 500")).at(-1);
    const confirm = summary?.buttons.flat().find((b) => b.text === "Confirm");
    if (!summary || !confirm?.data) throw new Error("a Confirm button");
    const taps = Array.from({ length: 20 }, () =>
      tb.fake.callback(chat.user, chat.chat, summary.messageId, confirm.data as string),
    );
    await Promise.all(taps.map((update) => tb.app.bot.handleUpdate(update)));
    await tb.app.bot.handleUpdate({ ...(taps[0] as object), update_id: 9_999_998 } as never);
    expect(await triggersOf(account)).toHaveLength(1);
    expect(await tb.ex.writesOf(account, TRIGGERS)).toBe(1);
    const expired = tb.fake
      .callsTo("answerCallbackQuery")
      .filter((c) => (c.payload as { text?: string }).text?.includes("expired"));
    expect(expired.length).toBeGreaterThanOrEqual(20);
  });

  it("/cancel voids a summary on screen: its message says so and its Confirm is dead", async () => {
    const { chat, account } = await trader({ AUD: "100" });
    const summary = (await chat.send("/alert LTC above 500")).at(-1);
    const data = summary?.buttons.flat().find((b) => b.text === "Confirm")?.data as string;
    const outputs = await chat.send("/cancel");
    expect(outputs.at(-1)?.plainText).toBe("Cancelled. Nothing was changed.");
    const voided = outputs.find((o) => o.kind === "edit" && o.messageId === summary?.messageId);
    expect(voided?.plainText).toBe("Cancelled: nothing was saved.");
    expect(voided?.buttons).toEqual([]);
    await tb.app.bot.handleUpdate(tb.fake.callback(chat.user, chat.chat, summary?.messageId as number, data));
    const answer = tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined;
    expect(answer?.text).toContain("expired");
    expect(await tb.ex.writesOf(account, TRIGGERS)).toBe(0);
  });

  it("another user's tap on the Confirm does nothing", async () => {
    const { chat, account } = await trader({ AUD: "100" });
    const summary = (await chat.send("/alert LTC above 500")).at(-1);
    const data = summary?.buttons.flat().find((b) => b.text === "Confirm")?.data as string;
    const stranger = tb.chat();
    await tb.app.bot.handleUpdate(
      tb.fake.callback(stranger.user, chat.chat, summary?.messageId as number, data),
    );
    const answer = tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined;
    expect(answer?.text).toContain("not yours");
    expect(await tb.ex.writesOf(account, TRIGGERS)).toBe(0);
  });

  it("a lost answer on create says the alert may have been created, never that nothing changed", async () => {
    const { chat, account } = await trader({ AUD: "100" });
    await chat.send("/alert DOGE above 5");
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: TRIGGERS,
      drop: true,
      after: true,
    });
    const outputs = await chat.press("Confirm");
    const shown = outputs.at(-1)?.plainText ?? "";
    expect(shown).toContain("the alert may have been created. Check /alerts before creating it again.");
    expect(outputs.some((o) => /Nothing was (done|changed)/.test(o.plainText))).toBe(false);
    expect(await triggersOf(account)).toHaveLength(1);
    expect(callsFor(chat.user.id)).toEqual([`changed:${chat.user.id}`]);
  });

  it("a refusal by the exchange is explained and is no change for the watcher", async () => {
    const { chat, account } = await trader({ AUD: "100" });
    await chat.send("/alert DOGE above 5");
    await tb.ex.control("POST", "/_sandbox/faults", { method: "POST", path_prefix: TRIGGERS, status: 400 });
    const shown = (await chat.press("Confirm")).at(-1)?.plainText ?? "";
    expect(shown).toContain("The exchange did not accept that");
    expect(await triggersOf(account)).toHaveLength(0);
    expect(callsFor(chat.user.id)).toEqual([]);
  });
});

describe("/alerts", () => {
  it("lists every trigger (also ones made elsewhere) with prices, distance, action, state and flags, paged", async () => {
    const { chat, account } = await trader({ AUD: "1000", ETH: "1" });
    const client = tb.ex.client(account.readWriteKey);
    // Made "in the web app": straight through the API.
    const first = await client.priceTriggers.create({
      asset: "BTC",
      price: "200000",
      match: MATCH.ABOVE,
      notify_email: true,
    });
    await client.priceTriggers.create({
      asset: "ETH",
      price: "4000",
      match: MATCH.BELOW,
      order_direction: DIRECTION.SELL,
      order_quantity: "0.25",
      notify_sms: true,
      notify_email: false,
    });
    for (const price of ["1", "1.5", "2", "2.5", "3"])
      await client.priceTriggers.create({ asset: "XRP", price, match: MATCH.BELOW });
    await client.priceTriggers.update(first.id, { enabled: false });

    const page1 = (await chat.send("/alerts")).at(-1);
    expect(page1?.plainText).toContain("Your alerts (7; page 1 of 2)");
    expect(
      page1?.plainText.match(/^#\d+ XRP ▼ below \$\d\.\d0 · now \$[\d.]+ \(-\d+\.\d\d% to the level\)$/gm),
    ).toHaveLength(5);
    expect(buttons(page1)).toContain("Older ›");
    expect(buttons(page1).filter((b) => b.startsWith("#"))).toHaveLength(5);

    const page2 = (await chat.press("Older ›")).find((o) => o.kind === "edit");
    expect(page2?.plainText).toContain("page 2 of 2");
    expect(page2?.plainText).toMatch(
      /#\d+ ETH ▼ below \$4,000\.00 · now \$[\d,.]+ \(-\d+\.\d\d% to the level\)\nsell 0\.25 ETH · ✅ active · email ✗ · SMS ✓/,
    );
    expect(page2?.plainText).toMatch(
      new RegExp(
        `#${first.id} BTC ▲ above \\$200,000\\.00 · now \\$[\\d,.]+ \\(\\+\\d+\\.\\d\\d% to the level\\)\\nalert only · ⏸ paused · email ✓ · SMS ✗`,
      ),
    );
    expect(buttons(page2)).toContain("‹ Newer");
  });

  it("says when there are none", async () => {
    const { chat } = await trader({ AUD: "1" });
    expect(await say(chat, "/alerts")).toContain("You have no price alerts.");
  });
});

describe("the trigger card", () => {
  it("pause, enable, edit the level (keeping its side), delete with confirm; each tells the watcher", async () => {
    const { chat, account } = await trader({ AUD: "100" });
    const client = tb.ex.client(account.readWriteKey);
    const trigger = await client.priceTriggers.create({ asset: "ADA", price: "5", match: MATCH.ABOVE });
    await chat.send("/alerts");
    const card = (await chat.press(`#${trigger.id} ADA`)).find((o) => o.kind === "edit");
    expect(card?.plainText).toContain(`Alert #${trigger.id}: ADA (Cardano)`);
    expect(card?.plainText).toContain("State: ✅ active");

    const paused = (await chat.press("⏸ Pause")).find((o) => o.kind === "edit");
    expect(paused?.plainText).toContain("State: ⏸ paused");
    expect((await client.priceTriggers.get(trigger.id)).enabled).toBe(false);
    const enabled = (await chat.press("▶️ Enable")).find((o) => o.kind === "edit");
    expect(enabled?.plainText).toContain("State: ✅ active");
    expect((await client.priceTriggers.get(trigger.id)).enabled).toBe(true);

    const ask = (await chat.press("Edit level")).at(-1);
    expect(ask?.plainText).toContain("The level is $5.00 now.");
    expect(ask?.plainText).toMatch(/ADA now: buy \$[\d.]+ · sell \$[\d.]+/);
    expect(buttons(ask)).toEqual(expect.arrayContaining(["Cancel"]));
    expect(buttons(ask).some((b) => b.startsWith("buy $"))).toBe(true);
    expect(await say(chat, "cheap")).toContain("“cheap” is not a price level.");
    expect(await say(chat, "0")).toContain("The level must be more than zero");
    // Below the price while watching for above: it would fire at once.
    const question = (await chat.send("0.5")).at(-1);
    expect(question?.plainText).toContain(
      `Change the level of alert #${trigger.id} (ADA) from $5.00 to $0.5?`,
    );
    expect(question?.plainText).toContain("already past this level");
    const onTrigger = `${TRIGGERS}${trigger.id}/`;
    // Pause and enable wrote; the refused levels and the question did not.
    expect(await tb.ex.writesOf(account, onTrigger)).toBe(2);
    const changed = (await chat.press("Confirm")).at(-1);
    expect(changed?.plainText).toContain(`Alert #${trigger.id} changed.`);
    const stored = await client.priceTriggers.get(trigger.id);
    expect(toDec(stored.price).equals("0.5")).toBe(true);
    expect(stored.match).toBe(MATCH.ABOVE);
    expect(await tb.ex.writesOf(account, onTrigger)).toBe(3);

    expect((await chat.press("🗑 Delete")).at(-1)?.plainText).toContain(`Delete alert #${trigger.id}?`);
    const deleted = (await chat.press("Yes, delete it")).at(-1);
    expect(deleted?.plainText).toContain(`Alert #${trigger.id} deleted.`);
    // The way back is the list.
    expect(deleted?.buttons.flat().map((b) => [b.text, b.data])).toEqual([["All alerts", "als:1"]]);
    expect(await triggersOf(account)).toHaveLength(0);
    // Pause, enable, the level and the delete.
    expect(callsFor(chat.user.id)).toHaveLength(4);
  });

  it("delete: Cancel keeps the trigger", async () => {
    const { chat, account } = await trader({ AUD: "100" });
    const trigger = await tb.ex
      .client(account.readWriteKey)
      .priceTriggers.create({ asset: "ADA", price: "5" });
    await chat.send("/alerts");
    await chat.press(`#${trigger.id} ADA`);
    await chat.press("🗑 Delete");
    expect((await chat.press("Cancel")).at(-1)?.plainText).toBe("Cancelled. Nothing was changed.");
    expect(await triggersOf(account)).toHaveLength(1);
  });

  it("a lost answer on delete or pause says it may have happened", async () => {
    const { chat, account } = await trader({ AUD: "100" });
    const trigger = await tb.ex
      .client(account.readWriteKey)
      .priceTriggers.create({ asset: "ADA", price: "5" });
    await chat.send("/alerts");
    await chat.press(`#${trigger.id} ADA`);
    const fault = { path_prefix: `${TRIGGERS}${trigger.id}/`, drop: true, after: true };
    await tb.ex.control("POST", "/_sandbox/faults", { ...fault, method: "PATCH" });
    expect((await chat.press("⏸ Pause")).at(-1)?.plainText).toContain("the change may have been made");
    await chat.send("/alerts");
    await chat.press(`#${trigger.id} ADA`);
    await chat.press("🗑 Delete");
    await tb.ex.control("POST", "/_sandbox/faults", { ...fault, method: "DELETE" });
    const outputs = await chat.press("Yes, delete it");
    expect(outputs.at(-1)?.plainText).toContain("the alert may have been deleted. Check /alerts");
    expect(
      outputs
        .at(-1)
        ?.buttons.flat()
        .map((b) => b.text),
    ).toEqual(["All alerts"]);
    expect(outputs.some((o) => /Nothing was (done|changed)/.test(o.plainText))).toBe(false);
    expect(await triggersOf(account)).toHaveLength(0);
    expect(callsFor(chat.user.id)).toHaveLength(2);
  });

  it("edit the quantity of a trade, checked against the balance", async () => {
    const { chat, account } = await trader({ AUD: "300" });
    const client = tb.ex.client(account.readWriteKey);
    const trigger = await client.priceTriggers.create({
      asset: "SOL",
      price: "100",
      match: MATCH.BELOW,
      order_direction: DIRECTION.BUY,
      order_quantity: "50",
    });
    await chat.send("/alerts");
    await chat.press(`#${trigger.id} SOL`);
    const ask = (await chat.press("Edit quantity")).at(-1);
    expect(ask?.plainText).toContain(
      "How much AUD should it spend? You have $300.00. Type an amount in AUD.",
    );
    expect(buttons(ask)).toEqual(["Say how much SOL to buy", "Cancel"]);
    expect(await say(chat, "500")).toContain("more than you have: $500.00 needed, $300.00 available");
    expect(await say(chat, "1.234")).toContain("AUD quantities have at most 2 decimal places.");
    await chat.press("Say how much SOL to buy");
    expect(await say(chat, "4")).toContain("more than you have: $400.00 needed");
    expect(await say(chat, "2")).toContain("from buy: spend $50.00 to buy: get 2 SOL?");
    await chat.press("Confirm");
    const stored = await client.priceTriggers.get(trigger.id);
    expect(stored.order_quantity).toBeNull();
    expect(toDec(stored.order_get_quantity ?? "0").equals(2)).toBe(true);
  });

  it("events: a fired trigger shows its event and trade; mark seen marks them on the exchange", async () => {
    const { chat, account } = await trader({ AUD: "1000" });
    const client = tb.ex.client(account.readWriteKey);
    tb.ex.sb.setPrice("LINK", "32");
    const trigger = await client.priceTriggers.create({
      asset: "LINK",
      price: "30",
      match: MATCH.BELOW,
      order_direction: DIRECTION.BUY,
      order_quantity: "100",
    });
    tb.ex.sb.setPrice("LINK", "29");
    tb.ex.sb.setPrice("LINK", "32");
    const fired = await client.priceTriggers.get(trigger.id);
    expect(fired.events).toHaveLength(1);

    await chat.send("/alerts");
    const listed = (await chat.send("/alerts")).at(-1)?.plainText ?? "";
    expect(listed).toContain("🔔 fired, paused · email ✓ · SMS ✗ · 🆕 1 unseen");
    const card = (await chat.press(`#${trigger.id} LINK`)).find((o) => o.kind === "edit");
    expect(card?.plainText).toContain("Events: 1 (1 unseen)");
    expect(card?.plainText).toMatch(/Last fired: .+ \(Australia\/Sydney\)/);
    expect(buttons(card)).toContain("▶️ Enable");
    const events = (await chat.press("Events (1)")).find((o) => o.kind === "edit");
    expect(events?.plainText).toContain(`Events of alert #${trigger.id} (LINK): 1, newest 1 shown`);
    expect(events?.plainText).toMatch(
      /1\. .+: fired below the level at \$29\.00 🆕\n✅ A trade was placed\.\nThe exchange says: “Bought [\d.]+ LINK for 100\.00 AUD/,
    );
    expect(buttons(events)).toEqual(["Trade 1", "Mark seen", "Back"]);

    const trade = (await chat.press("Trade 1")).at(-1);
    expect(trade?.kind).toBe("message");
    expect(trade?.plainText).toContain(`Trade of alert #${trigger.id} (LINK)`);
    expect(trade?.plainText).toMatch(
      /Transaction #\d+, .+: spent \$100\.00 → got [\d.]+ LINK \(✅ completed\)/,
    );

    const seen = (await chat.press("Mark seen")).find((o) => o.kind === "edit");
    expect(seen?.plainText).toContain("Events: 1 (0 unseen)");
    expect((await client.priceTriggers.get(trigger.id)).events.every((e) => e.seen)).toBe(true);
  });
});

describe("buttons on alert messages", () => {
  it("open sends the card, pause pauses, enable enables, trade of a failed event says why; a stranger's trigger is not found", async () => {
    const { chat, account } = await trader({ AUD: "5" });
    const client = tb.ex.client(account.readWriteKey);
    tb.ex.sb.setPrice("DOT", "6.2");
    const trigger = await client.priceTriggers.create({
      asset: "DOT",
      price: "7",
      match: MATCH.ABOVE,
      order_direction: DIRECTION.BUY,
      order_quantity: "100",
    });
    tb.ex.sb.setPrice("DOT", "7.5");
    tb.ex.sb.setPrice("DOT", "6.2");
    const [event] = (await client.priceTriggers.get(trigger.id)).events;
    expect(event?.failure_reason).not.toBe("");
    const alert = await chat.send("hi");
    const messageId = alert.at(-1)?.messageId ?? 1;
    const press = async (data: string) => {
      const before = tb.fake.calls.length;
      await tb.app.bot.handleUpdate(tb.fake.callback(chat.user, chat.chat, messageId, data));
      return tb.fake.calls
        .slice(before)
        .flatMap((c) => (c.output && c.output.chatId === chat.chat.id ? [c.output] : []));
    };
    const opened = (await press(`al:open:${trigger.id}`)).at(-1);
    expect(opened?.kind).toBe("message");
    expect(opened?.plainText).toContain(`Alert #${trigger.id}: DOT`);
    const firedAt = Math.floor((event?.fired.getTime() ?? 0) / 1000);
    const trade = (await press(`al:trade:${trigger.id}:${firedAt}`)).at(-1);
    expect(trade?.plainText).toContain(
      "❌ No trade was placed: there was not enough balance.\nThe exchange says: “",
    );
    expect((await press(`al:trade:${trigger.id}:${firedAt + 1}`)).at(-1)?.plainText).toContain(
      "no longer there",
    );

    await client.priceTriggers.update(trigger.id, { enabled: true });
    const paused = (await press(`al:pause:${trigger.id}`)).at(-1);
    expect(paused?.plainText).toContain("State: ⏸ paused");
    expect((await client.priceTriggers.get(trigger.id)).enabled).toBe(false);
    const enabled = (await press(`al:enable:${trigger.id}`)).at(-1);
    expect(enabled?.plainText).toContain("State: ✅ active");
    expect((await client.priceTriggers.get(trigger.id)).enabled).toBe(true);

    const stranger = await trader({ AUD: "1" });
    const theirs = (await stranger.chat.send("hi")).at(-1)?.messageId ?? 0;
    const before = tb.fake.calls.length;
    await tb.app.bot.handleUpdate(
      tb.fake.callback(stranger.chat.user, stranger.chat.chat, theirs, `al:pause:${trigger.id}`),
    );
    const told = tb.fake.calls.slice(before).flatMap((c) => (c.output ? [c.output.plainText] : []));
    expect(told.join("\n")).toContain("The exchange has no such record.");
    expect(await tb.ex.writesOf(stranger.account, `${TRIGGERS}${trigger.id}/`)).toBe(1);
    expect((await client.priceTriggers.get(trigger.id)).enabled).toBe(true); // still as its owner left it
  });
});

describe("the watcher hears of connects and disconnects", () => {
  it("/connect and /disconnect", async () => {
    const chat = tb.chat();
    const account = tb.ex.account({ AUD: "1" });
    expect(await say(chat, `/connect ${account.readWriteKey}`)).toContain("Connected");
    expect(callsFor(chat.user.id)).toEqual([`connected:${chat.user.id}`]);
    await chat.send("/disconnect");
    await chat.press("Yes, remove it");
    expect(callsFor(chat.user.id)).toEqual([`connected:${chat.user.id}`, `disconnected:${chat.user.id}`]);
  });

  it("a refused key tells it nothing", async () => {
    const chat = tb.chat();
    expect(await say(chat, "/connect sbx_notakeyatallbutlongenough")).toContain("did not accept");
    expect(callsFor(chat.user.id)).toEqual([]);
  });
});

describe("/settings", () => {
  it("toggles marking events seen after delivery, stored as alertsMarkSeen", async () => {
    const chat = tb.chat();
    expect(await say(chat, "/settings")).toContain("Mark alerts seen on the exchange after delivery: off");
    const on = (await chat.press("Mark seen after delivery")).find((o) => o.kind === "edit");
    expect(on?.plainText).toContain("after delivery: on");
    const session = JSON.parse((await tb.redis.get(`${tb.prefix}session:user:${chat.user.id}`)) ?? "{}");
    expect(session.alertsMarkSeen).toBe(true);
    const off = (await chat.press("Mark seen after delivery")).find((o) => o.kind === "edit");
    expect(off?.plainText).toContain("after delivery: off");
  });
});
