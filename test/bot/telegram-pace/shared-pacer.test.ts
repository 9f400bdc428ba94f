/**
 * The Telegram pacer on real Redis, with a clock the test moves (no wall-clock luck): two pacers on one
 * Redis (two instances) never let Telegram see more than the rate in any sliding second nor two messages
 * to one chat within the gap, wherever between take and answer Telegram accepts each; a 429 holds every
 * send; prompt sends go before background ones; a send never answered frees its slot after the lease;
 * the paced Api counts the auto-retry's attempts too.
 */
import { describe, expect, it } from "vitest";
import { peak, seededRandom } from "../../../bench/support/measure.ts";
import { createPacedApi, pacedTransformer } from "../../../src/bot/pipeline/telegram-pace/paced-api.ts";
import {
  createTelegramPacer,
  pacerKeys,
  type TelegramPacer,
} from "../../../src/bot/pipeline/telegram-pace/shared-pacer.ts";
import { redisWithPrefixes } from "../../support/redis-prefixes.ts";

const { redis, prefix: freshPrefix } = redisWithPrefixes();

/** Pacers sharing one prefix and one clock the test moves; `sleep` moves it too. */
function group(options: { perSecond?: number; chatGapMs?: number; leaseMs?: number } = {}) {
  const prefix = freshPrefix("pacer");
  const clock = { now: 1_000_000 };
  const pacer = () =>
    createTelegramPacer({
      redis,
      prefix,
      ...options,
      now: () => clock.now,
      sleep: async (ms) => {
        clock.now += ms;
      },
    });
  return { prefix, clock, pacer };
}

describe("Telegram pacer", () => {
  it("two instances: never more than the rate in any sliding second at Telegram's end, the chat gap kept", async () => {
    const g = group({ perSecond: 25, chatGapMs: 1000 });
    const instances = [g.pacer(), g.pacer()];
    const rand = seededRandom(42);
    const start = g.clock.now;
    const inFlight: { token: string; chat: string; answerAt: number }[] = [];
    const accepted: { at: number; chat: string }[] = [];
    const STEP = 10;
    for (let t = start; t < start + 8000; t += STEP) {
      g.clock.now = t;
      for (const send of inFlight.filter((s) => s.answerAt <= t)) {
        await (instances[0] as TelegramPacer).done(send.token, send.chat);
        inFlight.splice(inFlight.indexOf(send), 1);
      }
      // Each instance tries two sends per 10 ms (far more than the rate), to 40 chats.
      for (const pacer of instances) {
        for (let i = 0; i < 2; i++) {
          const chat = String(Math.floor(rand() * 40));
          const taken = await pacer.tryTake(chat, "prompt");
          if (!("token" in taken)) continue;
          // Telegram answers 0 to 400 ms later and accepts the message at the take or at the answer
          // (the two extremes), the worst cases for a count made at either end.
          const answerAt = t + STEP * Math.floor(rand() * 41);
          accepted.push({ at: rand() < 0.5 ? t : answerAt, chat });
          inFlight.push({ token: taken.token, chat, answerAt });
        }
      }
    }
    const times = accepted.map((a) => a.at);
    expect(peak(times, 1000)).toBeLessThanOrEqual(25);
    const byChat = new Map<string, number[]>();
    for (const a of accepted) byChat.set(a.chat, [...(byChat.get(a.chat) ?? []), a.at]);
    for (const chatTimes of byChat.values()) expect(peak(chatTimes, 1000)).toBe(1);
    // Not slower than needed: each slot is held for its answer time (200 ms on average) plus a second, so
    // about 25 / 1.2 per second; 8 s of it sends well over 120.
    expect(accepted.length).toBeGreaterThan(120);
  });

  it("a 429 on one instance holds every send on all of them until retry_after", async () => {
    const g = group();
    const [a, b] = [g.pacer(), g.pacer()];
    await a.hold(3000);
    const refused = await b.tryTake("7", "prompt");
    expect(refused).toEqual({ waitMs: 3000, chat: false });
    g.clock.now += 2999;
    expect("token" in (await b.tryTake("8", "prompt"))).toBe(false);
    g.clock.now += 1;
    expect("token" in (await b.tryTake("8", "prompt"))).toBe(true);
  });

  it("alerts first: while a prompt send waits for the window, background sends wait even when a slot frees", async () => {
    const g = group({ perSecond: 2 });
    const [a, b] = [g.pacer(), g.pacer()];
    const t1 = await a.take("1", "background");
    const t2 = await a.take("2", "prompt");
    await a.done(t1, "1");
    await a.done(t2, "2");
    // Full: the prompt send is refused, and says so.
    expect(await b.tryTake("3", "prompt")).toMatchObject({ chat: false });
    g.clock.now += 1000;
    // A slot is free now, but the prompt send asked within the last second: the background one waits.
    expect(await b.tryTake("4", "background")).toMatchObject({ chat: false });
    expect("token" in (await b.tryTake("3", "prompt"))).toBe(true);
    g.clock.now += 1000;
    expect("token" in (await b.tryTake("4", "background"))).toBe(true);
  });

  it("take waits its turn: a chat's next message a gap after Telegram answered the last", async () => {
    const g = group({ chatGapMs: 1000 });
    const pacer = g.pacer();
    const first = await pacer.take("5", "prompt");
    g.clock.now += 300; // Telegram answered after 300 ms
    await pacer.done(first, "5");
    const answered = g.clock.now;
    await pacer.take("5", "prompt");
    expect(g.clock.now - answered).toBeGreaterThanOrEqual(1000);
    expect(g.clock.now - answered).toBeLessThan(1100);
  });

  it("a send never answered (its process died) frees its slot and its chat after the lease", async () => {
    const g = group({ perSecond: 1, leaseMs: 5000 });
    const pacer = g.pacer();
    await pacer.take("6", "prompt");
    g.clock.now += 4999;
    expect("token" in (await pacer.tryTake("6", "prompt"))).toBe(false);
    g.clock.now += 1;
    expect("token" in (await pacer.tryTake("6", "prompt"))).toBe(true);
  });

  it("the paced Api paces every attempt: a 429 retried by the auto-retry takes a slot for each and holds every send", async () => {
    const g = group();
    // Real time here: grammY's auto-retry waits retry_after (1 s) on a real timer.
    const real = createTelegramPacer({ redis, prefix: g.prefix });
    let takes = 0;
    const pacer: TelegramPacer = {
      ...real,
      take: (chat, priority) => {
        takes++;
        return real.take(chat, priority);
      },
    };
    let calls = 0;
    const fetchStub = (async () => {
      calls++;
      const body =
        calls === 1
          ? { ok: false, error_code: 429, description: "Too Many Requests", parameters: { retry_after: 1 } }
          : { ok: true, result: { message_id: 1, date: 0, chat: { id: 9, type: "private" }, text: "x" } };
      return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    }) as unknown as typeof fetch;
    const api = createPacedApi("1:test", { fetch: fetchStub }, pacedTransformer(pacer, "prompt"));
    await api.sendMessage(9, "x");
    expect(calls).toBe(2);
    expect(takes).toBe(2);
    // The 429 was recorded for every instance (retry_after 1 s; the key's TTL only cleans up).
    expect(Number(await redis.get(pacerKeys(g.prefix).flood))).toBeGreaterThan(0);
  });
});
