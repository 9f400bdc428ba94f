/**
 * A storm on the real app with its inbound limits at their defaults (LIMIT_MESSAGES 10/30, LIMIT_PRESSES
 * 15/60, LIMIT_INLINE 15/120) and the default bound on what a private chat holds (HELD_PER_CHAT): a smaller
 * bench:storm (bench/storm.ts, in the bench's world: the sandbox exchange over HTTP with its request log, a
 * stub Telegram that tells who got what), once against one app and once against three instances in
 * webhook mode sharing Redis (shared handled-once record and chat lock on), each update given to the next
 * instance's handleUpdate in turn: every flood update reaches an instance at once, as in the bench, where
 * HTTP at Telegram's 40 connections would let them in a few at a time (bench:storm --http).
 *
 * 20 normal users each send a message about every second for 3 s while one user sends 1,000 messages at
 * once, 5 users press the Refresh under their /balance 100 times each within half a second, and 10 users
 * type 30 inline queries each, one every 50 ms. Only behaviour is asserted: who got what, what reached the
 * exchange. Bounds that follow from the budgets' refill use the time the storm actually took, measured.
 * No memory is asserted: what the heap holds after a storm depends on when V8 collects (bench:storm
 * reports it).
 *
 * The stub enforces no Telegram pace: every reply is accepted, so a missing reply is the bot's doing.
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { Update } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callbackUpdate, inlineUpdate, textUpdate } from "../../bench/support/updates.ts";
import { startWorld, type World } from "../../bench/support/world.ts";
import { HELD_PER_CHAT } from "../../src/bot/create-bot.ts";
import { DEFAULT_BUDGETS } from "../../src/services/runtime/inbound-limits.ts";

const NORMAL = 20;
const FLOOD = 1000;
const TAPPERS = 5;
const PRESSES = 100;
const INLINE_USERS = 10;
const INLINE_QUERIES = 30;
/** A normal user's messages: one every second or so (at a phase of their own), for 3 s. */
const NORMAL_MESSAGES = 3;
const NORMAL_EVERY_MS = 1000;
/** When the flood and the presses start: the normal traffic is under way. */
const STORM_AT_MS = 200;
const PRESS_SPREAD_MS = 500;
const INLINE_EVERY_MS = 50;
/**
 * The notice of a user's skips is considered this long after their first skip. Generous beside the half
 * second the presses take: every press is answered or skipped before the notice counts them, even with
 * the press loop seconds late on a loaded machine.
 */
const NOTICE_DELAY_MS = 3000;
/** How long the notices may take to arrive after the storm settled (they are due within a second). */
const NOTICE_WAIT_MS = 10_000;
/** A notice of skipped updates starts so (locales/en.ftl, skipped-updates). */
const NOTICE = "Slow down a little: I skipped";

/** What the stub Telegram saw, per chat or user. */
interface Seen {
  /** Messages sent to each chat, notices aside. */
  replies: Map<number, number>;
  /** The counts the notices to each chat said, in order. */
  notices: Map<number, number[]>;
  answeredPresses: Map<number, number>;
  /** Presses answered "refreshed a moment ago" (bot/flow-kit/refresh-gap.ts): answered, with no read. */
  refreshedJustNow: Map<number, number>;
  answeredInline: Map<number, number>;
}

/** What one storm did. */
interface Storm {
  world: World;
  seen: Seen;
  normal: number[];
  flooder: number;
  tappers: number[];
  inliners: number[];
  /** Updates each normal user sent. */
  sent: Map<number, number>;
  /** How long the presses and the inline queries took, from the first sent to the last settled (s). */
  pressSeconds: number;
  inlineSeconds: number;
  /**
   * The exchange requests of the storm's users during the storm that a /balance makes (the alert watcher's
   * heartbeat reads of the same accounts are left out), and what one /balance (or Refresh) asks.
   */
  requests: Map<number, number>;
  perBalance: number;
  /** Updates whose handling threw. */
  failures: number;
}

const bump = (map: Map<number, number>, key: number, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/** Runs the storm against a world of `instances` (none: one app in polling mode). */
async function storm(instances?: number): Promise<Storm> {
  const seen: Seen = {
    replies: new Map(),
    notices: new Map(),
    answeredPresses: new Map(),
    refreshedJustNow: new Map(),
    answeredInline: new Map(),
  };
  /** Whose press or inline query an id is. */
  const owner = new Map<string, number>();
  const world = await startWorld(NORMAL + 1 + TAPPERS + INLINE_USERS, false, 0, {
    realLimits: true,
    sandboxControl: true,
    inbound: { heldPerChat: HELD_PER_CHAT, noticeDelayMs: NOTICE_DELAY_MS },
    ...(instances === undefined ? {} : { instances }),
    telegram: {
      latencyMs: 20,
      observe(method, payload) {
        const chatId = Number(payload.chat_id);
        if (method === "sendMessage") {
          const text = String(payload.text ?? "");
          if (!text.startsWith(NOTICE)) bump(seen.replies, chatId);
          else {
            const count = Number(/skipped\D*?([\d,]+)/.exec(text)?.[1]?.replaceAll(",", ""));
            seen.notices.set(chatId, [...(seen.notices.get(chatId) ?? []), count]);
          }
        } else if (method === "answerCallbackQuery") {
          const user = owner.get(String(payload.callback_query_id));
          if (user !== undefined) bump(seen.answeredPresses, user);
          if (user !== undefined && String(payload.text ?? "").startsWith("Refreshed a moment ago"))
            bump(seen.refreshedJustNow, user);
        } else if (method === "answerInlineQuery") {
          const user = owner.get(String(payload.inline_query_id));
          if (user !== undefined) bump(seen.answeredInline, user);
        }
      },
    },
  });
  const users = world.users;
  const normal = users.slice(0, NORMAL);
  const flooder = users[NORMAL] as number;
  const tappers = users.slice(NORMAL + 1, NORMAL + 1 + TAPPERS);
  const inliners = users.slice(NORMAL + 1 + TAPPERS);
  let failures = 0;
  const handled = (update: Update) =>
    world.handle("whole", update).catch(() => {
      failures++;
    });
  // A /balance reads the balances and the wallet statistics; the watcher's heartbeat (triggers, schedules)
  // may read the same accounts at any moment and is no update's doing.
  const balanceRead = (path: string) => path.includes("/balances/") || path.includes("/wallet-stats/");
  const exchangeRequests = async (of: readonly number[]) => {
    const counts = new Map<number, number>();
    for (const userId of of) {
      const response = await fetch(
        `${world.sandbox.url}/_sandbox/requests?account_id=${world.accountIds.get(userId)}`,
      );
      const { requests } = (await response.json()) as { requests: { path: string }[] };
      counts.set(userId, requests.filter((request) => balanceRead(request.path)).length);
    }
    return counts;
  };

  // Each tapper's /balance, whose Refresh they press; its exchange requests tell what one /balance asks.
  const beforeSetup = await exchangeRequests(tappers);
  await Promise.all(tappers.map((userId) => handled(textUpdate(userId, "/balance"))));
  const buttons = new Map<number, { messageId: number; data: string }>();
  for (const userId of tappers) {
    const last = world.telegram.last(userId);
    const data = /"callback_data":"([^"]+)"/.exec(last?.buttons ?? "")?.[1];
    if (last === undefined || data === undefined) throw new Error("no Refresh under /balance");
    buttons.set(userId, { messageId: last.messageId, data });
  }
  const afterSetup = await exchangeRequests(tappers);
  const perBalance =
    tappers.reduce((sum, u) => sum + (afterSetup.get(u) ?? 0) - (beforeSetup.get(u) ?? 0), 0) / TAPPERS;
  seen.replies.clear();

  const stormUsers = [flooder, ...tappers];
  const before = await exchangeRequests(stormUsers);
  const start = performance.now();
  const until = (at: number) => sleep(Math.max(0, start + at - performance.now()));
  const sent = new Map<number, number>();

  const normalTraffic = Promise.all(
    normal.map(async (userId, index) => {
      const running: Promise<void>[] = [];
      const phase = Math.random() * NORMAL_EVERY_MS;
      for (let i = 0; i < NORMAL_MESSAGES; i++) {
        await until(phase + i * NORMAL_EVERY_MS);
        bump(sent, userId);
        running.push(handled(textUpdate(userId, (index + i) % 2 === 0 ? "/price btc" : "/balance")));
      }
      await Promise.all(running);
    }),
  );
  const flood = (async () => {
    await until(STORM_AT_MS);
    const updates = Array.from({ length: FLOOD }, () => textUpdate(flooder, "/balance"));
    await Promise.all(updates.map(handled));
  })();
  let pressSeconds = 0;
  const presses = (async () => {
    await until(STORM_AT_MS);
    const began = performance.now();
    await Promise.all(
      tappers.map(async (userId) => {
        const button = buttons.get(userId) as { messageId: number; data: string };
        const running: Promise<void>[] = [];
        for (let i = 0; i < PRESSES; i++) {
          await until(STORM_AT_MS + (i * PRESS_SPREAD_MS) / PRESSES);
          const update = callbackUpdate(userId, button.messageId, button.data);
          owner.set(String(update.callback_query?.id), userId);
          running.push(handled(update));
        }
        await Promise.all(running);
      }),
    );
    pressSeconds = (performance.now() - began) / 1000;
  })();
  let inlineSeconds = 0;
  const inline = (async () => {
    const began = performance.now();
    await Promise.all(
      inliners.map(async (userId) => {
        const running: Promise<void>[] = [];
        for (let i = 0; i < INLINE_QUERIES; i++) {
          await until(i * INLINE_EVERY_MS);
          const update = inlineUpdate(userId, ["b", "bt", "btc"][i % 3] as string);
          owner.set(String(update.inline_query?.id), userId);
          running.push(handled(update));
        }
        await Promise.all(running);
      }),
    );
    inlineSeconds = (performance.now() - began) / 1000;
  })();
  await Promise.all([normalTraffic, flood, presses, inline]);
  const after = await exchangeRequests(stormUsers);
  const requests = new Map(stormUsers.map((u) => [u, (after.get(u) ?? 0) - (before.get(u) ?? 0)]));

  // The notices: one to the flooder and one to each tapper, due a few seconds after their first skip.
  const deadline = performance.now() + NOTICE_WAIT_MS;
  while (
    [flooder, ...tappers].some((u) => (seen.notices.get(u)?.length ?? 0) === 0) &&
    performance.now() < deadline
  )
    await sleep(50);
  // Time for a second notice to show, if one could (each instance considers its own a moment apart).
  await sleep(500);
  return {
    world,
    seen,
    normal,
    flooder,
    tappers,
    inliners,
    sent,
    pressSeconds,
    inlineSeconds,
    requests,
    perBalance,
    failures,
  };
}

/** The most a budget lets through in `seconds`: its burst, what it refilled, and one for the rounding. */
const mostIn = (budget: { burst: number; perMinute: number }, seconds: number) =>
  budget.burst + Math.ceil((seconds * budget.perMinute) / 60) + 1;

/** The assertions both runs share. */
function sharedBehaviour(run: () => Storm) {
  it("runs on the default budgets, and nothing threw", () => {
    expect(DEFAULT_BUDGETS).toEqual({
      message: { burst: 10, perMinute: 30 },
      press: { burst: 15, perMinute: 60 },
      inline: { burst: 15, perMinute: 120 },
    });
    expect(run().failures).toBe(0);
  });

  it("answers every update of every normal user, and tells them of nothing", () => {
    const { seen, normal, sent } = run();
    for (const userId of normal) {
      expect(seen.replies.get(userId) ?? 0).toBe(sent.get(userId));
      expect(seen.notices.get(userId)).toBeUndefined();
    }
  });

  it("answers each tapper's presses up to the press budget, and tells each once", () => {
    const { seen, tappers, pressSeconds } = run();
    for (const userId of tappers) {
      const answered = seen.answeredPresses.get(userId) ?? 0;
      expect(answered).toBeGreaterThan(0);
      expect(answered).toBeLessThanOrEqual(mostIn(DEFAULT_BUDGETS.press, pressSeconds));
      expect(seen.notices.get(userId)).toHaveLength(1);
    }
  });

  it("answers each inline user's queries up to the inline budget, with no notice (no chat to tell)", () => {
    const { seen, inliners, inlineSeconds } = run();
    for (const userId of inliners) {
      const answered = seen.answeredInline.get(userId) ?? 0;
      expect(answered).toBeGreaterThan(0);
      expect(answered).toBeLessThanOrEqual(mostIn(DEFAULT_BUDGETS.inline, inlineSeconds));
      expect(seen.notices.get(userId)).toBeUndefined();
    }
  });

  it("makes no exchange call for a skipped update: only the answered ones read, a Refresh again within a moment not", () => {
    const { seen, flooder, tappers, requests, perBalance } = run();
    expect(perBalance).toBeGreaterThan(0);
    expect(requests.get(flooder)).toBe((seen.replies.get(flooder) ?? 0) * perBalance);
    for (const userId of tappers) {
      const refreshed = (seen.answeredPresses.get(userId) ?? 0) - (seen.refreshedJustNow.get(userId) ?? 0);
      expect(refreshed).toBeGreaterThan(0);
      expect(requests.get(userId)).toBe(refreshed * perBalance);
    }
  });
}

describe("a storm on one app", () => {
  let result: Storm | undefined;
  const run = () => result as Storm;
  beforeAll(async () => {
    result = await storm();
  });
  afterAll(async () => {
    await result?.world.close();
  });

  sharedBehaviour(run);

  it("answers at most HELD_PER_CHAT of the flood, and says the rest in one notice", () => {
    const { seen, flooder } = run();
    const replies = seen.replies.get(flooder) ?? 0;
    expect(replies).toBeGreaterThan(0);
    expect(replies).toBeLessThanOrEqual(HELD_PER_CHAT);
    const notices = seen.notices.get(flooder) ?? [];
    expect(notices).toHaveLength(1);
    expect((notices[0] ?? 0) + replies).toBe(FLOOD);
  });

  it("says in each tapper's notice every press it did not answer", () => {
    const { seen, tappers } = run();
    for (const userId of tappers)
      expect((seen.notices.get(userId)?.[0] ?? 0) + (seen.answeredPresses.get(userId) ?? 0)).toBe(PRESSES);
  });
});

describe("a storm on three instances sharing Redis (webhook mode, updates round-robin)", () => {
  let result: Storm | undefined;
  const run = () => result as Storm;
  beforeAll(async () => {
    result = await storm(3);
  });
  afterAll(async () => {
    await result?.world.close();
  });

  sharedBehaviour(run);

  it("answers a handful of the flood: the chat holds HELD_PER_CHAT on every instance together", () => {
    const { seen, flooder } = run();
    const replies = seen.replies.get(flooder) ?? 0;
    expect(replies).toBeGreaterThan(0);
    expect(replies).toBeLessThanOrEqual(HELD_PER_CHAT);
  });

  it("tells the flooder once, not once per instance", () => {
    const { seen, flooder } = run();
    expect(seen.notices.get(flooder) ?? []).toHaveLength(1);
  });

  // Each instance reports what it skipped a moment after its first skip; the spell's first report waits for
  // the others' (services/runtime/inbound-limits.ts), so the one notice counts them all.
  it("says in that one notice everything the three instances skipped", () => {
    const { seen, flooder, tappers } = run();
    const said = (userId: number) => seen.notices.get(userId)?.[0] ?? 0;
    expect(
      [flooder, ...tappers].map(
        (u) => said(u) + (seen.replies.get(u) ?? 0) + (seen.answeredPresses.get(u) ?? 0),
      ),
    ).toEqual([FLOOD, ...tappers.map(() => PRESSES)]);
  });
});
