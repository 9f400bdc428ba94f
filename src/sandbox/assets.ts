/**
 * The assets the sandbox lists, with realistic AUD starting prices and how they move. AUD itself is the
 * fiat currency: always valid in balances and swaps, never in the ticker or the asset list.
 */
import { FIAT } from "./decimal.ts";

/** One listed crypto asset and its simulated market. */
export interface AssetInfo {
  /** Asset code, e.g. "BTC". */
  code: string;
  /** Display name, e.g. "Bitcoin". */
  name: string;
  /** Starting mid price in AUD. */
  startPrice: string;
  /** Decimal places of its AUD price. */
  priceDecimals: number;
  /** Half the bid/ask spread, relative to the mid price. */
  halfSpread: string;
  /** Relative standard deviation of one walk step. */
  volatility: number;
  /** AUD notional that moves the price by 100% in the slippage model (bigger = deeper book). */
  depthAud: string;
  /** Stablecoins revert towards their start price instead of wandering off. */
  stable: boolean;
}

/** The listed crypto assets, in display order. */
export const ASSETS: readonly AssetInfo[] = [
  asset("BTC", "Bitcoin", "152000.00", 2, "0.004", 0.0002, "50000000"),
  asset("ETH", "Ethereum", "5600.00", 2, "0.004", 0.00025, "30000000"),
  asset("SOL", "Solana", "290.00", 2, "0.005", 0.0004, "10000000"),
  asset("XRP", "XRP", "3.6000", 4, "0.005", 0.0004, "10000000"),
  asset("ADA", "Cardano", "1.0500", 4, "0.006", 0.0004, "5000000"),
  asset("DOGE", "Dogecoin", "0.34000", 5, "0.006", 0.0005, "5000000"),
  asset("LTC", "Litecoin", "170.00", 2, "0.005", 0.0003, "5000000"),
  asset("USDT", "Tether", "1.5300", 4, "0.002", 0.00005, "50000000", true),
  asset("USDC", "USD Coin", "1.5300", 4, "0.002", 0.00005, "50000000", true),
  asset("LINK", "Chainlink", "32.000", 3, "0.006", 0.0004, "5000000"),
  asset("DOT", "Polkadot", "6.200", 3, "0.006", 0.0004, "5000000"),
  asset("AVAX", "Avalanche", "38.00", 2, "0.006", 0.0004, "5000000"),
  asset("BNB", "BNB", "1500.00", 2, "0.005", 0.00025, "10000000"),
  asset("TRX", "TRON", "0.52000", 5, "0.006", 0.0003, "5000000"),
];

function asset(
  code: string,
  name: string,
  startPrice: string,
  priceDecimals: number,
  halfSpread: string,
  volatility: number,
  depthAud: string,
  stable = false,
): AssetInfo {
  return { code, name, startPrice, priceDecimals, halfSpread, volatility, depthAud, stable };
}

const BY_CODE = new Map(ASSETS.map((a) => [a.code, a]));

/** The listed crypto asset with this code, or undefined. */
export function cryptoAsset(code: string): AssetInfo | undefined {
  return BY_CODE.get(code);
}

/** True for AUD and every listed crypto asset. */
export function isKnownAsset(code: string): boolean {
  return code === FIAT || BY_CODE.has(code);
}

/** Display name of a known asset ("Australian Dollar" for AUD), or the code itself. */
export function assetName(code: string): string {
  return code === FIAT ? "Australian Dollar" : (BY_CODE.get(code)?.name ?? code);
}

/** Asset codes as they arrive in paths and bodies: trimmed and upper-cased. */
export function normaliseAssetCode(value: string): string {
  return value.trim().toUpperCase();
}
