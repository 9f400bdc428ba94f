/**
 * Demo commands that drive the simulated market, typed in the demo chat with a leading colon:
 * `:price BTC` shows the sandbox's prices for an asset, `:move BTC +2%` moves its price by a percentage
 * (or `:move BTC 100000` sets it), so a price alert can be made to fire on purpose. The sandbox checks
 * every trigger at once when a price is set.
 */
import { Dec } from "../exchange/index.ts";
import type { SandboxHandle } from "../sandbox/server.ts";

/** What the commands need from the sandbox. */
export interface DemoMarket {
  /** The ticker row of an asset (mid `last`, `buy`, `sell`), or undefined for an unknown asset. */
  prices(asset: string): Promise<{ buy: string; sell: string; last: string } | undefined>;
  /** Sets the mid price of an asset (the spread is kept); triggers are checked at once. */
  setPrice(asset: string, price: string): Promise<void>;
}

/** The market of a running sandbox: its public ticker, and its handle to set a price. */
export function sandboxMarket(sandbox: Pick<SandboxHandle, "url" | "setPrice">): DemoMarket {
  return {
    prices: async (asset) => {
      const response = await fetch(`${sandbox.url}/api/public/broker/ticker/`);
      const ticker = (await response.json()) as Record<string, { buy: string; sell: string; last: string }>;
      return ticker[asset];
    },
    setPrice: async (asset, price) => {
      sandbox.setPrice(asset, price);
    },
  };
}

/** The help of the market commands (printed by `:help` and in the banner). */
export const MARKET_HELP = [
  ":price ASSET        the sandbox's buy, sell and mid price of ASSET",
  ":move ASSET +2%     move the simulated price of ASSET by a percentage (e.g. -5%)",
  ":move ASSET 100000  set the simulated price of ASSET",
].join("\n");

const MOVE = /^:move\s+([A-Za-z0-9]{1,10})\s+([+-]?\d+(?:\.\d+)?)(%?)$/;
const PRICE = /^:price\s+([A-Za-z0-9]{1,10})$/;

/** Whether a typed line is a market command (it starts with a colon). */
export function isMarketCommand(line: string): boolean {
  return line.startsWith(":");
}

/** Runs a market command and returns what to print. Never throws for bad input: it says what is wrong. */
export async function runMarketCommand(line: string, market: DemoMarket): Promise<string> {
  const text = line.trim();
  if (text === ":help") return MARKET_HELP;
  const price = PRICE.exec(text);
  if (price) {
    const asset = (price[1] as string).toUpperCase();
    const row = await market.prices(asset);
    if (!row) return `The sandbox does not list ${asset}.`;
    return `${asset}: buy ${row.buy}, sell ${row.sell}, mid ${row.last} AUD`;
  }
  const move = MOVE.exec(text);
  if (!move) return `Unknown market command. Try:\n${MARKET_HELP}`;
  const asset = (move[1] as string).toUpperCase();
  const row = await market.prices(asset);
  if (!row) return `The sandbox does not list ${asset}.`;
  const amount = new Dec(move[2] as string);
  const before = new Dec(row.last);
  const after = move[3] === "%" ? before.mul(amount.div(100).add(1)) : amount;
  if (after.lessThanOrEqualTo(0)) return "A price must stay above zero.";
  const next = after.toSignificantDigits(8).toFixed();
  await market.setPrice(asset, next);
  return `${asset} moved from ${before.toFixed()} to ${next} AUD (triggers are checked now).`;
}
