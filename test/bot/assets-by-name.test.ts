/**
 * Assets by name in the flows that take one: what is not recognised is said to be unknown, with the
 * closest assets; never turned into a statement about the account or the exchange.
 */
import { describe, expect, it } from "vitest";
import type { BotOutput } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import { saveAddress, withdrawer } from "../support/withdrawals.ts";

const tb = await startTestBot();
const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

function buttons(output: BotOutput | undefined): string[] {
  return output?.buttons.flat().map((b) => b.text) ?? [];
}

describe("/withdraw with an asset", () => {
  it("/withdraw bitcoin (BTC held) goes straight to BTC's destinations", async () => {
    const { chat, account } = await withdrawer(tb, { BTC: "0.05", ETH: "1" });
    await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Cold wallet", memo: "" });
    for (const command of ["/withdraw bitcoin", "/withdraw 比特币", "/withdraw Bitcoin"]) {
      const where = (await chat.send(command)).at(-1);
      expect(where?.plainText, command).toContain("Where should the BTC go?");
      expect(where?.plainText, command).not.toContain("You hold no");
      await chat.send("/cancel");
    }
  });

  it("/withdraw xrp starts at XRP, skipping the asset question", async () => {
    const { chat } = await withdrawer(tb, { XRP: "100", BTC: "1" });
    const outputs = await chat.send("/withdraw xrp");
    expect(outputs.map((o) => o.plainText).join("\n")).not.toContain("Which crypto");
    expect(outputs.at(-1)?.plainText).toContain("You have no saved XRP addresses");
  });

  it("/withdraw FOO says FOO is not known (with the closest), then asks which asset", async () => {
    const { chat } = await withdrawer(tb, { BTC: "0.05", ETH: "1" });
    const outputs = await chat.send("/withdraw FOO");
    const texts = outputs.map((o) => o.plainText);
    expect(texts.join("\n")).toContain("I don't know FOO.");
    expect(texts.join("\n")).not.toContain("You hold no");
    expect(outputs.at(-1)?.plainText).toContain("Which crypto would you like to withdraw?");
    const typo = (await chat.send("/withdraw bitcon")).map((o) => o.plainText).join("\n");
    expect(typo).toContain("I don't know bitcon. Did you mean BTC (Bitcoin)");
  });

  it("a recognised asset that is not held is said so, truthfully", async () => {
    const { chat } = await withdrawer(tb, { ETH: "1" });
    const outputs = (await chat.send("/withdraw doge")).map((o) => o.plainText).join("\n");
    expect(outputs).toContain("You hold no DOGE to withdraw");
  });

  it("typed at the asset question: names work; an unknown word offers the closest holdings as buttons", async () => {
    const { chat, account } = await withdrawer(tb, { BTC: "0.05", ETH: "1", LTC: "2" });
    await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Cold wallet", memo: "" });
    await chat.send("/withdraw");
    const unknown = (await chat.send("bitcon")).at(-1);
    expect(unknown?.plainText).toContain("I don't know bitcon. Did you mean BTC (Bitcoin)");
    expect(unknown?.plainText).not.toContain("You hold no");
    expect(buttons(unknown)[0]).toBe("BTC");
    expect((await chat.press("BTC")).at(-1)?.plainText).toContain("Where should the BTC go?");
    await chat.send("/cancel");
    await chat.send("/withdraw");
    expect((await chat.send("bitcoin")).at(-1)?.plainText).toContain("Where should the BTC go?");
  });
});

describe("/history with an asset", () => {
  it("/history bitcoin filters on BTC; /history bitcon is unknown with BTC first, never 'not listed'", async () => {
    const { chat } = await withdrawer(tb, { AUD: "100", BTC: "0.1" });
    const list = (await chat.send("/history bitcoin")).at(-1);
    expect(buttons(list)).toContain("Asset: BTC");
    const unknown = (await chat.send("/history bitcon")).at(-1)?.plainText ?? "";
    expect(unknown).toContain("I don't know bitcon. Did you mean BTC (Bitcoin)");
    expect(unknown).not.toContain("not listed");
    expect(buttons((await chat.send("/history 澳元")).at(-1))).toContain("Asset: AUD");
  });
});
