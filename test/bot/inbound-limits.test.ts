/**
 * What one user, group or script may make the bot do: a budget per kind of update shared in Redis, a bound
 * on what one chat holds waiting, one notice per spell of skipped updates (in the user's language), /cancel
 * always through, a secret in a skipped message still taken down, and a group that never holds back a
 * member's private chat.
 */
import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { HELD_PER_CHAT } from "../../src/bot/create-bot.ts";
import type { RecordedCall } from "../../src/telegram-fake/index.ts";
import { startTestBot, type TestBot } from "../support/bot.ts";

const NOTICE = /^Slow down a little: I skipped (\d+) messages and taps that came too fast\./;

/** Waits until `predicate` holds, checking every 20 ms; fails after `timeoutMs` (generous: a loaded machine). */
async function until(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The texts the bot sent to a chat since call `from`. */
function sentTo(tb: TestBot, chatId: number, from = 0): string[] {
  return tb.fake.calls
    .slice(from)
    .filter((call: RecordedCall) => call.method === "sendMessage" && call.payload.chat_id === chatId)
    .flatMap((call) => (call.output ? [call.output.plainText] : []));
}

describe("inbound limits", async () => {
  // Three messages at once, then one every ten seconds: a test never earns one back by waiting.
  const tb = await startTestBot({
    env: { LIMIT_MESSAGES: "3/6", LIMIT_PRESSES: "2/6", LIMIT_INLINE: "2/6" },
    inbound: { noticeDelayMs: 100, heldPerChat: HELD_PER_CHAT },
  });

  it("a user over the message budget is skipped without a reply, then told once how many were skipped", async () => {
    const chat = tb.chat();
    const from = tb.fake.calls.length;
    const answered: number[] = [];
    for (let i = 0; i < 10; i++) answered.push((await chat.send("/help")).length);
    expect(answered).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
    await until(() => sentTo(tb, chat.chat.id, from).some((text) => NOTICE.test(text)));
    const notices = sentTo(tb, chat.chat.id, from).filter((text) => NOTICE.test(text));
    expect(notices).toHaveLength(1);
    expect(NOTICE.exec(notices[0] as string)?.[1]).toBe("7");
    // More skips in the same window: no second notice (one per window, not one per skip).
    for (let i = 0; i < 3; i++) await chat.send("/help");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sentTo(tb, chat.chat.id, from).filter((text) => NOTICE.test(text))).toHaveLength(1);
    expect(tb.logs.join("\n")).toContain('"skipped":{"budget":7,"queue":0}');
  });

  it("once a take finds the budget spent, the user's further updates are skipped without asking Redis", async () => {
    const chat = tb.chat();
    const budgetKey = `message:${chat.user.id}`;
    const takes: number[] = [];
    const redis = tb.redis as unknown as { sendCommand: (command: { args: unknown[] }) => unknown };
    const send = redis.sendCommand.bind(redis);
    redis.sendCommand = (command) => {
      if (command.args.some((arg) => String(arg).endsWith(budgetKey))) takes.push(Date.now());
      return send(command);
    };
    try {
      const answered: number[] = [];
      for (let i = 0; i < 8; i++) answered.push((await chat.send("/help")).length);
      expect(answered).toEqual([1, 1, 1, 0, 0, 0, 0, 0]);
      // Three taken, the fourth refused (with the wait until the next); the other four never asked.
      expect(takes).toHaveLength(4);
    } finally {
      redis.sendCommand = send;
    }
    // The skips are still counted: the notice says all five.
    const notice = await chat.waitForOutput((output) => NOTICE.test(output.plainText));
    expect(NOTICE.exec(notice.plainText)?.[1]).toBe("5");
  });

  it("notices go one at a time, half a second apart: a storm's users do not take the second together", async () => {
    const [a, b] = [tb.chat(), tb.chat()];
    const at = new Map<number, number>();
    const stop = tb.fake.onCall((call) => {
      const chatId = Number(call.payload.chat_id);
      if (call.output && NOTICE.test(call.output.plainText) && !at.has(chatId)) at.set(chatId, Date.now());
    });
    await Promise.all(
      [a, b].map(async (chat) => {
        for (let i = 0; i < 5; i++) await chat.send("/help");
      }),
    );
    await until(() => at.size === 2);
    stop();
    const [first, second] = [...at.values()].sort((x, y) => x - y) as [number, number];
    // A lower bound only: a slower machine spaces them more.
    expect(second - first).toBeGreaterThanOrEqual(450);
  });

  it("/cancel always passes, over the budget too", async () => {
    const chat = tb.chat();
    for (let i = 0; i < 4; i++) await chat.send("/help");
    expect(await chat.send("/help")).toEqual([]);
    const cancelled = await chat.send("/cancel");
    expect(cancelled.map((output) => output.plainText)).toHaveLength(1);
  });

  it("the notice speaks the user's language", async () => {
    const chat = tb.chat({ languageCode: "zh-hans" });
    for (let i = 0; i < 5; i++) await chat.send("/help");
    const notice = await chat.waitForOutput((output) => output.plainText.startsWith("请慢一点"));
    expect(notice.plainText).toContain("跳过了 2 条");
  });

  it("button presses have their own budget", async () => {
    const chat = tb.chat();
    await chat.send("/settings");
    const presses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const message = tb.fake.visible(chat.chat.id).at(-1);
      const update = tb.fake.callback(chat.user, chat.chat, message?.messageId as number, "garbage");
      const before = tb.fake.calls.length;
      await tb.app.bot.handleUpdate(update);
      presses.push(tb.fake.calls.length - before);
    }
    // Two answered (each press answered once), then nothing: Telegram's spinner ends on its own.
    expect(presses.map((calls) => calls > 0)).toEqual([true, true, false, false]);
    // The message budget is untouched by presses.
    expect(await chat.send("/help")).toHaveLength(1);
  });

  it("a key pasted while over the budget is still deleted, and never logged or stored", async () => {
    const chat = tb.chat();
    const account = tb.ex.account({ AUD: "1" });
    for (let i = 0; i < 3; i++) await chat.send("/help");
    const from = tb.fake.calls.length;
    await chat.send(`here ${account.readWriteKey}`);
    await until(() => tb.fake.calls.slice(from).some((call) => call.method === "deleteMessage"));
    expect(tb.logs.join("\n")).not.toContain(account.readWriteKey);
    expect(await tb.dumpRedis()).not.toContain(account.readWriteKey);
  });

  it("a notice Telegram refuses is sent again, with every skip in it", async () => {
    let refused = 0;
    const flaky = await startTestBot({
      env: { LIMIT_MESSAGES: "2/6" },
      inbound: { noticeDelayMs: 100, heldPerChat: HELD_PER_CHAT },
      wrapTelegramFetch: (fetch) => async (input, init) => {
        const body = typeof init?.body === "string" ? init.body : "";
        if (refused === 0 && body.includes("Slow down")) {
          refused++;
          const error = { ok: false, error_code: 400, description: "Bad Request: refused by the test" };
          return new Response(JSON.stringify(error), { status: 400 });
        }
        return fetch(input, init);
      },
    });
    const chat = flaky.chat();
    for (let i = 0; i < 6; i++) await chat.send("/help");
    const notice = await chat.waitForOutput((output) => NOTICE.test(output.plainText));
    expect(refused).toBe(1);
    expect(NOTICE.exec(notice.plainText)?.[1]).toBe("4");
  });

  it("a chat holds at most a few updates: a flood sent at once gets a handful of replies and one notice", async () => {
    const flooding = await startTestBot({ inbound: { noticeDelayMs: 100, heldPerChat: HELD_PER_CHAT } });
    const chat = flooding.chat();
    const updates: Update[] = [];
    for (let i = 0; i < 300; i++) updates.push(flooding.fake.userText(chat.user, chat.chat, "/help"));
    await Promise.all(updates.map((update) => flooding.app.bot.handleUpdate(update)));
    const replies = sentTo(flooding, chat.chat.id).filter((text) => !NOTICE.test(text));
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.length).toBeLessThanOrEqual(HELD_PER_CHAT);
    await until(() => sentTo(flooding, chat.chat.id).some((text) => NOTICE.test(text)));
    const notice = sentTo(flooding, chat.chat.id).find((text) => NOTICE.test(text)) as string;
    expect(Number(NOTICE.exec(notice)?.[1]) + replies.length).toBe(300);
  });
});

describe("in webhook mode (several instances)", async () => {
  const tb = await startTestBot({
    env: {
      LIMIT_MESSAGES: "3/6",
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://bot.example.com/hook",
      WEBHOOK_SECRET: "s3cret",
    },
    inbound: { noticeDelayMs: 100, heldPerChat: HELD_PER_CHAT },
  });

  it("takes an update's budget as it joins its chat, once: one over it never takes the chat's lock", async () => {
    // Another chat's update first: Redis learns the scripts then, which counts each of them twice.
    await tb.chat().send("/help");
    const chat = tb.chat();
    const budgetKey = `message:${chat.user.id}`;
    const lockKey = `lock:${chat.chat.id}`;
    // Per update: the commands naming the user's budget, those naming the chat's lock, and all its commands
    // (each command once: one sent while the client connects passes here again when it is written).
    const seen: { budget: number; lock: number; all: number }[] = [];
    const counted = new WeakSet<object>();
    const redis = tb.redis as unknown as { sendCommand: (command: { args: unknown[] }) => unknown };
    const send = redis.sendCommand.bind(redis);
    redis.sendCommand = (command) => {
      const now = seen.at(-1);
      if (now !== undefined && !counted.has(command)) {
        counted.add(command);
        now.all++;
        if (command.args.some((arg) => String(arg).endsWith(budgetKey))) now.budget++;
        if (command.args.some((arg) => String(arg).endsWith(lockKey))) now.lock++;
      }
      return send(command);
    };
    try {
      const answered: number[] = [];
      for (let i = 0; i < 6; i++) {
        seen.push({ budget: 0, lock: 0, all: 0 });
        answered.push((await chat.send("/help")).length);
      }
      // Each update took one place of the burst of three (a second take would have left two answers).
      expect(answered).toEqual([1, 1, 1, 0, 0, 0]);
      // Taken on arrival, not again by the read-ahead; the lock taken then too (the chat was free) and given
      // back.
      expect(seen.slice(0, 3).map(({ budget, lock }) => ({ budget, lock }))).toEqual(
        [0, 1, 2].map(() => ({ budget: 1, lock: 2 })),
      );
      // Two round trips in all, the arrival's (which read what the update reads ahead too) and the release's;
      // the user's first update also wrote their new session.
      expect(seen.slice(1, 3).map(({ all }) => all)).toEqual([2, 2]);
      // The fourth refused on arrival, in its one round trip (before the script comes to the chat's lock); the
      // next ones skipped without a word to Redis.
      expect(seen.slice(3)).toEqual([
        { budget: 1, lock: 1, all: 1 },
        { budget: 0, lock: 0, all: 0 },
        { budget: 0, lock: 0, all: 0 },
      ]);
    } finally {
      redis.sendCommand = send;
    }
    // Nothing holds the chat's lock: the refused update never took it.
    expect(await tb.redis.keys(`*${lockKey}`)).toEqual([]);
    const notice = await chat.waitForOutput((output) => NOTICE.test(output.plainText));
    expect(NOTICE.exec(notice.plainText)?.[1]).toBe("3");
  });
});

describe("in a group", async () => {
  const tb = await startTestBot({ env: { LIMIT_MESSAGES: "3/6" }, inbound: { noticeDelayMs: 100 } });
  let nextId = 8_000_000 + Math.floor(Math.random() * 1000) * 1000;

  it("a member over the budget is told once, by name, in the group", async () => {
    const { user } = tb.fake.privateChat(nextId++, { firstName: "Gus" });
    const group = tb.fake.groupChat(-nextId++, "Traders");
    for (let i = 0; i < 6; i++) await tb.app.bot.handleUpdate(tb.fake.userText(user, group, "/help"));
    await until(() => sentTo(tb, group.id).some((text) => text.startsWith("Gus, slow down")));
    expect(sentTo(tb, group.id).filter((text) => text.includes("slow down"))).toEqual([
      "Gus, slow down a little: I skipped 3 messages and taps that came too fast.",
    ]);
  });

  it("chatter takes no budget: only commands and messages addressed to the bot count", async () => {
    const { user } = tb.fake.privateChat(nextId++);
    const group = tb.fake.groupChat(-nextId++, "Chat");
    for (let i = 0; i < 20; i++) await tb.app.bot.handleUpdate(tb.fake.userText(user, group, `hello ${i}`));
    await tb.app.bot.handleUpdate(tb.fake.userText(user, group, "/help"));
    expect(sentTo(tb, group.id)).toHaveLength(1);
  });

  it("a busy group never holds back a member's private chat", async () => {
    const held: (() => void)[] = [];
    let holding = true;
    const slow = await startTestBot({
      wrapTelegramFetch: (fetch) => async (input, init) => {
        const body = typeof init?.body === "string" ? init.body : "";
        // The group's replies wait until released: its updates stay in flight.
        if (holding && body.includes('"chat_id":-')) await new Promise<void>((resolve) => held.push(resolve));
        return fetch(input, init);
      },
    });
    const { user, chat } = slow.fake.privateChat(nextId++);
    const group = slow.fake.groupChat(-nextId++, "Busy");
    const inGroup = Array.from({ length: 8 }, () =>
      slow.app.bot.handleUpdate(slow.fake.userText(user, group, "/help")),
    );
    await until(() => held.length > 0);
    const before = slow.fake.calls.length;
    await slow.app.bot.handleUpdate(slow.fake.userText(user, chat, "/help"));
    expect(sentTo(slow, chat.id, before)).toHaveLength(1);
    holding = false;
    for (const release of held) release();
    await Promise.all(inGroup);
  });
});

describe("replies at Telegram's pace", async () => {
  const sentAt = new Map<number, number[]>();
  const tb = await startTestBot({
    replyPace: {},
    wrapTelegramFetch: (fetch) => async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const body = typeof init?.body === "string" ? (JSON.parse(init.body) as { chat_id?: number }) : {};
      if (url.endsWith("/sendMessage") && body.chat_id !== undefined)
        sentAt.set(body.chat_id, [...(sentAt.get(body.chat_id) ?? []), Date.now()]);
      return fetch(input, init);
    },
  });

  it("a chat gets three replies at once, then one a second (a slower machine only spaces them more)", async () => {
    const chat = tb.chat();
    for (let i = 0; i < 5; i++) expect(await chat.send("/help")).toHaveLength(1);
    const times = sentAt.get(chat.chat.id) ?? [];
    expect(times).toHaveLength(5);
    // Redis's clock and this one may differ by a few ms at each end.
    expect((times[3] as number) - (times[0] as number)).toBeGreaterThanOrEqual(950);
    expect((times[4] as number) - (times[1] as number)).toBeGreaterThanOrEqual(1950);
  });
});
