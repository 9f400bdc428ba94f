/**
 * A long guided flow under the production pace of replies: adding an address for someone else's wallet (13
 * steps). Answered at a person's pace, every step is answered as quickly as the first (the conversations
 * plugin replays each earlier step's sends, which must take no place in the chat's budget again); answered as
 * fast as the bot replies, Telegram's per-chat pace is kept (a stub that enforces it never answers 429); and a
 * key pasted while a reply waits for the pace is deleted at once.
 */
import { describe, expect, it } from "vitest";
import type { ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";

const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const KEY = `sbx_rw_${"c0ffee42".repeat(4)}`;

/** The flow's steps: "Someone else's wallet of an unlisted provider, owned by a person". */
function steps(chat: ChatDriver): Array<() => Promise<unknown>> {
  return [
    () => chat.send("/addresses"),
    () => chat.press("➕ Add address"),
    () => chat.press("BTC"),
    () => chat.send(BTC_ADDRESS),
    () => chat.send("Mum"),
    () => chat.press("Personal wallet"),
    () => chat.press("Other…"),
    () => chat.send("Electrum"),
    () => chat.press("Someone else's"),
    () => chat.press("A person"),
    () => chat.send("Jane Citizen"),
    () => chat.press("🇳🇿 New Zealand"),
    () => chat.send("Canterbury"),
  ];
}

describe("a person's pace: one answer every 2 s", async () => {
  const tb = await startTestBot({ replyPace: {} });

  it("every step of 13 is answered within 300 ms, and the summary comes", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    const times: number[] = [];
    for (const step of steps(chat)) {
      // The bot's clock moves 2 s between answers (its pace reads that clock): a person's pace without
      // waiting for it. Before the fix the 5th step already waited a second, the 13th ten.
      tb.advanceClock(2000);
      const started = performance.now();
      await step();
      times.push(performance.now() - started);
    }
    // 300 ms is some ten times what a step takes here: a step that waited on the pace takes 1000 ms or more.
    expect(times.filter((ms) => ms > 300)).toEqual([]);
    expect(chat.lastMessage()?.plainText).toContain("Save this withdrawal address?");
  });

  it("a key pasted while a reply waits for the chat's pace is deleted at once; the reply still comes", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    const all = steps(chat);
    for (const step of all.slice(0, 10)) {
      tb.advanceClock(2000);
      await step();
    }
    // At the owner's name: four answers at once use the chat's burst of three, so the fourth reply waits
    // about a second for its turn; the key comes right behind them.
    const said: string[] = [];
    chat.onOutput((output) => {
      if (output.kind !== "delete") said.push(output.plainText);
    });
    const answers = ["J", "K", "L", "M"].map((name) => chat.send(name));
    const pasted = performance.now();
    const keySent = chat.send(KEY);
    const deleted = await new Promise<number>((resolve) => {
      const off = tb.fake.onCall((call) => {
        if (call.method !== "deleteMessage") return;
        off();
        resolve(performance.now() - pasted);
      });
    });
    expect(deleted).toBeLessThan(300);
    await Promise.all([...answers, keySent]);
    const texts = said.join("\n");
    expect(texts.match(/That is too short for a name/g)).toHaveLength(4);
    expect(texts).not.toContain(KEY);
    expect(tb.fake.visible(chat.chat.id).some((message) => message.text?.includes(KEY))).toBe(false);
    // The question stays open: the name is still taken.
    await chat.send("Jane Citizen");
    expect(chat.lastMessage()?.plainText).toContain("Where does the owner live?");
  });
});

describe("as fast as the bot replies", async () => {
  // Telegram's per-chat pace, scaled ten times (a burst of 3, then one every 100 ms) so the test takes a
  // second instead of ten; the bot keeps the same pace, and the stub answers 429 to a message that breaks it.
  const INTERVAL_MS = 100;
  const BURST = 3;
  // The stub reads its clock when a request arrives, the bot when it lets a reply go: up to a few ms apart in
  // one process, more on a loaded machine.
  const TOLERANCE_MS = 25;
  const refused: string[] = [];
  const due = new Map<string, number>();
  const tb = await startTestBot({
    replyPace: { chatPerSecond: 1000 / INTERVAL_MS, chatBurst: BURST },
    wrapTelegramFetch: (fetch) => async (input, init) => {
      const method = String(input).split("/").at(-1) ?? "";
      if (method === "sendMessage" && typeof init?.body === "string") {
        const chatId = String((JSON.parse(init.body) as { chat_id: unknown }).chat_id);
        const now = performance.now();
        // GCRA: a message may go when its chat's theoretical time is at most a burst ahead of now.
        const next = Math.max(due.get(chatId) ?? 0, now) + INTERVAL_MS;
        if (next - now > INTERVAL_MS * BURST + TOLERANCE_MS) {
          refused.push(chatId);
          const body = { ok: false, error_code: 429, description: "Too Many Requests: retry after 1" };
          return new Response(JSON.stringify({ ...body, parameters: { retry_after: 1 } }), { status: 429 });
        }
        due.set(chatId, next);
      }
      return fetch(input, init);
    },
  });

  it("a 13-step flow answered without pause gets no 429 and ends at its summary", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    const started = performance.now();
    for (const step of steps(chat)) await step();
    expect(refused).toEqual([]);
    expect(chat.lastMessage()?.plainText).toContain("Save this withdrawal address?");
    // The pace was kept, not skipped: 13 questions at a burst of 3 then one every 100 ms take 1 s or more.
    expect(performance.now() - started).toBeGreaterThanOrEqual((13 - BURST) * INTERVAL_MS - TOLERANCE_MS);
  });
});
