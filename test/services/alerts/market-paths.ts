/** Price paths for the market alert tests: seeded random walks with trends, jumps and gaps. */
import fc from "fast-check";
import { createPrng } from "../../../src/sandbox/prng.ts";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const T0 = Date.UTC(2026, 0, 5, 0, 0, 0);

/** A reading of the ticker: when, and the mid. */
export type Reading = readonly [at: number, mid: number];

/** A seeded uniform generator in [0, 1) (the sandbox's mulberry32), so a path is reproduced from its seed. */
export function seeded(seed: number): () => number {
  const prng = createPrng(seed);
  return () => prng.next();
}

export interface PathShape {
  seed: number;
  readings: number;
  /** Typical % change per reading. */
  volatility: number;
  /** Chance per reading of a jump (up to 10 %), and of a gap (3 minutes to 3 hours without readings). */
  jumpRate: number;
  gapRate: number;
}

/** Path shapes: up to a few thousand readings 20 s to 3 min apart (about a day and a half on average). */
export const pathShapes = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  readings: fc.integer({ min: 200, max: 2000 }),
  volatility: fc.double({ min: 0.02, max: 0.8, noNaN: true }),
  jumpRate: fc.double({ min: 0, max: 0.01, noNaN: true }),
  gapRate: fc.double({ min: 0, max: 0.005, noNaN: true }),
});

/** Builds the readings of a shape: a random walk whose trend changes every few hours. */
export function buildPath(shape: PathShape): Reading[] {
  const rnd = seeded(shape.seed);
  const out: Reading[] = [];
  let at = T0 + Math.floor(rnd() * HOUR);
  let price = 100 + rnd() * 50000;
  let trend = 0;
  for (let i = 0; i < shape.readings; i++) {
    if (rnd() < 0.005) trend = (rnd() - 0.5) * shape.volatility * 0.6;
    let change = trend + (rnd() - 0.5) * 2 * shape.volatility;
    if (rnd() < shape.jumpRate) change += (rnd() - 0.5) * 20;
    price = Math.max(0.0001, price * (1 + change / 100));
    at +=
      rnd() < shape.gapRate
        ? 3 * MINUTE + Math.floor(rnd() * 3 * HOUR)
        : 20_000 + Math.floor(rnd() * 160_000);
    out.push([at, Number(price.toPrecision(10))]);
  }
  return out;
}
