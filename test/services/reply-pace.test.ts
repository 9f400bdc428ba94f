/**
 * The pace of replies, on real Redis with a clock the test moves: a chat's burst of 3 then one a second,
 * shared by two instances; every reply counted in the same window as background sends (replies may use all
 * 30 of a second, background sends yield at 25); and the reply transformer: no wait while there is room,
 * a wait for the chat's next slot, a reply dropped rather than held past its longest wait.
 */
import type { Transformer } from "grammy";
import { describe, expect, it } from "vitest";
import { ReplyDropped, replyPacing } from "../../src/bot/paced-api.ts";
import { createTelegramPacer, type TelegramPacer } from "../../src/services/telegram-pacer.ts";
import { redisWithPrefixes } from "../support/redis-prefixes.ts";

const { redis, prefix: freshPrefix } = redisWithPrefixes();

/** Pacers sharing one prefix and one clock the test moves. */
function group() {
  const prefix = freshPrefix("reply-pace");
  const clock = { now: 5_000_000 };
  const pacer = () => createTelegramPacer({ redis, prefix, now: () => clock.now });
  return { clock, pacer };
}

const taken = async (pacer: TelegramPacer, chat: string) => "token" in (await pacer.tryReply(chat));

describe("the pace of replies", () => {
  it("a chat's burst of three, then one a second, shared by two instances; other chats apart", async () => {
    const g = group();
    const [one, two] = [g.pacer(), g.pacer()];
    const first = [
      await taken(one, "7"),
      await taken(two, "7"),
      await taken(one, "7"),
      await taken(two, "7"),
    ];
    expect(first).toEqual([true, true, true, false]);
    expect(await one.tryReply("7")).toEqual({ waitMs: 1000, chat: true });
    expect(await taken(two, "8")).toBe(true);
    g.clock.now += 999;
    expect(await taken(one, "7")).toBe(false);
    g.clock.now += 1;
    expect([await taken(two, "7"), await taken(one, "7")]).toEqual([true, false]);
  });

  it("counts in the window of every send: 30 replies a second, background sends held back by them", async () => {
    const g = group();
    const pacer = g.pacer();
    const results = [];
    for (let chat = 0; chat < 31; chat++) results.push(await taken(pacer, String(chat)));
    expect(results.filter(Boolean)).toHaveLength(30);
    expect(results.at(-1)).toBe(false);
    // A background send sees the window full of replies.
    expect(await pacer.tryTake("999", "background")).toMatchObject({ chat: false });
    // Once the replies' slots free (a window and a margin after their take), both go again.
    g.clock.now += 1500;
    expect(await taken(pacer, "31")).toBe(true);
    expect(await pacer.tryTake("999", "background")).toHaveProperty("token");
  });
});

describe("the reply transformer", () => {
  const sent: string[] = [];
  const prev = (async (method: string) => {
    sent.push(method);
    return { ok: true, result: true };
  }) as unknown as Parameters<Transformer>[0];
  const payload = { chat_id: 7, text: "hi" };

  /** A pacer answering from a list, and the waits it was asked to sleep. */
  function scripted(answers: Awaited<ReturnType<TelegramPacer["tryReply"]>>[]) {
    const pacer = { tryReply: async () => answers.shift() ?? { token: "" }, hold: async () => {} };
    const slept: number[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
    };
    return { transformer: replyPacing(pacer as unknown as TelegramPacer, 3000, sleep), slept };
  }

  it("sends at once when there is room, and waits for the chat's next slot when there is not", async () => {
    const now = scripted([{ token: "" }]);
    await now.transformer(prev, "sendMessage", payload as never);
    expect(now.slept).toEqual([]);
    const later = scripted([{ waitMs: 800, chat: true }, { waitMs: 900, chat: true }, { token: "" }]);
    await later.transformer(prev, "sendMessage", payload as never);
    expect(later.slept).toEqual([800, 900]);
  });

  it("drops a reply it would hold past its longest wait, and paces no edit or answer", async () => {
    sent.length = 0;
    const over = scripted([
      { waitMs: 2000, chat: true },
      { waitMs: 1500, chat: true },
    ]);
    await expect(over.transformer(prev, "sendPhoto", payload as never)).rejects.toBeInstanceOf(ReplyDropped);
    expect(over.slept).toEqual([2000]);
    expect(sent).toEqual([]);
    const never = scripted([{ waitMs: 60_000, chat: false }]);
    await never.transformer(prev, "editMessageText", payload as never);
    await never.transformer(prev, "answerCallbackQuery", {} as never);
    expect(sent).toEqual(["editMessageText", "answerCallbackQuery"]);
  });
});
