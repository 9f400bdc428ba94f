/**
 * A reference model of market alerts for the tests: the semantics of docs/alerts.md computed the slow,
 * obvious way (every measure by scanning every point), to hold the engine's incremental structures to.
 */
import type { MarketAlertSpec } from "../../../src/services/alerts/market/kinds.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WINDOW: Record<string, number> = { "15m": 15 * MINUTE, "1h": HOUR, "4h": 4 * HOUR, "24h": DAY };

/** RSI(14), Wilder, written out from the textbook: gains and losses, first averages, smoothing. */
export function referenceRsi(closes: number[]): number | null {
  if (closes.length < 15) return null;
  const gains: number[] = [];
  const losses: number[] = [];
  for (let i = 1; i < closes.length; i++) {
    const d = (closes[i] as number) - (closes[i - 1] as number);
    gains.push(d > 0 ? d : 0);
    losses.push(d < 0 ? -d : 0);
  }
  let g = gains.slice(0, 14).reduce((a, b) => a + b, 0) / 14;
  let l = losses.slice(0, 14).reduce((a, b) => a + b, 0) / 14;
  for (let i = 14; i < gains.length; i++) {
    g = (g * 13 + (gains[i] as number)) / 14;
    l = (l * 13 + (losses[i] as number)) / 14;
  }
  if (l === 0) return g === 0 ? 50 : 100;
  return 100 - 100 / (1 + g / l);
}

/** What the model measures at one reading. */
export interface ModelMeasures {
  /** The reading's minute, and the minute the series runs unbroken from (after the latest gap). */
  slot: number;
  segStart: number;
  price: number;
  up: Record<string, number>;
  down: Record<string, number>;
  day: number | null;
  rsi: number | null;
  /** The lowest and highest point since a time (ms), by scanning every point. */
  since: (at: number) => { low: number; lowAt: number; high: number; highAt: number };
}

/** The minute points (last reading of each minute) and the measures at each reading. */
export class MarketModel {
  readonly points: { at: number; mid: number }[] = [];

  /** Adds a reading; returns false for one older than the last minute (ignored). */
  push(at: number, mid: number): boolean {
    const slot = Math.floor(at / MINUTE) * MINUTE;
    const last = this.points.at(-1);
    if (last && slot < last.at) return false;
    if (last && slot === last.at) last.mid = mid;
    else this.points.push({ at: slot, mid });
    return true;
  }

  measures(): ModelMeasures {
    const pts = this.points;
    const open = pts.at(-1) as { at: number; mid: number };
    const s = open.at;
    const price = open.mid;
    let segStart = pts[0]?.at as number;
    for (let i = 1; i < pts.length; i++) {
      if ((pts[i] as { at: number }).at - (pts[i - 1] as { at: number }).at > 3 * MINUTE) {
        segStart = (pts[i] as { at: number }).at;
      }
    }
    const up: Record<string, number> = {};
    const down: Record<string, number> = {};
    for (const [w, ms] of Object.entries(WINDOW)) {
      const start = Math.max(s - ms, segStart);
      let low = Number.POSITIVE_INFINITY;
      let high = Number.NEGATIVE_INFINITY;
      for (const p of pts) {
        if (p.at < start) continue;
        low = Math.min(low, p.mid);
        high = Math.max(high, p.mid);
      }
      up[w] = ((price - low) / low) * 100;
      down[w] = ((high - price) / high) * 100;
    }
    // The day-ago point: nearest to 24 h back within 2 minutes, the earlier on a tie.
    const target = s - DAY;
    let day: number | null = null;
    let best = Number.POSITIVE_INFINITY;
    for (const p of pts) {
      const d = Math.abs(p.at - target);
      if (d <= 2 * MINUTE && d < best) {
        best = d;
        day = ((price - p.mid) / p.mid) * 100;
      }
    }
    // Hourly closes: an hour's last point if within its last 3 minutes; the run back from the last hour.
    const lastByHour = new Map<number, { at: number; mid: number }>();
    for (const p of pts) lastByHour.set(p.at - (p.at % HOUR), p);
    const closes: number[] = [];
    for (let h = s - (s % HOUR) - HOUR; closes.length < 25; h -= HOUR) {
      const p = lastByHour.get(h);
      if (!p || p.at < h + HOUR - 3 * MINUTE) break;
      closes.unshift(p.mid);
    }
    return {
      slot: s,
      segStart,
      price,
      up,
      down,
      day,
      rsi: referenceRsi(closes),
      since: (at) => this.since(at),
    };
  }

  /** The lowest and highest point from the minute of `at` on. */
  private since(at: number): { low: number; lowAt: number; high: number; highAt: number } {
    const from = Math.floor(at / MINUTE) * MINUTE;
    const out = { low: Number.POSITIVE_INFINITY, lowAt: 0, high: Number.NEGATIVE_INFINITY, highAt: 0 };
    for (const p of this.points) {
      if (p.at < from) continue;
      if (p.mid < out.low) [out.low, out.lowAt] = [p.mid, p.at];
      if (p.mid > out.high) [out.high, out.highAt] = [p.mid, p.at];
    }
    return out;
  }
}

/** One alert's model: the state machine of docs/alerts.md over the model's measures. */
export class AlertModel {
  phase: "new" | "armed" | "fired" = "new";
  side: "up" | "down" | undefined;
  anchor: number | undefined;
  /** `move`: the reading and price of the last firing that spoke. */
  firedAt: number | undefined;
  firedPrice: number | undefined;

  readonly spec: MarketAlertSpec;

  constructor(spec: MarketAlertSpec, anchor?: number) {
    this.spec = spec;
    this.anchor = anchor;
  }

  /** The two sides' measures and thresholds, or null when unknown. */
  private sides(m: ModelMeasures): { up: number; down: number; fire: number; rearm: number } | null {
    const s = this.spec;
    if (s.kind === "move") {
      const x = Number(s.percent);
      return { up: m.up[s.window] as number, down: m.down[s.window] as number, fire: x, rearm: x * 0.8 };
    }
    if (s.kind === "day_change") {
      if (m.day === null) return null;
      const x = Number(s.percent);
      return { up: m.day, down: -m.day, fire: x, rearm: x * 0.8 };
    }
    return null;
  }

  /** An unknown figure leaves the alert as it is, but arms a new one. */
  private unknown(): null {
    if (this.phase === "new") this.phase = "armed";
    return null;
  }

  /**
   * `move` once fired: the moves since the firing (the fired price and every point from its minute on),
   * while the firing is inside the window with no gap after it; undefined when the window is measured.
   */
  private sinceFiring(
    m: ModelMeasures,
    at: number,
  ): { direction: "up" | "down"; value: number } | null | undefined {
    const s = this.spec;
    if (s.kind !== "move" || this.phase !== "fired" || this.firedAt === undefined) return undefined;
    const firedPrice = this.firedPrice as number;
    if (this.firedAt < at - (WINDOW[s.window] as number) || m.segStart > this.firedAt) {
      this.phase = "armed";
      return undefined;
    }
    const r = m.since(this.firedAt);
    const low = Math.min(r.low, firedPrice);
    const high = Math.max(r.high, firedPrice);
    const up = ((m.price - low) / low) * 100;
    const down = ((high - m.price) / high) * 100;
    const x = Number(s.percent);
    const upFires = s.direction !== "down" && up >= x;
    const downFires = s.direction !== "up" && down >= x;
    if (!upFires && !downFires) return null;
    this.side = upFires && (!downFires || up >= down) ? "up" : "down";
    this.firedAt = at;
    this.firedPrice = m.price;
    return { direction: this.side, value: this.side === "up" ? up : down };
  }

  /** Takes the measures of one reading taken at `at`; returns the event it fires, if any. */
  step(m: ModelMeasures, at: number): { direction: "up" | "down"; value: number } | null {
    const s = this.spec;
    const since = this.sinceFiring(m, at);
    if (since !== undefined) return since;
    if (s.kind === "step") {
      if (this.anchor === undefined) {
        this.anchor = m.price;
        return null;
      }
      const moved = ((m.price - this.anchor) / this.anchor) * 100;
      if (Math.abs(moved) >= Number(s.percent)) {
        this.anchor = m.price;
        return { direction: moved > 0 ? "up" : "down", value: moved };
      }
      return null;
    }
    let upFires: boolean;
    let downFires: boolean;
    let rearmed: boolean;
    let upValue: number;
    let downValue: number;
    if (s.kind === "rsi") {
      if (m.rsi === null) return this.unknown();
      const low = Number(s.low);
      const high = Number(s.high);
      upFires = s.direction !== "down" && m.rsi > high;
      downFires = s.direction !== "up" && m.rsi < low;
      rearmed = this.side === "up" ? m.rsi < high - 5 : m.rsi > low + 5;
      upValue = downValue = m.rsi;
    } else {
      const x = this.sides(m);
      if (x === null) return this.unknown();
      const dir = s.direction;
      upFires = dir !== "down" && x.up >= x.fire;
      downFires = dir !== "up" && x.down >= x.fire;
      rearmed = (this.side === "up" ? x.up : x.down) < x.rearm;
      upValue = x.up;
      downValue = s.kind === "move" ? x.down : -x.down;
      if (upFires && downFires) {
        if (x.up >= x.down) downFires = false;
        else upFires = false;
      }
    }
    if (this.phase === "fired") {
      if (!rearmed) return null;
      this.phase = "armed";
    }
    if (!upFires && !downFires) {
      this.phase = "armed";
      return null;
    }
    const wasNew = this.phase === "new";
    this.phase = "fired";
    this.side = upFires ? "up" : "down";
    if (wasNew) return null;
    this.firedAt = at;
    this.firedPrice = m.price;
    return { direction: this.side, value: upFires ? upValue : downValue };
  }
}
