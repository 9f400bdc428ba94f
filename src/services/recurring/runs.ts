/**
 * Runs of recurring trades, as the bot can see them. The exchange pushes nothing and has no "last run"
 * field: a schedule's `start` is its next run, and a run moves it on. So a run is a schedule whose stored
 * next run had come when it was read, and whose next run has moved past it since. What the run did is in
 * the history: a buy or sell of the schedule's asset, made after the run was due; a run with none did not
 * trade (the exchange skips a run the balance cannot cover, and records nothing for it).
 */
import {
  DIRECTION,
  type ExchangeClient,
  type RecurringBuy,
  type Transaction,
  toDec,
} from "../../exchange/index.ts";
import { FIAT } from "../swaps/quotes.ts";
import { quantityAsset } from "./checks.ts";

/** What the watcher keeps of a schedule between reads (plain JSON). */
export interface ScheduleState {
  asset: string;
  direction: number;
  quantity: string;
  period: string;
  /** The next run, epoch ms; null when the exchange gives none. */
  start: number | null;
  enabled: boolean;
}

/** A run found by comparing two reads. Plain JSON: it is a job's data. */
export interface RecurringRun {
  scheduleId: number;
  asset: string;
  direction: number;
  /** The quantity a run trades (AUD to spend, or units to sell), as it was before the run. */
  quantity: string;
  period: string;
  /** When the run was due, epoch ms. */
  at: number;
  /** When the moved schedule was read, epoch ms: the run happened between `at` and this. */
  seenAt: number;
  /** The next run after it, epoch ms, or null (none, or paused). */
  next: number | null;
}

/** One trade a run made, from its history item. */
export interface RunTrade {
  srcAsset: string;
  dstAsset: string;
  srcAmount: string;
  dstAmount: string;
  fee: string | null;
  feeAsset: string | null;
  created: number;
}

/** What a run came to: the trades it made, or none (with the balance now, when it could be read). */
export type RunOutcome =
  | { kind: "traded"; trades: RunTrade[] }
  | { kind: "not_traded"; asset: string; balance?: string };

/** A schedule as the watcher keeps it. */
export function scheduleState(s: RecurringBuy): ScheduleState {
  return {
    asset: s.asset,
    direction: s.direction,
    quantity: s.quantity,
    period: s.period,
    start: s.start === null ? null : s.start.getTime(),
    enabled: s.enabled,
  };
}

/**
 * The runs between two reads: a schedule known before (a new one is only taken as known) whose next run
 * had come by the read `readAt` and has moved past it, while it was enabled before or now (a paused
 * schedule does not run, and one whose cadence changed while paused moves without a run).
 */
export function detectRuns(
  before: Readonly<Record<string, ScheduleState>>,
  now: readonly RecurringBuy[],
  readAt: number,
): RecurringRun[] {
  const runs: RecurringRun[] = [];
  for (const s of now) {
    const was = before[String(s.id)];
    if (was === undefined || was.start === null || s.start === null) continue;
    const moved = s.start.getTime() > was.start;
    if (!moved || was.start > readAt || !(was.enabled || s.enabled)) continue;
    runs.push({
      scheduleId: s.id,
      asset: was.asset,
      direction: was.direction,
      quantity: was.quantity,
      period: s.period,
      at: was.start,
      seenAt: readAt,
      next: s.enabled ? s.start.getTime() : null,
    });
  }
  return runs;
}

/** Leeway around a run's window for the exchange's clock and its recording (a minute). */
const LEEWAY_MS = 60_000;

/**
 * The history items of a run: buys (or sells) of its asset against AUD made between the run's due time
 * and its discovery. Items naming the schedule as their object are the run's; without any, items for
 * exactly the run's quantity are (the spec does not say what object_id holds for a run).
 */
export function matchRunTrades(run: RecurringRun, history: readonly Transaction[]): Transaction[] {
  const sell = run.direction === DIRECTION.SELL;
  const candidates = history.filter((t) => {
    const created = t.created.getTime();
    return (
      t.transaction_type === (sell ? "sell" : "buy") &&
      t.src_asset === (sell ? run.asset : FIAT) &&
      t.dst_asset === (sell ? FIAT : run.asset) &&
      created >= run.at - LEEWAY_MS &&
      created <= run.seenAt + LEEWAY_MS
    );
  });
  const named = candidates.filter((t) => t.object_id === run.scheduleId);
  if (named.length > 0) return named;
  const quantity = toDec(run.quantity);
  return candidates.filter((t) => t.src_amount !== null && toDec(t.src_amount).equals(quantity));
}

/** History items read to find a run's trade: far more than runs and trades of one asset in a window. */
const HISTORY_PAGE = 50;

/**
 * What a run came to: its trades from the history (one read), or, with none, the balance of what a run
 * spends now (one more read; left out when it fails, so nothing unchecked is said).
 */
export async function runOutcome(client: ExchangeClient, run: RecurringRun): Promise<RunOutcome> {
  const sell = run.direction === DIRECTION.SELL;
  const page = await client.transactions.list({
    asset: run.asset,
    transaction_type: [sell ? "sell" : "buy"],
    page_size: HISTORY_PAGE,
  });
  const trades = matchRunTrades(run, page.results);
  if (trades.length > 0) {
    return {
      kind: "traded",
      trades: trades
        .map((t) => ({
          srcAsset: t.src_asset ?? "",
          dstAsset: t.dst_asset ?? "",
          srcAmount: t.src_amount ?? "0",
          dstAmount: t.dst_amount ?? "0",
          fee: t.fee,
          feeAsset: t.fee_currency,
          created: t.created.getTime(),
        }))
        .sort((a, b) => a.created - b.created),
    };
  }
  const asset = quantityAsset(run.asset, sell ? DIRECTION.SELL : DIRECTION.BUY);
  try {
    return { kind: "not_traded", asset, balance: (await client.balances.get(asset)).total };
  } catch {
    return { kind: "not_traded", asset };
  }
}
