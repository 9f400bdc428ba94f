/**
 * Market alerts on generated price paths (fast-check): the engine's incremental measures and state
 * machine against the slow reference model; never two firings of one alert without a re-arm between
 * them; a gap never fires a move; a restart mid-path (series rebuilt from the minute history, states read
 * back from JSON) fires exactly what the uninterrupted engine fires.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type MarketAlertSpec,
  type MarketAlertState,
  parseMarketAlertSpec,
  parseMarketAlertState,
} from "../../../src/services/alerts/market/kinds.ts";
import { type MarketAlertEvent, MarketRules } from "../../../src/services/alerts/market/rules.ts";
import { AlertModel, MarketModel, type ModelMeasures } from "./market-model.ts";
import { buildPath, HOUR, MINUTE, pathShapes, type Reading } from "./market-paths.ts";

const WINDOW_MS: Record<string, number> = {
  "15m": 15 * MINUTE,
  "1h": HOUR,
  "4h": 4 * HOUR,
  "24h": 24 * HOUR,
};

const percent = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((n) => String(n / 100));
const direction = fc.constantFrom("up", "down", "either");

/** Specs of every kind with thresholds a generated path crosses now and then. */
const specs = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant("move"),
      window: fc.constantFrom("15m", "1h", "4h", "24h"),
      direction,
      percent: percent(0.5, 8),
    }),
    fc.record({ kind: fc.constant("day_change"), direction, percent: percent(0.5, 10) }),
    fc.record({ kind: fc.constant("step"), percent: percent(0.5, 6) }),
    fc.record({
      kind: fc.constant("rsi"),
      direction,
      low: fc.integer({ min: 20, max: 45 }).map(String),
      high: fc.integer({ min: 55, max: 80 }).map(String),
    }),
  ),
  { minLength: 1, maxLength: 12 },
);

function spec(raw: object): MarketAlertSpec {
  const parsed = parseMarketAlertSpec({ asset: "BTC", ...raw });
  if (!parsed.ok) throw new Error(`bad generated spec ${JSON.stringify(raw)}: ${parsed.error}`);
  return parsed.spec;
}

/** A fresh engine with the alerts made at the path's first reading (step anchors at its price). */
function engineFor(alerts: MarketAlertSpec[], first: Reading): MarketRules {
  const rules = new MarketRules();
  alerts.forEach((s, i) => {
    const state: MarketAlertState =
      s.kind === "step" ? { phase: "new", anchor: String(first[1]), anchorAt: first[0] } : { phase: "new" };
    rules.upsert({ id: `a${i}`, spec: s, state });
  });
  return rules;
}

/** Runs the readings; the events fired at each reading index. */
function run(rules: MarketRules, readings: readonly Reading[], from = 0): Map<number, MarketAlertEvent[]> {
  const fired = new Map<number, MarketAlertEvent[]>();
  for (let i = from; i < readings.length; i++) {
    const [at, mid] = readings[i] as Reading;
    const { events } = rules.reading(at, [["BTC", mid]]);
    if (events.length > 0) fired.set(i, events);
  }
  return fired;
}

const simplify = (e: MarketAlertEvent) => `${e.id} ${e.direction} ${e.value} @${e.at}`;

describe("market alerts on generated paths", () => {
  it("fire exactly where the reference model fires, and each firing is past its threshold", () => {
    fc.assert(
      fc.property(pathShapes, specs, (shape, raws) => {
        const readings = buildPath(shape);
        const alerts = raws.map(spec);
        const rules = engineFor(alerts, readings[0] as Reading);
        const market = new MarketModel();
        const models = alerts.map(
          (s) => new AlertModel(s, s.kind === "step" ? (readings[0] as Reading)[1] : undefined),
        );
        for (const [at, mid] of readings) {
          market.push(at, mid);
          market.points.splice(
            0,
            market.points.findIndex((p) => p.at >= at - 26 * HOUR),
          );
          const m = market.measures();
          const expected: string[] = [];
          models.forEach((model, i) => {
            const e = model.step(m, at);
            if (e) expected.push(`a${i} ${e.direction} ${e.value} @${at}`);
          });
          const { events } = rules.reading(at, [["BTC", mid]]);
          expect(events.map(simplify).sort()).toEqual(expected.sort());
          for (const e of events) {
            const s = alerts[Number(e.id.slice(1))] as MarketAlertSpec;
            if (s.kind === "rsi")
              expect(e.direction === "up" ? e.value > Number(s.high) : e.value < Number(s.low)).toBe(true);
            else expect(Math.abs(e.value)).toBeGreaterThanOrEqual(Number(s.percent));
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it("never fire twice without a re-arm between (the measure back past the margin), moves a full move from the last firing, step alarms a full step apart", () => {
    fc.assert(
      fc.property(pathShapes, specs, (shape, raws) => {
        const readings = buildPath(shape);
        const alerts = raws.map(spec);
        const fired = run(engineFor(alerts, readings[0] as Reading), readings);
        // The model's measures at each reading, to judge the re-arms independently of any state machine.
        const market = new MarketModel();
        const measures: ModelMeasures[] = readings.map(([at, mid]) => {
          market.push(at, mid);
          return market.measures();
        });
        const last = new Map<string, { index: number; event: MarketAlertEvent }>();
        for (const [index, events] of [...fired].sort((a, b) => a[0] - b[0])) {
          for (const e of events) {
            const before = last.get(e.id);
            last.set(e.id, { index, event: e });
            if (!before) continue;
            const s = alerts[Number(e.id.slice(1))] as MarketAlertSpec;
            if (s.kind === "step") {
              const moved = Math.abs(Number(e.price) / Number(before.event.price) - 1) * 100;
              expect(moved).toBeGreaterThanOrEqual(Number(s.percent) - 1e-9);
              expect(e.reference.price).toBe(before.event.price);
              continue;
            }
            // A move watches again from the price it fired at: a second firing in the window is a full move
            // measured from the first one on (its reference no older than that firing's minute).
            if (s.kind === "move" && e.reference.at >= Math.floor(before.event.at / MINUTE) * MINUTE) {
              expect(e.value).toBeGreaterThanOrEqual(Number(s.percent));
              continue;
            }
            const side = before.event.direction;
            const rearmed = measures.slice(before.index + 1, index + 1).some((m) => {
              if (s.kind === "rsi") {
                if (m.rsi === null) return false;
                return side === "up" ? m.rsi < Number(s.high) - 5 : m.rsi > Number(s.low) + 5;
              }
              const x = Number(s.percent) * 0.8;
              if (s.kind === "move")
                return ((side === "up" ? m.up[s.window] : m.down[s.window]) as number) < x;
              if (m.day === null) return false;
              return side === "up" ? m.day < x : -m.day < x;
            });
            expect(rearmed, `${e.id} (${s.kind}) fired at ${before.index} and ${index}`).toBe(true);
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it("never fire a move across a gap: the only large change spans a gap", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 3, max: 600 }),
        fc.double({ min: -60, max: 200, noNaN: true }).filter((j) => Math.abs(j) >= 2),
        fc.constantFrom("15m", "1h", "4h", "24h"),
        direction,
        (seed, gapMinutes, jump, window, dir) => {
          // Quiet readings (0.1 % noise around a level) for 5 hours, the gap, then quiet at the new level.
          let x = seed;
          const noise = () => {
            x = (Math.imul(x, 1103515245) + 12345) >>> 0;
            return (x / 2 ** 32 - 0.5) * 0.002;
          };
          const readings: Reading[] = [];
          let at = Date.UTC(2026, 0, 5);
          for (let i = 0; i < 300; i++, at += MINUTE) readings.push([at, 1000 * (1 + noise())]);
          at += gapMinutes * MINUTE;
          for (let i = 0; i < 1500; i++, at += MINUTE)
            readings.push([at, 1000 * (1 + jump / 100) * (1 + noise())]);
          const rules = engineFor(
            [spec({ kind: "move", window, direction: dir, percent: "1" })],
            readings[0] as Reading,
          );
          expect([...run(rules, readings).values()].flat()).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("fire after a restart mid-path exactly what they fire uninterrupted", () => {
    fc.assert(
      fc.property(
        pathShapes,
        specs,
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        (shape, raws, cutAt) => {
          const readings = buildPath(shape);
          const alerts = raws.map(spec);
          const cut = Math.floor(readings.length * cutAt);
          const whole = run(engineFor(alerts, readings[0] as Reading), readings);

          const first = engineFor(alerts, readings[0] as Reading);
          run(first, readings.slice(0, cut));
          // What survives the restart: the minute history (each minute's last reading) and the stored states.
          const history = new Map<number, number>();
          for (const [at, mid] of readings.slice(0, cut)) history.set(Math.floor(at / MINUTE) * MINUTE, mid);
          const restarted = new MarketRules();
          restarted.loadHistory(
            "BTC",
            [...history].map(([at, mid]) => ({ at, mid })),
          );
          alerts.forEach((s, i) => {
            const stored = JSON.parse(JSON.stringify(first.state(`a${i}`))) as unknown;
            restarted.upsert({ id: `a${i}`, spec: s, state: parseMarketAlertState(stored) });
          });
          const after = run(restarted, readings, cut);
          const tail = [...whole].filter(([i]) => i >= cut);
          expect([...after].map(([i, es]) => [i, es.map(simplify)])).toEqual(
            tail.map(([i, es]) => [i, es.map(simplify)]),
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it("keep moves inside their window and after the last gap", () => {
    fc.assert(
      fc.property(pathShapes, (shape) => {
        const readings = buildPath({ ...shape, gapRate: Math.max(shape.gapRate, 0.003) });
        const alerts = (["15m", "1h", "4h", "24h"] as const).map((window) =>
          spec({ kind: "move", window, direction: "either", percent: "0.5" }),
        );
        const fired = run(engineFor(alerts, readings[0] as Reading), readings);
        const slots = readings.map(([at]) => Math.floor(at / MINUTE) * MINUTE);
        for (const [index, events] of fired) {
          const slot = slots[index] as number;
          let segStart = slots[0] as number;
          for (let i = 1; i <= index; i++) {
            if ((slots[i] as number) - (slots[i - 1] as number) > 3 * MINUTE) segStart = slots[i] as number;
          }
          for (const e of events) {
            expect(e.reference.at).toBeGreaterThanOrEqual(
              Math.max(segStart, slot - (WINDOW_MS[e.window as string] as number)),
            );
            expect(e.reference.at).toBeLessThanOrEqual(slot);
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
