/**
 * The guided /alert as chats: asset, level (offered prices or typed), side, action, quantity on either
 * side checked against the balance, email and SMS, summary and Confirm; every refused answer asks again
 * and sends nothing to the exchange; a read-only key cannot pick a trade; Cancel and /cancel leave.
 */
import { describe, expect, it } from "vitest";
import { DIRECTION, MATCH, toDec } from "../../src/exchange/index.ts";
import type { BotOutput } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import type { TestAccount } from "../support/exchange.ts";

const tb = await startTestBot();
const TRIGGERS = "/api/private/broker/price-triggers/";

function buttons(output: BotOutput | undefined): string[] {
  return output?.buttons.flat().map((b) => b.text) ?? [];
}

async function triggersOf(account: TestAccount) {
  return (await tb.ex.client(account.readWriteKey).priceTriggers.list()).results;
}

/** Every write the account sent (creates and changes). */
async function writes(account: TestAccount): Promise<number> {
  const log = (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as {
    write_count: number;
  };
  return log.write_count;
}

describe("the guided create", () => {
  it("a buy on the receive side with email: every step, refused answers asked again, then one trigger", async () => {
    const { chat, account } = await tb.trader({ AUD: "500" });
    // Connecting probed the key with one estimate (a write that trades nothing).
    const probed = await writes(account);
    const picker = (await chat.send("/alert")).at(-1);
    expect(picker?.plainText).toContain("Which asset should the alert watch?");
    expect(buttons(picker)).toEqual(expect.arrayContaining(["BTC", "ETH", "Cancel"]));
    expect((await chat.send("NOPE")).at(-1)?.plainText).toContain("I don't know NOPE.");

    const level = (await chat.send("sol")).at(-1);
    expect(level?.plainText).toMatch(/SOL now: buy \$[\d,.]+ · sell \$[\d,.]+\.\nPick a level or type one:/);
    const offered = buttons(level);
    expect(offered[0]).toMatch(/^buy \$[\d,.]+$/);
    expect(offered[1]).toMatch(/^sell \$[\d,.]+$/);
    expect(offered.slice(2, 8).map((b) => b.replace(/^.*\((.+)\)$/, "$1"))).toEqual([
      "-10%",
      "-5%",
      "-2%",
      "+2%",
      "+5%",
      "+10%",
    ]);
    expect((await chat.send("soon")).at(-1)?.plainText).toContain("“soon” is not a price level.");
    expect((await chat.send("-3")).at(-1)?.plainText).toContain("The level must be more than zero");
    expect((await chat.send("1.000000001")).at(-1)?.plainText).toContain("at most 8 decimal places");

    const side = (await chat.press(offered[2] as string)).find((o) => o.kind === "message");
    expect(side?.plainText).toContain("Alert when the price goes above or below");
    expect(buttons(side)).toEqual(["▲ Above", "▼ Below", "Automatic", "Cancel"]);
    const action = (await chat.press("▼ Below")).find((o) => o.kind === "message");
    expect(action?.plainText).toContain("What should happen when it fires?");
    expect(buttons(action)).toEqual(["Alert only", "Buy SOL", "Sell SOL", "Cancel"]);

    const spend = (await chat.press("Buy SOL")).find((o) => o.kind === "message");
    expect(spend?.plainText).toContain(
      "How much AUD should it spend? You have $500.00. Type an amount in AUD.",
    );
    expect(spend?.plainText).not.toContain("quantity");
    expect(await chat.send("600").then((o) => o.at(-1)?.plainText)).toContain(
      "more than you have: $600.00 needed, $500.00 available",
    );
    const receive = (await chat.press("Say how much SOL to buy")).find((o) => o.kind === "edit");
    expect(receive?.plainText).toContain(
      "How much SOL should it buy? You have $500.00. Type a quantity of SOL.",
    );
    expect((await chat.send("0.000000001")).at(-1)?.plainText).toContain(
      "SOL quantities have at most 8 decimal places.",
    );
    expect((await chat.send("100")).at(-1)?.plainText).toContain("more than you have");
    const notify = (await chat.send("1")).at(-1);
    expect(notify?.plainText).toContain("Should the exchange also send an email or an SMS");
    expect(buttons(notify)).toEqual(["Email: off", "SMS: off", "Continue", "Cancel"]);
    expect(buttons((await chat.press("Email: off")).find((o) => o.kind === "edit"))).toContain("Email: on");
    expect(await writes(account)).toBe(probed);

    const summary = (await chat.press("Continue")).at(-1);
    expect(summary?.plainText).toContain("New alert: SOL");
    expect(summary?.plainText).toContain("Level: ▼ below $");
    expect(summary?.plainText).toContain("When it fires: buy: get 1 SOL");
    expect(summary?.plainText).toContain("email ✓ · SMS ✗");
    expect(buttons(summary)).toEqual(["Confirm", "Cancel"]);
    expect(await writes(account)).toBe(probed);

    expect((await chat.press("Confirm")).at(-1)?.plainText).toMatch(/Alert #\d+ created\./);
    const [trigger] = await triggersOf(account);
    expect(trigger).toMatchObject({
      asset: "SOL",
      match: MATCH.BELOW,
      order_direction: DIRECTION.BUY,
      order_quantity: null,
      notify_email: true,
      notify_sms: false,
    });
    expect(toDec(trigger?.order_get_quantity ?? "0").equals(1)).toBe(true);
    expect(await tb.ex.writesOf(account, TRIGGERS)).toBe(1);
  });

  it("alert only with a typed level and the automatic side", async () => {
    const { chat, account } = await tb.trader({ AUD: "5" });
    await chat.send("/alert");
    await chat.press("ETH");
    await chat.send("9,000");
    await chat.press("Automatic");
    const notify = (await chat.press("Alert only")).at(-1);
    expect(notify?.plainText).toContain("email or an SMS");
    const summary = (await chat.press("Continue")).at(-1);
    expect(summary?.plainText).toContain("↕ at $9,000.00");
    expect(summary?.plainText).toContain("going above the level");
    await chat.press("Confirm");
    const [trigger] = await triggersOf(account);
    expect(trigger).toMatchObject({ asset: "ETH", match: MATCH.ABOVE, order_direction: null });
  });

  it("a read-only key: Buy and Sell are refused with the reason, Alert only goes on", async () => {
    const chat = tb.chat();
    const account = tb.ex.account({ AUD: "1000" });
    await tb.app.deps.accounts.connect(chat.user.id, account.readOnlyKey);
    await chat.send("/alert");
    await chat.press("BTC");
    await chat.send("100000");
    await chat.press("▲ Above");
    expect((await chat.press("Buy BTC")).at(-1)?.plainText).toContain("Your API key is read-only");
    expect((await chat.press("Sell BTC")).at(-1)?.plainText).toContain("read-only");
    expect((await chat.press("Alert only")).at(-1)?.plainText).toContain("email or an SMS");
    expect(await tb.ex.writesOf(account, TRIGGERS)).toBe(0);
  });

  it("Cancel at a step, /cancel, and a command leave the flow with nothing created", async () => {
    const { chat, account } = await tb.trader({ AUD: "100" });
    await chat.send("/alert");
    expect((await chat.press("Cancel")).some((o) => o.plainText.includes("Cancelled"))).toBe(true);
    await chat.send("/alert");
    await chat.press("BTC");
    expect((await chat.send("/cancel")).at(-1)?.plainText).toContain("Cancelled");
    // The flow is gone: six digits are no level now (taken off the screen, as a stray 2FA code would be).
    expect((await chat.send("100000")).at(-1)?.plainText).toContain("That looked like a 2FA code");
    await chat.send("/alert");
    await chat.press("ETH");
    expect((await chat.send("/alerts")).at(-1)?.plainText).toContain("You have no price alerts.");
    expect(await triggersOf(account)).toHaveLength(0);
  });

  it("an alert message's button pressed mid-flow is answered, and the question stays open", async () => {
    const { chat, account } = await tb.trader({ AUD: "100" });
    const trigger = await tb.ex
      .client(account.readWriteKey)
      .priceTriggers.create({ asset: "ADA", price: "9", match: MATCH.ABOVE });
    await chat.send("/alert");
    const ask = (await chat.press("BTC")).find((o) => o.kind === "message");
    const before = tb.fake.calls.length;
    await tb.app.bot.handleUpdate(
      tb.fake.callback(chat.user, chat.chat, ask?.messageId as number, `al:open:${trigger.id}`),
    );
    const card = tb.fake.calls.slice(before).flatMap((c) => (c.output?.kind === "message" ? [c.output] : []));
    expect(card.at(-1)?.plainText).toContain(`Alert #${trigger.id}: ADA`);
    expect((await chat.send("100000")).at(-1)?.plainText).toContain(
      "Alert when the price goes above or below",
    );
  });

  it("without a key: a price level asks to connect first (alerts the bot watches need no key)", async () => {
    const chat = tb.chat();
    expect((await chat.send("/alert")).at(-1)?.plainText).toContain("Which asset should the alert watch?");
    await chat.send("btc");
    expect((await chat.send("100000")).at(-1)?.plainText).toContain("You have not connected an API key");
  });
});
