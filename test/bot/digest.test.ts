/** The daily digest from the chat: chosen in /settings, sent by the scheduler in the user's language and level. */
import { describe, expect, it } from "vitest";
import type { ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";

const tb = await startTestBot();
// Generous: the digest job is run by a BullMQ worker on real timers; 10 s leaves room on a loaded machine.
const JOB_MS = 10_000;

async function chooseHour(chat: ChatDriver, hour: string) {
  await chat.send("/settings");
  await chat.press("Daily digest");
  return chat.press(hour);
}

describe("the daily digest", () => {
  it("needs a connected key: the hour is refused with a word and nothing is scheduled", async () => {
    const chat = tb.chat();
    const outputs = await chooseHour(chat, "08:00");
    const answer = outputs.find((o) => o.kind === "callback_answer");
    expect(answer?.alert).toBe(true);
    expect(answer?.plainText).toContain("/connect");
    expect(await tb.app.digest.pending(chat.user.id)).toEqual([]);
  });

  it("arrives at the chosen hour with the account's figures, and the menu says when", async () => {
    const { chat } = await tb.trader({ AUD: "1500", BTC: "0.25" });
    const outputs = await chooseHour(chat, "08:00");
    expect(outputs.at(-1)?.plainText).toContain("Daily digest: at 08:00");
    expect(await tb.app.digest.pending(chat.user.id)).toHaveLength(1);
    await tb.app.digest.runNow(chat.user.id);
    const digest = await chat.waitForOutput((o) => o.plainText.includes("Daily digest ·"), JOB_MS);
    expect(digest.plainText).toContain("Account value: $");
    expect(digest.plainText).toContain("(Australia/Sydney)");
    expect(digest.silent).toBe(false);
  });

  it("follows the alert level (silent) and the language", async () => {
    const { chat } = await tb.trader({ AUD: "100" });
    await chat.send("/settings");
    await chat.press("Alerts");
    await chat.press("silent");
    await chat.press("Language");
    await chat.press("简体中文");
    await chat.press("每日摘要");
    await chat.press("21:00");
    await tb.app.digest.runNow(chat.user.id);
    const digest = await chat.waitForOutput((o) => o.plainText.includes("每日摘要 ·"), JOB_MS);
    expect(digest.silent).toBe(true);
    expect(digest.plainText).toContain("账户价值");
  });

  it("turned off, the pending day stands down and nothing arrives", async () => {
    const { chat } = await tb.trader({ AUD: "100" });
    await chooseHour(chat, "07:00");
    await chat.press("Daily digest");
    const outputs = await chat.press("Off");
    expect(outputs.at(-1)?.plainText).toContain("Daily digest: off");
    const [pending] = await tb.app.digest.pending(chat.user.id);
    await tb.app.digest.runNow(chat.user.id);
    const done = Date.now() + JOB_MS;
    while ((await tb.app.digest.pending(chat.user.id)).includes(pending ?? "") && Date.now() < done) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await tb.app.digest.pending(chat.user.id)).toEqual([]);
    expect(chat.transcript()).not.toContain("Account value");
  });
});
