/**
 * The pace of replies: a chat's burst of three then one a second, handed from process to process; at most 30
 * in any second together with what the other processes and the paced sends fill (learned through the pacer,
 * and near the limit taken in it, on real Redis); background sends yield to the replies published; a 429
 * holds replies; and the transformer: no wait while there is room, a wait for the chat's next slot, a reply
 * dropped rather than held past its longest wait. Clocks are the test's.
 */
import type { Transformer } from "grammy";
import { describe, expect, it } from "vitest";
import { NOTICE_RESERVE } from "../../../src/bot/pipeline/inbound-limits.ts";
import { ReplyDropped, replyPacing } from "../../../src/bot/pipeline/telegram-pace/paced-api.ts";
import { createRepliesPace, type RepliesPace } from "../../../src/bot/pipeline/telegram-pace/reply-pace.ts";
import {
  createTelegramPacer,
  type TelegramPacer,
} from "../../../src/bot/pipeline/telegram-pace/shared-pacer.ts";
import { redisWithPrefixes } from "../../support/redis-prefixes.ts";

const { redis, prefix: freshPrefix } = redisWithPrefixes();

/** Takes a turn and, when it may go, has Telegram answer at once: whether it went. */
async function sends(pace: RepliesPace, chat: string): Promise<boolean> {
  const turn = await pace.take(chat);
  if (turn.go) turn.answered();
  return turn.go;
}

/**
 * A pacer alone on its Redis with `busy` in the window besides this process's replies; `asked` holds the
 * limit of each publish (undefined: a sync, a number: a reply taken near the limit).
 */
function alone(learned = { busy: 0, floodMs: 0 }) {
  const asked: (number | undefined)[] = [];
  const pacer: Pick<TelegramPacer, "publishReplies"> = {
    publishReplies: async (_process, count, limit) => {
      asked.push(limit);
      return {
        ...learned,
        others: 0,
        fitted: limit === undefined || (learned.floodMs === 0 && learned.busy + count <= limit),
      };
    },
  };
  return Object.assign(pacer, { asked });
}

/** Lets the pace's publishing (a promise on Redis) settle. */
const published = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("the pace of replies", () => {
  it("a chat's burst of three, then one a second; other chats apart; the budget handed on", async () => {
    const clock = { now: 1_000_000 };
    const pace = createRepliesPace({ pacer: alone(), now: () => clock.now });
    const goes = () => sends(pace, "7");
    expect([await goes(), await goes(), await goes(), await goes()]).toEqual([true, true, true, false]);
    expect(await pace.take("7")).toEqual({ go: false, waitMs: 1000, chat: true });
    expect(await sends(pace, "8")).toBe(true);
    clock.now += 999;
    expect(await goes()).toBe(false);
    clock.now += 1;
    expect([await goes(), await goes()]).toEqual([true, false]);
    // What the chat used is handed to the next process with its lock (bot/pipeline/shared-updates.ts).
    expect(pace.chatLeft("7")).toBe(3000);
    expect(pace.chatLeft("9")).toBe(0);
    const next = createRepliesPace({ pacer: alone(), now: () => clock.now });
    next.chatUsed("7", pace.chatLeft("7"));
    expect(await next.take("7")).toEqual({ go: false, waitMs: 1000, chat: true });
    next.chatUsed("9", 1000);
    expect([await sends(next, "9"), await sends(next, "9"), await sends(next, "9")]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("a chat's next replies are spaced from when Telegram answered the last one", async () => {
    const clock = { now: 1_000_000 };
    const pace = createRepliesPace({ pacer: alone(), now: () => clock.now });
    expect([await sends(pace, "7"), await sends(pace, "7")]).toEqual([true, true]);
    const late = await pace.take("7");
    // A loaded machine got the third to Telegram only half a second later.
    clock.now += 500;
    if (late.go) late.answered();
    clock.now += 500;
    expect(await pace.take("7")).toEqual({ go: false, waitMs: 500, chat: true });
    clock.now += 500;
    expect(await sends(pace, "7")).toBe(true);
  });

  it("a reply holds its place until a window after Telegram answered it, however late that is", async () => {
    const clock = { now: 1_000_000 };
    const pace = createRepliesPace({ pacer: alone(), pace: { perSecond: 2 }, now: () => clock.now });
    await published();
    const slow = await pace.take("a");
    expect(await sends(pace, "b")).toBe(true);
    expect(await sends(pace, "c")).toBe(false);
    // A second and a half on, "b" has left the window; "a", still unanswered, has not.
    clock.now += 1500;
    expect(await sends(pace, "c")).toBe(true);
    expect(await sends(pace, "d")).toBe(false);
    if (slow.go) slow.answered();
    clock.now += 999;
    expect(await sends(pace, "d")).toBe(false);
    clock.now += 1;
    expect(await sends(pace, "d")).toBe(true);
  });

  it("30 in any second with what else fills the window, near the limit asked of the pacer; a 429 holds every reply", async () => {
    const clock = { now: 1_000_000 };
    const pacer = alone({ busy: 10, floodMs: 0 });
    const pace = createRepliesPace({ pacer, now: () => clock.now });
    // Knowing nothing yet of the others: a few replies decided at once, then each asked of the pacer.
    const goes = [];
    for (let chat = 1; chat <= 25; chat++) goes.push(await sends(pace, String(chat)));
    // 10 others + 20 of this process's = 30.
    expect(goes.filter(Boolean)).toHaveLength(20);
    expect(goes.slice(0, 20).every(Boolean)).toBe(true);
    expect(pacer.asked.filter((limit) => limit === 30).length).toBeGreaterThanOrEqual(15);
    expect(await pace.take("99")).toMatchObject({ go: false, chat: false });
    clock.now += 1000;
    expect(await sends(pace, "99")).toBe(true);
    pace.hold(2000);
    expect(await pace.take("100")).toEqual({ go: false, waitMs: 2000, chat: false });
  });

  it("a notice of skipped updates goes only while the window is below the near-full mark", async () => {
    const clock = { now: 1_000_000 };
    const pacer = alone({ busy: 18, floodMs: 0 });
    const pace = createRepliesPace({ pacer, now: () => clock.now });
    // 18 in the window: a reply still goes, a notice (leaving NOTICE_RESERVE places to replies) waits.
    expect(await pace.take("reply", 0)).toMatchObject({ go: true });
    expect(await pace.take("notice", NOTICE_RESERVE)).toMatchObject({ go: false, chat: false });
    expect(pacer.asked.at(-1)).toBe(30 - NOTICE_RESERVE);
    const quieter = createRepliesPace({ pacer: alone({ busy: 17, floodMs: 0 }), now: () => clock.now });
    expect(await quieter.take("notice", NOTICE_RESERVE)).toMatchObject({ go: true });
  });

  it("far from the limit, with what it knows fresh, a process decides alone", async () => {
    const clock = { now: 1_000_000 };
    const pacer = alone();
    const pace = createRepliesPace({ pacer, now: () => clock.now });
    await sends(pace, "first");
    await published();
    for (let chat = 1; chat <= 16; chat++) expect(await sends(pace, String(chat))).toBe(true);
    // 17 of the window's 30: below its share (60 %), not one asked with a limit.
    expect(pacer.asked.filter((limit) => limit !== undefined)).toEqual([]);
  });

  it("two processes on one Redis learn each other's replies; the pacer's sends yield to them", async () => {
    const prefixUsed = freshPrefix("reply-pace");
    // One clock for Redis's side and the processes', standing still: no reply leaves the window meanwhile.
    const now = () => 2_000_000;
    const pacer = createTelegramPacer({ redis, prefix: prefixUsed, now });
    const [one, two] = [createRepliesPace({ pacer, now }), createRepliesPace({ pacer, now })];
    // One learns (nothing else is sending), then sends 20; they are published within one sync (100 ms).
    await sends(one, "a");
    await published();
    for (let chat = 1; chat < 20; chat++) expect(await sends(one, `a${chat}`)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const goes = [];
    // Two knows nothing yet: a few at once, then each taken in Redis, where 20 are out: 10 go, no more.
    for (let chat = 0; chat < 30; chat++) goes.push(await sends(two, `b${chat}`));
    expect(goes.filter(Boolean)).toHaveLength(10);
    expect(Object.values(await redis.hgetall(`${prefixUsed}replies`)).map((v) => v.split(":")[0])).toEqual(
      expect.arrayContaining(["20", "10"]),
    );
    // Background sends (25 a second) find the second full.
    expect(await pacer.tryTake("c", "background")).toMatchObject({ chat: false });
  });

  it("three processes replying at once near the limit never overfill the window together", async () => {
    const prefixUsed = freshPrefix("reply-pace");
    const now = () => 3_000_000;
    const pacer = createTelegramPacer({ redis, prefix: prefixUsed, now });
    const processes = [0, 1, 2].map(() => createRepliesPace({ pacer, now }));
    // Each has replied before and knows the others reply too (as three busy instances do).
    for (const [index, pace] of processes.entries()) await sends(pace, `warm${index}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    // Then all three reply at once, as a backlog clearing: 40 each, interleaved, none awaiting another.
    const turns = await Promise.all(
      Array.from({ length: 120 }, (_, index) => sends(processes[index % 3] as RepliesPace, `c${index}`)),
    );
    expect(turns.filter(Boolean).length + 3).toBeLessThanOrEqual(30);
    expect(turns.filter(Boolean).length + 3).toBeGreaterThanOrEqual(27);
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
      chatLeft: () => 0,
      chatUsed: () => undefined,
    };
    const slept: number[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
    };
    return { transformer: replyPacing(pace, { hold: async () => undefined }, {}, sleep).api, slept };
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
