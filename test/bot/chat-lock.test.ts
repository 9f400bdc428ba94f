/**
 * The chat lock across instances (bot/pipeline/shared-updates.ts) on real Redis: one update of a chat at a
 * time, and the chat's reply budget handed from the instance that replied to the next one, so replies to one
 * chat spread over instances still keep to Telegram's burst of three then one a second.
 */
import type { MiddlewareFn } from "grammy";
import { describe, expect, it, vi } from "vitest";
import type { BotContext } from "../../src/bot/context.ts";
import {
  type Arrival,
  type ArrivalBudget,
  type Arrivals,
  chatHeld,
  chatLock,
  FULL_MEMO_MS,
  handleOnce,
} from "../../src/bot/pipeline/shared-updates.ts";
import { createRepliesPace, type RepliesPace } from "../../src/bot/pipeline/telegram-pace/reply-pace.ts";
import {
  type AheadReads,
  takeReadAhead,
  takeReadAheadField,
  withReadAhead,
} from "../../src/services/runtime/update-reads.ts";
import { redisWithPrefixes } from "../support/redis-prefixes.ts";

const { redis, prefix: freshPrefix } = redisWithPrefixes();

const alone: Parameters<typeof createRepliesPace>[0]["pacer"] = {
  publishReplies: async () => ({ busy: 0, floodMs: 0, others: 0, fitted: true }),
};

/** An update of chat 42, as far as the lock reads one. */
function update(id: number): BotContext {
  return {
    chat: { id: 42 },
    from: { id: 42 },
    update: { update_id: id },
    log: { warn: () => undefined, info: () => undefined },
  } as unknown as BotContext;
}

/** Runs `lock` around replies taken on `pace`: how many could go at once. */
async function replies(lock: MiddlewareFn<BotContext>, pace: RepliesPace, id: number, wanted: number) {
  let went = 0;
  await lock(update(id), async () => {
    for (let reply = 0; reply < wanted; reply++) if ((await pace.take("42")).go) went++;
  });
  return went;
}

describe("the chat lock across instances", () => {
  it("hands the chat's reply budget to the next instance", async () => {
    const prefix = freshPrefix("chat-lock");
    const [one, two] = [createRepliesPace({ pacer: alone }), createRepliesPace({ pacer: alone })];
    const lockOne = chatLock({ redis, prefix, replies: one }, () => false);
    const lockTwo = chatLock({ redis, prefix, replies: two }, () => false);
    expect(await replies(lockOne, one, 1, 2)).toBe(2);
    // Two replies used of the burst of three: the other instance has one left, not three.
    expect(await replies(lockTwo, two, 2, 3)).toBe(1);
    expect(await replies(lockOne, one, 3, 1)).toBe(0);
    // The budget kept in Redis lasts as long as it is in use, no longer.
    const left = await redis.pttl(`${prefix}replies:42`);
    expect(left).toBeGreaterThan(2000);
    expect(left).toBeLessThanOrEqual(3000);
  });

  it("runs one update of a chat at a time across instances", async () => {
    const prefix = freshPrefix("chat-lock");
    const locks = [0, 1].map(() => chatLock({ redis, prefix, pollMs: 5 }, () => false));
    const order: string[] = [];
    let release = () => {};
    const first = (locks[0] as MiddlewareFn<BotContext>)(update(1), async () => {
      order.push("first in");
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      order.push("first out");
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const second = (locks[1] as MiddlewareFn<BotContext>)(update(2), async () => {
      order.push("second in");
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(["first in"]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["first in", "first out", "second in"]);
  });
});

/** An instance's options beside Redis's (chatHeld and chatLock's). */
type InstanceOptions = { redis: typeof redis; prefix: string; pollMs?: number };

/**
 * An instance: chatHeld, then (as the bot's chain runs) chatLock around `work`. With `reads`, chatHeld reads
 * them on arrival when it takes the lock, and the read-ahead (with what was read then, when it was) runs
 * inside the lock; each update's arrival record goes into `seen`.
 */
function instance(
  options: InstanceOptions,
  extra: { reads?: AheadReads; seen?: Arrival[]; budget?: ArrivalBudget } = {},
) {
  const { reads, seen, budget } = extra;
  const arrivals: Arrivals = new WeakMap();
  const held = chatHeld(options, {
    isUrgent: () => false,
    bound: { max: () => 3, overflow: () => undefined },
    arrivals,
    ...(reads ? { reads: () => reads } : {}),
    ...(budget ? { budget } : {}),
  });
  const lock = chatLock(options, () => false, arrivals);
  return (ctx: BotContext, work: () => Promise<void>) =>
    held(ctx, async () => {
      const arrival = arrivals.get(ctx.update);
      if (arrival !== undefined) seen?.push({ ...arrival });
      await lock(
        ctx,
        reads === undefined
          ? work
          : () => withReadAhead(redis, arrival?.read?.reads ?? reads, work, arrival?.read?.reply),
      );
    });
}

describe("the chat's lock taken on arrival", () => {
  const bound = { max: () => 3, overflow: () => undefined };

  it("an update of a chat busy elsewhere, or already held in this process, waits for the lock", async () => {
    const options = { redis, prefix: freshPrefix("chat-arrival"), pollMs: 5 };
    const [one, two] = [instance(options), instance(options)];
    const order: string[] = [];
    let release = () => {};
    const running = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = one(update(1), async () => {
      order.push("1 in");
      await running;
      order.push("1 out");
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    // On the other instance (the chat's lock is taken), and on the same one (it holds an update of the chat).
    const others = [
      two(update(2), async () => void order.push("2 in")),
      one(update(3), async () => void order.push("3 in")),
    ];
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(["1 in"]);
    release();
    await Promise.all([first, ...others]);
    expect(order.slice(0, 2)).toEqual(["1 in", "1 out"]);
    expect(order.slice(2).sort()).toEqual(["2 in", "3 in"]);
    expect(await redis.exists(`${options.prefix}lock:42`, `${options.prefix}held:42`)).toBe(0);
  });

  it("an update that never reaches the lock gives it back on its way out, with its place", async () => {
    const options = { redis, prefix: freshPrefix("chat-arrival") };
    const arrivals: Arrivals = new WeakMap();
    const held = chatHeld(options, { isUrgent: () => false, bound, arrivals });
    // Dropped between the two (say, from another bot): the lock was taken on arrival all the same.
    await held(update(1), async () => {
      expect(await redis.exists(`${options.prefix}lock:42`)).toBe(1);
    });
    await vi.waitFor(async () =>
      expect(await redis.exists(`${options.prefix}lock:42`, `${options.prefix}held:42`)).toBe(0),
    );
  });
});

describe("what an update reads ahead, read on arrival", () => {
  it("reads strings, hash fields and long values with the lock taken on a free chat, in the one round trip", async () => {
    const prefix = freshPrefix("chat-reads");
    const long = "x".repeat(1000);
    await redis.set(`${prefix}short`, "one");
    await redis.set(`${prefix}long`, long);
    await redis.hset(`${prefix}hash`, { a: "A", b: long });
    const reads: AheadReads = {
      keys: [`${prefix}short`, `${prefix}missing`, `${prefix}long`],
      hashes: [{ key: `${prefix}hash`, fields: ["a", "b", "c"] }],
    };
    const budget: ArrivalBudget = {
      of: () => ({ key: `${prefix}budget`, intervalMs: 1000, burst: 5 }),
      refused: () => undefined,
    };
    // With a take from the user's budget on arrival and without: the reads' keys lie after its key or not.
    for (const take of [budget, undefined]) {
      const seen: Arrival[] = [];
      const scripts = vi.spyOn(redis, "evalsha");
      const values: unknown[] = [];
      try {
        await instance({ redis, prefix }, { reads, seen, ...(take ? { budget: take } : {}) })(
          update(take ? 1 : 2),
          async () => {
            values.push(
              ...[`${prefix}short`, `${prefix}missing`, `${prefix}long`].map((key) => takeReadAhead(key)),
              ...["a", "b", "c"].map((field) => takeReadAheadField(`${prefix}hash`, field)),
            );
          },
        );
        // The arrival's script and the release's: nothing read in between.
        expect(scripts).toHaveBeenCalledTimes(2);
      } finally {
        scripts.mockRestore();
      }
      expect(values).toEqual(["one", null, long, "A", long, null]);
      expect(seen[0]?.read?.reads).toBe(reads);
      expect(seen[0]?.taken).toBe(take ? true : undefined);
    }
    expect(await redis.exists(`${prefix}budget`)).toBe(1);
  });

  it("an update that waits for the chat's lock reads after it, what the update before it wrote", async () => {
    const options = { redis, prefix: freshPrefix("chat-reads"), pollMs: 5 };
    const key = `${options.prefix}state`;
    await redis.set(key, "before");
    const reads: AheadReads = { keys: [key] };
    const [seenOne, seenTwo]: [Arrival[], Arrival[]] = [[], []];
    const [one, two] = [
      instance(options, { reads, seen: seenOne }),
      instance(options, { reads, seen: seenTwo }),
    ];
    let release = () => {};
    const running = new Promise<void>((resolve) => {
      release = resolve;
    });
    const read: unknown[] = [];
    const first = one(update(1), async () => {
      read.push(takeReadAhead(key));
      await running;
      await redis.set(key, "after");
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    // On the other instance (the chat's lock is taken), and on the same one (it holds an update of the chat).
    const others = [
      two(update(2), async () => void read.push(takeReadAhead(key))),
      one(update(3), async () => void read.push(takeReadAhead(key))),
    ];
    await new Promise((resolve) => setTimeout(resolve, 30));
    release();
    await Promise.all([first, ...others]);
    expect(read).toEqual(["before", "after", "after"]);
    // Only the first took the lock, and read, on arrival.
    expect([...seenOne, ...seenTwo].filter((arrival) => arrival.read !== undefined)).toHaveLength(1);
  });
});

describe("what a chat holds across instances", () => {
  it("turns a flood away on an instance that found the chat full, without asking Redis again for a moment", async () => {
    const prefix = freshPrefix("chat-held");
    let clock = 1_000_000;
    const turnedAway: number[] = [];
    const bound = { max: () => 3, overflow: (ctx: BotContext) => void turnedAway.push(ctx.update.update_id) };
    const options = { redis, prefix, now: () => clock };
    const [one, two] = [
      chatHeld(options, { isUrgent: () => false, bound, arrivals: new WeakMap() }),
      chatHeld(options, { isUrgent: () => false, bound, arrivals: new WeakMap() }),
    ];
    // Instance one holds three updates of the chat, still running.
    const finish: (() => void)[] = [];
    const running = new Promise<void>((resolve) => finish.push(resolve));
    const held = [1, 2, 3].map((id) => one(update(id), () => running));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Instance two: the first update finds the chat full in Redis; the next ones are turned away locally.
    const calls = vi.spyOn(redis, "evalsha");
    try {
      let ran = 0;
      for (let id = 10; id < 60; id++)
        await two(update(id), async () => {
          ran++;
        });
      expect(ran).toBe(0);
      expect(turnedAway).toHaveLength(50);
      expect(calls).toHaveBeenCalledTimes(1);
      // After the moment, Redis is asked again (the chat is still full).
      clock += FULL_MEMO_MS;
      await two(update(60), async () => {
        ran++;
      });
      expect(calls).toHaveBeenCalledTimes(2);
      expect(ran).toBe(0);
      // Once the held updates are done, the chat takes updates again.
      for (const done of finish) done();
      await Promise.all(held);
      clock += FULL_MEMO_MS;
      await two(update(61), async () => {
        ran++;
      });
      expect(ran).toBe(1);
    } finally {
      calls.mockRestore();
    }
  });

  it("marks an update handled once as it joins: a repeat on another instance is dropped on arrival", async () => {
    const prefix = freshPrefix("chat-held-once");
    const bound = { max: () => 3, overflow: () => undefined };
    const options = { redis, prefix };
    const [seenOne, seenTwo]: [Arrivals, Arrivals] = [new WeakMap(), new WeakMap()];
    const [one, two] = [
      chatHeld(options, { isUrgent: () => false, bound, arrivals: seenOne }),
      chatHeld(options, { isUrgent: () => false, bound, arrivals: seenTwo }),
    ];
    const ran: string[] = [];
    const sets = vi.spyOn(redis, "set");
    const scripts = vi.spyOn(redis, "evalsha");
    const leaves = vi.spyOn(redis, "zrem");
    try {
      const first = update(7);
      await one(first, async () => {
        await handleOnce(options, seenOne)(first, async () => {
          await chatLock(
            options,
            () => false,
            seenOne,
          )(first, async () => {
            ran.push("one");
          });
        });
      });
      // One round trip on arrival, which took the free chat's lock too: handleOnce found the update marked
      // and chatLock the lock taken; one more gave the lock back with the update's place.
      expect(ran).toEqual(["one"]);
      expect(scripts).toHaveBeenCalledTimes(2);
      expect(sets).not.toHaveBeenCalled();
      expect(leaves).not.toHaveBeenCalled();
      expect(await redis.exists(`${prefix}lock:42`, `${prefix}held:42`)).toBe(0);
      // Telegram delivers it again, to the other instance: dropped there, before anything waits or runs.
      const again = update(7);
      await two(again, async () => {
        ran.push("two");
      });
      expect(ran).toEqual(["one"]);
      expect(seenTwo.has(again.update)).toBe(false);
      // An update that passes chatHeld by (a /cancel) is still checked by handleOnce itself.
      const cancel = update(7);
      const before = scripts.mock.calls.length;
      await handleOnce(options, seenTwo)(cancel, async () => {
        ran.push("cancel");
      });
      expect(scripts.mock.calls.length).toBe(before + 1);
      expect(ran).toEqual(["one"]);
      // The repeat took no place among the chat's held updates.
      expect(await redis.zcard(`${prefix}held:42`)).toBe(0);
    } finally {
      sets.mockRestore();
      scripts.mockRestore();
      leaves.mockRestore();
    }
  });
});
