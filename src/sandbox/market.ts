/**
 * The simulated market: one mid price per listed asset in AUD, a seeded random walk, and a bid/ask spread
 * around the mid (buy = ask > sell = bid, last = mid). AUD is priced at 1.
 */
import { ASSETS, type AssetInfo, cryptoAsset } from "./assets.ts";
import { D, type Dec, FIAT } from "./decimal.ts";
import type { Prng } from "./prng.ts";

/** One ticker row: `buy` is what a buyer pays (ask), `sell` what a seller receives (bid). */
export interface TickerEntry {
  buy: string;
  sell: string;
  last: string;
}

interface Sample {
  at: number;
  mid: Dec;
}

const SAMPLE_EVERY_MS = 60_000;
const HISTORY_MS = 25 * 60 * 60 * 1000;

/** Prices of every listed asset, walked by a seeded generator. */
export class Market {
  /** Whether due work walks the prices; false freezes them (tests, control endpoint). */
  walk: boolean;
  /** Sandbox time of the last walk step. */
  lastTickAt: number;
  readonly #rng: Prng;
  readonly #mids = new Map<string, Dec>();
  readonly #history = new Map<string, Sample[]>();

  /** Starts every asset at its catalogue price. */
  constructor(rng: Prng, now: number, walk: boolean) {
    this.#rng = rng;
    this.walk = walk;
    this.lastTickAt = now;
    for (const a of ASSETS) {
      const mid = new D(a.startPrice);
      this.#mids.set(a.code, mid);
      this.#history.set(a.code, [{ at: now, mid }]);
    }
  }

  /** Mid (last) price of `code` in AUD; 1 for AUD. Throws for an unlisted code (callers validate first). */
  mid(code: string): Dec {
    if (code === FIAT) return new D(1);
    const mid = this.#mids.get(code);
    if (!mid) throw new Error(`unlisted asset ${code}`);
    return mid;
  }

  /** Ask: the AUD price a buyer pays for one unit, rounded up to the asset's price precision. */
  ask(code: string): Dec {
    const info = cryptoAsset(code);
    if (!info) return new D(1);
    return this.mid(code)
      .times(new D(1).plus(info.halfSpread))
      .toDecimalPlaces(info.priceDecimals, D.ROUND_UP);
  }

  /** Bid: the AUD price a seller receives for one unit, rounded down (never below one price unit). */
  bid(code: string): Dec {
    const info = cryptoAsset(code);
    if (!info) return new D(1);
    const bid = this.mid(code)
      .times(new D(1).minus(info.halfSpread))
      .toDecimalPlaces(info.priceDecimals, D.ROUND_DOWN);
    return D.max(bid, minUnit(info));
  }

  /** Sets the mid price of `code` (the spread is kept around it). */
  setMid(code: string, price: Dec, at: number): void {
    const info = cryptoAsset(code);
    if (!info) throw new Error(`unlisted asset ${code}`);
    const mid = D.max(price.toDecimalPlaces(info.priceDecimals), minUnit(info));
    this.#mids.set(code, mid);
    this.#record(code, mid, at, true);
  }

  /** One random-walk step for every asset at sandbox time `at`. */
  step(at: number): void {
    for (const info of ASSETS) {
      const mid = this.mid(info.code);
      const shock = new D((info.volatility * this.#rng.normal()).toFixed(12));
      let next = mid.times(shock.plus(1));
      // Stablecoins drift back towards their peg instead of wandering.
      if (info.stable) next = next.plus(new D(info.startPrice).minus(mid).times("0.02"));
      next = D.max(next.toDecimalPlaces(info.priceDecimals), minUnit(info));
      this.#mids.set(info.code, next);
      this.#record(info.code, next, at, false);
    }
  }

  /** Mid price of `code` as it was at sandbox time `at` (the oldest known price before history starts). */
  midAt(code: string, at: number): Dec {
    if (code === FIAT) return new D(1);
    const samples = this.#history.get(code) ?? [];
    let found = samples[0]?.mid ?? this.mid(code);
    for (const s of samples) {
      if (s.at > at) break;
      found = s.mid;
    }
    return found;
  }

  /** The public ticker: every listed asset with buy, sell and last as decimal strings. */
  ticker(): Record<string, TickerEntry> {
    const out: Record<string, TickerEntry> = {};
    for (const info of ASSETS) out[info.code] = this.tickerEntry(info.code);
    return out;
  }

  /** One ticker row. */
  tickerEntry(code: string): TickerEntry {
    const dp = cryptoAsset(code)?.priceDecimals ?? 2;
    return {
      buy: this.ask(code).toFixed(dp),
      sell: this.bid(code).toFixed(dp),
      last: this.mid(code).toFixed(dp),
    };
  }

  #record(code: string, mid: Dec, at: number, force: boolean): void {
    const samples = this.#history.get(code) ?? [];
    const latest = samples[samples.length - 1];
    if (force || !latest || at - latest.at >= SAMPLE_EVERY_MS) samples.push({ at, mid });
    else latest.mid = mid;
    // Keep one sample older than the window so a 24 h look-back always has a price.
    while (samples.length > 2 && (samples[1]?.at ?? at) < at - HISTORY_MS) samples.shift();
    this.#history.set(code, samples);
  }
}

function minUnit(info: AssetInfo): Dec {
  return new D(1).dividedBy(new D(10).pow(info.priceDecimals));
}
