/**
 * Listening as chats: buttons picked by typing (in both languages, at a guided step, at a summary and on a
 * menu), plain requests outside any flow leading into their command's flow, and what is not understood
 * answered with the closest commands as buttons.
 */
import { describe, expect, it } from "vitest";
import { startTestBot } from "../support/bot.ts";
import type { TestAccount } from "../support/exchange.ts";
import { saveAddress, withdrawalsOf, withdrawer } from "../support/withdrawals.ts";

const tb = await startTestBot();

async function schedulesOf(account: TestAccount) {
  return (await tb.ex.client(account.readWriteKey).recurringBuys.list()).results;
}

const lastText = (outputs: { plainText: string }[]) => outputs.at(-1)?.plainText ?? "";

describe("a button's choice typed", () => {
  it("a whole /dca flow by typing only, summary confirmed with a word", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    await chat.send("/dca");
    expect(lastText(await chat.send("new"))).toContain("Which asset");
    expect(lastText(await chat.send("bitcoin"))).toContain("buy BTC with AUD or sell BTC for AUD?");
    expect(lastText(await chat.send("buy"))).toContain("AUD");
    await chat.send("50");
    await chat.send("weekly");
    const summary = lastText(await chat.send("start now"));
    expect(summary).toContain("New recurring trade, please check");
    expect(await schedulesOf(account)).toHaveLength(0);
    const done = lastText(await chat.send("yes"));
    expect(done).toMatch(/Recurring trade #\d+ set up/);
    expect(await schedulesOf(account)).toMatchObject([{ asset: "BTC", period: "weekly", quantity: "50.00" }]);
  });

  it("in Chinese: 每周 picks weekly, 确认 confirms, 取消 cancels", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    await chat.send("/settings");
    await chat.press("Language");
    await chat.press("简体中文");
    await chat.send("/dca");
    await chat.send("新建");
    await chat.send("以太坊");
    await chat.send("买入");
    await chat.send("50");
    await chat.send("每周");
    const summary = lastText(await chat.send("立即开始"));
    expect(summary, chat.transcript()).toContain("每周");
    expect(lastText(await chat.send("取消"))).toContain("已取消");
    expect(await schedulesOf(account)).toHaveLength(0);
  });

  it("a menu's choice typed: /statement then 'last month'", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    await chat.send("/statement");
    const outputs = await chat.send("last month");
    expect(outputs.map((o) => o.plainText).join("\n")).toMatch(/Preparing your statement|statement/i);
  });

  it("statement dates in words: a preset's name, a range, a start 'since', in either language", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    const preparing = async (typed: string) => {
      await chat.send("/statement");
      await chat.send("choose dates");
      return (await chat.send(typed)).map((o) => o.plainText).join("\n");
    };
    expect(await preparing("last month")).toMatch(
      /Preparing your statement for \d{1,2} \w+ \d{4} – \d{1,2} \w+ \d{4}/,
    );
    expect(await preparing("上一财年")).toContain("Preparing your statement for 1 Jul");
    expect(await preparing("since 1 March")).toMatch(/Preparing your statement for 1 Mar \d{4} – /);
    expect(await preparing("3 Feb to 10 Mar")).toMatch(
      /Preparing your statement for 3 Feb \d{4} – 10 Mar \d{4}/,
    );
    expect(await preparing("next tuesday or so")).toContain("I could not read");
  });

  it("a swap quote: 'ok' confirms it once; a voided quote is not confirmed by a word", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    const quote = lastText(await chat.send("buy 100 aud of btc"));
    expect(quote).toContain("You spend: $100.00");
    await chat.send("ok");
    await chat.waitForOutput((o) => /done/.test(o.plainText), 10_000);
    expect((await tb.ex.client(account.readWriteKey).swaps.list()).results).toHaveLength(1);
    // A plain request is a command like any other: the quote on screen dies with it.
    await chat.send("/buy BTC 50");
    await chat.send("eth price");
    await chat.send("yes");
    expect((await tb.ex.client(account.readWriteKey).swaps.list()).results).toHaveLength(1);
    // Another quote, voided by /cancel: "yes" afterwards writes nothing.
    await chat.send("/buy BTC 50");
    await chat.send("/cancel");
    await chat.send("yes");
    expect((await tb.ex.client(account.readWriteKey).swaps.list()).results).toHaveLength(1);
  });

  it("a refusal offers the options again as buttons in the same message; pressing one answers the question", async () => {
    const { chat } = await tb.trader({ AUD: "1000" });
    await chat.send("/dca");
    await chat.send("new");
    await chat.send("doge");
    const refusal = (await chat.send("hold")).at(-1);
    expect(refusal?.plainText).toBe("Pick one of these, or /cancel:");
    expect(refusal?.buttons.flat().map((b) => b.text)).toEqual([
      "Buy DOGE with AUD",
      "Sell DOGE for AUD",
      "Cancel",
    ]);
    const outputs = await chat.press("Sell DOGE for AUD");
    expect(outputs.map((o) => o.plainText).join("\n")).toContain("How much DOGE should each run sell?");
    // The refusal shows what was picked, and keeps no buttons.
    expect(tb.fake.visible(chat.chat.id).find((m) => m.messageId === refusal?.messageId)?.plainText).toBe(
      "Sell DOGE for AUD",
    );
  });

  it("a which-one button is only for the question it came from", async () => {
    const { chat } = await tb.trader({ AUD: "1000" });
    await chat.send("/dca");
    await chat.send("new");
    await chat.send("doge");
    const refusal = (await chat.send("hold")).at(-1);
    const buy = refusal?.buttons.flat().find((b) => b.text === "Buy DOGE with AUD")?.data as string;
    // Answered by typing instead: the next question has buttons of its own (its Cancel is the first).
    expect((await chat.send("sell")).at(-1)?.plainText).toContain("How much DOGE should each run sell?");
    await tb.app.bot.handleUpdate(tb.fake.callback(chat.user, chat.chat, refusal?.messageId as number, buy));
    expect(tb.fake.visible(chat.chat.id).at(-1)?.plainText).toContain("How much DOGE should each run sell?");
    expect((await chat.send("1000")).at(-1)?.plainText).not.toContain("Cancelled");
  });

  it("an asset question takes names of assets that are not on its buttons (TRON is past the first twelve)", async () => {
    const { chat } = await tb.trader({ AUD: "1000" });
    await chat.send("/alert");
    const asked = (await chat.send("tron")).at(-1)?.plainText ?? "";
    expect(asked).toContain("TRX");
    expect(asked).not.toContain("I don't know");
  });

  it("an amount step takes its shares typed: half, all, 一半", async () => {
    const { chat } = await tb.trader({ AUD: "10", ETH: "2" });
    await chat.send("/sell");
    await chat.send("eth");
    const all = (outputs: { plainText: string }[]) => outputs.map((o) => o.plainText).join("\n");
    expect(all(await chat.send("half"))).toContain("You sell: 1 ETH");
    await chat.send("/cancel");
    await chat.send("/sell");
    await chat.send("以太坊");
    expect(all(await chat.send("全部"))).toContain("You sell: 2 ETH");
  });
});

describe("a refusal at a question with options offers them again", () => {
  const LANGUAGES = [
    {
      language: "en",
      pickAgain: "Pick one of these, or /cancel:",
      noCountry: "“Narnia” is not a country I know.",
      newZealand: "🇳🇿 New Zealand",
      region: "The owner's state, province or region",
      noBack: "This is the first question: there is none to go back to.",
      unknown: "I don't know qqqqqqqq.",
      readOnly: "Your API key is read-only, so an alert can't trade with it.",
      buy: "Buy BTC",
      above: "▲ Above",
      unconfirmed: "“Hot wallet” is waiting for its email confirmation",
      typed: ["bitcoin", "Mum", "personal wallet", "other", "Electrum", "someone else's", "a person"],
    },
    {
      language: "zh",
      pickAgain: "请从下面选一个，或发送 /cancel：",
      noCountry: "我不认识“Narnia”这个国家或地区。",
      newZealand: "🇳🇿 新西兰",
      region: "所有者所在的州",
      noBack: "这是第一个问题，没有上一个可以返回。",
      unknown: "我不认识 qqqqqqqq。",
      readOnly: "你的 API 密钥是只读的，提醒无法用它交易。",
      buy: "买入 BTC",
      above: "▲ 高于",
      unconfirmed: "“Hot wallet”正在等待邮件确认",
      typed: ["比特币", "妈妈", "个人钱包", "其他", "Electrum", "别人的", "个人"],
    },
  ];
  type Chat = Awaited<ReturnType<typeof tb.trader>>["chat"];
  const labels = (output: { buttons: { text: string }[][] } | undefined) =>
    output?.buttons.flat().map((b) => b.text) ?? [];
  async function speak(chat: Chat, language: string): Promise<void> {
    if (language === "en") return;
    await chat.send("/settings");
    await chat.press("Language");
    await chat.press("简体中文");
  }

  it.each(LANGUAGES)("$language: a country not known, with the countries again", async (words) => {
    const { chat } = await tb.trader({ AUD: "10" });
    await speak(chat, words.language);
    await chat.send("/addresses");
    await chat.press(words.language === "en" ? "➕ Add address" : "➕ 添加地址");
    const [asset, label, ...choices] = words.typed as [string, string, ...string[]];
    await chat.send(asset);
    await chat.send("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
    await chat.send(label);
    for (const typed of choices) await chat.send(typed);
    await chat.send("Jane Citizen");
    const refusal = (await chat.send("Narnia")).at(-1);
    expect(refusal?.plainText, chat.transcript()).toContain(words.noCountry);
    expect(refusal?.plainText.endsWith(`\n${words.pickAgain}`)).toBe(true);
    expect(labels(refusal)).toEqual(expect.arrayContaining([words.newZealand]));
    expect(lastText(await chat.press(words.newZealand))).toContain(words.region);
  });

  it.each(LANGUAGES)("$language: Back at the first question, with its assets again", async (words) => {
    const { chat } = await tb.trader({ AUD: "10" });
    await speak(chat, words.language);
    await chat.send("/addresses");
    await chat.press(words.language === "en" ? "➕ Add address" : "➕ 添加地址");
    const refusal = (await chat.send("/back")).at(-1);
    expect(refusal?.plainText).toBe(`${words.noBack}\n${words.pickAgain}`);
    expect(labels(refusal).slice(0, 2)).toEqual(["BTC", "ETH"]);
  });

  it.each(LANGUAGES)("$language: a word naming no asset, with the asset buttons again", async (words) => {
    const { chat } = await tb.trader({ AUD: "10" });
    await speak(chat, words.language);
    await chat.send("/alert");
    const refusal = (await chat.send("qqqqqqqq")).at(-1);
    expect(refusal?.plainText).toBe(`${words.unknown}\n${words.pickAgain}`);
    expect(labels(refusal).slice(0, 2)).toEqual(["BTC", "ETH"]);
  });

  it.each(LANGUAGES)("$language: a read-only key's Buy, with the actions again", async (words) => {
    const chat = tb.chat();
    const account = tb.ex.account({ AUD: "1000" });
    await tb.app.deps.accounts.connect(chat.user.id, account.readOnlyKey);
    await speak(chat, words.language);
    await chat.send("/alert");
    await chat.press("BTC");
    await chat.send("100000");
    await chat.press(words.above);
    const refusal = (await chat.press(words.buy)).at(-1);
    expect(refusal?.plainText).toContain(words.readOnly);
    expect(refusal?.plainText.endsWith(`\n${words.pickAgain}`)).toBe(true);
    expect(labels(refusal)).toEqual(expect.arrayContaining([words.buy]));
  });

  it.each(LANGUAGES)(
    "$language: an address waiting for its email, with the destinations again",
    async (words) => {
      const { chat, account } = await withdrawer(tb, { BTC: "1" });
      const address = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
      await saveAddress(tb, account, { asset: "BTC", address, label: "Cold wallet" });
      await saveAddress(tb, account, { asset: "BTC", address, label: "Hot wallet" }, false);
      await speak(chat, words.language);
      await chat.send("/withdraw");
      await chat.press("BTC");
      const refusal = (await chat.press("⏳ Hot wallet")).at(-1);
      expect(refusal?.plainText).toContain(words.unconfirmed);
      expect(refusal?.plainText.endsWith(`\n${words.pickAgain}`)).toBe(true);
      expect(labels(refusal)).toEqual(expect.arrayContaining(["Cold wallet", "⏳ Hot wallet"]));
    },
  );
});

describe("every guided flow completed by typing only", () => {
  const all = (outputs: { plainText: string }[]) => outputs.map((o) => o.plainText).join("\n");

  it("an alert: asset by name, level, side and action in words, summary confirmed with 'confirm'", async () => {
    const { chat } = await tb.trader({ AUD: "1000" });
    await chat.send("/alert");
    await chat.send("solana");
    await chat.send("150");
    await chat.send("below");
    await chat.send("alert only");
    const summary = all(await chat.send("continue"));
    expect(summary).toContain("SOL");
    expect(all(await chat.send("confirm"))).toMatch(/Alert #\d+ created\./);
  });

  it("a new address: every question answered by typing, saved with 'save'", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    await chat.send("/addresses");
    await chat.send("add address");
    await chat.send("bitcoin");
    await chat.send("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
    await chat.send("Cold wallet");
    await chat.send("personal wallet");
    await chat.send("ledger");
    const summary = all(await chat.send("mine"));
    expect(summary).toContain("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
    await chat.send("save");
    const entries = (await tb.ex.client(account.readWriteKey).addressBook.list()).results;
    expect(entries.map((entry) => entry.label)).toEqual(["Cold wallet"]);
  });

  it("a withdrawal: asset, address and amount typed, confirmed with 'yes', then the 2FA code", async () => {
    const { chat, account } = await withdrawer(tb, { BTC: "1" }, "654321");
    await saveAddress(tb, account, {
      asset: "BTC",
      address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      label: "Cold wallet",
    });
    await chat.send("withdraw bitcoin");
    await chat.send("cold wallet");
    expect(all(await chat.send("0.01"))).toContain("0.01 BTC");
    expect(all(await chat.send("yes"))).toMatch(/2FA/);
    await chat.send("654321");
    const [withdrawal] = await withdrawalsOf(tb, account, "BTC");
    expect(Number(withdrawal?.amount)).toBe(0.01);
  });
});

describe("plain requests", () => {
  it("an asset alone, or asked for, shows its price card", async () => {
    const chat = tb.chat();
    expect(lastText(await chat.send("btc"))).toMatch(/^Prices in AUD\nBTC Bitcoin/);
    expect(lastText(await chat.send("price of ethereum?"))).toMatch(/^Prices in AUD\nETH/);
    const zh = tb.chat({ languageCode: "zh" });
    expect(lastText(await zh.send("比特币价格"))).toMatch(/^澳元价格\nBTC/);
  });

  it("a trade request ends at the same quote as its command, nothing placed", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000", ETH: "2" });
    expect(lastText(await chat.send("sell 0.5 eth"))).toContain("You sell: 0.5 ETH");
    expect(lastText(await chat.send("buy 0.001 btc"))).toContain("You get: 0.001 BTC");
    expect(lastText(await chat.send("卖出 0.5 个以太坊"))).toContain("0.5 ETH");
    expect(lastText(await chat.send("swap 0.1 eth to btc"))).toContain("0.1 ETH");
    expect((await tb.ex.client(account.readWriteKey).swaps.list()).results).toHaveLength(0);
  });

  it("commands take assets by name too: /buy bitcoin 100, /alert ether above 6000, /swap 比特币 以太坊 0.001", async () => {
    const { chat } = await tb.trader({ AUD: "1000", BTC: "1" });
    expect(lastText(await chat.send("/buy bitcoin 100"))).toContain("Buy BTC");
    expect(lastText(await chat.send("/alert ether above 6000"))).toContain("ETH");
    expect(lastText(await chat.send("/swap 比特币 以太坊 0.001"))).toContain("0.001 BTC");
    expect(lastText(await chat.send("/sell btc 0.001 btc"))).toContain("You sell: 0.001 BTC");
  });

  it("an alert request ends at the alert summary", async () => {
    const { chat } = await tb.trader({ AUD: "1000" });
    const summary = lastText(await chat.send("tell me when sol goes under 1"));
    expect(summary).toContain("SOL");
    expect(summary).toMatch(/below/i);
  });

  it("a command's name with a slip runs it when no other is as near", async () => {
    const { chat } = await tb.trader({ AUD: "5" });
    expect(lastText(await chat.send("balanse"))).toContain("AUD");
    // Two letters swapped count as one slip.
    expect(lastText(await chat.send("my alrets"))).toBe(lastText(await chat.send("/alerts")));
    expect(lastText(await chat.send("show histroy"))).toBe(lastText(await chat.send("/history")));
    // With the rest of a request: read with the name put right.
    expect(lastText(await chat.send("histroy btc"))).toBe(lastText(await chat.send("/history btc")));
    // A quote on screen dies with the command the slip runs, as with any command.
    const quote = (await chat.send("/buy BTC 1")).at(-1);
    const confirm = quote?.buttons.flat().find((b) => b.text === "Confirm")?.data as string;
    expect(confirm).toBeDefined();
    await chat.send("balanse");
    await tb.app.bot.handleUpdate(
      tb.fake.callback(chat.user, chat.chat, quote?.messageId as number, confirm),
    );
    expect(
      (tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined)?.text,
    ).toContain("expired");
    // "alerst" is one slip from "alerts" and one from "alert": asked, not run.
    const two = (await chat.send("alerst")).at(-1);
    expect(two?.plainText).toContain("I don't understand alerst");
    expect(two?.buttons.flat().map((b) => b.text.split(":")[0])).toEqual(
      expect.arrayContaining(["/alerts", "/alert"]),
    );
  });

  it("what is not understood gets the closest commands as buttons, which run them", async () => {
    const { chat } = await tb.trader({ AUD: "5" });
    const answer = (await chat.send("chek the balanse now")).at(-1);
    expect(answer?.plainText).toContain("I don't understand chek the balanse now");
    const offered = answer?.buttons.flat().map((b) => b.text) ?? [];
    expect(offered[0]).toMatch(/^\/balance: /);
    expect(lastText(await chat.press(offered[0] as string))).toContain("AUD");
  });
});
