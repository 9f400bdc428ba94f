/**
 * What a withdrawal address (and its memo or tag) looks like for each asset whose format is known, so
 * a mistyped address is refused before anything is sent. The exchange names no network per asset, so
 * a token that travels on several networks (USDT, USDC) accepts the shape of each. Assets not listed
 * here get the generic rule: 1 to 256 visible characters without spaces.
 */

import { hasBech32Checksum } from "./bech32.ts";

/** The exchange's bound on an address (spec: 1 to 256 characters). */
export const MAX_ADDRESS_LENGTH = 256;
/** The exchange's bound on a memo (spec: up to 256 characters). */
export const MAX_MEMO_LENGTH = 256;

/** What an asset's destinations carry besides the address. */
export type MemoKind =
  /** No memo exists for this asset: the question is not asked. */
  | "none"
  /** A numeric destination tag (XRP): 0 to 4294967295. */
  | "tag"
  /** A free-text memo (XLM, ATOM, EOS, HBAR...). */
  | "memo"
  /** An asset whose format is unknown: a memo may be given, or skipped. */
  | "unknown";

interface AddressFormat {
  patterns: readonly RegExp[];
  /**
   * How its bech32 addresses start: one that starts so must also pass the bech32 checksum, and one that
   * does not is a typo (told as such), not an address of another shape.
   */
  bech32?: readonly string[];
  /** How the address starts or looks, shown when it does not fit (same in every language). */
  shape: string;
  memo: Exclude<MemoKind, "unknown">;
}

const B58 = "[1-9A-HJ-NP-Za-km-z]";
const BECH32 = "[02-9ac-hj-np-z]";
const EVM = /^0x[0-9a-fA-F]{40}$/;
const TRON = new RegExp(`^T${B58}{33}$`);
const SOLANA = new RegExp(`^${B58}{32,44}$`);
const re = (source: string) => new RegExp(`^${source}$`);

const FORMATS: Readonly<Record<string, AddressFormat>> = {
  BTC: {
    patterns: [re(`bc1${BECH32}{39,59}`), re(`[13]${B58}{25,34}`)],
    bech32: ["bc1"],
    shape: "bc1…, 1… or 3…",
    memo: "none",
  },
  LTC: {
    patterns: [re(`ltc1${BECH32}{39,59}`), re(`[LM3]${B58}{26,33}`)],
    bech32: ["ltc1"],
    shape: "ltc1…, L…, M… or 3…",
    memo: "none",
  },
  DOGE: { patterns: [re(`[DA9]${B58}{33}`)], shape: "D…, A… or 9…", memo: "none" },
  ETH: { patterns: [EVM], shape: "0x + 40 hex", memo: "none" },
  LINK: { patterns: [EVM], shape: "0x + 40 hex", memo: "none" },
  BNB: {
    patterns: [EVM, re(`bnb1${BECH32}{38}`)],
    bech32: ["bnb1"],
    shape: "0x + 40 hex, or bnb1…",
    memo: "memo",
  },
  AVAX: {
    patterns: [EVM, re(`X-avax1${BECH32}{38}`)],
    bech32: ["X-avax1"],
    shape: "0x + 40 hex, or X-avax1…",
    memo: "none",
  },
  USDT: { patterns: [EVM, TRON, SOLANA], shape: "0x + 40 hex, T…, or a Solana address", memo: "none" },
  USDC: { patterns: [EVM, TRON, SOLANA], shape: "0x + 40 hex, T…, or a Solana address", memo: "none" },
  TRX: { patterns: [TRON], shape: "T + 33 characters", memo: "none" },
  SOL: { patterns: [SOLANA], shape: "32 to 44 base58 characters", memo: "none" },
  XRP: { patterns: [re(`r${B58}{24,34}`)], shape: "r…", memo: "tag" },
  ADA: {
    patterns: [re(`addr1${BECH32}{50,120}`), re(`(Ae2|DdzFF)${B58}{40,120}`)],
    bech32: ["addr1"],
    shape: "addr1…",
    memo: "none",
  },
  DOT: { patterns: [re(`1${B58}{45,47}`)], shape: "1… (47 or 48 characters)", memo: "none" },
  XLM: { patterns: [/^G[A-Z2-7]{55}$/], shape: "G + 55 characters", memo: "memo" },
  ATOM: { patterns: [re(`cosmos1${BECH32}{38}`)], bech32: ["cosmos1"], shape: "cosmos1…", memo: "memo" },
  HBAR: { patterns: [/^0\.0\.\d{1,10}$/], shape: "0.0.…", memo: "memo" },
  EOS: {
    patterns: [/^[a-z1-5.]{1,12}$/],
    shape: "an account name of up to 12 of a-z, 1-5 and .",
    memo: "memo",
  },
};

// Visible ASCII only: addresses of every chain are written with it, and it keeps lookalikes out.
const VISIBLE_ASCII = /^[\x21-\x7E]+$/;

/** Why an address is refused. */
export type AddressProblem =
  | { code: "empty" }
  | { code: "too_long"; max: number }
  | { code: "charset" }
  | { code: "shape"; shape: string }
  /** It starts as the asset's bech32 addresses do, but its checksum does not match: a typo. */
  | { code: "checksum"; prefix: string };

/**
 * Checks a typed address for `asset`: trimmed, 1 to 256 visible characters without spaces, and of the
 * asset's shape where it is known. Bech32 addresses may be typed in upper case; one that starts as the
 * asset's do must also pass its checksum (else: `checksum`, a typo, rather than the wrong shape).
 */
export function checkAddress(
  asset: string,
  input: string,
): { address: string } | { problem: AddressProblem } {
  const address = input.trim();
  if (address === "") return { problem: { code: "empty" } };
  if ([...address].length > MAX_ADDRESS_LENGTH)
    return { problem: { code: "too_long", max: MAX_ADDRESS_LENGTH } };
  if (!VISIBLE_ASCII.test(address)) return { problem: { code: "charset" } };
  const format = FORMATS[asset];
  if (format === undefined) return { address };
  // Bech32 is case-insensitive but never mixed: an all-upper one is read in lower case.
  const candidates = address === address.toUpperCase() ? [address, address.toLowerCase()] : [address];
  for (const candidate of candidates) {
    const prefix = format.bech32?.find((start) => candidate.toLowerCase().startsWith(start.toLowerCase()));
    if (prefix !== undefined) {
      // The human-readable part of "X-avax1…" is "avax": the chain's "X-" is not checksummed.
      const checked = candidate.startsWith("X-") ? candidate.slice(2) : candidate;
      const fits = format.patterns.some((pattern) => pattern.test(candidate));
      if (fits && hasBech32Checksum(checked)) return { address: candidate };
      // Upper case is read again in lower case below; then, the checksum is what did not match.
      if (candidate !== candidates.at(-1)) continue;
      return { problem: { code: "checksum", prefix } };
    }
    if (format.patterns.some((pattern) => pattern.test(candidate))) return { address: candidate };
  }
  return { problem: { code: "shape", shape: format.shape } };
}

/** How addresses of `asset` look (e.g. "bc1…, 1… or 3…"), or undefined when not known. */
export function addressShape(asset: string): string | undefined {
  return FORMATS[asset]?.shape;
}

/** Whether destinations of `asset` carry a memo or tag. */
export function memoKind(asset: string): MemoKind {
  return FORMATS[asset]?.memo ?? "unknown";
}

/** Why a memo or tag is refused. */
export type MemoProblem = { code: "tag" } | { code: "too_long"; max: number } | { code: "charset" };

const MAX_TAG = 4_294_967_295;

/** Checks a typed memo or tag for `asset`: a tag is a whole number up to 2^32 - 1; a memo up to 256 characters on one line. */
export function checkMemo(asset: string, input: string): { memo: string } | { problem: MemoProblem } {
  const memo = input.trim();
  if (memoKind(asset) === "tag") {
    return /^\d{1,10}$/.test(memo) && Number(memo) <= MAX_TAG ? { memo } : { problem: { code: "tag" } };
  }
  if ([...memo].length > MAX_MEMO_LENGTH) return { problem: { code: "too_long", max: MAX_MEMO_LENGTH } };
  // Control characters (a pasted line break) would be sent invisibly.
  if (/\p{Cc}/u.test(memo)) return { problem: { code: "charset" } };
  return { memo };
}
