/**
 * Portfolio alerts on generated sequences of readings (fast-check), unknown figures included: the
 * evaluation against a reference model in whole hundredths; never two firings of one alert without a
 * re-arm (a known figure back by the margin) between them; a restart mid-sequence (states read back from
 * JSON) fires exactly what the uninterrupted evaluation fires.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type PortfolioAlert,
  type PortfolioAlertSpec,
  type PortfolioAlertState,
  parsePortfolioAlertSpec,
  parsePortfolioAlertState,
} from "../../../src/services/alerts/portfolio/kinds.ts";
import {
  evaluatePortfolioAlerts,
  type PortfolioAlertEvent,
  type PortfolioFigures,
} from "../../../src/services/alerts/portfolio/rules.ts";

/** A decimal string of `n` hundredths. */
const hundredths = (n: number) => (n / 100).toFixed(2);
const returnDirection = fc.constantFrom("up", "down", "either");

/** Raw specs whose thresholds the generated readings cross now and then. */
const rawSpecs = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant("portfolio_value"),
      level: fc.integer({ min: 9_000_00, max: 11_000_00 }).map(hundredths),
      direction: fc.constantFrom("above", "below"),
    }),
    fc.record({
      kind: fc.constant("portfolio_day"),
      direction: returnDirection,
      percent: fc.integer({ min: 10, max: 800 }).map(hundredths),
    }),
    fc.record({
      kind: fc.constant("asset_return"),
      asset: fc.constantFrom("BTC", "ETH"),
      direction: returnDirection,
      percent: fc.integer({ min: 10, max: 3000 }).map(hundredths),
    }),
  ),
  { minLength: 1, maxLength: 8 },
);

/** A reading: each figure in hundredths, or null (unknown); an asset may be absent (not held). */
interface RawReading {
  total: number | null;
  day: number | null;
  btc: number | null | undefined;
  eth: number | null | undefined;
}
const sometimesUnknown = (arb: fc.Arbitrary<number>) => fc.option(arb, { freq: 6, nil: null });
const rawReadings = fc.array(
  fc.record({
    total: sometimesUnknown(fc.integer({ min: 8_500_00, max: 11_500_00 })),
    day: sometimesUnknown(fc.integer({ min: -1000, max: 1000 })),
    btc: fc.oneof(sometimesUnknown(fc.integer({ min: -4000, max: 4000 })), fc.constant(undefined)),
    eth: fc.oneof(sometimesUnknown(fc.integer({ min: -4000, max: 4000 })), fc.constant(undefined)),
  }),
  { minLength: 1, maxLength: 60 },
);

function figures(r: RawReading): PortfolioFigures {
  const assets: Record<string, string | null> = {};
  if (r.btc !== undefined) assets.BTC = r.btc === null ? null : hundredths(r.btc);
  if (r.eth !== undefined) assets.ETH = r.eth === null ? null : hundredths(r.eth);
  return {
    total: r.total === null ? null : hundredths(r.total),
    dayPercent: r.day === null ? null : hundredths(r.day),
    assets,
  };
}

function parsed(raw: object): PortfolioAlertSpec {
  const p = parsePortfolioAlertSpec(raw);
  if (!p.ok) throw new Error(`bad generated spec ${JSON.stringify(raw)}: ${p.error}`);
  return p.spec;
}

/** The alert's figure in hundredths, or null. */
function measured(s: PortfolioAlertSpec, r: RawReading): number | null {
  if (s.kind === "portfolio_value") return r.total;
  if (s.kind === "portfolio_day") return r.day;
  return (s.asset === "BTC" ? r.btc : r.eth) ?? null;
}
const toHundredths = (text: string) => Math.round(Number(text) * 100);

/** The reference: the same rules in whole hundredths (level x 99 / 100 compared as 100 f < 99 L). */
class Model {
  phase: "new" | "armed" | "fired" = "new";
  side: "up" | "down" | undefined;
  readonly spec: PortfolioAlertSpec;
  constructor(spec: PortfolioAlertSpec) {
    this.spec = spec;
  }
  private past(f: number, side: "up" | "down"): boolean {
    const s = this.spec;
    const t = toHundredths(s.kind === "portfolio_value" ? s.level : s.percent);
    if (s.kind === "portfolio_value") return side === "up" ? f >= t : f <= t;
    return side === "up" ? f >= t : f <= -t;
  }
  /** Whether a figure is back by the margin from the side that fired. */
  back(f: number, side: "up" | "down"): boolean {
    const s = this.spec;
    if (s.kind === "portfolio_value") {
      const l = toHundredths(s.level);
      return side === "up" ? 100 * f < 99 * l : 100 * f > 101 * l;
    }
    const p = toHundredths(s.percent);
    return side === "up" ? 5 * f < 4 * p : 5 * f > -4 * p;
  }
  step(f: number | null): "up" | "down" | null {
    if (f === null) return null;
    if (this.phase === "fired" && this.side !== undefined) {
      if (!this.back(f, this.side)) return null;
      this.phase = "armed";
    }
    const d = this.spec.direction;
    const sides: ("up" | "down")[] =
      d === "above" || d === "up" ? ["up"] : d === "below" || d === "down" ? ["down"] : ["up", "down"];
    const side = sides.find((s) => this.past(f, s));
    if (side === undefined) {
      this.phase = "armed";
      return null;
    }
    // A new alert is armed from the start: past at its first known figure, it fires.
    const fires = this.phase === "armed" || this.phase === "new";
    this.phase = "fired";
    this.side = side;
    return fires ? side : null;
  }
}

/** Runs the evaluation over readings from states, returning every event and the final states. */
function evaluate(
  specs: PortfolioAlertSpec[],
  states: PortfolioAlertState[],
  readings: RawReading[],
  from: number,
) {
  const alerts: PortfolioAlert[] = specs.map((spec, i) => ({
    id: `a${i}`,
    spec,
    state: states[i] as PortfolioAlertState,
  }));
  const events: PortfolioAlertEvent[] = [];
  readings.forEach((r, j) => {
    const result = evaluatePortfolioAlerts(alerts, figures(r), from + j);
    for (const c of result.changed) {
      const alert = alerts.find((a) => a.id === c.id) as PortfolioAlert;
      alert.state = c.state;
    }
    events.push(...result.events);
  });
  return { events, states: alerts.map((a) => a.state) };
}

describe("portfolio alerts on generated readings", () => {
  it("fire as the reference model does, never twice without a re-arm, never on an unknown figure", () => {
    fc.assert(
      fc.property(rawSpecs, rawReadings, (raws, readings) => {
        const specs = raws.map(parsed);
        const { events } = evaluate(
          specs,
          specs.map(() => ({ phase: "new" })),
          readings,
          0,
        );
        const models = specs.map((s) => new Model(s));
        const expected: string[] = [];
        readings.forEach((r, j) => {
          models.forEach((m, i) => {
            const side = m.step(measured(m.spec, r));
            if (side !== null) expected.push(`a${i}@${j}:${side}`);
          });
        });
        expect(events.map((e) => `${e.id}@${e.at}:${e.direction}`)).toEqual(expected);

        for (const e of events) {
          const i = Number(e.id.slice(1));
          const spec = specs[i] as PortfolioAlertSpec;
          const f = measured(spec, readings[e.at] as RawReading);
          expect(f).not.toBeNull();
          expect(toHundredths(e.figure)).toBe(f);
        }
        // Between two firings of one alert, some known figure was back by the margin on the side that fired.
        specs.forEach((spec, i) => {
          const mine = events.filter((e) => e.id === `a${i}`);
          for (let n = 1; n < mine.length; n++) {
            const prev = mine[n - 1] as PortfolioAlertEvent;
            const next = mine[n] as PortfolioAlertEvent;
            const between = readings.slice(prev.at + 1, next.at + 1).map((r) => measured(spec, r));
            const rearmed = between.some((f) => f !== null && new Model(spec).back(f, prev.direction));
            expect(rearmed, `${JSON.stringify(spec)} ${prev.at} -> ${next.at}`).toBe(true);
          }
        });
      }),
      { numRuns: 400 },
    );
  });

  it("a restart from the stored states fires exactly what the uninterrupted evaluation fires", () => {
    fc.assert(
      fc.property(rawSpecs, rawReadings, fc.nat(), (raws, readings, cut) => {
        const specs = raws.map(parsed);
        const fresh = specs.map((): PortfolioAlertState => ({ phase: "new" }));
        const whole = evaluate(specs, fresh, readings, 0);
        const at = cut % (readings.length + 1);
        const first = evaluate(specs, fresh, readings.slice(0, at), 0);
        const stored = first.states.map((s) => parsePortfolioAlertState(JSON.parse(JSON.stringify(s))));
        const second = evaluate(specs, stored, readings.slice(at), at);
        expect([...first.events, ...second.events]).toEqual(whole.events);
        expect(second.states).toEqual(whole.states);
      }),
      { numRuns: 300 },
    );
  });
});
