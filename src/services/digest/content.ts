/**
 * What a daily digest says, gathered from the exchange with the user's key: the portfolio's value and the
 * day's return, the biggest movers among the holdings, triggers near their level, and recurring buys due
 * later today. Everything stays a decimal string.
 */
import {
  DIRECTION,
  type ExchangeClient,
  formatDec,
  MATCH,
  type Ticker,
  toDec,
} from "../../exchange/index.ts";
import { loadPortfolioSummary } from "../balance/portfolio-summary.ts";
import { localDateHour } from "./zoned-time.ts";

/** A trigger this close to its level (in percent of the current price) counts as near. */
export const NEAR_LEVEL_PERCENT = "5";
const MAX_MOVERS = 3;
const MAX_LISTED = 5;
const PAGE_SIZE = 100;

/** A holding's move over the day. */
export interface DigestMover {
  asset: string;
  percent: string;
}

/** A trigger close to firing. */
export interface DigestNearTrigger {
  asset: string;
  level: string;
  match: "above" | "below" | "auto";
  /** How far the current price is from the level, in percent of the price. */
  distancePercent: string;
}

/** A recurring buy or sell that runs later today. */
export interface DigestDue {
  asset: string;
  direction: "buy" | "sell";
  /** AUD to spend for a buy, units to sell for a sell. */
  quantity: string;
  at: number;
}

/** The digest's figures. */
export interface DigestContent {
  /** The account's value, AUD cash included. */
  total: string;
  dayReturn: string | null;
  /** The whole account's change today in %, AUD cash included (as /balance's "Today"). */
  accountDayPercent: string | null;
  movers: DigestMover[];
  nearTriggers: DigestNearTrigger[];
  dueToday: DigestDue[];
}

function matchName(match: number | null): DigestNearTrigger["match"] {
  if (match === MATCH.ABOVE) return "above";
  if (match === MATCH.BELOW) return "below";
  return "auto";
}

/** Gathers the digest for the account behind `client`, as of `now` in the user's `zone`. */
export async function gatherDigest(
  client: ExchangeClient,
  ticker: Ticker,
  now: number,
  zone: string,
): Promise<DigestContent> {
  const [summary, triggers, schedules] = await Promise.all([
    loadPortfolioSummary(client),
    client.priceTriggers.list({ page_size: PAGE_SIZE }),
    client.recurringBuys.list({ page_size: PAGE_SIZE }),
  ]);

  const movers = summary.holdings
    .flatMap((h) => {
      const percent = h.stats?.day_buy_return_percentage;
      // A holding without a figure, or one that did not move, is not news.
      return percent === null || percent === undefined || toDec(percent).isZero()
        ? []
        : [{ asset: h.asset, percent }];
    })
    .sort((a, b) => toDec(b.percent).abs().comparedTo(toDec(a.percent).abs()))
    .slice(0, MAX_MOVERS);

  const nearTriggers: DigestNearTrigger[] = [];
  for (const trigger of triggers.results) {
    const entry = ticker[trigger.asset.toUpperCase()];
    if (!trigger.enabled || trigger.paused || entry === undefined) continue;
    // The exchange fires on the mid price (the sandbox does); the distance is measured from it too.
    const mid = toDec(entry.buy).plus(entry.sell).dividedBy(2);
    if (!mid.isPositive()) continue;
    const distance = toDec(trigger.price).minus(mid).abs().dividedBy(mid).times(100);
    if (distance.greaterThan(NEAR_LEVEL_PERCENT)) continue;
    nearTriggers.push({
      asset: trigger.asset.toUpperCase(),
      level: trigger.price,
      match: matchName(trigger.match),
      distancePercent: formatDec(distance, 2),
    });
  }
  nearTriggers.sort((a, b) => toDec(a.distancePercent).comparedTo(toDec(b.distancePercent)));

  const today = localDateHour(now, zone).date;
  const dueToday = schedules.results
    .filter((s): s is typeof s & { start: Date } => s.enabled && s.start !== null)
    .filter((s) => s.start.getTime() >= now && localDateHour(s.start.getTime(), zone).date === today)
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .map((s) => ({
      asset: s.asset.toUpperCase(),
      direction: s.direction === DIRECTION.SELL ? ("sell" as const) : ("buy" as const),
      quantity: s.quantity,
      at: s.start.getTime(),
    }));

  return {
    total: summary.total,
    dayReturn: summary.dayReturn,
    accountDayPercent: summary.accountDayPercent,
    movers,
    nearTriggers: nearTriggers.slice(0, MAX_LISTED),
    dueToday: dueToday.slice(0, MAX_LISTED),
  };
}
