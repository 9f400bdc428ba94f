/**
 * History views in Redis: found only by their owner, for the message they were made for, while alive
 * and readable; a garbled or foreign record is never trusted.
 */
import { describe, expect, it } from "vitest";
import { NO_FILTERS } from "../../../src/services/history/rows.ts";
import {
  createHistoryViews,
  type HistoryView,
  VIEW_ID_PATTERN,
  VIEWS_PER_USER,
} from "../../../src/services/history/views.ts";
import { redisWithPrefixes } from "../../support/redis-prefixes.ts";

const { redis, prefix: prefixFor } = redisWithPrefixes();
const prefix = prefixFor("histview");
const views = createHistoryViews({ redis, prefix, ttlSeconds: 60 });

const view: HistoryView = {
  owner: 7,
  chatId: 7,
  messageId: 42,
  filters: { ...NO_FILTERS, asset: "BTC", types: ["buy", "sell"], period: "week" },
  page: 1,
  anchors: [null, { created: 1_700_000_000_000, id: 9 }],
  rows: [],
  hasMore: true,
  assetChoices: ["AUD", "BTC"],
};

describe("history views", () => {
  it("round-trips for its owner on its message, with a short id and a lifetime", async () => {
    const id = await views.create(view);
    expect(id).toMatch(VIEW_ID_PATTERN);
    expect(await views.load(id, 7, 7, 42)).toEqual({ status: "ok", view });
    const ttl = await redis.ttl(prefix + id);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it("a user keeps their newest views only: the oldest beyond the cap expire, and nothing is left behind", async () => {
    const owner = 9000 + Math.floor(Math.random() * 1000);
    const ids: string[] = [];
    for (let n = 0; n < VIEWS_PER_USER + 5; n++)
      ids.push(await views.create({ ...view, owner, chatId: owner, messageId: n }));
    const results = await Promise.all(ids.map((id, n) => views.load(id, owner, owner, n)));
    expect(results.slice(0, 5).map((r) => r.status)).toEqual(Array(5).fill("expired"));
    expect(results.slice(5).every((r) => r.status === "ok")).toBe(true);
    // The dropped records are gone, not left to expire; the index holds the kept ones and has a lifetime.
    expect(await redis.exists(...ids.slice(0, 5).map((id) => prefix + id))).toBe(0);
    expect(await redis.zcard(`${prefix}of:${owner}`)).toBe(VIEWS_PER_USER);
    expect(await redis.ttl(`${prefix}of:${owner}`)).toBeGreaterThan(0);
    // Another user's views are not touched.
    expect((await views.load(await views.create(view), 7, 7, 42)).status).toBe("ok");
  });

  it("another user, another message, an unknown or malformed id: not honoured", async () => {
    const id = await views.create(view);
    expect(await views.load(id, 8, 7, 42)).toEqual({ status: "not_owner" });
    expect(await views.load(id, 7, 7, 43)).toEqual({ status: "expired" });
    expect(await views.load(id, 7, 8, 42)).toEqual({ status: "expired" });
    expect(await views.load("AAAAAAAAAAAA", 7, 7, 42)).toEqual({ status: "expired" });
    expect(await views.load("../../etc", 7, 7, 42)).toEqual({ status: "expired" });
  });

  it("a garbled or tampered record is treated as expired", async () => {
    const id = await views.create(view);
    await redis.set(prefix + id, "{not json");
    expect(await views.load(id, 7, 7, 42)).toEqual({ status: "expired" });
    await redis.set(prefix + id, JSON.stringify({ ...view, filters: { types: ["bogus"] } }));
    expect(await views.load(id, 7, 7, 42)).toEqual({ status: "expired" });
    await redis.set(prefix + id, JSON.stringify({ ...view, page: -1 }));
    expect(await views.load(id, 7, 7, 42)).toEqual({ status: "expired" });
  });
});
