/**
 * The sandbox exchange: a real HTTP server speaking the exchange API over a simulated market.
 * `startSandbox()` listens (random port by default) and returns the URL, the demo account's keys and
 * in-process controls. It prints nothing; the CLI does.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { AccountStore } from "./account-store.ts";
import { DEFAULT_TOTP, openAccount } from "./accounts.ts";
import { authorize, bearerKey, identify } from "./auth.ts";
import { Clock } from "./clock.ts";
import type { Sandbox } from "./context.ts";
import {
  type AccountCredentials,
  advanceClock,
  createAccount,
  credentials,
  followLink,
  registerControlRoutes,
  setPrice,
} from "./control.ts";
import { D, type Dec, parseDecimal } from "./decimal.ts";
import { runDueWork } from "./due-work.ts";
import { Faults, truncatedJson } from "./faults.ts";
import { ApiError, type ApiResponse, clientIp, parseBody, readRawBody, writeResponse } from "./http-utils.ts";
import { IdSequence } from "./ids.ts";
import { Market, type TickerEntry } from "./market.ts";
import { Outbox } from "./outbox.ts";
import { createPrng } from "./prng.ts";
import { DEFAULT_LIMITS, RateLimiter, type RateLimits } from "./rate-limit.ts";
import { RequestLog, WRITE_METHODS } from "./request-log.ts";
import { type ApiRequest, Router } from "./router.ts";
import { registerAddressBookRoutes } from "./routes/address-book.ts";
import { registerBalanceRoutes } from "./routes/balances.ts";
import { registerPortfolioRoutes } from "./routes/portfolio.ts";
import { registerPriceTriggerRoutes } from "./routes/price-triggers.ts";
import { registerProfileRoutes } from "./routes/profile.ts";
import { registerPublicRoutes } from "./routes/public.ts";
import { registerRecurringBuyRoutes } from "./routes/recurring-buys.ts";
import { registerStatementRoutes } from "./routes/statements.ts";
import { registerSwapRoutes } from "./routes/swaps.ts";
import { registerTransactionRoutes } from "./routes/transactions.ts";
import { registerWithdrawalRoutes } from "./routes/withdrawals.ts";
import { addDays } from "./time.ts";
import { present } from "./validation.ts";

/** Options of `startSandbox`; every one is optional. */
export interface SandboxOptions {
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Port (default 0: a free random port). */
  port?: number;
  /** Seed of the market walk, keys and tokens (default 1). */
  seed?: number;
  /** Serve the /_sandbox/ control endpoints (default false: they answer 404). */
  control?: boolean;
  /**
   * How long every API request (not the control endpoints) is held before it is processed, on top of any
   * fault's delay: a real exchange's round trip, for benchmarks of what a user waits (default 0).
   */
  latencyMs?: number;
  /** Random-walk the market every tick (default true). */
  walk?: boolean;
  /** Milliseconds between market steps and due-work runs (default 1000). */
  tickMs?: number;
  /** Milliseconds from swap create to settlement (default 1500). */
  swapSettleMs?: number;
  /** Milliseconds per withdrawal step: Pending -> Processing -> final (default 2000). */
  withdrawalStepMs?: number;
  /** Relative tolerance between expected_price and the current price (default "0.005"). */
  priceTolerance?: string;
  /** Trading fee rate (default "0.005"). */
  feeRate?: string;
  /** Rate limits; unspecified fields keep the spec's values. */
  limits?: Partial<RateLimits>;
}

/** The demo account that exists from the start. */
export interface DemoAccount {
  accountId: number;
  readWriteKey: string;
  readOnlyKey: string;
  totp: string;
}

/** A running sandbox. */
export interface SandboxHandle {
  /** Base URL, e.g. http://127.0.0.1:43125 (no trailing slash). */
  url: string;
  port: number;
  host: string;
  seed: number;
  demo: DemoAccount;
  /** Stops the timer and the server, closing open connections. */
  close(): Promise<void>;
  /** Current sandbox time. */
  now(): Date;
  /** Advances the sandbox clock and runs due work. */
  advanceClock(seconds: number): void;
  /** Sets an asset's mid price (spread kept) and evaluates triggers. */
  setPrice(asset: string, price: string): TickerEntry;
  /** Freezes (false) or resumes (true) the random walk. */
  setWalk(walk: boolean): void;
  /** Opens an account with starting balances (asset -> decimal string). */
  createAccount(options?: { balances?: Record<string, string>; totp?: string }): AccountCredentials;
  /** Follows an emailed link as the user would (throws an error with status 410 or 404 when it cannot). */
  followLink(token: string): void;
}

/** The demo account's starting balances, deposited two days before the sandbox starts. */
const DEMO_BALANCES: Record<string, string> = {
  AUD: "10000",
  BTC: "0.05",
  ETH: "1.2",
  SOL: "15",
  USDT: "250",
};

/** Starts a sandbox exchange and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const seed = options.seed ?? 1;
  const tickMs = Math.max(10, options.tickMs ?? 1000);
  const feeRate = decimalOption("feeRate", options.feeRate ?? "0.005");
  const priceTolerance = decimalOption("priceTolerance", options.priceTolerance ?? "0.005");
  if (feeRate.greaterThanOrEqualTo(1)) throw new Error("feeRate must be below 1");
  const clock = new Clock();
  const sb: Sandbox = {
    clock,
    market: new Market(createPrng(seed), clock.now(), options.walk ?? true),
    accounts: new AccountStore(),
    outbox: new Outbox(),
    ids: new IdSequence(),
    rng: createPrng(seed ^ 0x5eed5eed),
    settings: {
      tickMs,
      swapSettleMs: Math.max(0, options.swapSettleMs ?? 1500),
      withdrawalStepMs: Math.max(0, options.withdrawalStepMs ?? 2000),
      priceTolerance,
      feeRate,
      limits: { ...DEFAULT_LIMITS, ...options.limits },
      control: options.control ?? false,
    },
  };
  const demoAccount = openAccount(sb, {
    balances: new Map(Object.entries(DEMO_BALANCES).map(([k, v]) => [k, new D(v)])),
    totp: DEFAULT_TOTP,
    email: "demo@sandbox.invalid",
    firstName: "Demo",
    lastName: "Trader",
    depositedAt: addDays(clock.now(), -2),
  });

  const api = new Router();
  registerPublicRoutes(api);
  registerProfileRoutes(api);
  registerBalanceRoutes(api);
  registerSwapRoutes(api);
  registerTransactionRoutes(api);
  registerPortfolioRoutes(api);
  registerStatementRoutes(api);
  registerAddressBookRoutes(api);
  registerWithdrawalRoutes(api);
  registerRecurringBuyRoutes(api);
  registerPriceTriggerRoutes(api);
  const faults = new Faults();
  const log = new RequestLog();
  const control = new Router();
  registerControlRoutes(control, faults, log);
  const limiter = new RateLimiter(sb.settings.limits);
  const latencyMs = Math.max(0, options.latencyMs ?? 0);

  const host = options.host ?? "127.0.0.1";
  let port = 0;
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? "GET").toUpperCase();
    const url = parseTarget(req.url);
    const path = url.pathname;
    const isControl = path === "/_sandbox" || path.startsWith("/_sandbox/");
    let accountId: number | null = null;
    const receivedAt = clock.now();
    // Set once a route handler runs: from then on an "after" fault may replace or drop the answer.
    let processed = false;
    const dropConnection = (): void => {
      log.add({ accountId, method, path, status: 0, at: clock.now(), receivedAt });
      res.destroy();
    };
    const respond = (response: ApiResponse): void => {
      if (res.headersSent) return;
      const after = !isControl && processed ? faults.take(method, path, "after") : undefined;
      if (after?.drop) {
        dropConnection();
        return;
      }
      const action = after?.malformed
        ? {
            status: after.malformed.status ?? response.status,
            rawJson: truncatedJson(response.json),
            ...(response.headers ? { headers: response.headers } : {}),
          }
        : (after?.response ?? response);
      writeResponse(res, action, method === "HEAD");
      if (!isControl)
        log.add({ accountId, method, path, status: action.status, at: clock.now(), receivedAt });
    };
    try {
      const raw = await readRawBody(req);
      if (isControl && !sb.settings.control) throw new ApiError(404, { detail: "Not found." });
      const key = isControl ? undefined : bearerKey(req);
      const caller = identify(sb.accounts, key);
      accountId = caller?.account.id ?? null;
      const router = isControl ? control : api;
      if (!isControl) {
        const fault = faults.take(method, path, "before");
        const delay = (fault?.delayMs ?? 0) + latencyMs;
        if (delay > 0 && !(await holdOpen(res, delay))) return;
        if (fault?.drop) return dropConnection();
        if (fault?.response) return respond(fault.response);
        if (fault?.malformed)
          return respond({ status: fault.malformed.status ?? 200, rawJson: truncatedJson(undefined) });
        const wait = limiter.take(accountId, clientIp(req), WRITE_METHODS.has(method), clock.now());
        if (wait > 0) {
          throw new ApiError(
            429,
            {
              detail: `Request was throttled. Expected available in ${wait} second${wait === 1 ? "" : "s"}.`,
            },
            { "retry-after": String(wait) },
          );
        }
      }
      const match = router.match(method, path);
      if (match.kind === "none") throw new ApiError(404, { detail: "Not found." });
      if (match.kind === "method") {
        const allow = { allow: [...new Set([...match.allowed, "OPTIONS"])].join(", ") };
        if (method === "OPTIONS") return respond({ status: 200, headers: allow });
        throw new ApiError(405, { detail: `Method "${method}" not allowed.` }, allow);
      }
      const { route, params } = match;
      const write = WRITE_METHODS.has(method);
      const account = route.access === "private" ? authorize(caller, key !== undefined, write) : undefined;
      const body = write ? await parseBody(raw, req.headers["content-type"], route.form || isControl) : {};
      runDueWork(sb);
      processed = true;
      const request: ApiRequest = {
        sb,
        method,
        path,
        params,
        query: url.searchParams,
        body,
        baseUrl: `http://${req.headers.host ?? `${host}:${port}`}`,
      };
      if (route.access === "public") return respond(route.handler(request));
      respond(route.handler({ ...request, account: present(account) }));
    } catch (e) {
      if (e instanceof ApiError) respond({ status: e.status, json: e.body, headers: e.headers });
      else respond({ status: 500, json: { detail: "Server error." } });
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const timer = setInterval(() => {
    try {
      runDueWork(sb);
    } catch {
      // Due work must never take the server down; the next run retries.
    }
  }, tickMs);
  timer.unref();

  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    host,
    seed,
    demo: {
      accountId: demoAccount.id,
      readWriteKey: demoAccount.readWriteKey,
      readOnlyKey: demoAccount.readOnlyKey,
      totp: demoAccount.totp,
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    now: () => new Date(clock.now()),
    advanceClock: (seconds) => advanceClock(sb, seconds),
    setPrice: (asset, price) => setPrice(sb, asset, price),
    setWalk: (walk) => {
      runDueWork(sb);
      sb.market.walk = walk;
    },
    createAccount: (opts = {}) => credentials(createAccount(sb, opts.balances, opts.totp)),
    followLink: (token) => {
      followLink(sb, token);
    },
  };
}

/**
 * Holds a request for `ms` (a slow exchange); false when the client hung up meanwhile or the server is
 * closing, and the request is then dropped unprocessed.
 */
function holdOpen(res: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off("close", hungUp);
      resolve(!res.destroyed);
    }, ms);
    const hungUp = () => {
      clearTimeout(timer);
      resolve(false);
    };
    res.once("close", hungUp);
  });
}

/** The request target as a URL; a target that does not parse becomes a path that matches no route. */
function parseTarget(target: string | undefined): URL {
  try {
    return new URL(target ?? "/", "http://sandbox.invalid");
  } catch {
    return new URL("/invalid-request-target", "http://sandbox.invalid");
  }
}

function decimalOption(name: string, value: string): Dec {
  const parsed = parseDecimal(value);
  if (!parsed || parsed.isNegative()) throw new Error(`${name} must be a non-negative decimal string`);
  return parsed;
}
