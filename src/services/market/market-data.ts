/**
 * Public market data shared by every user of this process: the ticker is cached for a second (it does
 * not change faster, per the spec's guidance, and the public budget is per IP, not per user) and asset
 * names for ten minutes. Concurrent callers share one request in flight. Given `sharedTicker` (the
 * Redis-backed one of the alert watcher), the ticker comes from there instead: one read per second for
 * every instance together, the same one the alerts watch.
 */
import type { ExchangeClient, PublicAsset, Ticker } from "../../exchange/index.ts";

/** Options of {@link createMarketData}. */
export interface MarketDataOptions {
  client: ExchangeClient;
  tickerTtlMs?: number;
  /** Where the ticker comes from instead of the client (already cached and shared): see shared-ticker.ts. */
  sharedTicker?: { get(): Promise<Ticker>; held(): Ticker | undefined };
  assetsTtlMs?: number;
  now?: () => number;
}

/** A value fetched at most once per `ttlMs`, with one request in flight at a time. */
function cached<T>(load: () => Promise<T>, ttlMs: number, now: () => number) {
  let value: { data: T; at: number } | undefined;
  let inFlight: Promise<T> | undefined;
  /** The value while it is fresh, else undefined. */
  const held = (): T | undefined => (value && now() - value.at < ttlMs ? value.data : undefined);
  return {
    held,
    get(): Promise<T> {
      const fresh = held();
      if (fresh !== undefined) return Promise.resolve(fresh);
      inFlight ??= load()
        .then((data) => {
          value = { data, at: now() };
          return data;
        })
        .finally(() => {
          inFlight = undefined;
        });
      return inFlight;
    },
  };
}

/** Creates the shared market data source. */
export function createMarketData(options: MarketDataOptions) {
  const now = options.now ?? Date.now;
  const ticker =
    options.sharedTicker ?? cached(() => options.client.market.ticker(), options.tickerTtlMs ?? 1000, now);
  const assets = cached(() => options.client.market.assets(), options.assetsTtlMs ?? 600_000, now);
  // The names of the list last loaded: the same map while the list is (ten minutes), not one per caller.
  let named: { list: PublicAsset[]; names: ReadonlyMap<string, string> } | undefined;
  const namesOf = (list: PublicAsset[]): ReadonlyMap<string, string> => {
    if (named?.list !== list) {
      named = { list, names: new Map(list.map((a) => [a.code.toUpperCase(), a.name])) };
    }
    return named.names;
  };
  return {
    /** The ticker, at most a second old. */
    ticker: (): Promise<Ticker> => ticker.get(),
    /** Listed assets by code (one map per list loaded: do not change it). */
    async assetNames(): Promise<ReadonlyMap<string, string>> {
      return namesOf(await assets.get());
    },
    /**
     * The ticker and the asset names when this process holds both fresh, with no wait at all (most
     * /price of a second): else undefined, and the caller waits on `ticker()` and `assetNames()`.
     */
    held(): { ticker: Ticker; names: ReadonlyMap<string, string> } | undefined {
      const heldTicker = ticker.held();
      const list = assets.held();
      return heldTicker && list ? { ticker: heldTicker, names: namesOf(list) } : undefined;
    },
  };
}

/** The market data source. */
export type MarketData = ReturnType<typeof createMarketData>;
