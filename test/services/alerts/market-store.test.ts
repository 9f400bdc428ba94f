/** The market alerts store on real Redis: limits, duplicates, edits, pauses, the change log, bad data. */
import { describe, expect, it } from "vitest";
import type { MarketAlertSpec } from "../../../src/services/alerts/market/kinds.ts";
import { createMarketAlertStore, MARKET_ALERTS_PER_USER } from "../../../src/services/alerts/market/store.ts";
import { storedRevisioned } from "../../../src/services/alerts/shared/revisioned-states.ts";
import { redisWithPrefixes } from "../../support/redis-prefixes.ts";

const { redis, prefix: prefixFor } = redisWithPrefixes();

const move: MarketAlertSpec = { kind: "move", asset: "btc", window: "1h", direction: "up", percent: "5.0" };
const step: MarketAlertSpec = { kind: "step", asset: "ETH", percent: "2" };

function created(answer: Awaited<ReturnType<ReturnType<typeof createMarketAlertStore>["create"]>>) {
  if (!("alert" in answer)) throw new Error(`refused: ${answer.refused}`);
  return answer.alert;
}

describe("market alert store", () => {
  it("creates in canonical form, lists oldest first, and keeps users apart", async () => {
    const store = createMarketAlertStore({ redis, prefix: prefixFor("mstore") });
    const a = created(await store.create(1, move, "100", 1_000));
    const b = created(await store.create(1, step, "2500.5", 2_000));
    created(await store.create(2, move, "100", 500));
    expect(a.spec).toEqual({ kind: "move", asset: "BTC", window: "1h", direction: "up", percent: "5" });
    expect(a.state).toEqual({ phase: "new" });
    expect(b.state).toEqual({ phase: "new", anchor: "2500.5", anchorAt: 2_000 });
    const list = await store.list(1);
    expect(list.map((x) => x.id)).toEqual([a.id, b.id]);
    expect(list[1]).toEqual(b);
    expect(await store.get(1, a.id)).toEqual(a);
    expect(await store.get(2, a.id)).toBeUndefined();
    expect(await store.remove(2, a.id)).toBe(false);
    expect(await store.setPaused(2, a.id, true)).toBeUndefined();
  });

  it("refuses a duplicate spec and past the limit; a removed alert frees its place", async () => {
    const store = createMarketAlertStore({ redis, prefix: prefixFor("mstore") });
    const first = created(await store.create(1, move, "100", 1));
    expect(await store.create(1, { ...move, percent: "5" }, "100", 2)).toEqual({ refused: "duplicate" });
    for (let i = 1; i < MARKET_ALERTS_PER_USER; i++) {
      created(await store.create(1, { ...move, percent: String(i + 20) }, "100", 10 + i));
    }
    expect(await store.create(1, { ...move, percent: "50" }, "100", 99)).toEqual({ refused: "limit" });
    expect(await store.remove(1, first.id)).toBe(true);
    expect(await store.remove(1, first.id)).toBe(false);
    created(await store.create(1, { ...move, percent: "50" }, "100", 100));
    expect(await store.list(1)).toHaveLength(MARKET_ALERTS_PER_USER);
  });

  it("an edit starts the state anew; a pause keeps it; both are logged as changes", async () => {
    const prefix = prefixFor("mstore");
    const store = createMarketAlertStore({ redis, prefix });
    const a = created(await store.create(7, move, "100", 1));
    // The evaluator wrote a fired state for revision 0.
    const fired = { phase: "fired" as const, side: "up" as const, firedAt: 5, firedPrice: "106" };
    await redis.hset(store.keys.states, a.id, storedRevisioned(fired, 0));
    expect((await store.get(7, a.id))?.state).toEqual(fired);

    const paused = await store.setPaused(7, a.id, true);
    expect(paused).toMatchObject({ paused: true, state: fired });
    expect((await store.setPaused(7, a.id, false))?.state).toEqual(fired);

    const edited = await store.replace(7, a.id, step, "110", 50);
    expect(edited).toMatchObject({ spec: { kind: "step", percent: "2" }, paused: false, createdAt: 1 });
    expect(edited?.state).toEqual({ phase: "new", anchor: "110", anchorAt: 50 });
    expect(await store.get(7, a.id)).toEqual(edited);
    expect(await store.replace(7, "nope", step, "1", 1)).toBeUndefined();

    // create, pause, resume, replace: four changes, the alert's last at version 4.
    expect(await redis.get(store.keys.version)).toBe("4");
    expect(await redis.zscore(store.keys.changes, a.id)).toBe("4");
    await store.remove(7, a.id);
    expect(await redis.zscore(store.keys.changes, a.id)).toBe("5");
    expect(await store.list(7)).toEqual([]);
  });

  it("malformed stored data reads as absent (a record) or new (a state), never a crash", async () => {
    const store = createMarketAlertStore({ redis, prefix: prefixFor("mstore") });
    const a = created(await store.create(3, move, "100", 1));
    const b = created(await store.create(3, step, "100", 2));
    await redis.hset(store.keys.states, a.id, "{not json");
    await redis.hset(
      store.keys.alerts,
      b.id,
      JSON.stringify({ userId: 3, spec: { kind: "nope" }, createdAt: 2 }),
    );
    await redis.zadd(store.keys.user(3), 3, "ghost");
    const list = await store.list(3);
    expect(list.map((x) => x.id)).toEqual([a.id]);
    expect(list[0]?.state).toEqual({ phase: "new" });
    expect(await store.get(3, b.id)).toBeUndefined();
    // A state written for an older revision is not this alert's state.
    await redis.hset(store.keys.states, a.id, JSON.stringify({ phase: "armed", rev: 9 }));
    expect((await store.get(3, a.id))?.state).toEqual({ phase: "new" });
    // The unreadable record still counts for nothing but can be removed; the ghost is dropped on create.
    expect(await store.remove(3, b.id)).toBe(true);
    created(await store.create(3, { ...step, percent: "3" }, "100", 4));
    expect(await redis.zscore(store.keys.user(3), "ghost")).toBeNull();
  });
});
