/**
 * The evaluation of market alerts: every asset's measures are computed once per reading
 * ({@link MarketSeries}), then each alert on it costs a few number comparisons. Thresholds are parsed from
 * their decimal strings once, when an alert is loaded: they are percentages and RSI points (ratios, not
 * money), and the comparisons must stay cheap for 30,000 alerts per reading. Pure: no Redis, no clock; the
 * caller stores the states this returns as changed and sends the events.
 */
import {
  type MarketAlert,
  type MarketAlertKind,
  type MarketAlertSpec,
  type MarketAlertState,
  type MarketWindow,
  MINUTE_MS,
  PERCENT_REARM_FRACTION,
  type PricePoint,
  RSI_REARM_POINTS,
  WINDOW_MS,
} from "./kinds.ts";
import { type Extremes, MarketSeries, MarketStats, WINDOW_INDEX } from "./series.ts";

/** An alert that fired, with what its message needs. Prices are the readings' own figures as decimal strings. */
export interface MarketAlertEvent {
  id: string;
  kind: MarketAlertKind;
  asset: string;
  direction: "up" | "down";
  /** When the reading was taken (epoch ms) and its price (the ticker's mid). */
  at: number;
  price: string;
  /**
   * The measured figure, for display: the move in % (`move`: >= 0, its direction apart; `day_change` and
   * `step`: signed), or the RSI.
   */
  value: number;
  /** The threshold it crossed, as the spec has it (a percent, or the RSI's low or high). */
  threshold: string;
  /** `move` only: the window. */
  window?: MarketWindow;
  /**
   * What the reading was compared with: the window's low (up) or high (down), the point 24 hours back,
   * the step's anchor, or the hourly close the RSI was computed at (`at` = that hour's end).
   */
  reference: { price: string; at: number };
}

/** What one reading did: the events to send, and the alerts whose state changed (to store). */
export interface MarketEvaluation {
  events: MarketAlertEvent[];
  changed: { id: string; state: MarketAlertState }[];
}

/** What the chat can say about an asset now. */
export interface MarketSnapshot {
  at: number;
  price: number;
  /** Per window: % above its low and below its high since the window's start or the last gap. */
  moves: Record<MarketWindow, { up: number; down: number }>;
  /** The 24-hour change in %, or null while no point 24 hours back is known. */
  dayChange: number | null;
  /** RSI(14) at the last hourly close, or null. */
  rsi: number | null;
  /** When RSI alerts can first fire (see {@link MarketSeries.rsiActiveFrom}). */
  rsiActiveFrom: number | null;
}

const KIND_MOVE = 0;
const KIND_DAY = 1;
const KIND_STEP = 2;
const KIND_RSI = 3;
const KIND_CODES: Readonly<Record<MarketAlertKind, number>> = { move: 0, day_change: 1, step: 2, rsi: 3 };
const PHASE_NEW = 0;
const PHASE_ARMED = 1;
const PHASE_FIRED = 2;
const UP = 1;
const DOWN = 2;
const EITHER = 3;

/** The side a percent measure fires on (the larger when both pass its threshold), or undefined for none. */
function firingSide(a: CompiledAlert, up: number, down: number): typeof UP | typeof DOWN | undefined {
  const fireUp = (a.directions & UP) !== 0 && up >= a.threshold;
  const fireDown = (a.directions & DOWN) !== 0 && down >= a.threshold;
  if (!fireUp && !fireDown) return undefined;
  return fireUp && (!fireDown || up >= down) ? UP : DOWN;
}

/** A `move` alert's event: its measure on `side`, from the lowest (up) or highest (down) point it counted. */
function moveEvent(
  a: CompiledAlert,
  asset: string,
  st: MarketStats,
  side: typeof UP | typeof DOWN,
  value: number,
  from: Extremes,
): MarketAlertEvent {
  return {
    id: a.id,
    kind: "move",
    asset,
    direction: side === UP ? "up" : "down",
    at: st.at,
    price: st.priceText,
    value,
    threshold: (a.spec as { percent: string }).percent,
    window: (a.spec as { window: MarketWindow }).window,
    reference:
      side === UP
        ? { price: String(from.low), at: from.lowAt }
        : { price: String(from.high), at: from.highAt },
  };
}

/** An alert ready for the hot path: its spec's figures as numbers, its state unpacked. */
class CompiledAlert {
  readonly kind: number;
  readonly window: number;
  /** `move` only: the window's length in ms. */
  readonly windowMs: number;
  readonly directions: number;
  /** The threshold (percent kinds) and the level below which the fired side re-arms. */
  readonly threshold: number;
  readonly rearm: number;
  readonly low: number;
  readonly high: number;
  phase: number;
  side: number;
  anchor: number;
  anchorText: string | undefined;
  anchorAt: number | undefined;
  firedAt: number | undefined;
  firedPrice: string | undefined;
  /** Position in its asset's list, and the last evaluation that changed it. */
  index = 0;
  touched = 0;

  readonly id: string;
  readonly spec: MarketAlertSpec;

  constructor(id: string, spec: MarketAlertSpec, state: MarketAlertState) {
    this.id = id;
    this.spec = spec;
    this.kind = KIND_CODES[spec.kind];
    this.window = spec.kind === "move" ? WINDOW_INDEX[spec.window] : 0;
    this.windowMs = spec.kind === "move" ? WINDOW_MS[spec.window] : 0;
    const direction = spec.kind === "step" ? "either" : spec.direction;
    this.directions = direction === "up" ? UP : direction === "down" ? DOWN : EITHER;
    const percent = spec.kind === "rsi" ? Number.NaN : Number(spec.percent);
    this.threshold = percent;
    this.rearm = percent * (1 - PERCENT_REARM_FRACTION);
    this.low = spec.kind === "rsi" ? Number(spec.low) : Number.NaN;
    this.high = spec.kind === "rsi" ? Number(spec.high) : Number.NaN;
    this.phase = state.phase === "armed" ? PHASE_ARMED : state.phase === "fired" ? PHASE_FIRED : PHASE_NEW;
    this.side = state.side === "up" ? UP : state.side === "down" ? DOWN : 0;
    if (this.phase === PHASE_FIRED && this.side === 0) this.phase = PHASE_NEW;
    this.anchorText = state.anchor;
    this.anchor = state.anchor === undefined ? Number.NaN : Number(state.anchor);
    this.anchorAt = state.anchorAt;
    this.firedAt = state.firedAt;
    this.firedPrice = state.firedPrice;
  }

  state(): MarketAlertState {
    const s: MarketAlertState = {
      phase: this.phase === PHASE_ARMED ? "armed" : this.phase === PHASE_FIRED ? "fired" : "new",
    };
    if (this.side !== 0) s.side = this.side === UP ? "up" : "down";
    if (this.anchorText !== undefined) s.anchor = this.anchorText;
    if (this.anchorAt !== undefined) s.anchorAt = this.anchorAt;
    if (this.firedAt !== undefined) s.firedAt = this.firedAt;
    if (this.firedPrice !== undefined) s.firedPrice = this.firedPrice;
    return s;
  }
}

/** One asset: its series, its alerts, its measures (reused every reading). */
interface AssetBook {
  series: MarketSeries;
  alerts: CompiledAlert[];
  stats: MarketStats;
  /** The latest reading's time. */
  lastAt: number;
}

/**
 * Every market alert of an instance and the price series they are measured on. Feed it the history once
 * per asset ({@link loadHistory}), the alerts with their stored states ({@link upsert}), then every ticker
 * reading ({@link reading}); store the `changed` states it returns and send its `events`.
 */
export class MarketRules {
  private readonly books = new Map<string, AssetBook>();
  private readonly byId = new Map<string, CompiledAlert>();
  private evaluation = 0;
  /** The extremes since a firing, reused by every fired `move` alert. */
  private readonly since: Extremes = { low: 0, lowAt: 0, high: 0, highAt: 0 };

  private book(asset: string): AssetBook {
    let book = this.books.get(asset);
    if (book === undefined) {
      book = { series: new MarketSeries(), alerts: [], stats: new MarketStats(), lastAt: Number.NaN };
      this.books.set(asset, book);
    }
    return book;
  }

  /** Replaces an asset's series with its history (ascending minute points, up to 26 h; gaps absent). */
  loadHistory(asset: string, points: readonly PricePoint[]): void {
    const book = this.book(asset);
    book.series.load(points);
    book.lastAt = points.at(-1)?.at ?? Number.NaN;
  }

  /** Adds an alert, or replaces the one with its id (a changed spec, a state read back). */
  upsert(alert: MarketAlert): void {
    this.remove(alert.id);
    const compiled = new CompiledAlert(alert.id, alert.spec, alert.state);
    const book = this.book(alert.spec.asset);
    compiled.index = book.alerts.length;
    book.alerts.push(compiled);
    this.byId.set(alert.id, compiled);
  }

  /** Forgets an alert (deleted or paused). */
  remove(id: string): void {
    const compiled = this.byId.get(id);
    if (compiled === undefined) return;
    this.byId.delete(id);
    const alerts = this.book(compiled.spec.asset).alerts;
    const last = alerts.pop() as CompiledAlert;
    if (last !== compiled) {
      alerts[compiled.index] = last;
      last.index = compiled.index;
    }
  }

  /** An alert's current state, or undefined when it is not loaded. */
  state(id: string): MarketAlertState | undefined {
    return this.byId.get(id)?.state();
  }

  /** How many alerts are loaded. */
  get size(): number {
    return this.byId.size;
  }

  /** The kept minute points of an asset (what a restart would load). */
  points(asset: string): PricePoint[] {
    return this.books.get(asset)?.series.points() ?? [];
  }

  /**
   * One ticker reading, taken at `at`: each asset's mid is appended to its series and that asset's alerts
   * are evaluated. A reading older than an asset's last minute changes nothing for it.
   */
  reading(at: number, mids: Iterable<readonly [string, number]>): MarketEvaluation {
    const result: MarketEvaluation = { events: [], changed: [] };
    this.evaluation++;
    for (const [asset, mid] of mids) {
      const book = this.book(asset);
      if (!book.series.push(at, mid)) continue;
      book.lastAt = at;
      if (book.alerts.length === 0 || !book.series.measure(at, book.stats)) continue;
      this.evaluate(asset, book, result);
    }
    return result;
  }

  /** What the chat can say about an asset at its latest reading; null before any. */
  snapshot(asset: string): MarketSnapshot | null {
    const book = this.books.get(asset);
    if (book === undefined) return null;
    const st = new MarketStats();
    if (!book.series.measure(book.lastAt, st)) return null;
    const moves = {} as Record<MarketWindow, { up: number; down: number }>;
    for (const [w, i] of Object.entries(WINDOW_INDEX) as [MarketWindow, number][]) {
      moves[w] = { up: st.up[i] as number, down: st.down[i] as number };
    }
    return {
      at: st.at,
      price: st.price,
      moves,
      dayChange: Number.isNaN(st.dayChange) ? null : st.dayChange,
      rsi: Number.isNaN(st.rsi) ? null : st.rsi,
      rsiActiveFrom: book.series.rsiActiveFrom(),
    };
  }

  private evaluate(asset: string, book: AssetBook, result: MarketEvaluation): void {
    const st = book.stats;
    const alerts = book.alerts;
    for (let i = 0; i < alerts.length; i++) {
      const a = alerts[i] as CompiledAlert;
      switch (a.kind) {
        case KIND_MOVE:
          this.move(a, book.series, asset, st, result);
          break;
        case KIND_DAY:
          if (Number.isNaN(st.dayChange)) this.unknown(a, result);
          else this.crossing(a, st.dayChange, -st.dayChange, asset, st, result);
          break;
        case KIND_STEP:
          this.step(a, asset, st, result);
          break;
        case KIND_RSI:
          if (Number.isNaN(st.rsi)) this.unknown(a, result);
          else this.rsi(a, asset, st, result);
          break;
      }
    }
  }

  /**
   * No figure to compare (no point 24 hours back, RSI not active yet): the alert waits as it is, except
   * that a new one is armed, so the first known figure past its threshold fires (the chat could not have
   * told the user it already held).
   */
  private unknown(a: CompiledAlert, result: MarketEvaluation): void {
    if (a.phase !== PHASE_NEW) return;
    a.phase = PHASE_ARMED;
    this.restate(a, result);
  }

  private changed(a: CompiledAlert, result: MarketEvaluation): void {
    if (a.touched === this.evaluation) return;
    a.touched = this.evaluation;
    result.changed.push({ id: a.id, state: a.state() });
  }

  /** Records a change made after {@link changed} already listed the alert in this evaluation. */
  /**
   * Marks `a` fired on `side` at this reading: the price it fired at, or undefined when it was new (a
   * condition already true when the alert was made stays quiet until it re-arms and crosses again).
   */
  private fired(
    a: CompiledAlert,
    side: typeof UP | typeof DOWN,
    st: MarketStats,
    result: MarketEvaluation,
  ): string | undefined {
    const silent = a.phase === PHASE_NEW;
    a.phase = PHASE_FIRED;
    a.side = side;
    if (silent) {
      this.restate(a, result);
      return undefined;
    }
    a.firedAt = st.at;
    a.firedPrice = st.priceText;
    this.restate(a, result);
    return st.priceText;
  }

  private restate(a: CompiledAlert, result: MarketEvaluation): void {
    if (a.touched !== this.evaluation) {
      this.changed(a, result);
      return;
    }
    for (let i = result.changed.length - 1; i >= 0; i--) {
      const entry = result.changed[i] as { id: string; state: MarketAlertState };
      if (entry.id === a.id) {
        entry.state = a.state();
        return;
      }
    }
  }

  /**
   * `move` and `day_change`: `up` and `down` are the measures on each side (>= threshold fires). A fired
   * alert re-arms once its side's measure is below the re-arm level, and may then fire in the same reading
   * (on the other side: a rise, then a fall).
   */
  private crossing(
    a: CompiledAlert,
    up: number,
    down: number,
    asset: string,
    st: MarketStats,
    result: MarketEvaluation,
  ): void {
    if (a.phase === PHASE_FIRED) {
      if ((a.side === UP ? up : down) >= a.rearm) return;
      a.phase = PHASE_ARMED;
      this.restate(a, result);
    }
    const side = firingSide(a, up, down);
    if (side === undefined) {
      if (a.phase === PHASE_NEW) {
        a.phase = PHASE_ARMED;
        this.restate(a, result);
      }
      return;
    }
    const price = this.fired(a, side, st, result);
    if (price === undefined) return;
    const spec = a.spec as { percent: string };
    if (a.kind === KIND_MOVE) {
      const w = a.window;
      result.events.push(
        moveEvent(a, asset, st, side, side === UP ? up : down, {
          low: st.low[w] as number,
          lowAt: st.lowAt[w] as number,
          high: st.high[w] as number,
          highAt: st.highAt[w] as number,
        }),
      );
    } else {
      result.events.push({
        id: a.id,
        kind: "day_change",
        asset,
        direction: side === UP ? "up" : "down",
        at: st.at,
        price,
        value: st.dayChange,
        threshold: spec.percent,
        reference: { price: String(st.dayPrice), at: st.dayAt },
      });
    }
  }

  /**
   * `move`: a crossing measured on the window's low and high. Once fired (at a known price), it watches
   * again from the price it fired at: the moves are measured over the points since the firing, so a
   * further move of the threshold in the window alerts again (a crash that goes on is told as it goes), a
   * wobble at the fired price does not, and a turn of the threshold the other way is a move of its own.
   * Once the firing has left the window, or a gap came after it, the window alone is measured again.
   */
  private move(
    a: CompiledAlert,
    series: MarketSeries,
    asset: string,
    st: MarketStats,
    result: MarketEvaluation,
  ) {
    const w = a.window;
    if (a.phase === PHASE_FIRED && a.firedAt !== undefined && a.firedPrice !== undefined) {
      if (a.firedAt >= st.at - a.windowMs && series.unbrokenSince(a.firedAt)) {
        this.sinceFiring(a, series, asset, st, result);
        return;
      }
      a.phase = PHASE_ARMED;
      this.restate(a, result);
    }
    this.crossing(a, st.up[w] as number, st.down[w] as number, asset, st, result);
  }

  /** A fired `move` alert measured from its firing (see {@link move}); fires again past the threshold. */
  private sinceFiring(
    a: CompiledAlert,
    series: MarketSeries,
    asset: string,
    st: MarketStats,
    result: MarketEvaluation,
  ) {
    const since = this.since;
    series.extremesSince(a.window, a.firedAt as number, since);
    // The fired price counts as a point of the firing's minute, as every point is dated.
    const firedPrice = Number(a.firedPrice);
    const firedSlot = Math.floor((a.firedAt as number) / MINUTE_MS) * MINUTE_MS;
    if (firedPrice < since.low) {
      since.low = firedPrice;
      since.lowAt = firedSlot;
    }
    if (firedPrice > since.high) {
      since.high = firedPrice;
      since.highAt = firedSlot;
    }
    const up = ((st.price - since.low) / since.low) * 100;
    const down = ((since.high - st.price) / since.high) * 100;
    const side = firingSide(a, up, down);
    if (side === undefined) return;
    // Fired already, so the event is never a silent one.
    this.fired(a, side, st, result);
    result.events.push(moveEvent(a, asset, st, side, side === UP ? up : down, since));
  }

  /** A moving alarm: the move from the anchor, either way; firing moves the anchor to the reading. */
  private step(a: CompiledAlert, asset: string, st: MarketStats, result: MarketEvaluation): void {
    if (!(a.anchor > 0)) {
      // Made without a price (or stored without one): anchored at the first reading.
      a.anchor = st.price;
      a.anchorText = String(st.price);
      a.anchorAt = st.at;
      a.phase = PHASE_ARMED;
      this.restate(a, result);
      return;
    }
    if (a.phase !== PHASE_ARMED) {
      a.phase = PHASE_ARMED;
      this.restate(a, result);
    }
    const moved = ((st.price - a.anchor) / a.anchor) * 100;
    if (!(moved >= a.threshold || -moved >= a.threshold)) return;
    const price = st.priceText;
    const reference = { price: a.anchorText ?? String(a.anchor), at: a.anchorAt ?? Number.NaN };
    a.anchor = st.price;
    a.anchorText = price;
    a.anchorAt = st.at;
    a.side = moved > 0 ? UP : DOWN;
    a.firedAt = st.at;
    a.firedPrice = price;
    this.restate(a, result);
    result.events.push({
      id: a.id,
      kind: "step",
      asset,
      direction: moved > 0 ? "up" : "down",
      at: st.at,
      price,
      value: moved,
      threshold: (a.spec as { percent: string }).percent,
      reference,
    });
  }

  /** RSI below `low` (down) or above `high` (up); re-arms past low + 5 or high - 5. */
  private rsi(a: CompiledAlert, asset: string, st: MarketStats, result: MarketEvaluation): void {
    const rsi = st.rsi;
    if (a.phase === PHASE_FIRED) {
      if (a.side === UP ? rsi >= a.high - RSI_REARM_POINTS : rsi <= a.low + RSI_REARM_POINTS) return;
      a.phase = PHASE_ARMED;
      this.restate(a, result);
    }
    const fireUp = (a.directions & UP) !== 0 && rsi > a.high;
    const fireDown = (a.directions & DOWN) !== 0 && rsi < a.low;
    if (!fireUp && !fireDown) {
      if (a.phase === PHASE_NEW) {
        a.phase = PHASE_ARMED;
        this.restate(a, result);
      }
      return;
    }
    const price = this.fired(a, fireUp ? UP : DOWN, st, result);
    if (price === undefined) return;
    const spec = a.spec as { low: string; high: string };
    result.events.push({
      id: a.id,
      kind: "rsi",
      asset,
      direction: fireUp ? "up" : "down",
      at: st.at,
      price,
      value: rsi,
      threshold: fireUp ? spec.high : spec.low,
      reference: { price: String(st.rsiPrice), at: st.rsiAt },
    });
  }
}
