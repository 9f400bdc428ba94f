/**
 * The pace of replies: a chat's burst of three then one a second; at most 30 in any second together with
 * what the other processes and the paced sends fill (learned through the pacer, on real Redis); background
 * sends yield to the replies published; a 429 holds replies; and the transformer: no wait while there is
 * room, a wait for the chat's next slot, a reply dropped rather than held past its longest wait. Clocks are
 * the test's.
 */
import type { Transformer } from "grammy";
import { describe, expect, it } from "vitest";
import { ReplyDropped, replyPacing } from "../../src/bot/paced-api.ts";
import { createRepliesPace, type RepliesPace } from "../../src/services/reply-pace.ts";
import { createTelegramPacer } from "../../src/services/telegram-pacer.ts";
import { redisWithPrefixes } from "../support/redis-prefixes.ts";

const { redis, prefix: freshPrefix } = redisWithPrefixes();

/** Takes a turn and, when it may go, has Telegram answer at once: whether it went. */
function sends(pace: RepliesPace, chat: string): boolean {
  const turn = pace.take(chat);
  if (turn.go) turn.answered();
  return turn.go;
}

/** Lets the pace's publishing (a promise on Redis) settle. */
const published = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("the pace of replies", () => {
  it("a chat's burst of three, then one a second; other chats apart", () => {
    const clock = { now: 1_000_000 };
    const pace = createRepliesPace({
      pacer: { publishReplies: async () => ({ busy: 0, floodMs: 0 }) },
      now: () => clock.now,
    });
    const goes = () => sends(pace, "7");
    expect([goes(), goes(), goes(), goes()]).toEqual([true, true, true, false]);
    expect(pace.take("7")).toEqual({ go: false, waitMs: 1000, chat: true });
    expect(sends(pace, "8")).toBe(true);
    clock.now += 999;
    expect(goes()).toBe(false);
    clock.now += 1;
    expect([goes(), goes()]).toEqual([true, false]);
  });

  it("a reply holds its place until a window after Telegram answered it, however late that is", async () => {
    const clock = { now: 1_000_000 };
    const pace = createRepliesPace({
      pacer: { publishReplies: async () => ({ busy: 0, floodMs: 0 }) },
      pace: { perSecond: 2 },
      now: () => clock.now,
    });
    await published();
    const slow = pace.take("a");
    expect(sends(pace, "b")).toBe(true);
    expect(sends(pace, "c")).toBe(false);
    // A second and a half on, "b" has left the window; "a", still unanswered, has not.
    clock.now += 1500;
    expect(sends(pace, "c")).toBe(true);
    expect(sends(pace, "d")).toBe(false);
    if (slow.go) slow.answered();
    clock.now += 999;
    expect(sends(pace, "d")).toBe(false);
    clock.now += 1;
    expect(sends(pace, "d")).toBe(true);
  });

  it("30 in any second with what else fills the window; a 429 holds every reply", async () => {
    const clock = { now: 1_000_000 };
    const learned = { busy: 10, floodMs: 0 };
    const pace = createRepliesPace({ pacer: { publishReplies: async () => learned }, now: () => clock.now });
    // Knowing nothing yet of the others: a few replies, then a wait to learn.
    const unknown = [];
    for (let chat = 100; chat < 107; chat++) unknown.push(sends(pace, String(chat)));
    expect(unknown).toEqual([true, true, true, true, true, false, false]);
    await published();
    clock.now += 1000;
    // The next sync (every 100 ms) learns again at the new time.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const goes = [];
    for (let chat = 1; chat <= 25; chat++) goes.push(sends(pace, String(chat)));
    // 10 others + 20 of this process's = 30.
    expect(goes.filter(Boolean)).toHaveLength(20);
    expect(pace.take("99")).toMatchObject({ go: false, chat: false });
    clock.now += 1000;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(sends(pace, "99")).toBe(true);
    pace.hold(2000);
    expect(pace.take("100")).toEqual({ go: false, waitMs: 2000, chat: false });
  });

  it("two processes on one Redis learn each other's replies; the pacer's sends yield to them", async () => {
    const prefixUsed = freshPrefix("reply-pace");
    // One clock for Redis's side and the processes', standing still: no reply leaves the window meanwhile.
    const now = () => 2_000_000;
    const pacer = createTelegramPacer({ redis, prefix: prefixUsed, now });
    const [one, two] = [createRepliesPace({ pacer, now }), createRepliesPace({ pacer, now })];
    // One learns (nothing else is sending), then sends 20; they are published within one sync (100 ms).
    sends(one, "a");
    await published();
    for (let chat = 1; chat < 20; chat++) expect(sends(one, `a${chat}`)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const goes = [];
    // Two knows nothing yet: a few, then it learns 20 are out and lets go the 10 left, no more.
    for (let chat = 0; chat < 15; chat++) goes.push(sends(two, `b${chat}`));
    await published();
    for (let chat = 15; chat < 30; chat++) goes.push(sends(two, `b${chat}`));
    expect(goes.filter(Boolean)).toHaveLength(10);
    // Once two has published too (its next sync), background sends (25 a second) find the second full.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(Object.values(await redis.hgetall(`${prefixUsed}replies`)).map((v) => v.split(":")[0])).toEqual(
      expect.arrayContaining(["20", "10"]),
    );
    expect(await pacer.tryTake("c", "background")).toMatchObject({ chat: false });
  });
});

describe("the reply transformer", () => {
  const sent: string[] = [];
  const prev = (async (method: string) => {
    sent.push(method);
    return { ok: true, result: true };
  }) as unknown as Parameters<Transformer>[0];
  const payload = { chat_id: 7, text: "hi" };

  /** A pace answering from a list, and the waits the transformer slept. */
  function scripted(turns: ReturnType<RepliesPace["take"]>[]) {
    const pace: RepliesPace = {
      take: () => turns.shift() ?? { go: true, answered: () => undefined },
      hold: () => undefined,
    };
    const slept: number[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
    };
    return { transformer: replyPacing(pace, { hold: async () => undefined }, 3000, sleep), slept };
  }

  it("sends at once when there is room, and waits for the chat's next slot when there is not", async () => {
    const now = scripted([{ go: true, answered: () => undefined }]);
    await now.transformer(prev, "sendMessage", payload as never);
    expect(now.slept).toEqual([]);
    const later = scripted([
      { go: false, waitMs: 800, chat: true },
      { go: false, waitMs: 900, chat: true },
      { go: true, answered: () => undefined },
    ]);
    await later.transformer(prev, "sendMessage", payload as never);
    expect(later.slept).toEqual([800, 900]);
  });

  it("drops a reply it would hold past its longest wait, and paces no edit or answer", async () => {
    sent.length = 0;
    const over = scripted([
      { go: false, waitMs: 2000, chat: true },
      { go: false, waitMs: 1500, chat: true },
    ]);
    await expect(over.transformer(prev, "sendPhoto", payload as never)).rejects.toBeInstanceOf(ReplyDropped);
    expect(over.slept).toEqual([2000]);
    expect(sent).toEqual([]);
    const never = scripted([{ go: false, waitMs: 60_000, chat: false }]);
    await never.transformer(prev, "editMessageText", payload as never);
    await never.transformer(prev, "answerCallbackQuery", {} as never);
    expect(sent).toEqual(["editMessageText", "answerCallbackQuery"]);
  });
});
