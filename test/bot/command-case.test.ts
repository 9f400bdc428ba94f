/** Commands typed with capitals ("/Balance", "/PRICE btc", as a phone keyboard often sends them) work; /help and /settings mention the digest. */
import { describe, expect, it } from "vitest";
import { startTestBot } from "../support/bot.ts";

const tb = await startTestBot();

describe("commands in any case", () => {
  it("/Balance and /BALANCE answer as /balance does", async () => {
    const chat = tb.chat();
    const account = tb.ex.account({ AUD: "10", BTC: "0.5" });
    await tb.app.deps.accounts.connect(chat.user.id, account.readWriteKey);
    for (const command of ["/Balance", "/BALANCE"]) {
      const text = (await chat.send(command)).at(-1)?.plainText ?? "";
      expect(text, command).toContain("AUD cash: $10.00");
      expect(text, command).toContain("BTC: 0.5");
    }
  });

  it("/PRICE btc shows BTC's prices; the arguments keep their case", async () => {
    const text = (await tb.chat().send("/PRICE btc")).at(-1)?.plainText ?? "";
    expect(text).toMatch(/BTC Bitcoin/);
  });

  it("/Price@bot with the bot's name in any case", async () => {
    const text = (await tb.chat().send(`/Price@${tb.fake.botInfo.username.toUpperCase()} eth`)).at(
      -1,
    )?.plainText;
    expect(text).toMatch(/ETH Ethereum/);
  });

  it("/help and /settings mention the daily digest and its hour", async () => {
    const chat = tb.chat();
    expect((await chat.send("/help")).at(-1)?.plainText).toContain("the daily digest and its hour");
    expect((await chat.send("/settings")).at(-1)?.plainText).toContain(
      "Daily digest: off (pick the hour it arrives",
    );
  });
});

describe("/help", () => {
  it.each(["en", "zh"])("lists each command once, with whole alert examples (%s)", async (languageCode) => {
    const text = (await tb.chat({ languageCode }).send("/help")).at(-1)?.plainText ?? "";
    const listed = [...text.matchAll(/^\/([a-z]+)\b/gm)].map((match) => match[1]);
    expect(listed.length).toBeGreaterThan(15);
    expect(new Set(listed).size).toBe(listed.length);
    for (const example of ["/alert BTC rsi 30 70", "/alert SOL 24h change 8%", "/alert portfolio day 5%"])
      expect(text).toContain(example);
  });
});
