/**
 * A small seeded pseudo-random generator (mulberry32), so a sandbox started with the same seed walks the
 * same market and hands out the same keys and tokens.
 */

/** A seeded source of pseudo-random values. */
export interface Prng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal (mean 0, deviation 1), by Box-Muller. */
  normal(): number;
  /** `bytes` random bytes as lowercase hex. */
  hex(bytes: number): string;
  /** A version-4 UUID string. */
  uuid(): string;
}

/** Creates a mulberry32 generator from a 32-bit seed. */
export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const hex = (bytes: number): string => {
    let out = "";
    for (let i = 0; i < bytes; i++)
      out += Math.floor(next() * 256)
        .toString(16)
        .padStart(2, "0");
    return out;
  };
  return {
    next,
    normal() {
      // 1 - next() keeps the logarithm's argument in (0, 1].
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    hex,
    uuid() {
      const h = hex(16);
      const variant = ((Number.parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
  };
}
