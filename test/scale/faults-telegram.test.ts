/**
 * Fault injection, the Telegram side: the Bot API answers 429 (with retry_after) or a 5xx when the bot
 * sends. The reply must still arrive, exactly once, both for a plain command reply and for a swap result
 * delivered later by the background watcher. Each test prints its figure.
 *
 * The fake rejects an injected failure before doing anything, as Telegram does for 429 and the 5xx
 * tested here, so a retry cannot double a message; the tests count the messages the chat holds.
 */
import { describe, expect, it } from "vitest";
import type { ChatDriver, InjectedFailure } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";

// Swaps settle 1.5 s after they are placed: after the follow-up's fast window (0.3 s in tests), so the
// result comes from a later check, after "still processing", and well after Confirm has answered.
const tb = await startTestBot({ sandbox: { swapSettleMs: 1500 } });
// Background follow-ups run on real timers; 10 s leaves room on a loaded 2-core machine.
const FOLLOW_UP_MS = 10_000;

const FAILURES: Record<string, InjectedFailure> = {
  "429 (retry_after 1)": { error_code: 429, parameters: { retry_after: 1 } },
  "500": { error_code: 500, description: "Internal Server Error" },
  "502": { error_code: 502, description: "Bad Gateway" },
};

/** Messages of the chat (deleted ones included) whose text matches. */
function messagesMatching(chat: ChatDriver, pattern: RegExp): number {
  return tb.fake.messages(chat.chat.id).filter((m) => m.fromBot && pattern.test(m.plainText)).length;
}

/** Calls of `method` to the chat whose text matches, failed ones included. */
function attempts(chat: ChatDriver, method: string, pattern: RegExp): number {
  return tb.fake
    .callsTo(method)
    .filter((c) => c.payload.chat_id === chat.chat.id && pattern.test(String(c.payload.text ?? ""))).length;
}

describe("Telegram fails a send", () => {
  for (const [name, failure] of Object.entries(FAILURES)) {
    it(`a plain reply, ${name}: retried, arrives once`, async () => {
      const chat = tb.chat();
      tb.fake.failNext("sendMessage", failure);
      const started = Date.now();
      const outputs = await chat.send("/help");
      const ms = Date.now() - started;
      const tries = attempts(chat, "sendMessage", /\/balance/);
      const shown = messagesMatching(chat, /\/balance/);
      console.log(
        `[figure] Telegram ${name} on a reply: ${tries} attempts, ${shown} message, after ${ms} ms`,
      );
      expect(outputs.at(-1)?.plainText).toContain("/balance");
      expect(tries).toBe(2);
      expect(shown).toBe(1);
      // A 429's retry_after is honoured: the second attempt comes after it.
      if (failure.error_code === 429) expect(ms).toBeGreaterThanOrEqual(1000);
    });
  }

  for (const [name, failure] of Object.entries(FAILURES)) {
    it(`a background swap result, ${name} on every kind of send: delivered once`, async () => {
      const { chat, account } = await tb.trader({ AUD: "1000" });
      await chat.send("/buy BTC 100");
      await chat.press("Confirm");
      // The watcher's next send is the result (it said "still processing" already): make it fail once.
      await chat.waitForOutput((o) => o.plainText.includes("still processing"), FOLLOW_UP_MS);
      tb.fake.failNext("editMessageText", failure);
      tb.fake.failNext("sendMessage", failure);
      const result = await chat.waitForOutput((o) => /Swap #\d+ done/.test(o.plainText), FOLLOW_UP_MS);
      expect(result.plainText).toContain("Spent: $100.00");
      const sends = [...tb.fake.callsTo("editMessageText"), ...tb.fake.callsTo("sendMessage")].filter(
        (c) => c.payload.chat_id === chat.chat.id && /done/.test(String(c.payload.text ?? "")),
      );
      const failed = sends.filter((c) => c.response?.ok === false).length;
      const shown = messagesMatching(chat, /Swap #\d+ done/);
      const swaps = (await tb.ex.client(account.readWriteKey).swaps.list()).results;
      console.log(
        `[figure] Telegram ${name} on a swap result: ${sends.length} attempts to send it (${failed} failed), result in ${shown} message, ${swaps.length} swap`,
      );
      expect(failed).toBe(1);
      expect(shown).toBe(1);
      expect(swaps).toHaveLength(1);
      // Clears what the watcher did not use, so the next test starts clean.
      await tb.chat().send("/help");
      await tb.chat().send("/help");
    });
  }
});
