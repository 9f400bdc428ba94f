/** /start, /help, /balance, /price, /settings and /cancel as chats against the sandbox. */
import { describe, expect, it } from "vitest";
import { MENU_COMMANDS, setCommandMenu } from "../../src/bot/flow-kit/commands.ts";
import { createI18n } from "../../src/bot/pipeline/i18n.ts";
import { Dec, toDec } from "../../src/exchange/index.ts";
import { parseKeyring } from "../../src/vault/keyring.ts";
import { createVault } from "../../src/vault/vault.ts";
import { startTestBot } from "../support/bot.ts";
import { placeSwap } from "../support/exchange.ts";

const tb = await startTestBot();

/** A chat whose user is connected to a fresh sandbox account holding `balances`. */
async function connectedChat(balances: Record<string, string>, languageCode?: string) {
  const chat = tb.chat(languageCode ? { languageCode } : {});
  const account = tb.ex.account(balances);
  await tb.app.deps.accounts.connect(chat.user.id, account.readWriteKey);
  return { chat, account };
}

/** "$12,345.67" -> "12345.67" */
function money(text: string): string {
  return text.replace(/[^0-9.-]/g, "");
}

describe("/start and /help", () => {
  it("welcomes a new user with how to connect, and a connected one differently", async () => {
    const chat = tb.chat({ firstName: "<Zoë & co>" });
    const welcome = (await chat.send("/start")).at(-1);
    expect(welcome?.plainText).toContain("Welcome, <Zoë & co>!");
    expect(welcome?.plainText).toContain("/connect");
    const { chat: connected } = await connectedChat({ AUD: "1" });
    expect((await connected.send("/start")).at(-1)?.plainText).toContain("Welcome back");
  });

  it("/help lists every command", async () => {
    const help = (await tb.chat().send("/help")).at(-1)?.plainText ?? "";
    for (const command of [
      "/balance",
      "/price",
      "/connect",
      "/disconnect",
      "/settings",
      "/cancel",
      "/help",
    ]) {
      expect(help).toContain(command);
    }
  });

  it("an unknown command gets a pointer to /help", async () => {
    expect((await tb.chat().send("/frobnicate")).at(-1)?.plainText).toContain("/help");
  });
});

describe("/balance", () => {
  it("shows AUD cash, each holding with its value, and a total equal to the sandbox's", async () => {
    const { chat, account } = await connectedChat({ AUD: "1500.5", BTC: "0.25", ETH: "2" });
    const reply = (await chat.send("/balance")).at(-1);
    const text = reply?.plainText ?? "";
    expect(text).toContain("AUD cash: $1,500.50");
    expect(text).toMatch(/BTC: 0\.25 ≈ \$[\d,]+\.\d\d/);
    expect(text).toMatch(/ETH: 2 ≈ \$[\d,]+\.\d\d/);

    // The same figures straight from the exchange.
    const client = tb.ex.client(account.readWriteKey);
    const stats = await client.portfolio.stats({ overall: true });
    const crypto = toDec(stats.results[0]?.overall?.overall_aud_wallet_value ?? "0");
    const expected = crypto.plus("1500.5").toDecimalPlaces(2, Dec.ROUND_HALF_EVEN).toFixed(2);
    const total = /Total value: (\S+)/.exec(text)?.[1] ?? "";
    expect(money(total)).toBe(expected);
    const btcValue = /BTC: 0\.25 ≈ (\S+)/.exec(text)?.[1] ?? "";
    const btcStats = stats.results[0]?.assets.find((a) => a.asset === "BTC");
    expect(money(btcValue)).toBe(
      toDec(btcStats?.approximate_value ?? "0")
        .toDecimalPlaces(2, Dec.ROUND_HALF_EVEN)
        .toFixed(2),
    );

    expect(text).toMatch(/Updated \d\d:\d\d:\d\d \S+ \(Australia\/Sydney\)/);
    expect(reply?.buttons.flat().map((b) => b.text)).toEqual(["Refresh"]);
  });

  it("Refresh edits the same message in place with the new figures", async () => {
    const { chat } = await connectedChat({ AUD: "100", SOL: "10" });
    const first = (await chat.send("/balance")).at(-1);
    tb.ex.sb.setPrice("SOL", "1000");
    const outputs = await chat.press("Refresh");
    const edit = outputs.find((o) => o.kind === "edit");
    expect(edit?.messageId).toBe(first?.messageId);
    expect(edit?.plainText).toMatch(/SOL: 10 ≈ \$9,9\d\d\.\d\d/);
    expect(outputs.some((o) => o.kind === "callback_answer")).toBe(true);
  });

  it("Refresh pressed again within a moment answers with a word and reads nothing more", async () => {
    const { chat, account } = await connectedChat({ AUD: "100", SOL: "10" });
    const first = (await chat.send("/balance")).at(-1);
    const requests = async () =>
      (
        (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as {
          requests: unknown[];
        }
      ).requests.length;
    tb.ex.sb.setPrice("SOL", "1200");
    expect((await chat.press("Refresh")).some((o) => o.kind === "edit")).toBe(true);
    const afterOne = await requests();
    for (let press = 0; press < 4; press++) {
      const outputs = await chat.press("Refresh");
      expect(outputs.filter((o) => o.kind === "edit" || o.kind === "message")).toEqual([]);
      const answer = tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined;
      expect(answer?.text).toBe("Refreshed a moment ago: this is the latest.");
    }
    expect(await requests()).toBe(afterOne);
    // A second on (the gap's key gone), a press reads again.
    await tb.redis.del(`${tb.prefix}cooldown:refresh:${chat.user.id}:${first?.messageId}`);
    tb.ex.sb.setPrice("SOL", "1300");
    expect((await chat.press("Refresh")).some((o) => o.kind === "edit")).toBe(true);
    expect(await requests()).toBeGreaterThan(afterOne);
  });

  it("day and total returns show with signs and percentages after a trade", async () => {
    const { chat, account } = await connectedChat({ AUD: "1000" });
    await placeSwap(tb.ex.client(account.readWriteKey), "AUD", "LTC", "500");
    const text = (await chat.send("/balance")).at(-1)?.plainText ?? "";
    expect(text).toMatch(/Today: [+-]?\$[\d,.]+ \([+-]?[\d.]+% of the whole account, AUD cash included\)/);
    expect(text).toMatch(/Your crypto today: [+-]?[\d.]+% \(AUD cash left out\)/);
    expect(text).toMatch(/Your crypto all time: [+-]?\$[\d,.]+ \([+-]?[\d.]+% on what it cost\)/);
  });

  it("a read-only key still sees its balance", async () => {
    const chat = tb.chat();
    const account = tb.ex.account({ AUD: "77" });
    const connected = await chat.send(`/connect ${account.readOnlyKey}`);
    expect(connected.at(-1)?.plainText).toContain("read-only");
    expect((await chat.send("/balance")).at(-1)?.plainText).toContain("$77.00");
  });

  it("the exchange unreachable or busy is said plainly", async () => {
    const { chat } = await connectedChat({ AUD: "1" });
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: "/api/private/balances/",
      status: 429,
      count: 1,
      retry_after: 600,
    });
    expect((await chat.send("/balance")).at(-1)?.plainText).toContain("busy. Try again in 600 s");
  });

  it("a key the exchange no longer accepts: the user is told to reconnect", async () => {
    const chat = tb.chat();
    // As if the key had been revoked in the web app after it was connected.
    const vault = createVault({
      redis: tb.redis,
      keyring: parseKeyring(tb.vaultKeys),
      prefix: `${tb.prefix}vault:`,
    });
    await vault.put(chat.user.id, "api_key", "sbx_rw_revokedrevokedrevokedrevoked00");
    expect((await chat.send("/balance")).at(-1)?.plainText).toContain("no longer valid. Send /connect");
  });
});

describe("/price", () => {
  it("named assets get buy and sell prices; unknown ones are named", async () => {
    tb.ex.sb.setPrice("BTC", "150000");
    const text = (await tb.chat().send("/price btc eth NOPE")).at(-1)?.plainText ?? "";
    expect(text).toMatch(/BTC Bitcoin: buy \$150,\d{3}\.\d\d · sell \$149,\d{3}\.\d\d/);
    expect(text).toContain("ETH");
    expect(text).toContain("I don't know NOPE");
  });

  it("an unknown code gets the closest listed assets, by code or name, and how to see them all", async () => {
    const say = async (text: string) => (await tb.chat().send(text)).at(-1)?.plainText ?? "";
    const typo = await say("/price ETHH");
    expect(typo).toContain("I don't know ETHH. Did you mean ETH (Ethereum)?");
    expect(typo).toContain("/price all lists every asset.");
    expect(await say("/price bitcon")).toContain("I don't know BITCON. Did you mean BTC (Bitcoin)?");
    // TRX sorts last: a list cut at twelve codes left it out.
    expect(await say("/price TRXX")).toContain("Did you mean TRX (TRON)?");
    expect(await say("/price QQQQQQ")).toBe("I don't know QQQQQQ.\n/price all lists every asset.");
  });

  it("assets by name in any case, alias or Chinese name; several words of one name are one", async () => {
    const say = async (text: string) => (await tb.chat().send(text)).at(-1)?.plainText ?? "";
    expect(await say("/price bitcoin")).toMatch(/^Prices in AUD\nBTC Bitcoin: buy/);
    expect(await say("/price Bitcoin, ether")).toMatch(/BTC Bitcoin: buy[^\n]*\nETH Ethereum: buy/);
    expect(await say("/price 比特币")).toMatch(/BTC Bitcoin: buy/);
    expect(await say("/price usd coin")).toMatch(/^Prices in AUD\nUSDC USD Coin: buy/);
  });

  it("/price all lists every asset the exchange prices", async () => {
    const text = (await tb.chat().send("/price all")).at(-1)?.plainText ?? "";
    expect(text).toContain("All 14 assets");
    for (const code of ["ADA (Cardano)", "BTC (Bitcoin)", "TRX (TRON)", "USDC (USD Coin)"])
      expect(text).toContain(code);
  });

  it("cards of the same second in other languages and zones are each their own; a new price shows", async () => {
    // The card's lines are kept per language for a ticker reading, and the "updated" line per zone and
    // second: neither may leak into another user's card.
    const en = tb.chat();
    const zh = tb.chat({ languageCode: "zh" });
    const london = tb.chat();
    await london.send("/settings");
    await london.press("Time zone");
    await london.send("Europe/London");
    const card = async (chat: ReturnType<typeof tb.chat>) =>
      (await chat.send("/price btc")).at(-1)?.plainText;
    const [inEnglish, inChinese, inLondon] = [await card(en), await card(zh), await card(london)];
    expect(inEnglish).toMatch(
      /^Prices in AUD\nBTC Bitcoin: buy \$[\d,.]+ · sell \$[\d,.]+\n\n.+\(Australia\/Sydney\)/,
    );
    expect(inChinese).toMatch(
      /^澳元价格\nBTC Bitcoin：买入 \S+ · 卖出 \S+\n\n参考价格，.+（Australia\/Sydney）/,
    );
    expect(inLondon).toMatch(/^Prices in AUD\nBTC Bitcoin: .+\n\n.+\(Europe\/London\)/);

    // The shared ticker is read again within a second; the next card has the new price (the bound is
    // generous for a loaded machine).
    tb.ex.sb.setPrice("BTC", "200000");
    const deadline = Date.now() + 10_000;
    let after = await card(en);
    while (!/buy \$200,\d{3}\.\d\d · sell \$199,\d{3}\.\d\d/.test(after ?? "") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await card(en);
    }
    expect(after).toMatch(/BTC Bitcoin: buy \$200,\d{3}\.\d\d · sell \$199,\d{3}\.\d\d/);
  });

  it("without arguments shows a short top list", async () => {
    const text = (await tb.chat().send("/price")).at(-1)?.plainText ?? "";
    for (const code of ["BTC", "ETH", "SOL"]) expect(text).toContain(code);
  });
});

describe("/settings", () => {
  it("switching to Chinese changes the menu, the replies, and the language inside conversations", async () => {
    const chat = tb.chat();
    await chat.send("/settings");
    await chat.press("Language");
    const switched = await chat.press("简体中文");
    expect(switched.find((o) => o.kind === "edit")?.plainText).toContain("语言：简体中文");
    expect((await chat.send("/help")).at(-1)?.plainText).toContain("命令");

    // The time-zone question is a conversation: it must speak Chinese too.
    await chat.send("/settings");
    const ask = await chat.press("时区");
    expect(ask.find((o) => o.kind === "message")?.plainText).toContain("你在哪里");
    const bad = await chat.send("Mars/Olympus_Mons");
    expect(bad.at(-1)?.plainText).toContain("我不认识时区");
    const saved = await chat.send("Australia/Perth");
    expect(saved.at(-1)?.plainText).toContain("时区已设为 Australia/Perth");
  });

  it("a time zone is picked by a city, a country or an abbreviation, in either language, or from buttons", async () => {
    const zoneOf = async (chat: ReturnType<typeof tb.chat>, typed: string) => {
      await chat.send("/settings");
      const asked = await chat.press(chat.user.language_code === "zh" ? "时区" : "Time zone");
      expect(asked.at(-1)?.buttons.flat().length).toBeGreaterThan(5);
      last = (await chat.send(typed)).at(-1);
      return last?.plainText ?? "";
    };
    let last: Awaited<ReturnType<ReturnType<typeof tb.chat>["send"]>>[number] | undefined;
    const chat = tb.chat();
    for (const [typed, zone] of [
      ["Perth", "Australia/Perth"],
      ["hobart", "Australia/Hobart"],
      ["Darwin", "Australia/Darwin"],
      ["Singapore", "Asia/Singapore"],
      ["london", "Europe/London"],
      ["AWST", "Australia/Perth"],
      ["上海", "Asia/Shanghai"],
      ["europe/paris", "Europe/Paris"],
    ]) {
      expect(await zoneOf(chat, typed as string)).toMatch(
        new RegExp(`^Time zone set to ${zone}: it is \\d\\d:\\d\\d:\\d\\d`),
      );
    }
    // Several zones fit: only those are offered, and a press picks one.
    expect(await zoneOf(chat, "AEST")).toContain("“AEST” fits several time zones. Which one?");
    expect(last?.buttons.flat().map((b) => b.text)).toEqual(["Brisbane", "Sydney", "Cancel"]);
    expect((await chat.press("Brisbane")).at(-1)?.plainText).toContain("Time zone set to Australia/Brisbane");
    // A slip of the key is not taken, but offered.
    expect(await zoneOf(chat, "Sydeny")).toContain(
      "I don't know the time zone “Sydeny”. Did you mean one of these?",
    );
    expect((await chat.press("Sydney")).at(-1)?.plainText).toContain("Time zone set to Australia/Sydney");
    // The capitals are buttons from the start; Cancel keeps the zone.
    await chat.send("/settings");
    await chat.press("Time zone");
    expect((await chat.press("Adelaide")).at(-1)?.plainText).toContain("Time zone set to Australia/Adelaide");
    await chat.send("/settings");
    await chat.press("Time zone");
    const kept = await chat.press("Cancel");
    expect(kept.at(-1)?.plainText).toBe("Time zone unchanged: Australia/Adelaide.");

    // In Chinese: Chinese names, and a guess from the language offered first.
    const zh = tb.chat({ languageCode: "zh" });
    await zh.send("/settings");
    const asked = await zh.press("时区");
    expect(asked.at(-1)?.buttons.flat()[0]?.text).toBe("上海");
    expect((await zh.send("澳大利亚")).at(-1)?.plainText).toContain("对应多个时区");
    expect((await zh.press("珀斯")).at(-1)?.plainText).toContain("时区已设为 Australia/Perth");
    expect(await zoneOf(zh, "新加坡")).toContain("时区已设为 Asia/Singapore");
  });

  it("the chosen time zone shows on /balance; alerts level is saved", async () => {
    const { chat } = await connectedChat({ AUD: "5" });
    await chat.send("/settings");
    await chat.press("Time zone");
    await chat.send("Europe/London");
    expect((await chat.send("/balance")).at(-1)?.plainText).toContain("(Europe/London)");
    await chat.send("/settings");
    await chat.press("Alerts");
    const saved = await chat.press("silent");
    expect(saved.find((o) => o.kind === "edit")?.plainText).toContain("Alert notifications: silent");
  });

  it("a command while the time-zone question is open leaves it and runs", async () => {
    const chat = tb.chat();
    await chat.send("/settings");
    await chat.press("Time zone");
    const help = await chat.send("/help");
    expect(help.at(-1)?.plainText).toContain("Commands");
    // The question is gone: a zone name is now just text.
    expect((await chat.send("Asia/Tokyo")).at(-1)?.plainText).toContain("I don't understand");
  });
});

describe("/cancel", () => {
  it("leaves the time-zone question and a pending /connect; says when there is nothing", async () => {
    const chat = tb.chat();
    expect((await chat.send("/cancel")).at(-1)?.plainText).toContain("nothing to cancel");
    await chat.send("/settings");
    await chat.press("Time zone");
    expect((await chat.send("/cancel")).at(-1)?.plainText).toContain("Cancelled");
    await chat.send("/connect");
    expect((await chat.send("/cancel")).at(-1)?.plainText).toContain("Cancelled");
    // The next message is not taken as a key any more (it would be deleted as one that looks wrong).
    const after = await chat.send("not my key");
    expect(after.map((o) => o.kind)).toEqual(["message"]);
    expect(after[0]?.plainText).toContain("I don't understand");
  });
});

describe("Telegram itself", () => {
  it("the command menu is set in every language", async () => {
    await setCommandMenu(tb.app.bot.api, createI18n());
    const english = tb.fake.commands(undefined, "en");
    expect(english.map((c) => c.command)).toEqual([...MENU_COMMANDS]);
    expect(tb.fake.commands(undefined, "zh").find((c) => c.command === "balance")?.description).toBe(
      "余额与资产总值",
    );
    expect(tb.fake.commands().find((c) => c.command === "balance")?.description).toBe(
      "Balances and portfolio value",
    );
  });

  it("a 429 from Telegram inside a conversation is waited out and retried", async () => {
    const chat = tb.chat();
    await chat.send("/settings");
    await chat.press("Time zone");
    tb.fake.failNext("sendMessage", { error_code: 429, parameters: { retry_after: 1 } });
    const outputs = await chat.send("Atlantis/Capital");
    expect(outputs.at(-1)?.plainText).toContain("I don't know the time zone");
    const attempts = tb.fake
      .callsTo("sendMessage")
      .filter((c) => JSON.stringify(c.payload).includes("Atlantis"));
    expect(attempts).toHaveLength(2);
  });
});
