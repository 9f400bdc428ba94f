/**
 * Demo commands that drive the simulated market, typed in the demo chat with a leading colon:
 * `:price BTC` shows the sandbox's prices for an asset, `:move BTC +2%` moves its price by a percentage
 * (or `:move BTC 100000` sets it), so a price alert can be made to fire on purpose. The sandbox checks
 * every trigger at once when a price is set. For the market alerts the bot watches itself:
 * `:replay BTC +6% 5s` walks the price there in steps over a few seconds (a move within a window, seen
 * by the bot's once-a-second reading), and `:seed BTC up` writes 25 hours of a steady rise (or `down`,
 * a fall) into the bot's price history before now, so the 24-hour change and RSI(14) on hourly closes
 * are known at once instead of after a day.
 */

import type { Ticker } from "../exchange/index.ts";
import { Dec } from "../exchange/index.ts";
import type { SandboxHandle } from "../sandbox/server.ts";

/** What the commands need from the sandbox. */
export interface DemoMarket {
  /** The ticker row of an asset (mid `last`, `buy`, `sell`), or undefined for an unknown asset. */
  prices(asset: string): Promise<{ buy: string; sell: string; last: string } | undefined>;
  /** Sets the mid price of an asset (the spread is kept); triggers are checked at once. */
  setPrice(asset: string, price: string): Promise<void>;
  /** The bot's price history, for `:seed` (absent: the command says it is not available). */
  history?: DemoHistory;
  /** Waits between the steps of `:replay` (tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
}

/** What `:seed` writes to: the bot's price history, and the market alerts' evaluator. */
export interface DemoHistory {
  /** Records one reading (the history keeps a minute's first). */
  record(ticker: Ticker, at: number): Promise<void>;
  /** Makes the evaluator load the history again (as after a restart). */
  reload(): Promise<void>;
  now(): number;
}

/** The market of a running sandbox: its public ticker, and its handle to set a price. */
export function sandboxMarket(
  sandbox: Pick<SandboxHandle, "url" | "setPrice">,
  history?: DemoHistory,
): DemoMarket {
  return {
    ...(history ? { history } : {}),
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
  ":replay ASSET +6% 5s  walk the price by a percentage in steps over 1-60 seconds",
  ":seed ASSET up      25 hours of a steady rise (or down) in the bot's price history, for RSI and 24 h",
].join("\n");

const MOVE = /^:move\s+([A-Za-z0-9]{1,10})\s+([+-]?\d+(?:\.\d+)?)(%?)$/;
const PRICE = /^:price\s+([A-Za-z0-9]{1,10})$/;
const REPLAY = /^:replay\s+([A-Za-z0-9]{1,10})\s+([+-]?\d+(?:\.\d+)?)%\s+(\d{1,2})s$/;
const SEED = /^:seed\s+([A-Za-z0-9]{1,10})\s+(up|down)$/;
/** `:replay` sets a price this often: the bot reads the ticker once a second, so each step is seen. */
const REPLAY_STEP_MS = 500;
const MINUTE_MS = 60_000;
/** `:seed` writes this much history: the 24-hour change needs 24 hours, RSI(14) 15 hourly closes. */
const SEED_MINUTES = 25 * 60;
/** The seeded trend per hour (a 24-hour change of about 12.7 %; every hourly close higher, RSI 100). */
const SEED_HOURLY = 0.005;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `:replay`: the price walked by `percent` in equal ratio steps over `seconds`. */
async function replay(asset: string, percent: string, seconds: number, market: DemoMarket): Promise<string> {
  if (seconds < 1 || seconds > 60) return "Replay over 1 to 60 seconds, e.g. :replay BTC +6% 5s";
  const row = await market.prices(asset);
  if (!row) return `The sandbox does not list ${asset}.`;
  const before = new Dec(row.last);
  const ratio = new Dec(percent).div(100).add(1);
  if (ratio.lessThanOrEqualTo(0)) return "A price must stay above zero.";
  const steps = Math.max(2, Math.round((seconds * 1000) / REPLAY_STEP_MS));
  const sleep = market.sleep ?? defaultSleep;
  let next = before;
  for (let i = 1; i <= steps; i++) {
    next = before.mul(ratio.pow(new Dec(i).div(steps))).toSignificantDigits(8);
    await market.setPrice(asset, next.toFixed());
    if (i < steps) await sleep((seconds * 1000) / steps);
  }
  return `${asset} walked from ${before.toFixed()} to ${next.toFixed()} AUD in ${steps} steps over ${seconds} s.`;
}

/** `:seed`: 25 hours of minute prices before now, rising (or falling) to the current price. */
async function seed(asset: string, direction: "up" | "down", market: DemoMarket): Promise<string> {
  if (!market.history) return "The price history is not available here.";
  const row = await market.prices(asset);
  if (!row) return `The sandbox does not list ${asset}.`;
  const now = Number(row.last);
  const history = market.history;
  const lastMinute = Math.floor(history.now() / MINUTE_MS) * MINUTE_MS - MINUTE_MS;
  const trend = direction === "up" ? 1 + SEED_HOURLY : 1 - SEED_HOURLY;
  for (let i = SEED_MINUTES; i >= 1; i--) {
    const at = lastMinute - (i - 1) * MINUTE_MS;
    // A small wobble each minute, but every hour ends past the one before: RSI goes to 100 (or 0).
    const wobble = i % 2 === 0 ? 1.0003 : 0.9997;
    const price = (now / trend ** (i / 60)) * wobble;
    const mid = price.toPrecision(10);
    await history.record({ [asset]: { buy: mid, sell: mid } } as Ticker, at);
  }
  await history.reload();
  const start = (now / trend ** (SEED_MINUTES / 60)).toPrecision(8);
  return `${asset}: 25 hours of history written (${start} -> ${row.last} AUD, ${direction}); market alerts re-read it now.`;
}

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
  const replayed = REPLAY.exec(text);
  if (replayed) {
    return replay((replayed[1] as string).toUpperCase(), replayed[2] as string, Number(replayed[3]), market);
  }
  const seeded = SEED.exec(text);
  if (seeded) return seed((seeded[1] as string).toUpperCase(), seeded[2] as "up" | "down", market);
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
