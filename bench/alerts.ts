/**
 * `npm run bench:alerts [-- --instances 3] [-- --smoke]`: the alert watcher at scale. N users with 3
 * triggers each (BTC, ETH, SOL, armed 5 % above the price) on the sandbox (over HTTP), watched by one or
 * more watcher instances, each a process of its own on one Redis (bench/support/alerts-instance.ts: the
 * app's rate limiter, notifier and paced Api), sending to a stub Telegram that enforces the bulk limits
 * as sliding windows (at most 30 messages accepted in any 1000 ms overall, one per chat in any 1000 ms)
 * and answers 429 beyond them. It prints:
 * - event-to-send latency (p50, p99; "sent" = accepted by the stub Telegram) for events a price move
 *   announces (a realistic market path, waves, a burst) and for events only the heartbeat can see
 *   (triggers made outside the chat at a level already crossed); for price-driven events also its two
 *   parts: detection (price moved -> delivery job queued) and queue wait (queued -> accepted); the
 *   market path's events that waited behind another message to their chat (Telegram: one per chat per
 *   second) are counted apart, with the latency of the others;
 * - private reads per user per minute at steady state, and the most reads of one account in any rolling
 *   minute against the exchange's budget (ACCOUNT_LIMITS), plus the reads the exchange refused;
 * - sends per second (peak in any one second, mean while sending), flood errors (the stub's 429s),
 *   duplicates, the most messages to one chat in a second; Redis memory, instances' memory (resident at the
 *   end and at the peak, heap used) and CPU.
 *
 * Every user also has 3 market alerts of mixed kinds (move, 24-hour change, step, RSI), made through the
 * market alerts' store on assets no trigger watches, with 25 hours of minute history seeded for them (a
 * quiet random walk ending at the sandbox price, as the demo's `:seed` writes it), and every instance runs
 * the market watch as the app does (one lease holder evaluates each shared-ticker reading). The market
 * phase moves one asset at a time 8 % up on the sandbox (BENCH_MARKET_JUMPS times, a different asset each);
 * each jump fires one alert of each of BENCH_MARKET_ALERT_BURST users (a move, 24-hour change or step
 * alert on that asset; default 25, one second of the pacer), their other alerts sit on assets that never
 * move. It prints the evaluation per reading (engine) on the evaluating instance, reading-to-send (the
 * reading that fired -> the notifier's send returned, i.e. accepted by the stub) and move-to-send as the stub
 * saw it, market events sent against the engine's events, duplicates, and the private reads made from
 * inside the market watch (0 expected: it has no exchange client).
 *
 * Every tenth user also has portfolio alerts (a return alert on USDC, every second one a value alert too),
 * read on the heartbeat as the app does when it is over 50 s (BENCH_POLL_SECONDS=60 for the default's
 * budget; the steady state must then last 10 minutes to hold a reading of every user); USDC rises 10 %
 * halfway through the steady state. It prints those users' private reads per minute at steady state (max,
 * mean) against the 1.2 budget, counted over each user's whole read cycles (k beats) within it, each read in
 * the beat it follows, and the portfolio events delivered.
 *
 * Phases: connect, steady state (nothing near a level: heartbeats only), market alerts, market path (BENCH_MARKET_USERS
 * users make a BTC and an ETH trigger at a random level within BENCH_MARKET_SPREAD % above or below the
 * price, as users set them around it; then BTC and ETH take a random walk, one step a second, with their
 * usual volatility per second times BENCH_MARKET_VOL, for BENCH_MARKET_SECONDS; the triggers are
 * deleted after), price waves (BTC moved past the levels of BENCH_WAVE_USERS users per wave,
 * BENCH_WAVES times, then past BENCH_BURST users' levels at once), heartbeat-only (one crossed ETH
 * trigger for each of BENCH_BEAT_USERS users).
 *
 * Environment: BENCH_USERS (default 100), BENCH_STEADY_SECONDS (default 20), BENCH_POLL_SECONDS (heartbeat,
 * default 10), BENCH_MARKET_USERS (default 100), BENCH_MARKET_SECONDS (default 60), BENCH_MARKET_SPREAD
 * (default 3), BENCH_MARKET_VOL (default 1), BENCH_WAVES (default 4), BENCH_WAVE_USERS (default 20),
 * BENCH_BURST (default 100), BENCH_BEAT_USERS (default 100), BENCH_MARKET_JUMPS (default 4, at most 6),
 * BENCH_MARKET_ALERT_BURST (default 25), BENCH_PORTFOLIO_EVERY (every how many users have portfolio alerts,
 * default 10; 0 for none), BENCH_SENDS_PER_SECOND (the pacer's rate,
 * default the app's 25), REDIS_URL. `--smoke`: 12 users, heartbeat 3 s, short phases. Every Redis key of
 * the run is deleted at the end.
 */
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import {
  ACCOUNT_LIMITS,
  createExchangeClient,
  type ExchangeClient,
  ExchangeNetworkError,
  type Ticker,
} from "../src/exchange/index.ts";
import { startSandbox } from "../src/sandbox/server.ts";
import { type MarketAlertSpec, MINUTE_MS } from "../src/services/alerts/market/kinds.ts";
import { createMarketAlertStore } from "../src/services/alerts/market/store.ts";
import { portfolioReadEvery } from "../src/services/alerts/portfolio/kinds.ts";
import { createPortfolioAlertStore } from "../src/services/alerts/portfolio/store.ts";
import { nextBeat } from "../src/services/alerts/triggers/watcher.ts";
import { createPriceHistory } from "../src/services/market/price-history.ts";
import { peak, percentile, seededRandom } from "./support/measure.ts";

const args = process.argv.slice(2);
const SMOKE = args.includes("--smoke");
const instancesAt = args.indexOf("--instances");
const INSTANCES = instancesAt >= 0 ? Number(args[instancesAt + 1]) : 1;
const env = process.env;
const num = (name: string, normal: number, smoke: number) => Number(env[name] ?? (SMOKE ? smoke : normal));
const USERS = num("BENCH_USERS", 100, 12);
const STEADY_S = num("BENCH_STEADY_SECONDS", 20, 4);
const POLL_S = num("BENCH_POLL_SECONDS", 10, 3);
const WAVES = num("BENCH_WAVES", 4, 2);
const WAVE_USERS = Math.min(num("BENCH_WAVE_USERS", 20, 3), Math.floor(USERS / (WAVES + 1)));
const BURST = Math.min(num("BENCH_BURST", 100, 3), USERS - WAVES * WAVE_USERS);
const BEAT_USERS = Math.min(num("BENCH_BEAT_USERS", 100, 6), USERS);
// Market users: taken after the waves' and the burst's (they may also be heartbeat-only users: each
// latency counts the first message after its event only).
const MARKET_USERS = Math.min(num("BENCH_MARKET_USERS", 100, 4), USERS - WAVES * WAVE_USERS - BURST);
const MARKET_S = num("BENCH_MARKET_SECONDS", 60, 5);
const MARKET_SPREAD = num("BENCH_MARKET_SPREAD", 3, 0.3) / 100;
// The smoke run's walk is 30 times livelier, so its few levels are crossed in 5 s.
const MARKET_VOL = num("BENCH_MARKET_VOL", 1, 30);
const SENDS_PER_SECOND = num("BENCH_SENDS_PER_SECOND", 25, 25);
/** Market alerts: the assets a jump moves (one each), and those the other alerts sit on (never moved). */
const JUMP_ASSETS = ["XRP", "ADA", "DOGE", "LTC", "LINK", "DOT"] as const;
const QUIET_ASSETS = ["AVAX", "BNB", "TRX"] as const;
const JUMPS = Math.min(num("BENCH_MARKET_JUMPS", 4, 2), JUMP_ASSETS.length);
const JUMP_USERS = Math.min(num("BENCH_MARKET_ALERT_BURST", 25, 3), Math.floor(USERS / Math.max(1, JUMPS)));
/** How far a jump moves its asset: past every jump alert's level (3 % in 1 h, 4 % in 24 h, steps of 2 %). */
const JUMP = 0.08;
/**
 * Volatility per second: BTC about 57 % a year, ETH about 73 % (0.0001 and 0.00013 times the square root
 * of the seconds in a year, 5,616), their usual range in recent years.
 */
const SIGMA: Record<string, number> = { BTC: 0.0001, ETH: 0.00013 };
const REDIS_URL = env.REDIS_URL ?? "redis://127.0.0.1:6379";
const ASSETS = ["BTC", "ETH", "SOL"] as const;
/**
 * Portfolio alerts: every PORTFOLIO_EVERY-th user holds some of PORTFOLIO_ASSET (no trigger and no market
 * alert watches it) and has a return alert on it (up 5 %); every second one of them also a value alert at a
 * level never reached (so their readings read the AUD balance too). The asset rises 10 % halfway through
 * the steady state: each return alert armed before and read after it fires once.
 */
const PORTFOLIO_EVERY = num("BENCH_PORTFOLIO_EVERY", 10, 10);
const PORTFOLIO_ASSET = "USDC";
const portfolioUser = (userId: number) => PORTFOLIO_EVERY > 0 && userId % PORTFOLIO_EVERY === 0;
/** Portfolio users who also have a value alert (their readings read the balance too: r = 2). */
const valueAlertUser = (userId: number) => portfolioUser(userId) && userId % (2 * PORTFOLIO_EVERY) === 0;

/**
 * A portfolio user's private reads per minute over the whole read cycles (k beats, k =
 * `portfolioReadEvery`) that lie within [from, to): each read is counted in the beat it follows (the
 * user's latest slot at or before it), so a read delayed within its beat never crosses a window's edge.
 * Undefined when no whole cycle fits.
 */
function readsPerMinuteOverCycles(userId: number, times: number[], from: number, to: number) {
  const pollMs = POLL_S * 1000;
  const k = portfolioReadEvery(POLL_S, valueAlertUser(userId) ? 2 : 1) ?? 1;
  const first = nextBeat(userId, from - 1, pollMs);
  const beats = Math.floor((to - first) / pollMs);
  const whole = beats - (beats % k);
  if (whole <= 0) return undefined;
  const slotOf = (t: number) => first + Math.floor((t - first) / pollMs) * pollMs;
  const counted = times.filter((t) => t >= first && slotOf(t) < first + whole * pollMs).length;
  return counted / ((whole * pollMs) / 60_000);
}
if (!Number.isInteger(INSTANCES) || INSTANCES < 1) throw new Error("--instances takes a whole number >= 1");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bench's own trigger writes the loaded sandbox did not answer in time (their levels are left out). */
let writesTimedOut = 0;

/** `write`'s answer, or undefined (counted) when the exchange did not answer in time. */
async function unlessTimedOut<T>(write: () => Promise<T> | undefined): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof ExchangeNetworkError)) throw error;
    writesTimedOut++;
    return undefined;
  }
}

/** Runs `work` on every item, `width` at a time. */
async function eachLimited<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** A message the stub Telegram accepted. */
interface Accepted {
  at: number;
  chat: number;
  text: string;
}

/**
 * A stub Telegram: `sendMessage` accepted unless 30 messages were accepted in the last 1000 ms or one
 * to the same chat in the last 1000 ms (sliding windows, the strict reading of Telegram's "about 30
 * messages per second" and "one message per second" in a chat); then 429 with retry_after 1, as
 * Telegram answers a flood.
 */
function startStubTelegram() {
  const accepted: Accepted[] = [];
  const byChat = new Map<number, Accepted[]>();
  const lastByChat = new Map<number, number>();
  let floods = 0;
  let windowStart = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const reply = (body: unknown) => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(body));
      };
      if (!req.url?.endsWith("/sendMessage")) return reply({ ok: true, result: true });
      const payload = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { chat_id: number; text: string };
      const now = Date.now();
      while (windowStart < accepted.length && now - (accepted[windowStart] as { at: number }).at >= 1000)
        windowStart++;
      const chatLast = lastByChat.get(payload.chat_id);
      if (accepted.length - windowStart >= 30 || (chatLast !== undefined && now - chatLast < 1000)) {
        floods++;
        res.statusCode = 429;
        return reply({
          ok: false,
          error_code: 429,
          description: "Too Many Requests: retry after 1",
          parameters: { retry_after: 1 },
        });
      }
      const message = { at: now, chat: payload.chat_id, text: payload.text };
      accepted.push(message);
      byChat.set(payload.chat_id, [...(byChat.get(payload.chat_id) ?? []), message]);
      lastByChat.set(payload.chat_id, now);
      reply({
        ok: true,
        result: {
          message_id: accepted.length,
          date: Math.floor(now / 1000),
          chat: { id: payload.chat_id, type: "private", first_name: "Bench" },
          text: payload.text,
        },
      });
    });
  });
  return {
    accepted,
    byChat,
    floods: () => floods,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A user's 3 market alerts: users of jump group k (the first JUMPS x JUMP_USERS) have one on JUMP_ASSETS[k]
 * that its jump fires (a move, a 24-hour change or a step, in turn); the rest sit on the quiet assets, of
 * every kind (move in several windows, 24-hour change, step, RSI), at levels a still price never reaches.
 */
function marketSpecs(userId: number): MarketAlertSpec[] {
  const group = Math.floor((userId - 1) / Math.max(1, JUMP_USERS));
  const quiet = (i: number): MarketAlertSpec => {
    const asset = QUIET_ASSETS[i % QUIET_ASSETS.length] as string;
    switch ((userId + i) % 4) {
      case 0:
        return {
          kind: "move",
          asset,
          window: (["15m", "1h", "4h"] as const)[userId % 3] ?? "1h",
          direction: "either",
          percent: "5",
        };
      case 1:
        return { kind: "day_change", asset, direction: "either", percent: "10" };
      case 2:
        return { kind: "step", asset, percent: "3" };
      default:
        return { kind: "rsi", asset, direction: "either", low: "20", high: "80" };
    }
  };
  if (group >= JUMPS) return [quiet(0), quiet(1), quiet(2)];
  const asset = JUMP_ASSETS[group] as string;
  const fired: MarketAlertSpec[] = [
    { kind: "move", asset, window: "1h", direction: "up", percent: "3" },
    { kind: "day_change", asset, direction: "up", percent: "4" },
    { kind: "step", asset, percent: "2" },
  ];
  return [fired[userId % 3] as MarketAlertSpec, quiet(1), quiet(2)];
}

/**
 * 25 hours of minute history before now for the market alerts' assets (as the demo's `:seed` writes it): a
 * quiet random walk (0.02 % a minute) that ends at the sandbox's price, so 24-hour change and RSI have
 * their history and nothing is near a level.
 */
async function seedHistory(history: ReturnType<typeof createPriceHistory>, prices: Record<string, number>) {
  const rand = seededRandom(11);
  const minutes = 25 * 60;
  const lastMinute = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS - MINUTE_MS;
  const paths: Record<string, number[]> = {};
  for (const [asset, now] of Object.entries(prices)) {
    const path = [now];
    for (let i = 1; i < minutes; i++) path.push((path[i - 1] as number) * (1 + (rand() - 0.5) * 0.0007));
    paths[asset] = path.reverse();
  }
  for (let i = 0; i < minutes; i++) {
    const ticker = Object.fromEntries(
      Object.entries(paths).map(([asset, path]) => {
        const mid = (path[i] as number).toPrecision(10);
        return [asset, { buy: mid, sell: mid }];
      }),
    ) as Ticker;
    await history.record(ticker, lastMinute - (minutes - 1 - i) * MINUTE_MS);
  }
}

const started = Date.now();
const sandbox = await startSandbox({ walk: false, control: true, swapSettleMs: 0 });
const telegram = startStubTelegram();
const telegramRoot = await telegram.listen();
const redis = new Redis(REDIS_URL);
const prefix = `bench:alerts:${randomUUID()}:`;
const dir = await mkdtemp(join(tmpdir(), "bench-alerts-"));
const publicClient = createExchangeClient({ baseUrl: sandbox.url });
const clients = new Map<number, ExchangeClient>();
const children: ReturnType<typeof fork>[] = [];

async function mid(asset: string): Promise<number> {
  return Number((await publicClient.market.ticker())[asset]?.last);
}

/** An event the bench caused: whose level, of which asset, and when (epoch ms) the price crossed it. */
interface Due {
  userId: number;
  asset: string;
  at: number;
}

/** When the stub accepted the first message to the user naming the asset at or after the event. */
function sentAt(due: Due): number | undefined {
  return telegram.byChat.get(due.userId)?.find((m) => m.at >= due.at && m.text.includes(due.asset))?.at;
}

/** Waits until every event's message was accepted, or `ms` pass. */
async function waitForSends(dues: Due[], ms: number): Promise<void> {
  let open = dues;
  const deadline = Date.now() + ms;
  while (open.length > 0 && Date.now() < deadline) {
    await sleep(100);
    open = open.filter((due) => sentAt(due) === undefined);
  }
}

/** A market trigger the bench made. */
interface MarketLevel {
  userId: number;
  asset: string;
  price: string;
  match: 1 | 2;
}

/** Waits until the watcher has read every level (it is then among the user's armed levels), or `ms` pass. */
async function waitForLevels(levels: MarketLevel[], ms: number): Promise<void> {
  let open = levels;
  const deadline = Date.now() + ms;
  while (open.length > 0 && Date.now() < deadline) {
    await sleep(200);
    const stored = await redis.hmget(`${prefix}alerts:levels`, ...open.map((l) => String(l.userId)));
    open = open.filter((l, i) => !stored[i]?.includes(`"${l.price}"`));
  }
}

/**
 * The market path: each user makes a BTC and an ETH trigger at a random level within MARKET_SPREAD of the
 * price, above or below it (as users set them around the price), the chat tells the watcher, then both
 * assets walk one step a second for MARKET_S seconds. Returns each level crossed with the instant, and the
 * most crossed in one step; the triggers are deleted and the prices put back after.
 */
async function marketPath(users: number[]): Promise<{ dues: Due[]; mostPerStep: number; moves: string }> {
  if (users.length === 0 || MARKET_S <= 0) return { dues: [], mostPerStep: 0, moves: "-" };
  const rand = seededRandom(7);
  const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const assets = Object.keys(SIGMA);
  const start: Record<string, number> = {};
  for (const asset of assets) start[asset] = await mid(asset);
  const planned: MarketLevel[] = users.flatMap((userId) =>
    assets.map((asset) => {
      const distance = 0.0005 + rand() * (MARKET_SPREAD - 0.0005);
      const above = rand() < 0.5;
      const price = ((start[asset] as number) * (above ? 1 + distance : 1 - distance)).toFixed(2);
      return { userId, asset, price, match: above ? (1 as const) : (2 as const) };
    }),
  );
  const ids: { userId: number; id: number }[] = [];
  const madeLevels: MarketLevel[] = [];
  await eachLimited(planned, 16, async (level) => {
    const { asset, price, match } = level;
    const made = await unlessTimedOut(() =>
      clients.get(level.userId)?.priceTriggers.create({ asset, price, match }),
    );
    if (made) {
      ids.push({ userId: level.userId, id: made.id });
      madeLevels.push(level);
    }
  });
  children.forEach((child, i) => {
    child.send({ type: "changed", users: users.filter((id) => id % INSTANCES === i) });
  });
  await waitForLevels(madeLevels, 120_000);
  const dues: Due[] = [];
  const open = new Set(madeLevels);
  const price = { ...start };
  const walkStart = Date.now();
  let mostPerStep = 0;
  for (let step = 1; step <= MARKET_S; step++) {
    await sleep(Math.max(0, walkStart + step * 1000 - Date.now()));
    let crossed = 0;
    for (const asset of assets) {
      const next = (price[asset] as number) * Math.exp((SIGMA[asset] as number) * MARKET_VOL * normal());
      price[asset] = Number(next.toFixed(2));
      sandbox.setPrice(asset, (price[asset] as number).toFixed(2));
      const at = Date.now();
      for (const level of open) {
        if (level.asset !== asset) continue;
        const now = price[asset] as number;
        if (level.match === 1 ? now >= Number(level.price) : now <= Number(level.price)) {
          open.delete(level);
          dues.push({ userId: level.userId, asset, at });
          crossed++;
        }
      }
    }
    mostPerStep = Math.max(mostPerStep, crossed);
  }
  await waitForSends(dues, 60_000);
  const moves = assets
    .map((a) => `${a} ${(((price[a] as number) / (start[a] as number) - 1) * 100).toFixed(2)} %`)
    .join(", ");
  await eachLimited(ids, 16, async ({ userId, id }) => {
    await unlessTimedOut(() => clients.get(userId)?.priceTriggers.delete(id));
  });
  for (const asset of assets) sandbox.setPrice(asset, (start[asset] as number).toFixed(2));
  return { dues, mostPerStep, moves };
}

/** When each delivery job was queued, by "<userId>:<asset>" (BullMQ keeps completed jobs a day). */
async function deliveryJobTimes(): Promise<Map<string, number[]>> {
  const jobKeys = (await redis.keys(`${prefix}bull:alerts-deliver:alert-*`)).filter((key) =>
    /:alert-\d+-\d+-\d+$/.test(key),
  );
  const times = new Map<string, number[]>();
  for (let i = 0; i < jobKeys.length; i += 500) {
    const pipeline = redis.pipeline();
    for (const key of jobKeys.slice(i, i + 500)) pipeline.hmget(key, "timestamp", "data");
    for (const [, value] of (await pipeline.exec()) ?? []) {
      const [timestamp, data] = value as [string | null, string | null];
      if (!timestamp || !data) continue;
      const job = JSON.parse(data) as { userId: number; event?: { asset: string } };
      const key = `${job.userId}:${job.event?.asset}`;
      times.set(
        key,
        [...(times.get(key) ?? []), Number(timestamp)].sort((a, b) => a - b),
      );
    }
  }
  return times;
}

/**
 * Whether the message of `due` had to wait for its chat: another message to the same chat went out after
 * the event and before it (Telegram takes one message per chat per second, so the second of two events
 * of one user in the same second goes a second later whatever the watcher does).
 */
function behindChat(due: Due, sent: number): boolean {
  return (telegram.byChat.get(due.userId) ?? []).some((m) => m.at >= due.at && m.at < sent);
}

/**
 * Event-to-send latency of the events sent, and its parts: detection (to queued) and queue wait; `alone`:
 * the latency of the events that did not wait behind another message to their chat.
 */
function split(dues: Due[], queued: Map<string, number[]>) {
  const total: number[] = [];
  const alone: number[] = [];
  const detection: number[] = [];
  const wait: number[] = [];
  for (const due of dues) {
    const sent = sentAt(due);
    if (sent === undefined) continue;
    total.push(sent - due.at);
    if (!behindChat(due, sent)) alone.push(sent - due.at);
    const job = queued.get(`${due.userId}:${due.asset}`)?.find((t) => t >= due.at);
    if (job === undefined) continue;
    detection.push(job - due.at);
    wait.push(sent - job);
  }
  return { total, alone, detection, wait };
}

const log = (line: string) => process.stdout.write(`${line}\n`);
try {
  log(
    `${USERS} users x 3 triggers, ${INSTANCES} instance(s), heartbeat ${POLL_S} s, steady state ${STEADY_S} s, ` +
      `market path ${MARKET_S} s for ${MARKET_USERS} users (levels within ${(MARKET_SPREAD * 100).toFixed(1)} %, ` +
      `volatility x${MARKET_VOL}), ${WAVES} waves of ${WAVE_USERS} + a burst of ${BURST} price-driven, ` +
      `${BEAT_USERS} heartbeat-only; 3 market alerts a user (mixed kinds), ${JUMPS} jumps firing ${JUMP_USERS} each; ` +
      `pacer ${SENDS_PER_SECOND}/s; stub Telegram: sliding 1000 ms windows, ` +
      "30 overall, 1 per chat",
  );
  const prices = Object.fromEntries(await Promise.all(ASSETS.map(async (a) => [a, await mid(a)] as const)));
  const btc = prices.BTC as number;
  // Wave w's users have their BTC level 3 (w + 1) % above the price, the burst's 3 (WAVES + 1) %, the
  // rest 50 % (never crossed). 3 % apart: a move just past one wave's levels is not near the next (near
  // is within the spread, 0.8 % in the sandbox, plus 0.2 %), and at steady state none is near.
  const waveOf = (userId: number) => Math.floor((userId - 1) / Math.max(1, WAVE_USERS));
  const btcFactor = (userId: number) => {
    if (userId <= WAVES * WAVE_USERS) return 1.03 + 0.03 * waveOf(userId);
    if (userId <= WAVES * WAVE_USERS + BURST) return 1.03 + 0.03 * WAVES;
    return 1.5;
  };
  const keys: Record<number, string> = {};
  const userIds = Array.from({ length: USERS }, (_, i) => i + 1);
  await eachLimited(userIds, 16, async (userId) => {
    const account = sandbox.createAccount({ balances: { AUD: "100000" } });
    const client = createExchangeClient({ baseUrl: sandbox.url, apiKey: account.read_write_key });
    clients.set(userId, client);
    keys[userId] = account.read_write_key;
    if (portfolioUser(userId)) {
      const request = { src_asset: "AUD", dst_asset: PORTFOLIO_ASSET, req_spend_amount: "2000" };
      const estimate = await client.swaps.estimate(request);
      await client.swaps.create({ ...request, expected_price: estimate.estimated_price_exact });
    }
    for (const asset of ASSETS) {
      const factor = asset === "BTC" ? btcFactor(userId) : 1.05;
      await client.priceTriggers.create({
        asset,
        price: ((prices[asset] as number) * factor).toPrecision(8),
        match: 1,
      });
    }
  });
  await writeFile(join(dir, "keys.json"), JSON.stringify(keys));
  log(
    `set up ${USERS} accounts and ${USERS * 3} triggers in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );

  // Market alerts: their history, then 3 alerts a user through the store (as the chat makes them).
  const marketMade = Date.now();
  const marketAssets = [...JUMP_ASSETS, ...QUIET_ASSETS];
  const marketPrices = Object.fromEntries(
    await Promise.all(marketAssets.map(async (a) => [a, await mid(a)] as const)),
  );
  await seedHistory(createPriceHistory({ redis, prefix: `${prefix}price-history:` }), marketPrices);
  const marketStore = createMarketAlertStore({ redis, prefix: `${prefix}market-alerts:` });
  const refusedAlerts: string[] = [];
  await eachLimited(userIds, 16, async (userId) => {
    for (const spec of marketSpecs(userId)) {
      const made = await marketStore.create(userId, spec, String(marketPrices[spec.asset]), Date.now());
      if ("refused" in made) refusedAlerts.push(made.refused);
    }
  });
  if (refusedAlerts.length > 0) throw new Error(`market alerts refused: ${refusedAlerts.join(", ")}`);
  log(
    `set up ${USERS * 3} market alerts and 25 h of history for ${marketAssets.length} assets in ` +
      `${((Date.now() - marketMade) / 1000).toFixed(0)} s`,
  );

  const portfolioStore = createPortfolioAlertStore({ redis, prefix: `${prefix}portfolio-alerts:` });
  const portfolioUsers = userIds.filter(portfolioUser);
  for (const userId of portfolioUsers) {
    const at = Date.now();
    await portfolioStore.create(
      userId,
      { kind: "asset_return", asset: PORTFOLIO_ASSET, direction: "up", percent: "5" },
      at,
    );
    if (valueAlertUser(userId)) {
      await portfolioStore.create(
        userId,
        { kind: "portfolio_value", direction: "above", level: "1000000000" },
        at,
      );
    }
  }

  // The instances: each connects its share of the users, then watches.
  const connectStart = Date.now();
  const done = new Map<
    number,
    { rss: number; peakRss: number; heapUsed: number; cpuMs: number; readErrors: Record<string, number> }
  >();
  await Promise.all(
    Array.from({ length: INSTANCES }, (_, instance) => {
      const child = fork(new URL("./support/alerts-instance.ts", import.meta.url), {
        // The heap bounds the app runs with (Dockerfile, npm start), which decide how far V8 grows the heap.
        execArgv: [
          "--no-warnings=ExperimentalWarning",
          "--max-old-space-size=1024",
          "--max-semi-space-size=16",
        ],
        env: {
          ...env,
          REDIS_URL,
          SANDBOX_URL: sandbox.url,
          TELEGRAM_ROOT: telegramRoot,
          BENCH_PREFIX: prefix,
          BENCH_KEYS: join(dir, "keys.json"),
          BENCH_INSTANCE: String(instance),
          BENCH_INSTANCES: String(INSTANCES),
          BENCH_POLL_SECONDS: String(POLL_S),
          BENCH_SENDS_PER_SECOND: String(SENDS_PER_SECOND),
          BENCH_READS_OUT: join(dir, `reads-${instance}.json`),
          BENCH_MARKET_OUT: join(dir, `market-${instance}.json`),
        },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      children.push(child);
      child.on(
        "message",
        (m: {
          type: string;
          rss: number;
          peakRss: number;
          heapUsed: number;
          cpuMs: number;
          readErrors: Record<string, number>;
        }) => {
          if (m.type === "done") done.set(instance, m);
        },
      );
      return new Promise<void>((resolve, reject) => {
        child.on("message", (m: { type: string }) => m.type === "ready" && resolve());
        child.once("exit", (code) => reject(new Error(`instance ${instance} exited with ${code}`)));
      });
    }),
  );
  log(`connected ${USERS} users in ${((Date.now() - connectStart) / 1000).toFixed(0)} s`);

  // Steady state: nothing near, only heartbeats (the connect phase's reads are left out).
  const steadyStart = Date.now();
  await sleep(STEADY_S * 500);
  const portfolioMove = await mid(PORTFOLIO_ASSET);
  sandbox.setPrice(PORTFOLIO_ASSET, (portfolioMove * 1.1).toPrecision(8));
  await sleep(STEADY_S * 500);
  const steadyEnd = Date.now();

  // Market alerts: one asset at a time jumps; each jump fires one alert of each of its JUMP_USERS users.
  const sendStart = Date.now();
  const jumpDue: Due[] = [];
  for (let k = 0; k < JUMPS; k++) {
    const asset = JUMP_ASSETS[k] as string;
    const before = await mid(asset);
    sandbox.setPrice(asset, (before * (1 + JUMP)).toPrecision(8));
    const moved = Date.now();
    const dues = Array.from({ length: JUMP_USERS }, (_, i) => ({
      userId: k * JUMP_USERS + i + 1,
      asset,
      at: moved,
    }));
    jumpDue.push(...dues);
    await waitForSends(dues, 60_000 + JUMP_USERS * 200);
  }
  const jumpEnd = Date.now();

  const market = await marketPath(userIds.slice(WAVES * WAVE_USERS + BURST).slice(0, MARKET_USERS));

  // Price-driven: each wave moves BTC just past its users' levels.
  const waveDue: Due[] = [];
  const burstDue: Due[] = [];
  for (let wave = 0; wave <= WAVES; wave++) {
    const users =
      wave < WAVES
        ? userIds.filter((id) => id <= WAVES * WAVE_USERS && waveOf(id) === wave)
        : userIds.filter((id) => id > WAVES * WAVE_USERS && id <= WAVES * WAVE_USERS + BURST);
    if (users.length === 0) continue;
    sandbox.setPrice("BTC", (btc * (1.0305 + 0.03 * wave)).toPrecision(8));
    const moved = Date.now();
    const dues = users.map((userId) => ({ userId, asset: "BTC", at: moved }));
    (wave < WAVES ? waveDue : burstDue).push(...dues);
    await waitForSends(dues, 60_000 + users.length * 200);
  }

  // Heartbeat-only: a trigger made outside the chat at a level already crossed.
  const beatDue: Due[] = [];
  await eachLimited(userIds.slice(-BEAT_USERS), 16, async (userId) => {
    const made = await unlessTimedOut(() =>
      clients.get(userId)?.priceTriggers.create({ asset: "ETH", price: "1", match: 1 }),
    );
    if (made) beatDue.push({ userId, asset: "ETH", at: Date.now() });
  });
  await waitForSends(beatDue, (POLL_S + 60) * 1000 + BEAT_USERS * 200);
  const sendEnd = Date.now();
  const queued = await deliveryJobTimes();
  const redisMemory = /used_memory_human:(\S+)/.exec(await redis.info("memory"))?.[1] ?? "?";

  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once("exit", () => resolve());
          child.send({ type: "stop" });
        }),
    ),
  );
  const reads = new Map<number, number[]>();
  for (let i = 0; i < INSTANCES; i++) {
    const part = JSON.parse(await readFile(join(dir, `reads-${i}.json`), "utf8")) as Record<string, number[]>;
    for (const [id, times] of Object.entries(part))
      reads.set(Number(id), [...(reads.get(Number(id)) ?? []), ...times]);
  }
  const steadyReads = [...reads.values()].reduce(
    (n, times) => n + times.filter((t) => t >= steadyStart && t < steadyEnd).length,
    0,
  );
  const steadyMinutes = (steadyEnd - steadyStart) / 60_000;
  const perUserPerMinute = steadyReads / USERS / steadyMinutes;
  const portfolioPerMinute = portfolioUsers
    .map((id) => readsPerMinuteOverCycles(id, reads.get(id) ?? [], steadyStart, steadyEnd))
    .filter((rate) => rate !== undefined);
  const portfolioSent = telegram.accepted.filter((m) => m.text.includes("average buy price")).length;
  const maxAccountMinute = Math.max(0, ...[...reads.values()].map((times) => peak(times, 60_000)));
  const marketPhaseReads = [...reads.values()].reduce(
    (n, times) => n + times.filter((t) => t >= sendStart && t < jumpEnd).length,
    0,
  );
  const marketOut = await Promise.all(
    Array.from({ length: INSTANCES }, async (_, i) => {
      return JSON.parse(await readFile(join(dir, `market-${i}.json`), "utf8")) as {
        evaluated: { at: number; ms: number; events: number }[];
        marketSends: { id: string; userId: number; at: number; done: number; status: string }[];
        marketReads: number;
      };
    }),
  );
  const refused: Record<string, number> = {};
  for (const d of done.values())
    for (const [name, n] of Object.entries(d.readErrors)) refused[name] = (refused[name] ?? 0) + n;

  const phases = {
    market: split(market.dues, queued),
    waves: split(waveDue, queued),
    burst: split(burstDue, queued),
    beat: split(beatDue, queued),
  };
  const sentTimes = telegram.accepted.map((m) => m.at);
  const sendingSeconds = (Math.max(...sentTimes) - Math.min(...sentTimes)) / 1000 || 1;
  const byChat = new Map<number, number[]>();
  for (const m of telegram.accepted) byChat.set(m.chat, [...(byChat.get(m.chat) ?? []), m.at]);
  const texts = telegram.accepted.map((m) => `${m.chat}\n${m.text}`);
  const ms = (v: number) => (Number.isNaN(v) ? "-" : `${(v / 1000).toFixed(2)} s`);
  const pair = (values: number[]) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 99))}`;
  /** A price-driven phase: its events, how many were sent, the latency and its two parts. */
  const priceRows = (title: string, value: string, phase: ReturnType<typeof split>): [string, string][] => [
    [title, value],
    ["  sent", `${phase.total.length}`],
    ["  event-to-send p50 / p99", pair(phase.total)],
    ["  detection (moved -> queued) p50 / p99", pair(phase.detection)],
    ["  queue wait (queued -> sent) p50 / p99", pair(phase.wait)],
  ];
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const msExact = (v: number) => (Number.isNaN(v) ? "-" : `${v.toFixed(v < 10 ? 2 : 0)} ms`);
  // The engine per reading, on each instance that evaluated (its first reading, the load, left out).
  const evaluating = marketOut
    .map((out, i) => ({ i, ms: out.evaluated.slice(1).map((e) => e.ms), n: out.evaluated.length }))
    .filter((e) => e.n > 0);
  const fired = marketOut.reduce((n, out) => n + out.evaluated.reduce((m, e) => m + e.events, 0), 0);
  const marketSent = marketOut.flatMap((out) => out.marketSends).filter((d) => d.status === "sent");
  const sentIds = new Set(marketSent.map((d) => d.id));
  const jumpSent = split(jumpDue, new Map());
  const rows: [string, string][] = [
    [
      "price-driven events sent",
      `${phases.market.total.length + phases.waves.total.length + phases.burst.total.length} of ${
        market.dues.length + waveDue.length + burstDue.length
      }`,
    ],
    [
      `market alerts: ${JUMPS} jumps of ${JUMP * 100} % x ${JUMP_USERS} users`,
      `${jumpDue.length} planned, engine fired ${fired}`,
    ],
    [
      "  evaluation per reading p50 / p99 (instance)",
      evaluating
        .map(
          (e) =>
            `${msExact(percentile(e.ms, 50))} / ${msExact(percentile(e.ms, 99))} (#${e.i}, ${e.n} readings)`,
        )
        .join("; ") || "-",
    ],
    ["  reading-to-send p50 / p99", pair(marketSent.map((d) => d.done - d.at))],
    ["  move-to-send (stub) p50 / p99", pair(jumpSent.total)],
    ["  market events sent / expected", `${sentIds.size} / ${fired}`],
    ["  market duplicates (sent twice)", String(marketSent.length - sentIds.size)],
    [
      "  private reads by market alerts",
      `${marketOut.reduce((n, out) => n + out.marketReads, 0)} (all causes during the phase: ${marketPhaseReads})`,
    ],
    ...priceRows(
      `market path: levels crossed (most in one step; moved ${market.moves})`,
      `${market.dues.length} (${market.mostPerStep})`,
      phases.market,
    ),
    [
      "  behind another message to the chat (1 per chat per s)",
      String(phases.market.total.length - phases.market.alone.length),
    ],
    ["  event-to-send of the others p50 / p99", pair(phases.market.alone)],
    ...priceRows(`waves: ${WAVES} x ${WAVE_USERS} at once`, String(waveDue.length), phases.waves),
    ...priceRows(
      `burst: ${BURST} at once (bound ${BURST} / ${SENDS_PER_SECOND} per s)`,
      `${(BURST / SENDS_PER_SECOND).toFixed(1)} s to send the last`,
      phases.burst,
    ),
    ["heartbeat-only events sent", `${phases.beat.total.length} of ${beatDue.length}`],
    ["  event-to-send p50 / p99", pair(phases.beat.total)],
    ["  detection (made -> queued) p50 / p99", pair(phases.beat.detection)],
    ["  queue wait (queued -> sent) p50 / p99", pair(phases.beat.wait)],
    ["private reads per user per minute (steady)", perUserPerMinute.toFixed(2)],
    [
      `portfolio alerts: ${portfolioUsers.length} users (k = ${portfolioReadEvery(POLL_S, 1) ?? "-"} / ${portfolioReadEvery(POLL_S, 2) ?? "-"})`,
      portfolioReadEvery(POLL_S, 1) === null
        ? `not watched: heartbeat ${POLL_S} s (over 50 s needed)`
        : `${portfolioUsers.length + portfolioUsers.filter(valueAlertUser).length} alerts`,
    ],
    [
      "  private reads per user per minute over whole read cycles, max / mean",
      `${Math.max(0, ...portfolioPerMinute).toFixed(2)} / ${(
        portfolioPerMinute.reduce((a, b) => a + b, 0) / Math.max(1, portfolioPerMinute.length)
      ).toFixed(2)} (budget 1.2; ${portfolioPerMinute.length} users with a whole cycle)`,
    ],
    ["  portfolio events delivered", `${portfolioSent} (return alerts: ${portfolioUsers.length})`],
    ["most reads of one account in a minute", `${maxAccountMinute} (limit ${ACCOUNT_LIMITS.read})`],
    [
      "per-account read budget exceeded",
      maxAccountMinute > ACCOUNT_LIMITS.read || (refused.ExchangeRateLimitedError ?? 0) > 0 ? "YES" : "no",
    ],
    ["failed reads, by error", Object.keys(refused).length === 0 ? "none" : JSON.stringify(refused)],
    ["the bench's trigger writes not answered in time (left out)", String(writesTimedOut)],
    [
      "sends per second, peak (any 1 s) / mean",
      `${peak(sentTimes, 1000)} / ${(sentTimes.length / sendingSeconds).toFixed(1)}`,
    ],
    ["flood errors (stub Telegram 429s)", String(telegram.floods())],
    [
      "most messages to one chat in 1 s",
      String(Math.max(0, ...[...byChat.values()].map((t) => peak(t, 1000)))),
    ],
    ["duplicate messages", String(texts.length - new Set(texts).size)],
    ["Redis used memory (end of run)", redisMemory],
    [
      "instances: RSS (peak) / heap used / CPU time each",
      [...done.entries()]
        .sort(([a], [b]) => a - b)
        .map(
          ([i, d]) =>
            `#${i}${evaluating.some((e) => e.i === i) ? " (evaluator)" : ""} ${mb(d.rss)} (${mb(d.peakRss)}) / ` +
            `${mb(d.heapUsed)} / ${(d.cpuMs / 1000).toFixed(0)} s`,
        )
        .join(", "),
    ],
    [
      "wall time",
      `${((Date.now() - started) / 1000).toFixed(0)} s (sending phases ${((sendEnd - sendStart) / 1000).toFixed(0)} s)`,
    ],
  ];
  for (const [label, value] of rows) log(`${label.padEnd(44)} ${value}`);
} finally {
  for (const child of children) if (child.exitCode === null) child.kill();
  const keys = await redis.keys(`${prefix}*`);
  for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
  await redis.quit();
  await telegram.close();
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
}
