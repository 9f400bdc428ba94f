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

/** A message as seen: its text and its buttons' labels. */
function seen(output: BotOutput | undefined): string {
  return [output?.plainText ?? "", ...buttons(output)].join("\n");
}

/** Each guided asset question: how to reach it, and what the next question shows of an asset picked. */
const QUESTIONS = [
  { flow: "/sell", start: ["/sell"], next: (code: string) => `How much ${code} would you like to sell?` },
  { flow: "/buy", start: ["/buy"], next: (code: string) => `Say how much ${code} to buy` },
  { flow: "/alert", start: ["/alert"], next: (code: string) => `${code} now: buy` },
  { flow: "/dca", start: ["/dca", "➕ New"], next: (code: string) => `buy ${code} with AUD or sell` },
  {
    flow: "/addresses",
    start: ["/addresses", "➕ Add address"],
    next: (code: string) => `Send the ${code} address`,
  },
  { flow: "/withdraw", start: ["/withdraw"], next: (code: string) => `Where should the ${code} go?` },
];

describe("every guided asset question reads assets by name itself", () => {
  // BTC and ETH held (what /sell and /withdraw offer), each with a saved address (what /withdraw needs next).
  async function ready() {
    const { chat, account } = await withdrawer(tb, { AUD: "1000", BTC: "0.05", ETH: "1" });
    await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Cold wallet", memo: "" });
    await saveAddress(tb, account, {
      asset: "ETH",
      address: "0x52908400098527886E0F7030069857D2E4169EE7",
      label: "Hot wallet",
      memo: "",
    });
    return chat;
  }
  async function begin(chat: Awaited<ReturnType<typeof ready>>, start: string[]): Promise<void> {
    await chat.send(start[0] as string);
    for (const press of start.slice(1)) await chat.press(press);
  }

  it.each(QUESTIONS)(
    "$flow: a name, in English or Chinese, however many messages since the question's buttons",
    async ({ start, next }) => {
      const chat = await ready();
      for (const [typed, code] of [
        ["Ethereum", "ETH"],
        ["比特币", "BTC"],
      ] as const) {
        await begin(chat, start);
        // Words naming nothing close: the question's buttons scroll up, out of the typed-press reach.
        for (const noise of ["qqqqqqqq", "zzzzzzzz"])
          expect((await chat.send(noise)).at(-1)?.plainText).toContain(`I don't know ${noise}.`);
        expect(seen((await chat.send(typed)).at(-1)), chat.transcript()).toContain(next(code));
        await chat.send("/cancel");
      }
    },
  );

  it.each(QUESTIONS)(
    "$flow: an unknown word gets the closest choices as buttons, which answer the question",
    async ({ start, next }) => {
      const chat = await ready();
      await begin(chat, start);
      const unknown = (await chat.send("bitcon")).at(-1);
      expect(unknown?.plainText).toContain("I don't know bitcon. Did you mean BTC (Bitcoin)?");
      expect(unknown?.plainText).not.toMatch(/hold|listed/);
      expect(buttons(unknown)[0]).toBe("BTC");
      expect(seen((await chat.press("BTC")).at(-1))).toContain(next("BTC"));
    },
  );

  it("a known asset that is not a choice gets the flow's reason, and the options again", async () => {
    const chat = await ready();
    const refusal = async (typed: string) => {
      const last = (await chat.send(typed)).at(-1);
      return { text: last?.plainText, buttons: buttons(last) };
    };
    await chat.send("/sell");
    expect(await refusal("dogecoin")).toEqual({
      text: "You hold no DOGE to sell.\nPick one of these, or /cancel:",
      buttons: ["BTC", "ETH", "Cancel"],
    });
    expect((await refusal("aud")).text).toBe(
      "Pick a crypto asset, not AUD, for this.\nPick one of these, or /cancel:",
    );
    await chat.send("/swap");
    await chat.send("ether");
    expect((await refusal("以太坊")).text).toContain("You can't swap ETH for itself.\nPick one of these");
    await chat.send("/withdraw");
    expect((await refusal("solana")).text).toBe(
      "You hold no SOL to withdraw.\nPick one of these, or /cancel:",
    );
  });

  it("in Chinese: a Chinese name picks, an unknown one is said so with the closest, AUD is not a crypto", async () => {
    const chat = await ready();
    await chat.send("/settings");
    await chat.press("Language");
    await chat.press("简体中文");
    await chat.send("/alert");
    const unknown = (await chat.send("比特扣")).at(-1);
    expect(unknown?.plainText).toContain("我不认识 比特扣。你是不是想找 BTC (Bitcoin)");
    expect((await chat.send("澳元")).at(-1)?.plainText).toBe(
      "这里请选择加密货币，而不是澳元。\n请从下面选一个，或发送 /cancel：",
    );
    expect((await chat.send("以太坊")).at(-1)?.plainText).toContain("ETH 当前");
  });
});
