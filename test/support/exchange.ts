/**
 * Test support for the exchange client: a deterministic sandbox (walk frozen, instant settlement,
 * control on) reached over real HTTP, fresh accounts per test, and clients bound to their keys.
 */
import {
  createExchangeClient,
  type ExchangeClient,
  type TransportOptions,
} from "../../src/exchange/index.ts";
import { type SandboxHandle, type SandboxOptions, startSandbox } from "../../src/sandbox/server.ts";
import { cleanUpAfterUse } from "./clean-up.ts";

/** A fresh sandbox account's credentials. */
export interface TestAccount {
  accountId: number;
  readWriteKey: string;
  readOnlyKey: string;
  totp: string;
}

/** A running sandbox with helpers bound to it. */
export interface TestExchange {
  sb: SandboxHandle;
  url: string;
  /** Calls a /_sandbox/ control endpoint and returns its JSON. */
  control(method: string, path: string, body?: unknown): Promise<unknown>;
  /** Opens an account with the given balances. */
  account(balances?: Record<string, string>): TestAccount;
  /** A client for a key, with fast backoff so retry tests do not wait long. */
  client(apiKey?: string, options?: Partial<TransportOptions>): ExchangeClient;
  /** How many writes the account sent to `path`, from the sandbox's request log. */
  writesOf(account: TestAccount, path: string): Promise<number>;
}

/**
 * Starts one sandbox for the test file (closed after all tests, or after the test that starts it). Tests
 * stay independent by using an account of their own.
 */
export async function startTestExchange(options: SandboxOptions = {}): Promise<TestExchange> {
  const sb = await startSandbox({
    walk: false,
    swapSettleMs: 0,
    withdrawalStepMs: 0,
    control: true,
    ...options,
  });
  cleanUpAfterUse(() => sb.close());
  const exchange: TestExchange = {
    sb,
    url: sb.url,
    async control(method, path, body) {
      const response = await fetch(`${sb.url}${path}`, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`control ${method} ${path} answered ${response.status}: ${text}`);
      return text ? (JSON.parse(text) as unknown) : undefined;
    },
    account(balances = { AUD: "10000" }) {
      const created = sb.createAccount({ balances });
      return {
        accountId: created.account_id,
        readWriteKey: created.read_write_key,
        readOnlyKey: created.read_only_key,
        totp: created.totp,
      };
    },
    client(apiKey, extra = {}) {
      return createExchangeClient({
        baseUrl: sb.url,
        ...(apiKey === undefined ? {} : { apiKey }),
        backoffBaseMs: 5,
        backoffMaxMs: 20,
        ...extra,
      });
    },
    async writesOf(account, path) {
      const log = (await exchange.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as {
        writes: Record<string, number>;
      };
      return log.writes[path] ?? 0;
    },
  };
  return exchange;
}

/** Collects an async iterable into an array. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Estimates and places a swap spending `spend` of `src`, as the spec's flow requires; returns the swap. */
export async function placeSwap(client: ExchangeClient, src: string, dst: string, spend: string) {
  const request = { src_asset: src, dst_asset: dst, req_spend_amount: spend };
  const estimate = await client.swaps.estimate(request);
  return client.swaps.create({ ...request, expected_price: estimate.estimated_price_exact });
}
