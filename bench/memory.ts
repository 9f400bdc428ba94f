/**
 * `npm run bench:memory [-- --smoke]`: the bot process's memory with 10,000 users who each have a session
 * and a connected key, right after each sent one update (the burst's high-water mark) and idle (once V8's
 * memory reducer has run: target under 200 MB resident), then the same around 100,000 more updates
 * (/start, /help, plain text, /price BTC), to show no growth. A full run waits about two minutes for each
 * idle reading.
 * The sandbox exchange runs in a child process, so its accounts do not count; keys are stored straight
 * in the vault by another child process (connecting checks each key with the exchange, which only
 * /balance-like updates need), so that work does not weigh on the measured process either.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { PerformanceObserver, constants as perfConstants } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import v8 from "node:v8";
import { Redis } from "ioredis";
import { createApp } from "../src/app.ts";
import { createConfig } from "../src/config.ts";
import {
  ACCOUNT_LIMITS,
  createClientFactory,
  createRedisRateLimiter,
  PUBLIC_LIMITS,
} from "../src/exchange/index.ts";
import { createLogger } from "../src/logger.ts";
import { createMarketData } from "../src/services/market/market-data.ts";
import { createBareBot } from "./support/bare-bot.ts";
import { deleteKeysUnder } from "./support/delete-keys.ts";
import { createStubTelegram, STUB_API_ROOT, STUB_BOT, STUB_TOKEN } from "./support/stub-telegram.ts";
import { textUpdate } from "./support/updates.ts";

const smoke = process.argv.includes("--smoke");
/** `--bare`: the same run with the bare grammY bot (bench/support/bare-bot.ts) instead of the whole bot. */
const bare = process.argv.includes("--bare");
const USERS = Number(process.env.BENCH_USERS ?? (smoke ? 200 : 10_000));
const UPDATES = Number(process.env.BENCH_UPDATES ?? (smoke ? 1000 : 100_000));
const CONCURRENCY = 16;
const GC_MAJOR = perfConstants.NODE_PERFORMANCE_GC_MAJOR;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Starts the sandbox CLI in a child process and waits until it listens. */
async function startSandboxProcess(port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--no-warnings=ExperimentalWarning", "src/sandbox/cli.ts", "--port", String(port)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`sandbox exited with ${code}`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      if (String(chunk).includes("listening")) resolve();
    });
  });
  return child;
}

/** Runs a TypeScript script of this repository in a child process; rejects unless it exits 0. */
async function runChild(args: string[], env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, ["--no-warnings=ExperimentalWarning", ...args], {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`${args[0]} exited with ${code}`);
}

/**
 * Resident bytes in anonymous mappings of exactly 256 KB (V8's heap page size), from /proc/self/smaps
 * (Linux only; 0 elsewhere): where the resident size beyond V8's own heap figures sits (docs/benchmarks.md).
 */
function v8PagesResident(): number {
  let text: string;
  try {
    text = readFileSync("/proc/self/smaps", "utf8");
  } catch {
    return 0;
  }
  let total = 0;
  let counting = false;
  for (const line of text.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(\S*)/.exec(line);
    if (head) {
      counting =
        head[3] === "" &&
        Number.parseInt(head[2] as string, 16) - Number.parseInt(head[1] as string, 16) === 256 * 1024;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && counting) total += Number(rss[1]) * 1024;
  }
  return total;
}

type Reading = NodeJS.MemoryUsage & { v8Pages: number };

/**
 * Memory right after a burst: full collections (needs --expose-gc) and a few quiet seconds. V8 keeps the
 * pages it freed pooled (resident) here: this is the burst's high-water mark, not the idle size.
 */
async function settle(): Promise<Reading> {
  for (let i = 0; i < (smoke ? 2 : 6); i++) {
    globalThis.gc?.();
    await sleep(smoke ? 100 : 1000);
  }
  return { ...process.memoryUsage(), v8Pages: v8PagesResident() };
}

/** The longest wait for V8's memory reducer (its watchdog runs it about 100 s after the last collection). */
const IDLE_LIMIT_MS = smoke ? 500 : 240_000;

/**
 * Memory once the process has sat idle: no update and no forced collection (each would restart V8's
 * wait) until V8's memory reducer has run a full collection of its own, which gives back the pooled
 * pages, then two seconds more. Returns the reading and how long the wait took.
 */
async function idleReading(): Promise<Reading & { waitedMs: number; reduced: boolean }> {
  const start = performance.now();
  const reduced = await new Promise<boolean>((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (
        !list
          .getEntries()
          .some(
            (entry) => (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === GC_MAJOR,
          )
      )
        return;
      observer.disconnect();
      clearTimeout(limit);
      resolve(true);
    });
    const limit = setTimeout(() => {
      observer.disconnect();
      resolve(false);
    }, IDLE_LIMIT_MS);
    observer.observe({ entryTypes: ["gc"] });
  });
  await sleep(smoke ? 10 : 2000);
  return {
    ...process.memoryUsage(),
    v8Pages: v8PagesResident(),
    waitedMs: performance.now() - start,
    reduced,
  };
}

/**
 * V8's own account of its heap, space by space (reserved, used, resident), and of the memory it took
 * from malloc: to tell what of the resident size V8 holds and in which space.
 */
function heapSpaces(): string[] {
  const rows = v8
    .getHeapSpaceStatistics()
    .map(
      (space) =>
        `| ${space.space_name} | ${mb(space.space_size)} | ${mb(space.space_used_size)} | ${mb(space.physical_space_size)} |`,
    );
  const heap = v8.getHeapStatistics();
  return [
    "| V8 space | reserved | used | resident |",
    "|---|---|---|---|",
    ...rows,
    `| (whole heap) | ${mb(heap.total_heap_size)} | ${mb(heap.used_heap_size)} | ${mb(heap.total_physical_size)} |`,
    `| (malloced by V8, now / peak) | - | ${mb(heap.malloced_memory)} / ${mb(heap.peak_malloced_memory)} | - |`,
  ];
}

/** Runs `count` updates from `users` over a few concurrent lanes, each lane with users of its own. */
async function drive(handle: (userId: number, i: number) => Promise<void>, users: number[], count: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, lane) => {
      const own = users.filter((_, i) => i % CONCURRENCY === lane);
      let turn = 0;
      while (next < count) {
        const i = next++;
        await handle(own[turn++ % own.length] as number, i);
      }
    }),
  );
}

/** The bare bot on the same Redis prefix (so its sessions are the seeded ones), shaped like the app. */
function bareApp(baseUrl: string, telegramFetch: typeof fetch) {
  const clients = createClientFactory({
    baseUrl,
    limiter: createRedisRateLimiter({
      redis,
      prefix: `${prefix}ratelimit:`,
      limitsFor: (bucket) => (bucket.startsWith("public") ? PUBLIC_LIMITS : ACCOUNT_LIMITS),
    }),
  });
  const bot = createBareBot({
    redis,
    prefix,
    fetch: telegramFetch,
    market: createMarketData({ client: clients.public() }),
    clients,
    keys: new Map(),
    withConversations: false,
  });
  return { bot, close: async () => undefined };
}

const port = await freePort();
const sandbox = await startSandboxProcess(port);
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = new Redis(redisUrl);
const prefix = `bench:memory:${randomUUID()}:`;
const vaultKeys = `bench:${randomBytes(32).toString("base64")}`;
try {
  const config = createConfig({
    BOT_TOKEN: STUB_TOKEN,
    TELEGRAM_API_ROOT: STUB_API_ROOT,
    EXCHANGE_BASE_URL: `http://127.0.0.1:${port}`,
    VAULT_KEYS: vaultKeys,
    REDIS_URL: redisUrl,
    LOG_LEVEL: "info",
    // Users are driven faster than a person types: memory is measured here, the limits by bench:storm.
    LIMIT_MESSAGES: "10000/10000",
    LIMIT_PRESSES: "10000/10000",
    LIMIT_INLINE: "10000/10000",
  });
  const telegram = createStubTelegram();
  const app = bare
    ? bareApp(config.exchangeBaseUrl, telegram.fetch)
    : createApp({
        config,
        logger: createLogger({ level: "info", destination: { write: () => undefined } }),
        redis,
        keyPrefix: prefix,
        telegramFetch: telegram.fetch,
        botInfo: STUB_BOT,
        replyPace: { perSecond: 1e9, chatBurst: 1e9 },
        inbound: { heldPerChat: 1e9 },
      });
  const baseline = await settle();

  // Every user: a stored key and settings in the session, written by a child process (see seed-users.ts).
  const users = Array.from({ length: USERS }, (_, i) => 600_000_000 + i);
  await runChild(["bench/support/seed-users.ts", prefix, String(users[0]), String(USERS)], {
    VAULT_KEYS: vaultKeys,
  });
  const stored = await settle();
  // One update each, so whatever the bot keeps per user in memory would be there now.
  const handle = (update: Parameters<typeof app.bot.handleUpdate>[0]) => app.bot.handleUpdate(update);
  await drive((userId) => handle(textUpdate(userId, "/start")), users, USERS);
  const burst = await settle();
  const idleSpaces = heapSpaces();
  const idle = await idleReading();
  const texts = ["/start", "/help", "hello there", "/price BTC"];
  await drive((userId, i) => handle(textUpdate(userId, texts[i % texts.length] as string)), users, UPDATES);
  const after = await settle();
  const afterIdle = await idleReading();
  const sent = [...telegram.calls].map(([method, n]) => `${method} ${n}`).join(", ");

  console.log(
    `\nbench:memory (${bare ? "bare grammY" : "whole bot"}): ${smoke ? "smoke run (figures mean nothing)" : "full run"}; node ${process.version}`,
  );
  const row = (moment: string, m: Reading) =>
    `| ${moment} | ${mb(m.rss)} | ${mb(m.heapUsed)} | ${mb(m.heapTotal)} | ${mb(m.external)} | ${mb(m.v8Pages)} |`;
  const idleMoment = (m: Awaited<ReturnType<typeof idleReading>>) =>
    m.reduced
      ? `idle: V8's memory reducer ran after ${(m.waitedMs / 1000).toFixed(0)} s without traffic`
      : `idle ${(m.waitedMs / 1000).toFixed(0)} s without traffic (V8's memory reducer did not run)`;
  console.log("| moment | resident (RSS) | heap used | heap total | external | resident in 256 KB pages |");
  console.log("|---|---|---|---|---|---|");
  console.log(row("bot built, no users", baseline));
  console.log(row(`${USERS} users' keys and sessions stored (no update yet)`, stored));
  console.log(row(`${USERS} users with session and key, just after each sent /start (high-water)`, burst));
  console.log(row(`${USERS} users with session and key, ${idleMoment(idle)}`, idle));
  console.log(row(`just after ${UPDATES} more updates (high-water)`, after));
  console.log(row(`after ${UPDATES} more updates, ${idleMoment(afterIdle)}`, afterIdle));
  console.log(`\nheap growth over ${UPDATES} updates: ${mb(after.heapUsed - burst.heapUsed)}`);
  console.log(`resident growth over ${UPDATES} updates, idle to idle: ${mb(afterIdle.rss - idle.rss)}`);
  console.log(
    `\nV8 heap spaces, ${USERS} users just after their /start (array buffers: ${mb(burst.arrayBuffers)}):`,
  );
  for (const line of idleSpaces) console.log(line);
  console.log(`Telegram calls: ${sent}`);
  await app.close();
} finally {
  await deleteKeysUnder(redis, prefix);
  await redis.quit();
  sandbox.kill("SIGTERM");
}
