/**
 * Swaps as chats: buy, sell and crypto swaps with arguments and guided, spend and receive modes, the
 * market moving, a stale quote, the double-tap race, error and slow outcomes, cancel at every step, the
 * checks made before any call, and /swaps. The sandbox settles instantly unless a test says otherwise;
 * the follow-up job polls every 20 ms for 300 ms (see test/support/bot.ts).
 */
import { describe, expect, it } from "vitest";
import { SWAP_STATUS, toDec } from "../../src/exchange/index.ts";
import type { ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import { placeSwap, type TestAccount } from "../support/exchange.ts";

const tb = await startTestBot();
// Generous: background follow-ups run on real timers; 10 s leaves room on a loaded 2-core machine.
const FOLLOW_UP_MS = 10_000;

async function swapsOf(account: TestAccount) {
  return (await tb.ex.client(account.readWriteKey).swaps.list()).results;
}

function buttons(output: { buttons: { text: string }[][] } | undefined): string[] {
  return output?.buttons.flat().map((b) => b.text) ?? [];
}

/** Presses Confirm and waits until the message shows the final result. */
async function confirmAndSettle(chat: ChatDriver): Promise<string> {
  const outputs = await chat.press("Confirm");
  const done = outputs.find((o) => /done|failed|rejected/.test(o.plainText));
  if (done) return done.plainText;
  return (await chat.waitForOutput((o) => /done|failed|rejected/.test(o.plainText), FOLLOW_UP_MS)).plainText;
}

describe("with arguments", () => {
  it("/buy BTC 100: the quote, then Confirm places it and the message becomes the result", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    const quote = (await chat.send("/buy BTC 100")).at(-1);
    expect(quote?.plainText).toContain("Buy BTC");
    expect(quote?.plainText).toContain("You spend: $100.00");
    expect(quote?.plainText).toMatch(/You get: 0\.\d+ BTC/);
    expect(quote?.plainText).toMatch(/Price: \$[\d,]+\.\d\d per BTC/);
    expect(quote?.plainText).toContain("Fee: $0.50");
    expect(quote?.plainText).toMatch(/holds for 30 s/);
    expect(buttons(quote)).toEqual(["Confirm", "Change amount", "Cancel"]);

    const result = await confirmAndSettle(chat);
    expect(result).toMatch(/Swap #\d+ done/);
    expect(result).toContain("Spent: $100.00");
    const [swap] = await swapsOf(account);
    expect(swap?.status).toBe(SWAP_STATUS.PROCESSED);
    expect(result).toContain(`Bought: ${swap?.bought_amount} BTC`);
    expect(toDec((await tb.ex.client(account.readWriteKey).balances.get("AUD")).total).equals(900)).toBe(
      true,
    );
  });

  it("/sell ETH 0.5 sells that quantity", async () => {
    const { chat, account } = await tb.trader({ ETH: "2" });
    const quote = (await chat.send("/sell eth 0.5")).at(-1);
    expect(quote?.plainText).toContain("Sell ETH");
    expect(quote?.plainText).toContain("You sell: 0.5 ETH");
    expect(quote?.plainText).toMatch(/You get: \$[\d,]+\.\d\d/);
    const result = await confirmAndSettle(chat);
    expect(result).toContain("Sold: 0.5 ETH");
    expect(result).toMatch(/Received: \$[\d,]+\.\d\d/);
    expect((await tb.ex.client(account.readWriteKey).balances.get("ETH")).total).toBe("1.5");
  });

  it("/swap BTC SOL 0.01 swaps crypto for crypto", async () => {
    const { chat, account } = await tb.trader({ BTC: "0.1" });
    const quote = (await chat.send("/swap BTC SOL 0.01")).at(-1);
    expect(quote?.plainText).toContain("Swap BTC → SOL");
    expect(quote?.plainText).toMatch(/Price: [\d.]+ BTC per SOL/);
    expect(quote?.plainText).toContain("You sell: 0.01 BTC");
    const result = await confirmAndSettle(chat);
    expect(result).toContain("Swapped: 0.01 BTC");
    expect(result).toMatch(/Received: [\d.]+ SOL/);
    expect((await swapsOf(account))[0]?.dst_asset).toBe("SOL");
  });
});

describe("guided", () => {
  it("/buy: pick the asset, take 25 % of the balance, confirm", async () => {
    const { chat } = await tb.trader({ AUD: "400" });
    const picker = (await chat.send("/buy")).at(-1);
    expect(picker?.plainText).toContain("What would you like to buy?");
    expect(buttons(picker)).toContain("BTC");
    const ask = (await chat.press("ETH")).find((o) => o.kind === "message");
    expect(ask?.plainText).toContain("How much AUD would you like to spend? You have $400.00");
    expect(buttons(ask)).toEqual(["25%", "50%", "100%", "Say how much ETH to buy", "Cancel"]);
    const quote = (await chat.press("25%")).find((o) => o.plainText.includes("Buy ETH"));
    expect(quote?.plainText).toContain("You spend: $100.00");
    expect(await confirmAndSettle(chat)).toContain("Spent: $100.00");
  });

  it("receive mode: say how much to get; the swap delivers exactly that", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    await chat.send("/buy");
    await chat.press("SOL");
    const receive = (await chat.press("Say how much SOL to buy")).find((o) => o.kind === "edit");
    expect(receive?.plainText).toContain("How much SOL would you like to buy?");
    expect(buttons(receive)).toEqual(["Say how much AUD to spend", "Cancel"]);
    const quote = (await chat.send("2")).at(-1);
    expect(quote?.plainText).toContain("You get: 2 SOL");
    expect(await confirmAndSettle(chat)).toContain("Bought: 2 SOL");
    const [swap] = await swapsOf(account);
    expect(toDec(swap?.req_get_amount ?? "0").equals(2)).toBe(true);
  });

  it("/swap: pick from holdings, then the target; a typed amount", async () => {
    const { chat } = await tb.trader({ ETH: "1", AUD: "5" });
    const from = (await chat.send("/swap")).at(-1);
    expect(from?.plainText).toContain("swap from?");
    expect(buttons(from)).toEqual(["ETH", "Cancel"]);
    const to = (await chat.press("ETH")).find((o) => o.kind === "message");
    expect(to?.plainText).toContain("Swap ETH for which crypto?");
    expect(buttons(to)).not.toContain("ETH");
    const ask = (await chat.press("BTC")).find((o) => o.kind === "message");
    expect(ask?.plainText).toContain("How much ETH would you like to swap? You have 1 ETH.");
    expect(buttons(ask)).toContain("Say how much BTC to get");
    const bad = (await chat.send("lots")).at(-1);
    expect(bad?.plainText).toContain("“lots” is not an amount");
    const quote = (await chat.send("0.25")).at(-1);
    expect(quote?.plainText).toContain("Swap ETH → BTC");
    expect(await confirmAndSettle(chat)).toContain("Swapped: 0.25 ETH");
  });

  it("/sell with nothing to sell says so", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    expect((await chat.send("/sell")).at(-1)?.plainText).toContain("You hold no crypto to sell.");
  });
});

describe("one wait on the exchange for a guided amount", () => {
  const BALANCES = "/api/private/balances/";
  const ESTIMATE = "/api/private/swaps/estimate/";

  /** The account's last request to `path`, with its sandbox times. */
  async function lastRequest(account: TestAccount, path: string) {
    const log = (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as {
      requests: { method: string; path: string; received_ms: number; answered_ms: number }[];
    };
    const found = log.requests.filter((r) => r.path === path).at(-1);
    if (found === undefined) throw new Error(`no request to ${path}`);
    return found;
  }

  /** Holds the account's next balances read for `ms` (a sandbox fault), so overlapping calls show. */
  async function holdNextBalances(ms: number): Promise<void> {
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: BALANCES,
      delay_ms: ms,
      count: 1,
    });
  }

  // The hold is far longer than the bot needs to send a request, so the order of the sandbox's times
  // shows whether the estimate was asked for while the balances read was held, whatever the load.
  const HOLD_MS = 400;

  it("the estimate is asked for beside the fresh balances when the flow's balance covers the amount", async () => {
    const { chat, account } = await tb.trader({ AUD: "400" });
    await chat.send("/buy");
    await chat.press("ETH");
    await holdNextBalances(HOLD_MS);
    const quote = (await chat.send("100")).at(-1);
    expect(buttons(quote)).toContain("Confirm");
    const balances = await lastRequest(account, BALANCES);
    const estimate = await lastRequest(account, ESTIMATE);
    expect(estimate.received_ms).toBeLessThan(balances.answered_ms);
  });

  // An amount over the flow's balance costs no estimate at all: "checks before any call", guided.
  it("a command has no earlier balance: its estimate is asked for only once the fresh balance covers it", async () => {
    const { chat, account } = await tb.trader({ AUD: "400" });
    await holdNextBalances(HOLD_MS);
    expect(buttons((await chat.send("/buy ETH 100")).at(-1))).toContain("Confirm");
    const balances = await lastRequest(account, BALANCES);
    expect((await lastRequest(account, ESTIMATE)).received_ms).toBeGreaterThanOrEqual(balances.answered_ms);
  });
});

describe("the price the user saw, and only that", () => {
  it("the market moved: nothing is traded, the new estimate is shown, confirming again trades", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    tb.ex.sb.setPrice("XRP", "1.00");
    const first = (await chat.send("/buy XRP 100")).at(-1);
    expect(first?.plainText).toMatch(/Price: \$1\.00\d* per XRP/);
    tb.ex.sb.setPrice("XRP", "1.50");
    const outputs = await chat.press("Confirm");
    const requote = outputs.at(-1);
    expect(requote?.plainText).toContain("The market moved");
    expect(requote?.plainText).toMatch(/Price: \$1\.5\d* per XRP/);
    expect(buttons(requote)).toEqual(["Confirm", "Change amount", "Cancel"]);
    expect(await swapsOf(account)).toHaveLength(0);
    expect(await confirmAndSettle(chat)).toMatch(/done/);
    expect(await swapsOf(account)).toHaveLength(1);
  });

  it("a stale quote: Confirm re-estimates and asks again", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    await chat.send("/buy ADA 50");
    tb.advanceClock(31_000);
    const requote = (await chat.press("Confirm")).at(-1);
    expect(requote?.plainText).toContain("The quote had expired");
    expect(buttons(requote)).toContain("Confirm");
    expect(await swapsOf(account)).toHaveLength(0);
    expect(await confirmAndSettle(chat)).toMatch(/done/);
  });

  it("twenty concurrent taps on Confirm, and the same tap delivered again, create exactly one swap", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    const quote = (await chat.send("/buy LTC 100")).at(-1);
    const confirm = quote?.buttons.flat().find((b) => b.text === "Confirm");
    if (!quote || !confirm?.data) throw new Error("a Confirm button");
    const taps = Array.from({ length: 20 }, () =>
      tb.fake.callback(chat.user, chat.chat, quote.messageId, confirm.data as string),
    );
    await Promise.all(taps.map((update) => tb.app.bot.handleUpdate(update)));
    // The same press again, as Telegram redelivers it: a new update id, the same callback.
    await tb.app.bot.handleUpdate({ ...(taps[0] as object), update_id: 9_999_999 } as never);
    await chat.waitForOutput((o) => o.plainText.includes("done"), FOLLOW_UP_MS);
    expect(await swapsOf(account)).toHaveLength(1);
    expect(await tb.ex.writesOf(account, "/api/private/swaps/")).toBe(1);
    const answers = tb.fake
      .callsTo("answerCallbackQuery")
      .filter((c) => (c.payload as { text?: string }).text?.includes("expired"));
    expect(answers.length).toBeGreaterThanOrEqual(20);
  });
});

describe("outcomes", () => {
  it("an error status is explained and the balance is intact", async () => {
    const { chat, account } = await tb.trader({ AUD: "500" });
    await tb.ex.control("PUT", `/_sandbox/accounts/${account.accountId}/behaviour`, {
      swap_outcome: "error",
    });
    await chat.send("/buy BTC 100");
    expect(await confirmAndSettle(chat)).toMatch(/Swap #\d+ failed on the exchange. Nothing was taken/);
    expect(toDec((await tb.ex.client(account.readWriteKey).balances.get("AUD")).total).equals(500)).toBe(
      true,
    );
  });

  it("slow processing: the user is told, then gets the result when it settles", async () => {
    const { chat, account } = await tb.trader({ AUD: "500" });
    await tb.ex.control("PUT", `/_sandbox/accounts/${account.accountId}/behaviour`, {
      swap_settle_ms: 3_600_000,
    });
    await chat.send("/buy ETH 100");
    const placed = await chat.press("Confirm");
    expect(placed.some((o) => /Swap #\d+ is processing/.test(o.plainText))).toBe(true);
    const still = await chat.waitForOutput((o) => o.plainText.includes("still processing"), FOLLOW_UP_MS);
    expect(still.kind).toBe("edit");
    tb.ex.sb.advanceClock(3600);
    const late = await chat.waitForOutput(
      (o) => o.kind === "message" && o.plainText.includes("done"),
      FOLLOW_UP_MS,
    );
    expect(late.plainText).toContain("Spent: $100.00");
  });

  it("the follow-up cannot start (Redis down): the user is told the swap was placed, not that nothing happened", async () => {
    const { chat, account } = await tb.trader({ AUD: "500" });
    const watchSwap = tb.app.deps.watchSwap;
    tb.app.deps.watchSwap = async () => {
      throw new Error("Connection is closed.");
    };
    try {
      await chat.send("/buy BTC 50");
      const outputs = await chat.press("Confirm");
      expect(outputs.at(-1)?.plainText).toMatch(/Swap #\d+ was placed, but I can't follow it right now/);
      expect(outputs.some((o) => o.plainText.includes("Nothing was changed"))).toBe(false);
    } finally {
      tb.app.deps.watchSwap = watchSwap;
    }
    expect(await swapsOf(account)).toHaveLength(1);
  });
});

describe("cancel at every step", () => {
  it("at the asset picker, at the amount, on the quote, and with /cancel", async () => {
    const { chat, account } = await tb.trader({ AUD: "300", BTC: "0.1" });
    await chat.send("/buy");
    expect((await chat.press("Cancel")).some((o) => o.plainText.includes("Cancelled"))).toBe(true);

    await chat.send("/sell");
    await chat.press("BTC");
    expect((await chat.press("Cancel")).some((o) => o.plainText.includes("Cancelled"))).toBe(true);

    await chat.send("/swap");
    expect((await chat.send("/cancel")).at(-1)?.plainText).toContain("Cancelled");
    expect((await chat.send("0.5")).at(-1)?.plainText).toContain("I don't understand");

    const quote = (await chat.send("/buy BTC 10")).at(-1);
    const confirmData = quote?.buttons.flat().find((b) => b.text === "Confirm")?.data as string;
    expect((await chat.press("Cancel")).some((o) => o.plainText.includes("Cancelled"))).toBe(true);
    // The quote's Confirm died with it, even if an old client still shows the button.
    await tb.app.bot.handleUpdate(
      tb.fake.callback(chat.user, chat.chat, quote?.messageId as number, confirmData),
    );
    const answer = tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string };
    expect(answer.text).toContain("expired");
    expect(await swapsOf(account)).toHaveLength(0);
  });

  it("Change amount asks again for the same assets", async () => {
    const { chat } = await tb.trader({ AUD: "300" });
    await chat.send("/buy DOGE 10");
    const ask = (await chat.press("Change amount")).find((o) => o.kind === "message");
    expect(ask?.plainText).toContain("How much AUD would you like to spend?");
    const quote = (await chat.send("20")).at(-1);
    expect(quote?.plainText).toContain("Buy DOGE");
    expect(quote?.plainText).toContain("You spend: $20.00");
  });
});

describe("checks before any call", () => {
  it("bad amounts, unknown or equal assets, AUD where crypto is needed, over the balance, usage", async () => {
    const { chat, account } = await tb.trader({ AUD: "100", BTC: "0.01" });
    // Connecting probed the key with one estimate; none may follow from the checks below.
    const before = await tb.ex.writesOf(account, "/api/private/swaps/estimate/");
    const say = async (text: string) => (await chat.send(text)).at(-1)?.plainText ?? "";
    expect(await say("/buy BTC -5")).toContain("“-5” is not an amount");
    expect(await say("/buy BTC 0")).toContain("“0” is not an amount");
    expect(await say("/buy BTC 1e5")).toContain("is not an amount");
    expect(await say("/buy NOPE 10")).toContain("I don't know the asset NOPE");
    expect(await say("/swap BTC BTC 0.001")).toContain("can't swap BTC for itself");
    expect(await say("/sell AUD 10")).toContain("not AUD");
    expect(await say("/buy AUD 10")).toContain("not AUD");
    expect(await say("/buy BTC 1,000")).toContain("more than you have: $1,000.00 needed, $100.00 available");
    expect(await say("/sell BTC 1")).toContain("more than you have");
    expect(await say("/buy BTC 1 2 3")).toContain("Usage: /buy ASSET AMOUNT");
    expect(await say("/buy BTC 10 ETH")).toContain("Usage: /buy ASSET AMOUNT");
    // The asset alone goes to the guided amount question.
    expect(await say("/buy BTC")).toContain("How much AUD would you like to spend?");
    await say("/cancel");
    expect(await tb.ex.writesOf(account, "/api/private/swaps/estimate/")).toBe(before);
  });

  it("a read-only key is explained before anything is sent", async () => {
    const chat = tb.chat();
    const account = tb.ex.account({ AUD: "100" });
    await tb.app.deps.accounts.connect(chat.user.id, account.readOnlyKey);
    const before = await tb.ex.writesOf(account, "/api/private/swaps/estimate/");
    expect((await chat.send("/buy BTC 10")).at(-1)?.plainText).toContain("read-only, so I can't trade");
    expect((await chat.send("/sell")).at(-1)?.plainText).toContain("read-only");
    expect(await tb.ex.writesOf(account, "/api/private/swaps/estimate/")).toBe(before);
  });
});

describe("/swaps", () => {
  it("lists recent swaps with status icons, five per page, dated in the user's zone, amounts labelled", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000", ETH: "1" });
    const client = tb.ex.client(account.readWriteKey);
    for (let i = 0; i < 5; i++) await placeSwap(client, "AUD", "BTC", "10");
    await placeSwap(client, "ETH", "AUD", "0.1");
    await placeSwap(client, "ETH", "SOL", "0.1");
    await chat.send("/settings");
    await chat.press("Time zone");
    await chat.send("Europe/London");
    const first = (await chat.send("/swaps")).at(-1);
    expect(first?.plainText).toContain("Your swaps (page 1 of 2; times in Europe/London)");
    const [swapped, sold] = await swapsOf(account);
    // The date as London shows it ("24 Nov 2026, 09:32"), which Sydney never does at the same instant.
    const london = new Intl.DateTimeFormat("en-AU", {
      timeZone: "Europe/London",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(swapped?.created as Date);
    expect(first?.plainText).toContain(`✅ #${swapped?.id} · `);
    expect(first?.plainText).toMatch(
      new RegExp(
        `✅ #${swapped?.id} · \\d{1,2} \\w{3} \\d{4}, ${london} · swapped 0\\.1 ETH → received [\\d.]+ SOL · worth \\$[\\d,]+\\.\\d\\d`,
      ),
    );
    expect(first?.plainText).toMatch(
      new RegExp(`✅ #${sold?.id} · .+ · sold 0\\.1 ETH → received \\$[\\d,]+\\.\\d\\d$`, "m"),
    );
    expect(first?.plainText.match(/✅ #\d+ · .+ · spent \$10\.00 → bought 0\.\d+ BTC$/gm)).toHaveLength(3);
    expect(buttons(first)).toEqual(["Older ›"]);
    const second = (await chat.press("Older ›")).find((o) => o.kind === "edit");
    expect(second?.plainText).toContain("page 2 of 2");
    expect(buttons(second)).toEqual(["‹ Newer"]);
  });

  it("a swap still processing is worded as what was asked, not as done", async () => {
    const { chat, account } = await tb.trader({ AUD: "100" });
    await tb.ex.control("PUT", `/_sandbox/accounts/${account.accountId}/behaviour`, {
      swap_settle_ms: 3_600_000,
    });
    await placeSwap(tb.ex.client(account.readWriteKey), "AUD", "ETH", "20");
    expect((await chat.send("/swaps")).at(-1)?.plainText).toMatch(
      /⏳ #\d+ · .+ · spend \$20\.00 → buy ETH$/m,
    );
  });

  it("says when there are none", async () => {
    const { chat } = await tb.trader({ AUD: "1" });
    expect((await chat.send("/swaps")).at(-1)?.plainText).toContain("not made any swaps yet");
  });
});

describe("precision and the minimum, before any call", () => {
  it("/buy btc 0.001 says AUD takes cents, in plain words; other amounts by their asset's precision", async () => {
    const { chat, account } = await tb.trader({ AUD: "100", BTC: "0.01" });
    const before = await tb.ex.writesOf(account, "/api/private/swaps/estimate/");
    const say = async (text: string) => (await chat.send(text)).at(-1)?.plainText ?? "";
    const aud = await say("/buy btc 0.001");
    expect(aud).toContain("AUD amounts have at most 2 decimal places.");
    expect(aud).not.toMatch(/req_|Ensure/);
    expect(await say("/sell BTC 0.000000001")).toContain("BTC amounts have at most 8 decimal places.");
    expect(await say("/swap BTC ETH 0.123456789")).toContain("BTC amounts have at most 8 decimal places.");
    expect(await tb.ex.writesOf(account, "/api/private/swaps/estimate/")).toBe(before);
  });

  it("an order worth less than $1.00 is refused before any call; $1.00 gets a quote", async () => {
    const { chat, account } = await tb.trader({ AUD: "100", BTC: "0.01" });
    const before = await tb.ex.writesOf(account, "/api/private/swaps/estimate/");
    const say = async (text: string) => (await chat.send(text)).at(-1);
    expect((await say("/buy BTC 0.01"))?.plainText).toContain("The smallest order is worth $1.00.");
    // 0.000001 BTC is about $0.15.
    expect((await say("/sell BTC 0.000001"))?.plainText).toContain("The smallest order is worth $1.00.");
    expect((await say("/swap BTC ETH 0.000001"))?.plainText).toContain("smallest order");
    expect(await tb.ex.writesOf(account, "/api/private/swaps/estimate/")).toBe(before);
    expect(buttons(await say("/buy BTC 1"))).toContain("Confirm");
  });
});

describe("guided: every refused answer asks the same question again", () => {
  it("over the balance, too precise, too small and not a number all re-ask; then an amount is quoted", async () => {
    const { chat, account } = await tb.trader({ AUD: "400" });
    await chat.send("/buy");
    await chat.press("ETH");
    const before = await tb.ex.writesOf(account, "/api/private/swaps/estimate/");
    const say = async (text: string) => (await chat.send(text)).at(-1)?.plainText ?? "";
    expect(await say("5000")).toContain("more than you have: $5,000.00 needed, $400.00 available");
    expect(await say("0.001")).toContain("AUD amounts have at most 2 decimal places.");
    expect(await say("0.5")).toContain("The smallest order is worth $1.00.");
    expect(await say("abc")).toContain("“abc” is not an amount");
    expect(await tb.ex.writesOf(account, "/api/private/swaps/estimate/")).toBe(before);
    const quote = (await chat.send("100")).at(-1);
    expect(quote?.plainText).toContain("Buy ETH");
    expect(quote?.plainText).toContain("You spend: $100.00");
    expect(buttons(quote)).toContain("Confirm");
  });

  it("receive mode: more than the balance covers, known only from the estimate, re-asks too", async () => {
    const { chat } = await tb.trader({ AUD: "400" });
    await chat.send("/buy");
    await chat.press("SOL");
    await chat.press("Say how much SOL to buy");
    expect((await chat.send("1000")).at(-1)?.plainText).toContain("more than you have");
    expect((await chat.send("0.123456789")).at(-1)?.plainText).toContain(
      "SOL amounts have at most 8 decimal places.",
    );
    expect((await chat.send("1")).at(-1)?.plainText).toContain("You get: 1 SOL");
  });

  it("a share of a dust balance is refused and the question stays, buttons included", async () => {
    const { chat } = await tb.trader({ BTC: "0.000001" });
    await chat.send("/sell");
    const ask = (await chat.press("BTC")).find((o) => o.kind === "message");
    expect(ask?.plainText).toContain("How much BTC would you like to sell? You have 0.000001 BTC.");
    expect(buttons(ask)).toContain("Say how much AUD to get");
    expect((await chat.press("100%")).at(-1)?.plainText).toContain("The smallest order is worth $1.00.");
    expect((await chat.press("Cancel")).some((o) => o.plainText.includes("Cancelled"))).toBe(true);
  });
});

describe("/cancel and a quote on screen", () => {
  it("kills the quote: its message says so, its buttons go, and its Confirm is dead", async () => {
    const { chat, account } = await tb.trader({ AUD: "300" });
    const quote = (await chat.send("/buy BTC 10")).at(-1);
    const confirmData = quote?.buttons.flat().find((b) => b.text === "Confirm")?.data as string;
    const outputs = await chat.send("/cancel");
    expect(outputs.at(-1)?.plainText).toBe("Cancelled. Nothing was changed.");
    const edited = outputs.find((o) => o.kind === "edit" && o.messageId === quote?.messageId);
    expect(edited?.plainText).toBe("Quote cancelled. Nothing was traded.");
    expect(edited?.buttons).toEqual([]);
    await tb.app.bot.handleUpdate(
      tb.fake.callback(chat.user, chat.chat, quote?.messageId as number, confirmData),
    );
    const answer = tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined;
    expect(answer?.text).toContain("expired");
    expect(await swapsOf(account)).toHaveLength(0);
    expect((await chat.send("/cancel")).at(-1)?.plainText).toBe("There is nothing to cancel.");
  });

  it("leaves a confirmed swap's message alone, and says the swap confirmed just before went through", async () => {
    const { chat } = await tb.trader({ AUD: "300" });
    await chat.send("/buy BTC 10");
    expect(await confirmAndSettle(chat)).toMatch(/done/);
    const outputs = await chat.send("/cancel");
    expect(outputs.map((o) => o.plainText)).toEqual([
      "Cancelled. The trade you confirmed just before was already sent: its result is shown above, and /swaps lists it.",
    ]);
    // Said once: the next /cancel has nothing to say about it.
    expect((await chat.send("/cancel")).map((o) => o.plainText)).toEqual(["There is nothing to cancel."]);
  });
});

describe("wording follows the user's direction", () => {
  it("in Chinese too: a sell quote says what you sell and get, the result what was sold and received", async () => {
    const chat = tb.chat({ languageCode: "zh" });
    const account = tb.ex.account({ ETH: "2" });
    await tb.app.deps.accounts.connect(chat.user.id, account.readWriteKey);
    const quote = (await chat.send("/sell ETH 0.5")).at(-1);
    expect(quote?.plainText).toContain("你卖出：0.5 ETH");
    expect(quote?.plainText).toMatch(/你得到：\$[\d,]+\.\d\d/);
    const outputs = await chat.press("确认");
    const done =
      outputs.find((o) => o.plainText.includes("已完成")) ??
      (await chat.waitForOutput((o) => o.plainText.includes("已完成"), FOLLOW_UP_MS));
    expect(done.plainText).toContain("卖出：0.5 ETH");
    expect(done.plainText).toMatch(/收到：\$[\d,]+\.\d\d/);
  });

  it("the quote says it is an estimate and how the fill may differ; nothing claims to be binding", async () => {
    const { chat } = await tb.trader({ AUD: "300" });
    const quote = (await chat.send("/buy ETH 50")).at(-1)?.plainText ?? "";
    expect(quote).toContain("This estimate holds for 30 s.");
    expect(quote).toContain(
      "within a small tolerance of this estimate, so the final amounts may differ slightly",
    );
    const price = (await chat.send("/price ETH")).at(-1)?.plainText ?? "";
    expect(`${quote}\n${price}`).not.toMatch(/binding/i);
  });
});
