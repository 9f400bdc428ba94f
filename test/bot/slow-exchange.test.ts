/**
 * A slow or hanging exchange, as chats: "typing…" stays on screen, the wait is bounded and then told,
 * and the same user's /cancel answers at once and wins over the update it overtakes.
 *
 * The sandbox holds matching requests (a fault with delay_ms) far longer than any test runs. This bot's
 * deadline is 1.5 s and it resends the chat action every 100 ms; tests that need the slow update to
 * outlive a /cancel raise the deadline for their duration. Every time bound below is several times what
 * the fixed code needs (so CPU contention does not matter) and far below what the old code took
 * (four attempts of 15 s).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";

const DEADLINE_MS = 1500;
// One of several webhook instances: a /cancel may also reach it from another process (through Redis).
const tb = await startTestBot({
  waiting: { exchangeDeadlineMs: DEADLINE_MS, chatActionIntervalMs: 100 },
  env: { BOT_MODE: "webhook", WEBHOOK_URL: "https://bot.example/telegram", WEBHOOK_SECRET: "slow-exchange" },
});
const HANG_MS = 10 * 60_000;
const BALANCES = "/api/private/balances/";

afterEach(async () => {
  tb.app.deps.exchangeDeadlineMs = DEADLINE_MS;
  await tb.ex.control("DELETE", "/_sandbox/faults");
});

async function connected(balances: Record<string, string>): Promise<ChatDriver> {
  const chat = tb.chat();
  const account = tb.ex.account(balances);
  await tb.app.deps.accounts.connect(chat.user.id, account.readWriteKey);
  return chat;
}

/** Makes the next matching exchange request wait `delayMs` (by default: longer than any test). */
async function slow(method: string, pathPrefix: string, delayMs = HANG_MS): Promise<void> {
  await tb.ex.control("POST", "/_sandbox/faults", {
    method,
    path_prefix: pathPrefix,
    delay_ms: delayMs,
    count: 1,
  });
}

function chatActions(chat: ChatDriver): number {
  return tb.fake.callsTo("sendChatAction").filter((call) => call.payload.chat_id === chat.chat.id).length;
}

/** Resolves once `condition` holds (checked every 10 ms); fails after 5 s. */
async function until(condition: () => boolean): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 5000) throw new Error("condition not met within 5 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const conversationKey = (chat: ChatDriver) => `${tb.prefix}conversation:user:${chat.user.id}`;

/** What the bot has said in the chat so far, one entry per message or edit, without message ids. */
function botLines(chat: ChatDriver): string[] {
  return chat
    .transcript()
    .split("\n")
    .filter((line) => line.startsWith("< "))
    .map((line) => line.replace(/^< (#\d+ )?/, ""));
}

describe("a hanging exchange", () => {
  it("/balance: typing stays on screen, then the user reads that the exchange is not answering", async () => {
    const chat = await connected({ AUD: "100" });
    await slow("GET", BALANCES);
    const started = Date.now();
    const outputs = await chat.send("/balance");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(outputs.map((o) => o.plainText)).toEqual([
      "The exchange is not answering right now. Nothing was changed; try again shortly.",
    ]);
    // Resent every 100 ms for 1.5 s; 3 leaves room for a loaded machine (the old code sent one).
    expect(chatActions(chat)).toBeGreaterThanOrEqual(3);
    // No more after the answer.
    const after = chatActions(chat);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(chatActions(chat)).toBe(after);
  });

  it("Confirm: a swap that hangs may have gone through, and /cancel meanwhile says so", async () => {
    const chat = await connected({ AUD: "1000" });
    expect((await chat.send("/buy BTC 100")).at(-1)?.plainText).toContain("Buy BTC");
    // Long enough for /cancel to arrive while the swap is being placed.
    tb.app.deps.exchangeDeadlineMs = 3000;
    await slow("POST", "/api/private/swaps/");
    const confirm = chat.press("Confirm");
    await chat.waitForOutput((o) => o.plainText.includes("Placing your swap"), 5000);
    // Once the create is on its way (recorded as being sent, after the read that comes first).
    await vi.waitFor(
      async () =>
        expect(Object.values(await tb.redis.hgetall(`${tb.prefix}cancel:writes:${chat.user.id}`))).toEqual([
          "sending:trade",
        ]),
      { timeout: 5000, interval: 10 },
    );
    const cancel = await chat.send("/cancel");
    expect(cancel.at(-1)?.plainText).toContain(
      "the trade you confirmed was already sent to the exchange and may still go through",
    );
    const outputs = await confirm;
    expect(outputs.at(-1)?.plainText).toContain("this swap may have gone through");
  });
});

describe("/cancel during a slow update", () => {
  it("answers at once, the slow read is aborted, and the slow update says nothing more", async () => {
    const chat = await connected({ AUD: "100" });
    tb.app.deps.exchangeDeadlineMs = 60_000;
    await slow("GET", BALANCES);
    const balance = chat.send("/balance");
    await until(() => chatActions(chat) > 0);
    const started = Date.now();
    const cancel = await chat.send("/cancel");
    expect(cancel.map((o) => o.plainText)).toEqual(["Cancelled. Nothing was changed."]);
    await balance;
    // Without the abort /balance would have waited for its 60 s deadline.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(botLines(chat)).toEqual(["Cancelled. Nothing was changed."]);
  });

  it("a guided trade overtaken while loading neither asks its question nor is saved", async () => {
    const chat = await connected({ AUD: "100" });
    tb.app.deps.exchangeDeadlineMs = 60_000;
    await slow("GET", BALANCES);
    const buy = chat.send("/buy");
    await until(() => chatActions(chat) > 0);
    expect((await chat.send("/cancel")).at(-1)?.plainText).toBe("Cancelled. Nothing was changed.");
    await buy;
    expect(botLines(chat)).toEqual(["Cancelled. Nothing was changed."]);
    expect(await tb.redis.exists(conversationKey(chat))).toBe(0);
    // No flow waits for an answer any more.
    expect((await chat.send("0.5")).at(-1)?.plainText).toContain("I don't understand 0.5");
  });

  it("a /cancel handled by another process (which cannot abort this one's read) still wins", async () => {
    const chat = await connected({ AUD: "100" });
    tb.app.deps.exchangeDeadlineMs = 60_000;
    // Answered after 2 s: long enough to bump the generation meanwhile, even on a loaded machine.
    await slow("GET", BALANCES, 2000);
    const buy = chat.send("/buy");
    await until(() => chatActions(chat) > 0);
    // What /cancel on another process leaves in Redis: a new cancel generation for the user.
    await tb.redis.incr(`${tb.prefix}cancel:${chat.user.id}`);
    // The data arrives, but the overtaken flow says nothing and saves nothing.
    expect(await buy).toEqual([]);
    expect(await tb.redis.exists(conversationKey(chat))).toBe(0);
    // The next /buy is not overtaken: it asks as usual.
    expect((await chat.send("/buy")).at(-1)?.plainText).toContain("What would you like to buy?");
  });

  it("updates sent after /cancel still wait for it and run in order", async () => {
    const chat = await connected({ AUD: "100" });
    tb.app.deps.exchangeDeadlineMs = 60_000;
    await slow("GET", BALANCES);
    const balance = chat.send("/balance");
    await until(() => chatActions(chat) > 0);
    const [cancel, help] = await Promise.all([chat.send("/cancel"), chat.send("/help"), balance]);
    expect(cancel.at(-1)?.plainText).toBe("Cancelled. Nothing was changed.");
    expect(help.at(-1)?.plainText).toContain("/balance");
    const lines = botLines(chat);
    expect(lines[0]).toBe("Cancelled. Nothing was changed.");
    expect(lines).toHaveLength(2);
  });
});
