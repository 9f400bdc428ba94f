/**
 * Public market data shared by every user of this process: the ticker is cached for a second (it does
 * not change faster, per the spec's guidance, and the public budget is per IP, not per user) and asset
 * names for ten minutes. Concurrent callers share one request in flight. Given `sharedTicker` (the
 * Redis-backed one of the alert watcher), the ticker comes from there instead: one read per second for
 * every instance together, the same one the alerts watch.
 *
 * What a chat shows at once ({@link MarketData.held}) may be a little older (the ticker up to
 * {@link SHOWN_STALE_MS}), a fresh read starting in the background once it is past its second: a /price
 * then never waits on the exchange while someone asked within that time, and says when its prices were
 * read.
 */
import type { ExchangeClient, PublicAsset, Ticker } from "../../exchange/index.ts";

/** Options of {@link createMarketData}. */
export interface MarketDataOptions {
  client: ExchangeClient;
  tickerTtlMs?: number;
  /** Where the ticker comes from instead of the client (already cached and shared): see shared/ticker.ts. */
  sharedTicker?: {
    get(): Promise<Ticker>;
    recent(staleMs: number): { ticker: Ticker; at: number } | undefined;
  };
  assetsTtlMs?: number;
  now?: () => number;
}

/** How old a ticker shown at once may be (ms); a read past its second is refreshed meanwhile. */
export const SHOWN_STALE_MS = 3000;

/** What a chat shows prices from: the ticker, the asset names, and when the ticker was read (epoch ms). */
export interface ShownMarket {
  ticker: Ticker;
  names: ReadonlyMap<string, string>;
  at: number;
}

/** A value fetched at most once per `ttlMs`, with one request in flight at a time. */
function cached<T>(load: () => Promise<T>, ttlMs: number, now: () => number) {
  let value: { data: T; at: number } | undefined;
  let inFlight: Promise<T> | undefined;
  /** The value while it is fresh, else undefined. */
  const held = (): T | undefined => (value && now() - value.at < ttlMs ? value.data : undefined);
  const get = (): Promise<T> => {
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
  };
  return {
    get,
    /**
     * The value while at most `staleMs` old, without waiting (past `ttlMs`, a fresh load starts in the
     * background; its failure is the next waiting caller's to meet); else undefined.
     */
    recent(staleMs: number): { data: T; at: number } | undefined {
      if (value === undefined || now() - value.at >= staleMs) return undefined;
      if (held() === undefined) get().catch(() => undefined);
      return value;
    },
  };
}

/** The ticker read by this process alone, in the shape of a shared one. */
function ownTicker(options: MarketDataOptions, now: () => number) {
  const own = cached(() => options.client.market.ticker(), options.tickerTtlMs ?? 1000, now);
  return {
    get: own.get,
    recent(staleMs: number): { ticker: Ticker; at: number } | undefined {
      const got = own.recent(staleMs);
      return got && { ticker: got.data, at: got.at };
    },
  };
}

/** Creates the shared market data source. */
export function createMarketData(options: MarketDataOptions) {
  const now = options.now ?? Date.now;
  const ticker = options.sharedTicker ?? ownTicker(options, now);
  const assetsTtlMs = options.assetsTtlMs ?? 600_000;
  const assets = cached(() => options.client.market.assets(), assetsTtlMs, now);
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
     * The ticker and the asset names, waiting for whichever this process does not hold fresh; `at` is now
     * (the ticker is then at most a second old). Where {@link MarketData.held} gave nothing.
     */
    async load(): Promise<ShownMarket> {
      const [fresh, list] = await Promise.all([ticker.get(), assets.get()]);
      return { ticker: fresh, names: namesOf(list), at: now() };
    },
    /**
     * The ticker (at most {@link SHOWN_STALE_MS} old, `at` when it was read, epoch ms) and the asset names
     * when this process holds both, with no wait at all (every /price while users keep asking): else
     * undefined, and the caller waits on {@link MarketData.load}. Either past its time starts a
     * fresh read in the background.
     */
    held(): ShownMarket | undefined {
      const reading = ticker.recent(SHOWN_STALE_MS);
      const list = assets.recent(assetsTtlMs * 2);
      return reading && list
        ? { ticker: reading.ticker, names: namesOf(list.data), at: reading.at }
        : undefined;
    },
  };
}

/** The market data source. */
export type MarketData = ReturnType<typeof createMarketData>;
