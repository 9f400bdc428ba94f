/** The portfolio alerts store on real Redis: limits, duplicates, edits, pauses, revisions, bad data. */
import { describe, expect, it } from "vitest";
import type { PortfolioAlertSpec } from "../../../src/services/alerts/portfolio/kinds.ts";
import {
  createPortfolioAlertStore,
  PORTFOLIO_ALERTS_PER_USER,
} from "../../../src/services/alerts/portfolio/store.ts";
import { storedRevisioned } from "../../../src/services/alerts/shared/revisioned-states.ts";
import { redisWithPrefixes } from "../../support/redis-prefixes.ts";

const { redis, prefix: prefixFor } = redisWithPrefixes();

const below: PortfolioAlertSpec = { kind: "portfolio_value", level: "50000.00", direction: "below" };
const btc: PortfolioAlertSpec = { kind: "asset_return", asset: "btc", direction: "up", percent: "20" };

function created(answer: Awaited<ReturnType<ReturnType<typeof createPortfolioAlertStore>["create"]>>) {
  if (!("alert" in answer)) throw new Error(`refused: ${answer.refused}`);
  return answer.alert;
}

describe("portfolio alert store", () => {
  it("creates in canonical form, lists oldest first, and keeps users apart", async () => {
    const store = createPortfolioAlertStore({ redis, prefix: prefixFor("pstore") });
    const a = created(await store.create(1, below, 1_000));
    const b = created(await store.create(1, btc, 2_000));
    created(await store.create(2, below, 500));
    expect(a.spec).toEqual({ kind: "portfolio_value", level: "50000", direction: "below" });
    expect(b.spec).toEqual({ kind: "asset_return", asset: "BTC", direction: "up", percent: "20" });
    expect(a.state).toEqual({ phase: "new" });
    const list = await store.list(1);
    expect(list.map((x) => x.id)).toEqual([a.id, b.id]);
    expect(list[1]).toEqual(b);
    expect(await store.get(1, a.id)).toEqual(a);
    expect(await store.get(2, a.id)).toBeUndefined();
    expect(await store.remove(2, a.id)).toBe(false);
    expect(await store.setPaused(2, a.id, true)).toBeUndefined();
    expect(await store.replace(2, a.id, btc)).toBeUndefined();
  });

  it("refuses a duplicate spec and past the limit; a removed alert frees its place", async () => {
    const store = createPortfolioAlertStore({ redis, prefix: prefixFor("pstore") });
    const first = created(await store.create(1, below, 1));
    expect(await store.create(1, { ...below, level: "50000" }, 2)).toEqual({ refused: "duplicate" });
    for (let i = 1; i < PORTFOLIO_ALERTS_PER_USER; i++) {
      created(await store.create(1, { ...below, level: String(1000 * i) }, 10 + i));
    }
    expect(await store.create(1, btc, 99)).toEqual({ refused: "limit" });
    expect(await store.remove(1, first.id)).toBe(true);
    expect(await store.remove(1, first.id)).toBe(false);
    created(await store.create(1, btc, 100));
    expect(await store.list(1)).toHaveLength(PORTFOLIO_ALERTS_PER_USER);
  });

  it("an edit starts the state anew; a pause keeps it; a state of an older revision reads as new", async () => {
    const store = createPortfolioAlertStore({ redis, prefix: prefixFor("pstore") });
    const a = created(await store.create(7, below, 1));
    const fired = { phase: "fired" as const, side: "down" as const, firedAt: 5, firedFigure: "49000" };
    await redis.hset(store.keys.states(7), a.id, storedRevisioned(fired, 0));
    expect((await store.get(7, a.id))?.state).toEqual(fired);

    expect(await store.setPaused(7, a.id, true)).toMatchObject({ paused: true, state: fired, rev: 1 });
    expect((await store.setPaused(7, a.id, false))?.state).toEqual(fired);

    const edited = await store.replace(7, a.id, btc);
    expect(edited).toMatchObject({
      spec: { kind: "asset_return", asset: "BTC" },
      paused: false,
      createdAt: 1,
    });
    expect(edited?.state).toEqual({ phase: "new" });
    expect(await store.get(7, a.id)).toEqual(edited);
    // The evaluation of revision 2 (before the edit) lands late: it is not the edited alert's state.
    await redis.hset(store.keys.states(7), a.id, storedRevisioned(fired, 2));
    expect((await store.get(7, a.id))?.state).toEqual({ phase: "new" });
    expect(await store.replace(7, "nope", btc)).toBeUndefined();
  });

  it("malformed stored data reads as absent (a record) or new (a state), never a crash", async () => {
    const store = createPortfolioAlertStore({ redis, prefix: prefixFor("pstore") });
    const a = created(await store.create(3, below, 1));
    await redis.hset(store.keys.states(3), a.id, "{not json");
    await redis.hset(store.keys.alerts(3), "bad", JSON.stringify({ spec: { kind: "nope" }, createdAt: 2 }));
    await redis.hset(store.keys.alerts(3), "worse", "[");
    const list = await store.list(3);
    expect(list.map((x) => x.id)).toEqual([a.id]);
    expect(list[0]?.state).toEqual({ phase: "new" });
    expect(await store.get(3, "bad")).toBeUndefined();
    expect(await store.setPaused(3, "worse", true)).toBeUndefined();
    expect(await store.remove(3, "bad")).toBe(true);
  });
});
