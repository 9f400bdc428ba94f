/**
 * The exchange client: one object per API key, grouping every operation by area. Public calls
 * (`market`) never send the key. The factory shares one rate limiter among all clients it makes, so
 * every account's budget (and the public one) is respected across processes.
 */
import { addressBookApi } from "./address-book.ts";
import { balancesApi } from "./balances.ts";
import { createKy, Transport, type TransportOptions } from "./http.ts";
import { marketApi } from "./market.ts";
import { portfolioApi } from "./portfolio.ts";
import { priceTriggersApi } from "./price-triggers.ts";
import { profileApi } from "./profile.ts";
import { accountBucket, publicBucket } from "./rate-limiter.ts";
import { recurringBuysApi } from "./recurring-buys.ts";
import { statementsApi } from "./statements.ts";
import { swapsApi } from "./swaps.ts";
import { transactionsApi, walletTransactionsApi } from "./transactions.ts";
import { withdrawalsApi } from "./withdrawals.ts";

/** Builds every area of the API over one transport. */
export function createExchangeClient(options: TransportOptions) {
  const http = new Transport(options);
  return {
    market: marketApi(http),
    profile: profileApi(http),
    addressBook: addressBookApi(http),
    withdrawals: withdrawalsApi(http),
    swaps: swapsApi(http),
    recurringBuys: recurringBuysApi(http),
    priceTriggers: priceTriggersApi(http),
    portfolio: portfolioApi(http),
    balances: balancesApi(http),
    transactions: transactionsApi(http),
    walletTransactions: walletTransactionsApi(http),
    statements: statementsApi(http),
  };
}

/** A client for one API key (or a public-only one). */
export type ExchangeClient = ReturnType<typeof createExchangeClient>;

/** Settings shared by every client a factory makes. */
export type ClientFactoryOptions = Omit<
  TransportOptions,
  "apiKey" | "accountBucket" | "publicBucket" | "ky"
> & {
  /** Host id for the public bucket when processes leave from different IPs (see `publicBucket`). */
  hostId?: string;
};

/** Per-client call settings: the overall deadline of each call, and an abort signal for its reads. */
export type CallOptions = Pick<TransportOptions, "deadlineMs" | "signal">;

/**
 * Makes clients that share one limiter: `forKey(key)` per account, `public()` for market data. `call`
 * bounds a client's calls (e.g. a user waiting in a chat); without it the factory's settings apply.
 */
export function createClientFactory(options: ClientFactoryOptions) {
  const { hostId, ...settings } = options;
  const publicBucketName = publicBucket(hostId);
  // One ky instance for every client: making one per client was a large part of what a read allocated.
  const shared = { ...settings, ky: createKy(settings) };
  return {
    /** A client for one account's API key; its requests count against that account's budget. */
    forKey: (apiKey: string, call: CallOptions = {}): ExchangeClient =>
      createExchangeClient({
        ...shared,
        ...call,
        apiKey,
        accountBucket: accountBucket(apiKey),
        publicBucket: publicBucketName,
      }),
    /** A client without a key, for public endpoints only. */
    public: (call: CallOptions = {}): ExchangeClient =>
      createExchangeClient({ ...shared, ...call, publicBucket: publicBucketName }),
  };
}

/** A factory of clients. */
export type ClientFactory = ReturnType<typeof createClientFactory>;
