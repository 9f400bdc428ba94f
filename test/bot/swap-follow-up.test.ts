/**
 * What happens after Confirm when things go wrong: the create's answer lost (the swap may exist, so it is
 * looked for and followed, never reported as not placed), an exchange whose retrieve lacks fields the spec
 * does not promise, status checks that cannot succeed, a disconnected key, a "processing" message that
 * can no longer be edited, and a follow-up job that runs again. The sandbox settles instantly unless a
 * test says otherwise; follow-ups and searches run fast (see test/support/bot.ts).
 */
import { Queue } from "bullmq";
import { describe, expect, it } from "vitest";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import { placeSwap, type TestAccount } from "../support/exchange.ts";

const tb = await startTestBot();
// Generous: background follow-ups run on real timers; 10 s leaves room on a loaded 2-core machine.
const FOLLOW_UP_MS = 10_000;
const SWAP_CREATE = "/api/private/swaps/";

async function swapsOf(account: TestAccount) {
  return (await tb.ex.client(account.readWriteKey).swaps.list()).results;
}

function behaviour(account: TestAccount, body: object): Promise<unknown> {
  return tb.ex.control("PUT", `/_sandbox/accounts/${account.accountId}/behaviour`, body);
}

/** Arms a fault on the next swap create only (armed after the quote, whose estimate shares the prefix). */
function failNextCreate(fault: { drop: true } | { status: number }, after: boolean): Promise<unknown> {
  return tb.ex.control("POST", "/_sandbox/faults", {
    method: "POST",
    path_prefix: SWAP_CREATE,
    after,
    ...fault,
  });
}

/** New messages (not edits) the bot sent to the chat. */
function messagesTo(chat: ChatDriver): { text: string }[] {
  return tb.fake
    .callsTo("sendMessage")
    .filter((c) => (c.payload as { chat_id?: number }).chat_id === chat.chat.id && c.output !== undefined)
    .map((c) => ({ text: (c.output as BotOutput).plainText }));
}

const NOTHING_DONE = /Nothing was (done|changed)/;

describe("the create's answer is lost", () => {
  it("the swap went through: the user hears it may have, then that it did, then its result; it is placed once", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    await chat.send("/buy BTC 100");
    await failNextCreate({ drop: true }, true);
    const outputs = await chat.press("Confirm");
    const shown = outputs.at(-1)?.plainText ?? "";
    expect(shown).toContain("may have gone through");
    expect(shown).toContain("don't place it again");
    expect(outputs.some((o) => NOTHING_DONE.test(o.plainText))).toBe(false);
    const [swap] = await swapsOf(account);
    const found = await chat.waitForOutput((o) => o.plainText.includes("It went through"), FOLLOW_UP_MS);
    expect(found.plainText).toContain(`swap #${swap?.id} is processing`);
    const result = await chat.waitForOutput((o) => o.plainText.includes("done"), FOLLOW_UP_MS);
    expect(result.plainText).toContain(`Swap #${swap?.id} done`);
    expect(result.plainText).toContain("Spent: $100.00");
    expect(await swapsOf(account)).toHaveLength(1);
    expect(await tb.ex.writesOf(account, SWAP_CREATE)).toBe(1);
  });

  it("a proxy's 502 and the swap is not there: an older identical swap is not taken for it; check /swaps", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    // The same assets, amount and (the market frozen) price as the one about to be lost.
    const older = await placeSwap(tb.ex.client(account.readWriteKey), "AUD", "ETH", "50");
    await chat.send("/buy ETH 50");
    await failNextCreate({ status: 502 }, false);
    const outputs = await chat.press("Confirm");
    expect(outputs.at(-1)?.plainText).toContain("may have gone through");
    const verdict = await chat.waitForOutput((o) => o.plainText.includes("could not find"), FOLLOW_UP_MS);
    expect(verdict.plainText).toContain("does not appear in your swaps");
    expect(verdict.plainText).toContain("Check /swaps before trying again");
    expect(chat.transcript()).not.toMatch(new RegExp(`[Ss]wap #${older.id}\\b`));
    expect((await swapsOf(account)).map((s) => s.id)).toEqual([older.id]);
  });

  it("the swap list cannot be read before placing: nothing is placed, and no older swap is claimed", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    const older = await placeSwap(tb.ex.client(account.readWriteKey), "AUD", "ETH", "50");
    await chat.send("/buy ETH 50");
    // Every read of the list fails (each read retried by the client), and so would the create.
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: SWAP_CREATE,
      status: 503,
      count: 20,
    });
    await failNextCreate({ status: 503 }, false);
    const outputs = await chat.press("Confirm");
    await tb.ex.control("DELETE", "/_sandbox/faults");
    const said = outputs.map((o) => o.plainText).join("\n");
    expect(said).not.toContain("It went through");
    expect(said).not.toMatch(new RegExp(`[Ss]wap #${older.id}\\b`));
    // The create was never sent: only the older swap is there.
    expect(await tb.ex.writesOf(account, SWAP_CREATE)).toBe(1);
    expect((await swapsOf(account)).map((s) => s.id)).toEqual([older.id]);
  });

  it("a 429 after the exchange acted: the create is not sent again; the swap is found and followed", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    await chat.send("/buy BTC 100");
    await failNextCreate({ status: 429 }, true);
    const outputs = await chat.press("Confirm");
    expect(outputs.at(-1)?.plainText).toContain("may have gone through");
    expect(outputs.some((o) => NOTHING_DONE.test(o.plainText))).toBe(false);
    const [swap] = await swapsOf(account);
    const found = await chat.waitForOutput((o) => o.plainText.includes("It went through"), FOLLOW_UP_MS);
    expect(found.plainText).toContain(`swap #${swap?.id}`);
    expect(await swapsOf(account)).toHaveLength(1);
    expect(await tb.ex.writesOf(account, SWAP_CREATE)).toBe(1);
  });

  it("the search cannot start (Redis down): the user is still told it may have gone through", async () => {
    const { chat } = await tb.trader({ AUD: "500" });
    const findSwap = tb.app.deps.findSwap;
    tb.app.deps.findSwap = async () => {
      throw new Error("Connection is closed.");
    };
    try {
      await chat.send("/buy BTC 20");
      await failNextCreate({ drop: true }, true);
      const outputs = await chat.press("Confirm");
      expect(outputs.at(-1)?.plainText).toContain(
        "can't look for it right now. Check /swaps before trying again",
      );
      expect(outputs.some((o) => NOTHING_DONE.test(o.plainText))).toBe(false);
    } finally {
      tb.app.deps.findSwap = findSwap;
    }
  });

  it("a refusal is still a refusal: the market moved, nothing is searched for", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    tb.ex.sb.setPrice("DOT", "10");
    await chat.send("/buy DOT 100");
    tb.ex.sb.setPrice("DOT", "12");
    const requote = (await chat.press("Confirm")).at(-1);
    expect(requote?.plainText).toContain("The market moved");
    expect(chat.transcript()).not.toContain("may have gone through");
    expect(await swapsOf(account)).toHaveLength(0);
  });
});

describe("following a swap against the exchange as specified", () => {
  it("a retrieve without aud_value (listed for the swap list only) still reports the result", async () => {
    const { chat, account } = await tb.trader({ AUD: "500" });
    await behaviour(account, { swap_retrieve_aud_value: "omitted" });
    await chat.send("/buy BTC 100");
    await chat.press("Confirm");
    const result = await chat.waitForOutput(
      (o) => /done|stopped|still processing/.test(o.plainText),
      FOLLOW_UP_MS,
    );
    expect(result.plainText).toMatch(/Swap #\d+ done/);
    expect(result.plainText).toContain("Spent: $100.00");
  });

  it("status checks that cannot succeed: the user is told to check /swaps instead of silence", async () => {
    const { chat, account } = await tb.trader({ AUD: "500" });
    await behaviour(account, { swap_settle_ms: 3_600_000 });
    await chat.send("/buy ETH 100");
    const placed = (await chat.press("Confirm")).find((o) => /Swap #\d+ is processing/.test(o.plainText));
    const id = Number(/#(\d+)/.exec(placed?.plainText ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: `/api/private/swaps/${id}/`,
      status: 404,
      count: 1000,
    });
    try {
      const told = await chat.waitForOutput((o) => o.plainText.includes("stopped following"), FOLLOW_UP_MS);
      expect(told.plainText).toContain(`can't read the status of swap #${id}`);
      expect(told.plainText).toContain("Check /swaps");
    } finally {
      await tb.ex.control("DELETE", "/_sandbox/faults");
    }
  });

  it("the key was disconnected meanwhile: the user hears why the follow-up stopped", async () => {
    const { chat, account } = await tb.trader({ AUD: "500" });
    await behaviour(account, { swap_settle_ms: 3_600_000 });
    await chat.send("/buy SOL 50");
    await chat.press("Confirm");
    // Whichever check comes next (fast or slow) finds no key to check with.
    await tb.app.deps.accounts.disconnect(chat.user.id);
    const told = await chat.waitForOutput((o) => o.plainText.includes("stopped following"), FOLLOW_UP_MS);
    expect(told.plainText).toContain("no longer connected");
  });
});

describe("delivering the result", () => {
  it("the processing message can no longer be edited: the result arrives as a new message, once", async () => {
    const { chat, account } = await tb.trader({ AUD: "500" });
    await behaviour(account, { swap_settle_ms: 3_600_000 });
    await chat.send("/buy BTC 100");
    await chat.press("Confirm");
    // The user deleted the message: every later edit of it fails.
    tb.fake.failNext(
      "editMessageText",
      { error_code: 400, description: "Bad Request: message to edit not found" },
      2,
    );
    const still = await chat.waitForOutput((o) => o.plainText.includes("still processing"), FOLLOW_UP_MS);
    expect(still.kind).toBe("message");
    tb.ex.sb.advanceClock(3600);
    const result = await chat.waitForOutput((o) => o.plainText.includes("done"), FOLLOW_UP_MS);
    expect(result.kind).toBe("message");
    expect(result.plainText).toContain("Spent: $100.00");
    expect(messagesTo(chat).filter((m) => m.text.includes("done"))).toHaveLength(1);
  });

  it("a follow-up job that runs again does not send the result again", async () => {
    const { chat, account } = await tb.trader({ AUD: "500" });
    await behaviour(account, { swap_settle_ms: 3_600_000 });
    await chat.send("/buy LTC 100");
    const placed = (await chat.press("Confirm")).find((o) => /Swap #\d+ is processing/.test(o.plainText));
    await chat.waitForOutput((o) => o.plainText.includes("still processing"), FOLLOW_UP_MS);
    tb.ex.sb.advanceClock(3600);
    await chat.waitForOutput((o) => o.kind === "message" && o.plainText.includes("done"), FOLLOW_UP_MS);
    expect(messagesTo(chat).filter((m) => m.text.includes("done"))).toHaveLength(1);

    // The same late check again, as BullMQ runs a job again after a stall or a lost completion.
    const queue = new Queue("swap-watch", {
      connection: { url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" },
      prefix: `${tb.prefix}bull`,
    });
    try {
      const job = await queue.add("slow", {
        userId: chat.user.id,
        chatId: chat.chat.id,
        messageId: placed?.messageId as number,
        locale: "en",
        swapId: Number(/#(\d+)/.exec(placed?.plainText ?? "")?.[1]),
        attempt: 0,
      });
      // Bounded wait for the worker to run it (generous for a loaded machine).
      for (let i = 0; i < 200 && !(await job.isCompleted()); i++) await new Promise((r) => setTimeout(r, 50));
      expect(await job.isCompleted()).toBe(true);
    } finally {
      await queue.close();
    }
    expect(messagesTo(chat).filter((m) => m.text.includes("done"))).toHaveLength(1);
  });
});
