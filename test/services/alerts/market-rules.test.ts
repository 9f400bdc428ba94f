/** Each market alert kind on hand-built price paths: where it must fire, where it must not, re-arming. */
import { describe, expect, it } from "vitest";
import {
  type MarketAlertSpec,
  type MarketAlertState,
  parseMarketAlertSpec,
} from "../../../src/services/alerts/market/kinds.ts";
import { type MarketAlertEvent, MarketRules } from "../../../src/services/alerts/market/rules.ts";
import { referenceRsi } from "./market-model.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2026, 0, 5, 0, 0, 0);

function spec(raw: object): MarketAlertSpec {
  const parsed = parseMarketAlertSpec({ asset: "BTC", ...raw });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.spec;
}

function rulesWith(alerts: Record<string, object>, state: MarketAlertState = { phase: "new" }): MarketRules {
  const rules = new MarketRules();
  for (const [id, raw] of Object.entries(alerts)) rules.upsert({ id, spec: spec(raw), state });
  return rules;
}

/** Feeds one reading per listed minute (offset from T0, 10 s into the minute); returns the events. */
function feed(rules: MarketRules, minutes: readonly (readonly [number, number])[]): MarketAlertEvent[] {
  const events: MarketAlertEvent[] = [];
  for (const [minute, mid] of minutes)
    events.push(...rules.reading(T0 + minute * MINUTE + 10_000, [["BTC", mid]]).events);
  return events;
}

/** One reading a minute from `from` to `to` (exclusive), the price given by `price(minute)`. */
function minutes(from: number, to: number, price: (m: number) => number): [number, number][] {
  const out: [number, number][] = [];
  for (let m = from; m < to; m++) out.push([m, price(m)]);
  return out;
}

describe("move", () => {
  it("fires once on a 5 % rise within the hour, ignores a wobble at the threshold, re-arms once the window's move is back under 4 %", () => {
    const rules = rulesWith({ up: { kind: "move", window: "1h", direction: "up", percent: "5" } });
    expect(
      feed(
        rules,
        minutes(0, 120, () => 100),
      ),
    ).toEqual([]);
    const rise = feed(
      rules,
      minutes(120, 150, (m) => 100 + ((m - 119) * 5.5) / 30),
    );
    expect(rise).toHaveLength(1);
    const e = rise[0] as MarketAlertEvent;
    expect(e).toMatchObject({
      id: "up",
      kind: "move",
      asset: "BTC",
      direction: "up",
      window: "1h",
      threshold: "5",
    });
    expect(e.value).toBeGreaterThanOrEqual(5);
    expect(e.value).toBeLessThan(5.2);
    expect(e.reference).toEqual({ price: "100", at: T0 + 119 * MINUTE });
    expect(Number(e.price)).toBeCloseTo(105, 0);
    // Wobbling either side of +5 % against the low of 100: no second alert.
    expect(
      feed(
        rules,
        minutes(150, 180, (m) => (m % 2 ? 105.2 : 104.8)),
      ),
    ).toEqual([]);
    expect(rules.state("up")).toMatchObject({ phase: "fired", side: "up" });
    // An hour at 105: the window's low is now 104.8, the move under 4 %: re-armed, and the next jump fires.
    expect(
      feed(
        rules,
        minutes(180, 245, () => 105),
      ),
    ).toEqual([]);
    expect(rules.state("up")?.phase).toBe("armed");
    const again = feed(rules, [[245, 110.5]]);
    expect(again.map((x) => [x.direction, x.reference.price])).toEqual([["up", "105"]]);
  });

  it("after firing it watches again from the price it fired at: a crash that goes on is told as it goes, and the turn after it", () => {
    const rules = rulesWith({ crash: { kind: "move", window: "1h", direction: "either", percent: "5" } });
    expect(
      feed(
        rules,
        minutes(0, 60, () => 100),
      ),
    ).toEqual([]);
    // -2 % a minute for 30 minutes: down 45 % in the hour. It fires at -5 %, then at each further 5 % from
    // the price of its last alert, each alert measured from that price.
    const crash = feed(
      rules,
      minutes(60, 90, (m) => 100 * 0.98 ** (m - 59)),
    );
    expect(crash.length).toBeGreaterThanOrEqual(10);
    expect(crash.every((e) => e.direction === "down" && e.value >= 5)).toBe(true);
    expect(crash[0]?.reference.price).toBe("100");
    for (let i = 1; i < crash.length; i++) expect(crash[i]?.reference.price).toBe(crash[i - 1]?.price);
    const last = Number(crash.at(-1)?.price);
    // Flat after the crash: nothing more, though the hour's high is far above.
    expect(
      feed(
        rules,
        minutes(90, 100, () => 100 * 0.98 ** 30),
      ),
    ).toEqual([]);
    expect(rules.state("crash")).toMatchObject({ phase: "fired", side: "down" });
    // A 6 % rebound from the low since the last alert is a move of its own.
    const rebound = feed(rules, [[100, 100 * 0.98 ** 30 * 1.06]]);
    expect(rebound.map((e) => [e.direction, Number(e.reference.price)])).toEqual([
      ["up", Math.min(last, 100 * 0.98 ** 30)],
    ]);
    // An hour after its last alert, the window alone is measured again: armed.
    expect(
      feed(
        rules,
        minutes(101, 165, () => 100 * 0.98 ** 30 * 1.06),
      ),
    ).toEqual([]);
    expect(rules.state("crash")?.phase).toBe("armed");
  });

  it("measures only within its window, and only its direction", () => {
    const rules = rulesWith({
      "1h": { kind: "move", window: "1h", direction: "either", percent: "5" },
      "4h": { kind: "move", window: "4h", direction: "up", percent: "5" },
      down: { kind: "move", window: "4h", direction: "down", percent: "5" },
    });
    // 6 % over three hours: 2 % an hour.
    const events = feed(
      rules,
      minutes(0, 181, (m) => 100 * (1 + (0.06 * m) / 180)),
    );
    expect(events.map((e) => e.id)).toEqual(["4h"]);
    // Then a fall of 6 % within 15 minutes: the either and down alerts fire, down.
    const fall = feed(
      rules,
      minutes(181, 196, (m) => 106 * (1 - (0.06 * (m - 180)) / 15)),
    );
    expect(fall.map((e) => [e.id, e.direction]).sort()).toEqual([
      ["1h", "down"],
      ["down", "down"],
    ]);
    const down = fall.find((e) => e.id === "down") as MarketAlertEvent;
    expect(Number(down.reference.price)).toBeCloseTo(106, 6);
    expect(down.value).toBeGreaterThanOrEqual(5);
  });

  it("never fires across a gap of three missing minutes, but does across two", () => {
    const gap = rulesWith({ m: { kind: "move", window: "15m", direction: "either", percent: "5" } });
    expect(feed(gap, [...minutes(0, 30, () => 100), ...minutes(33, 60, () => 110)])).toEqual([]);
    // Down as well: the gap splits the series, so 110 -> 100 across another gap is no move either.
    expect(
      feed(
        gap,
        minutes(64, 80, () => 100),
      ),
    ).toEqual([]);
    const tolerated = rulesWith({ m: { kind: "move", window: "15m", direction: "either", percent: "5" } });
    expect(
      feed(tolerated, [...minutes(0, 30, () => 100), ...minutes(32, 40, () => 110)]).map((e) => e.direction),
    ).toEqual(["up"]);
  });

  it("made while the move already holds, waits for a re-arm and a new crossing", () => {
    const rules = rulesWith({});
    feed(
      rules,
      minutes(0, 30, (m) => (m < 20 ? 100 : 106)),
    );
    rules.upsert({
      id: "late",
      spec: spec({ kind: "move", window: "1h", direction: "up", percent: "5" }),
      state: { phase: "new" },
    });
    expect(feed(rules, [[30, 106]])).toEqual([]);
    expect(rules.state("late")).toMatchObject({ phase: "fired", side: "up" });
    expect(rules.state("late")?.firedAt).toBeUndefined();
    expect(
      feed(
        rules,
        minutes(31, 100, () => 106),
      ),
    ).toEqual([]);
    expect(rules.state("late")?.phase).toBe("armed");
    expect(feed(rules, [[100, 112]]).map((e) => e.id)).toEqual(["late"]);
  });
});

describe("day_change", () => {
  it("fires when the change against 24 hours back crosses +5 %, re-arms back inside +4 %", () => {
    const rules = rulesWith({ d: { kind: "day_change", direction: "either", percent: "5" } });
    expect(
      feed(
        rules,
        minutes(0, 1480, (m) => (m <= 60 ? 100 : 103)),
      ),
    ).toEqual([]);
    const fired = feed(rules, [[1480, 106]]);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ kind: "day_change", direction: "up", threshold: "5", price: "106" });
    expect(fired[0]?.value).toBeCloseTo(6, 9);
    expect(fired[0]?.reference).toEqual({ price: "100", at: T0 + 40 * MINUTE });
    // +4.5 % against 100 is not back inside +4 %: no re-arm, no alert.
    expect(
      feed(
        rules,
        minutes(1481, 1500, () => 104.5),
      ),
    ).toEqual([]);
    expect(rules.state("d")?.phase).toBe("fired");
    // Now 24 hours back is 103: +1.5 %, re-armed; then +5.05 % fires again.
    expect(
      feed(
        rules,
        minutes(1500, 1510, () => 104.5),
      ),
    ).toEqual([]);
    expect(rules.state("d")?.phase).toBe("armed");
    expect(feed(rules, [[1510, 108.2]]).map((e) => e.direction)).toEqual(["up"]);
    // A fall to -5.05 % in the next minute: the up side is back inside +4 % (re-armed) and the down side
    // fires in the same reading (either); -4.4 % after it is not back inside -4 %.
    expect(feed(rules, [[1511, 97.8]]).map((e) => e.direction)).toEqual(["down"]);
    expect(
      feed(
        rules,
        minutes(1512, 1520, () => 98.5),
      ),
    ).toEqual([]);
    expect(rules.state("d")).toMatchObject({ phase: "fired", side: "down" });
  });

  it("is unknown without a point within 2 minutes of 24 hours back", () => {
    const rules = rulesWith({ d: { kind: "day_change", direction: "up", percent: "5" } });
    feed(rules, [...minutes(0, 30, () => 100), ...minutes(60, 1470, () => 100)]);
    // 24 hours before minute 1475 is minute 35: nothing from 30 to 59.
    expect(feed(rules, [[1475, 150]])).toEqual([]);
    expect(rules.snapshot("BTC")?.dayChange).toBeNull();
    // Minute 1501 finds minute 61 (one minute off): known again, and it fires.
    expect(feed(rules, [[1501, 150]]).map((e) => e.reference.at)).toEqual([T0 + 61 * MINUTE]);
  });
});

describe("step", () => {
  it("fires every 5 % from where it last fired, either way, the anchor moving to each firing", () => {
    const rules = rulesWith({}, { phase: "new" });
    rules.upsert({
      id: "s",
      spec: spec({ kind: "step", percent: "5" }),
      state: { phase: "new", anchor: "100", anchorAt: T0 },
    });
    const events = feed(rules, [
      [0, 104.9],
      [1, 105],
      [2, 104],
      [3, 110.2],
      [4, 110.3],
      [5, 104.7],
      [6, 104.8],
    ]);
    expect(events.map((e) => [e.direction, e.price, e.reference.price])).toEqual([
      ["up", "105", "100"],
      ["up", "110.3", "105"],
      ["down", "104.7", "110.3"],
    ]);
    expect(events[0]?.reference.at).toBe(T0);
    expect(rules.state("s")).toMatchObject({ phase: "armed", anchor: "104.7", firedPrice: "104.7" });
  });

  it("made without a price, is anchored at the first reading", () => {
    const rules = rulesWith({ s: { kind: "step", percent: "2" } });
    expect(feed(rules, [[0, 50]])).toEqual([]);
    expect(rules.state("s")).toMatchObject({ anchor: "50" });
    expect(feed(rules, [[1, 51]]).map((e) => e.value)).toEqual([2]);
  });
});

describe("rsi", () => {
  /** One reading a minute; the price constant within each hour, `close(h)` for hour h. */
  const hourly = (fromHour: number, toHour: number, close: (h: number) => number) =>
    minutes(fromHour * 60, toHour * 60, (m) => close(Math.floor(m / 60)));

  it("says from when it is active, fires above 70 at the 15th hourly close, re-arms under 65", () => {
    const rules = rulesWith({ r: { kind: "rsi", direction: "either", low: "30", high: "70" } });
    feed(rules, [[0, 100]]);
    expect(rules.snapshot("BTC")?.rsiActiveFrom).toBe(T0 + 15 * HOUR);
    expect(
      feed(
        rules,
        hourly(0, 15, (h) => 100 + h),
      ),
    ).toEqual([]);
    expect(rules.snapshot("BTC")?.rsi).toBeNull();
    expect(rules.snapshot("BTC")?.rsiActiveFrom).toBe(T0 + 15 * HOUR);
    const fired = feed(rules, [[15 * 60, 115]]);
    expect(fired.map((e) => [e.direction, e.value, e.threshold])).toEqual([["up", 100, "70"]]);
    expect(fired[0]?.reference).toEqual({ price: "114", at: T0 + 15 * HOUR });
    expect(rules.snapshot("BTC")?.rsiActiveFrom).toBe(T0 + 15 * HOUR);
    // Still rising: no second alert. Then falling hours bring it under 65 (re-armed), then under 30.
    expect(
      feed(
        rules,
        hourly(15, 20, (h) => 100 + h),
      ),
    ).toEqual([]);
    const falls = feed(
      rules,
      hourly(20, 40, (h) => 119 - 3 * (h - 19)),
    );
    expect(falls.map((e) => e.direction)).toEqual(["down"]);
    expect(falls[0]?.value).toBeLessThan(30);
  });

  it("needs 15 continuous closes: an hour without a close starts the count again", () => {
    const rules = rulesWith({ r: { kind: "rsi", direction: "up", low: "30", high: "70" } });
    // Hour 5 has no reading in its last 3 minutes (56 onward missing): no close for it.
    const path = hourly(0, 25, (h) => 100 + h).filter(([m]) => !(m >= 5 * 60 + 56 && m < 6 * 60));
    const events = feed(
      rules,
      path.filter(([m]) => m < 20 * 60),
    );
    expect(events).toEqual([]);
    expect(rules.snapshot("BTC")?.rsiActiveFrom).toBe(T0 + 21 * HOUR);
    expect(
      feed(
        rules,
        path.filter(([m]) => m >= 20 * 60),
      ).map((e) => e.at),
    ).toEqual([T0 + 21 * HOUR + 10_000]);
  });

  it("matches the reference computation over the last 25 hourly closes of a known series", () => {
    // Wilder's example series (as in StockCharts' RSI article), one close an hour.
    const closes = [
      44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28,
      46.0, 46.03, 46.41, 46.22, 45.64, 46.21, 46.25, 45.71, 46.45, 45.78, 45.35, 44.03, 44.18, 44.22, 44.57,
      43.42, 42.66, 43.13,
    ];
    const rules = rulesWith({ r: { kind: "rsi", direction: "either", low: "30", high: "70" } });
    for (let h = 0; h < closes.length; h++) {
      feed(
        rules,
        hourly(h, h + 1, () => closes[h] as number),
      );
      const known = closes.slice(Math.max(0, h - 25), h);
      const rsi = rules.snapshot("BTC")?.rsi ?? null;
      expect(rsi).toBe(referenceRsi(known));
    }
    expect(rules.snapshot("BTC")?.rsi).toBeCloseTo(referenceRsi(closes.slice(7, 32)) as number, 12);
  });
});

describe("MarketRules", () => {
  it("reports a state only when it changes, and forgets removed alerts", () => {
    const rules = rulesWith({
      a: { kind: "move", window: "15m", direction: "up", percent: "5" },
      b: { kind: "day_change", percent: "5" },
    });
    const first = rules.reading(T0, [["BTC", 100]]);
    // Both armed: a below its threshold, b (no point 24 hours back yet) until its first known figure.
    expect(first.changed).toEqual([
      { id: "a", state: { phase: "armed" } },
      { id: "b", state: { phase: "armed" } },
    ]);
    expect(rules.reading(T0 + MINUTE, [["BTC", 101]]).changed).toEqual([]);
    const fired = rules.reading(T0 + 2 * MINUTE, [["BTC", 106]]);
    expect(fired.changed).toEqual([
      { id: "a", state: { phase: "fired", side: "up", firedAt: T0 + 2 * MINUTE, firedPrice: "106" } },
    ]);
    rules.remove("a");
    expect(rules.size).toBe(1);
    expect(rules.state("a")).toBeUndefined();
    expect(rules.reading(T0 + 20 * MINUTE, [["BTC", 100]]).events).toEqual([]);
  });

  it("ignores a reading older than the last minute, and other assets' prices", () => {
    const rules = rulesWith({ a: { kind: "move", window: "15m", direction: "up", percent: "5" } });
    rules.reading(T0 + 5 * MINUTE, [["BTC", 100]]);
    expect(rules.reading(T0, [["BTC", 200]]).events).toEqual([]);
    expect(
      rules.reading(T0 + 6 * MINUTE, [
        ["ETH", 1],
        ["ETH", 2],
      ]).events,
    ).toEqual([]);
    expect(rules.reading(T0 + 7 * MINUTE, [["BTC", 105]]).events.map((e) => e.id)).toEqual(["a"]);
  });
});
