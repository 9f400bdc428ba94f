/**
 * Nothing in Redis grows without bound: a busy session of many users in webhook mode (the mode that keeps
 * the most: handled-once marks, chat locks), run twice. Every key the bot wrote either expires, or is one of
 * a user's own (a fixed set per user, each of bounded size), or one of the bot's (a fixed set, each
 * bounded by the users it indexes). The second round, as busy as the first, leaves Redis no bigger: what a
 * user holds reached its caps in the first. Prints Redis memory per active user and per update/s, the
 * figures docs/operations.md gives.
 */
import { describe, expect, it } from "vitest";
import { MARKET_ALERTS_PER_USER } from "../../src/services/alerts/market/store.ts";
import { VIEWS_PER_USER } from "../../src/services/history/views.ts";
import type { ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";

const USERS = 12;

/** Keys with no expiry that one user owns (N: the user's id), each bounded as said. */
const PER_USER: RegExp[] = [
  /^session:user:N$/, // settings
  /^vault:user:N$/, // the encrypted key
  /^account:N:permission$/, // the key's permission
  /^cancel:N$/, // the user's last /cancel mark (one value)
  /^alerts:known:N$/, // the exchange's events the watcher has seen: replaced on every read
  /^market-alerts:user:N$/, // the user's market alerts: at most MARKET_ALERTS_PER_USER
];
/** Keys with no expiry that the bot has once, each an index of at most one entry per user (or fixed). */
const PER_BOT: RegExp[] = [
  /^bull:[a-z-]+:(meta|id|events)$/, // BullMQ's queues: their event streams are capped by BullMQ (10,000)
  /^alerts:(levels|levels:seq|levels:changed|seeded|users|due)$/,
  /^market-alerts:(alerts|states|version|changes)$/,
];

/** A key of this bot with its user ids replaced by N. */
function shapeOf(key: string, userIds: number[]): string {
  return userIds.reduce((shape, id) => shape.replaceAll(String(id), "N"), key);
}

/** A busy session: the everyday commands, a guided buy to its quote, alerts, and /history past its cap. */
async function busySession(chat: ChatDriver, round: number): Promise<number> {
  const texts = ["/start", "/balance", "/price btc", "/buy BTC 100", "/cancel", "/settings", "/dca", "hello"];
  for (const text of texts) await chat.send(text);
  // The same alert again in the second round: said to exist already, nothing added.
  await chat.send("/alert BTC moves 5% 1h");
  if (round === 1) await chat.press("Confirm");
  for (let n = 0; n < VIEWS_PER_USER + 5; n++) await chat.send("/history");
  return texts.length + 2 + VIEWS_PER_USER + 5;
}

describe("Redis after a busy session (webhook mode)", async () => {
  const tb = await startTestBot({
    env: { BOT_MODE: "webhook", WEBHOOK_URL: "https://bot.example/hook", WEBHOOK_SECRET: "s3cret-token-1" },
  });

  /** Every key of the bot: its shape, whether it expires, its size in bytes and its element count. */
  async function keys(userIds: number[]) {
    const names = await tb.redis.keys(`${tb.prefix}*`);
    const found = await Promise.all(
      names.map(async (name) => {
        const [ttl, type, bytes] = await Promise.all([
          tb.redis.pttl(name),
          tb.redis.type(name),
          tb.redis.memory("USAGE", name) as Promise<number | null>,
        ]);
        const count =
          type === "hash"
            ? await tb.redis.hlen(name)
            : type === "set"
              ? await tb.redis.scard(name)
              : type === "zset"
                ? await tb.redis.zcard(name)
                : type === "stream"
                  ? await tb.redis.xlen(name)
                  : 1;
        return { name, shape: shapeOf(name.slice(tb.prefix.length), userIds), ttl, bytes: bytes ?? 0, count };
      }),
    );
    // -2: expired between the listing and the look (a lock's few seconds).
    return found.filter((key) => key.ttl !== -2);
  }

  it("every key expires or is bounded per user or per bot, and a second busy round adds nothing", async () => {
    const users = await Promise.all(
      Array.from({ length: USERS }, () => tb.trader({ AUD: "5000", BTC: "0.1" })),
    );
    const userIds = users.map(({ chat }) => chat.user.id);
    let updates = 0;
    for (const { chat } of users) updates += await busySession(chat, 1);
    const first = await keys(userIds);

    const lasting = first.filter((key) => key.ttl === -1);
    const unbounded = lasting.filter(
      (key) => !PER_USER.some((re) => re.test(key.shape)) && !PER_BOT.some((re) => re.test(key.shape)),
    );
    expect(unbounded.map((key) => key.shape)).toEqual([]);
    // A user's own keys: at most one of each kind per user; the bot's indexes: at most one entry per user.
    for (const pattern of PER_USER)
      expect(lasting.filter((key) => pattern.test(key.shape)).length).toBeLessThanOrEqual(USERS);
    for (const key of lasting.filter((k) => /^market-alerts:user:N$/.test(k.shape)))
      expect(key.count).toBeLessThanOrEqual(MARKET_ALERTS_PER_USER);
    for (const key of lasting.filter((k) => /^alerts:(users|due|levels)$/.test(k.shape)))
      expect(key.count).toBeLessThanOrEqual(USERS);
    // Handled-once marks: blocks of bits, not a key per update.
    expect(first.filter((key) => key.shape.startsWith("updates:seen:")).length).toBeLessThanOrEqual(2);
    // History views: the newest per user only.
    expect(first.filter((key) => /^histview:[\w-]{12}$/.test(key.shape)).length).toBe(USERS * VIEWS_PER_USER);

    // The same again: what a user holds is at its caps already, so Redis stays the size it was.
    for (const { chat } of users) await busySession(chat, 2);
    const second = await keys(userIds);
    // What users and updates leave: the shared price history, request logs, paces and queues move with the
    // clock and the machine's speed, not with what the users did, and are bounded by their own expiry.
    const moving = /^(price-history|ratelimit|telegram|inbound|updates:replies|bull):/;
    const total = (all: typeof first) =>
      all.filter((key) => !moving.test(key.shape)).reduce((sum, key) => sum + key.bytes, 0);
    const [before, after] = [total(first), total(second)];
    // 5 %: values of the same kind differ by a few bytes (a timestamp's digits, a session's fields).
    expect(after).toBeLessThan(before * 1.05);
    expect(second.length).toBeLessThanOrEqual(first.length * 1.05);

    // The figures docs/operations.md gives: a user's own keys (their lasting ones and those that expire),
    // and what handled-once marks cost per update/s (one bit each, kept a day).
    const perUser = second
      .filter((key) => key.shape.includes("N") || /^histview:[\w-]{12}$/.test(key.shape))
      .reduce((sum, key) => sum + key.bytes, 0);
    const seenBytesPerUpdatePerSecond = 86_400 / 8;
    console.log(
      `redis: ${USERS} users, ${updates * 2} updates: ${(before / 1024).toFixed(0)} KB after one round, ` +
        `${(after / 1024).toFixed(0)} KB after two; per active user ${(perUser / USERS / 1024).toFixed(1)} KB; ` +
        `handled-once marks ${(seenBytesPerUpdatePerSecond / 1024).toFixed(1)} KB per update/s sustained`,
    );
  }, 240_000);
});
