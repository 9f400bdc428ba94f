/**
 * `npm run bench:alerts [-- --instances 3] [-- --smoke]`: the alert watcher at scale. N users with 3
 * triggers each (BTC, ETH, SOL, armed 5 % above the price) on the sandbox (over HTTP), watched by one or
 * more watcher instances, each a process of its own on one Redis (scripts/bench-alerts-instance.ts: the
 * app's rate limiter and notifier), sending to a stub Telegram that enforces the bulk limits (30 messages
 * in any second overall, one per second per chat) and answers 429 beyond them. It prints:
 * - event-to-send latency (p50, p99; "sent" = accepted by the stub Telegram) for events a price move
 *   announces and for events only the heartbeat can see (triggers made outside the chat at a level
 *   already crossed);
 * - private reads per user per minute at steady state, and the most reads of one account in any rolling
 *   minute against the exchange's budget (ACCOUNT_LIMITS), plus the reads the exchange refused;
 * - sends per second (peak in any one second, mean while sending), flood errors (the stub's 429s),
 *   duplicates, the most messages to one chat in a second; Redis memory, instances' memory and CPU.
 *
 * Phases: connect, steady state (nothing near a level: heartbeats only), price waves (BTC moved past
 * the levels of BENCH_WAVE_USERS users per wave, BENCH_WAVES times, then past BENCH_BURST users' levels
 * at once), heartbeat-only (one crossed ETH trigger for each of BENCH_BEAT_USERS users).
 *
 * Environment: BENCH_USERS (default 100), BENCH_STEADY_SECONDS (default 20), BENCH_POLL_SECONDS (heartbeat,
 * default 10), BENCH_WAVES (default 4), BENCH_WAVE_USERS (default 20), BENCH_BURST (default 100),
 * BENCH_BEAT_USERS (default 100), REDIS_URL. `--smoke`: 12 users, heartbeat 3 s, short phases. Every
 * Redis key of the run is deleted at the end.
 */
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { ACCOUNT_LIMITS, createExchangeClient, type ExchangeClient } from "../src/exchange/index.ts";
import { startSandbox } from "../src/sandbox/server.ts";

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
const REDIS_URL = env.REDIS_URL ?? "redis://127.0.0.1:6379";
const ASSETS = ["BTC", "ETH", "SOL"] as const;
if (!Number.isInteger(INSTANCES) || INSTANCES < 1) throw new Error("--instances takes a whole number >= 1");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** The most items in any window of `ms`. */
function peak(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= ms) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
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

/**
 * A stub Telegram: `sendMessage` accepted unless 30 messages were accepted in the last second or one
 * to the same chat in the last second; then 429 with retry_after 1, as Telegram answers a flood.
 */
function startStubTelegram() {
  const accepted: { at: number; chat: number; text: string }[] = [];
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
      accepted.push({ at: now, chat: payload.chat_id, text: payload.text });
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

/** Waits until `count` accepted messages to the given chats contain `asset`, or `ms` pass. */
async function waitForSends(users: number[], asset: string, ms: number): Promise<void> {
  const wanted = new Set(users);
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const got = new Set(
      telegram.accepted.filter((m) => wanted.has(m.chat) && m.text.includes(asset)).map((m) => m.chat),
    );
    if (got.size >= wanted.size) return;
    await sleep(50);
  }
}

/** Each user's first accepted message containing `asset`, minus the instant it was due from. */
function latencies(from: Map<number, number>, asset: string): number[] {
  const first = new Map<number, number>();
  for (const m of telegram.accepted) {
    if (from.has(m.chat) && m.text.includes(asset) && !first.has(m.chat)) first.set(m.chat, m.at);
  }
  return [...first].map(([chat, at]) => at - (from.get(chat) as number));
}

const log = (line: string) => process.stdout.write(`${line}\n`);
try {
  log(
    `${USERS} users x 3 triggers, ${INSTANCES} instance(s), heartbeat ${POLL_S} s, steady state ${STEADY_S} s, ` +
      `${WAVES} waves of ${WAVE_USERS} + a burst of ${BURST} price-driven, ${BEAT_USERS} heartbeat-only`,
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

  // The instances: each connects its share of the users, then watches.
  const connectStart = Date.now();
  const done = new Map<
    number,
    { rss: number; heapUsed: number; cpuMs: number; readErrors: Record<string, number> }
  >();
  await Promise.all(
    Array.from({ length: INSTANCES }, (_, instance) => {
      const child = fork(new URL("./bench-alerts-instance.ts", import.meta.url), {
        execArgv: ["--no-warnings=ExperimentalWarning"],
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
          BENCH_READS_OUT: join(dir, `reads-${instance}.json`),
        },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      children.push(child);
      child.on(
        "message",
        (m: {
          type: string;
          rss: number;
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
  await sleep(STEADY_S * 1000);
  const steadyEnd = Date.now();

  // Price-driven: each wave moves BTC just past its users' levels.
  const priceDue = new Map<number, number>();
  const sendStart = Date.now();
  for (let wave = 0; wave <= WAVES; wave++) {
    const users =
      wave < WAVES
        ? userIds.filter((id) => id <= WAVES * WAVE_USERS && waveOf(id) === wave)
        : userIds.filter((id) => id > WAVES * WAVE_USERS && id <= WAVES * WAVE_USERS + BURST);
    if (users.length === 0) continue;
    const moved = Date.now();
    sandbox.setPrice("BTC", (btc * (1.0305 + 0.03 * wave)).toPrecision(8));
    for (const id of users) priceDue.set(id, moved);
    await waitForSends(users, "BTC", 60_000 + users.length * 200);
  }

  // Heartbeat-only: a trigger made outside the chat at a level already crossed.
  const beatDue = new Map<number, number>();
  await eachLimited(userIds.slice(-BEAT_USERS), 16, async (userId) => {
    await clients.get(userId)?.priceTriggers.create({ asset: "ETH", price: "1", match: 1 });
    beatDue.set(userId, Date.now());
  });
  await waitForSends([...beatDue.keys()], "ETH", (POLL_S + 60) * 1000 + BEAT_USERS * 200);
  const sendEnd = Date.now();
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
  const perUserPerMinute = steadyReads / USERS / ((steadyEnd - steadyStart) / 60_000);
  const maxAccountMinute = Math.max(0, ...[...reads.values()].map((times) => peak(times, 60_000)));
  const refused: Record<string, number> = {};
  for (const d of done.values())
    for (const [name, n] of Object.entries(d.readErrors)) refused[name] = (refused[name] ?? 0) + n;

  const priceLatencies = latencies(priceDue, "BTC");
  const beatLatencies = latencies(beatDue, "ETH");
  const sentTimes = telegram.accepted.map((m) => m.at);
  const sendingSeconds = (Math.max(...sentTimes) - Math.min(...sentTimes)) / 1000 || 1;
  const byChat = new Map<number, number[]>();
  for (const m of telegram.accepted) byChat.set(m.chat, [...(byChat.get(m.chat) ?? []), m.at]);
  const texts = telegram.accepted.map((m) => `${m.chat}\n${m.text}`);
  const ms = (v: number) => (Number.isNaN(v) ? "-" : `${(v / 1000).toFixed(2)} s`);
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const rows: [string, string][] = [
    ["price-driven events sent", `${priceLatencies.length} of ${priceDue.size}`],
    [
      "  event-to-send p50 / p99",
      `${ms(percentile(priceLatencies, 50))} / ${ms(percentile(priceLatencies, 99))}`,
    ],
    ["heartbeat-only events sent", `${beatLatencies.length} of ${beatDue.size}`],
    [
      "  event-to-send p50 / p99",
      `${ms(percentile(beatLatencies, 50))} / ${ms(percentile(beatLatencies, 99))}`,
    ],
    ["private reads per user per minute (steady)", perUserPerMinute.toFixed(2)],
    ["most reads of one account in a minute", `${maxAccountMinute} (limit ${ACCOUNT_LIMITS.read})`],
    [
      "per-account read budget exceeded",
      maxAccountMinute > ACCOUNT_LIMITS.read || (refused.ExchangeRateLimitedError ?? 0) > 0 ? "YES" : "no",
    ],
    ["failed reads, by error", Object.keys(refused).length === 0 ? "none" : JSON.stringify(refused)],
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
      "instances: RSS / CPU time each",
      [...done.values()].map((d) => `${mb(d.rss)} / ${(d.cpuMs / 1000).toFixed(0)} s`).join(", "),
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
