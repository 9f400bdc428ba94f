/**
 * Everything a benchmark drives, in one process: the sandbox exchange over HTTP, the whole bot
 * (createApp, as production builds it) and the bare grammY bot, each on its own Redis client (so their
 * commands are counted apart) under a private key prefix, both talking to one stub Telegram.
 *
 * With `instances` (bench:storm --instances N), the whole bot is N webhook instances instead, as a
 * deployment behind a load balancer runs them: each its own createApp (BOT_MODE webhook, so the shared
 * handled-once record and chat lock are on) on a Redis client of its own, the same Redis and key prefix;
 * the whole side's updates go to them in turn, the world playing the round-robin balancer: given to the
 * next instance's `bot.handleUpdate`, or with `webhookConnections`, posted to its HTTP server
 * (createHttpServer, production's) as Telegram posts them (one per chat, at most that many at once); with
 * `processes`, each of those servers is an instance in a process of its own
 * (bench/support/instance-process.ts).
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import type { Bot } from "grammy";
import type { Update } from "grammy/types";
import { Redis } from "ioredis";
import { type App, type AppOptions, createApp } from "../../src/app.ts";
import { createConfig } from "../../src/config.ts";
import {
  ACCOUNT_LIMITS,
  createClientFactory,
  createRedisRateLimiter,
  PUBLIC_LIMITS,
} from "../../src/exchange/index.ts";
import { createLogger } from "../../src/logger.ts";
import { type SandboxHandle, startSandbox } from "../../src/sandbox/server.ts";
import { createHttpServer } from "../../src/server/http-server.ts";
import { createMarketData } from "../../src/services/market/market-data.ts";
import { createBareBot } from "./bare-bot.ts";
import { deleteKeysUnder } from "./delete-keys.ts";
import { processCpuMs, processMemory } from "./measure.ts";
import { countRedis, type RedisCounter } from "./redis-count.ts";
import {
  createStubTelegram,
  STUB_API_ROOT,
  STUB_BOT,
  STUB_TOKEN,
  type StubTelegram,
  type StubTelegramOptions,
  serveStubTelegram,
} from "./stub-telegram.ts";
import { createWebhookDelivery } from "./webhook-delivery.ts";
import { createWebhookSender } from "./webhook-sender.ts";

/** Which bot an update goes to. */
export type Side = "whole" | "bare";

/** A running benchmark world. */
export interface World {
  /** The whole bot (with `instances`, the first instance: every instance shares its Redis state). */
  app: App;
  /** Every instance of the whole bot (one without `instances`). */
  apps: App[];
  sandbox: SandboxHandle;
  telegram: StubTelegram;
  redis: Record<Side, Redis>;
  counters: Record<Side, RedisCounter>;
  /** Users connected in both bots (each with a sandbox account of their own). */
  users: number[];
  /** Each user's API key (in the sandbox), to connect them in another bot too. */
  apiKeys: ReadonlyMap<number, string>;
  /** Each user's account id in the sandbox (its request log is read by account: `sandboxControl`). */
  accountIds: ReadonlyMap<number, number>;
  handle(side: Side, update: Update): Promise<void>;
  /** Makes every user's inbound budgets whole again (a bench's volume would spend even the widest). */
  refillBudgets(): Promise<void>;
  /**
   * The whole bot's memory: this process's, or with `processes` the instances' summed (collected first when
   * asked and --expose-gc gave the means).
   */
  memory(collect: boolean): Promise<{ rss: number; heapUsed: number }>;
  /**
   * The CPU time the bot has used so far (ms): with `processes` the instances', summed; else this
   * process's, which also runs the sandbox, the stub Telegram and the sender.
   */
  cpuMs(): Promise<number>;
  /**
   * Over HTTP (`webhookConnections`): how long each update posted so far held one of the connections, by
   * kind (what the updates waiting for a connection wait for); undefined otherwise.
   */
  readonly connectionMs: ConnectionTimes | undefined;
  /** Over HTTP: how long `update` held a connection (ms), once its POST was answered; else undefined. */
  heldConnection(update: Update): number | undefined;
  close(): Promise<void>;
}

/** What bench:storm changes in the world; other benchmarks leave every one at its default. */
export interface WorldOptions {
  /**
   * The bot's inbound limits at their defaults (LIMIT_MESSAGES 10/30 and so on) rather than budgets no
   * benchmark spends (10000/10000; the default).
   */
  realLimits?: boolean;
  /** The stub Telegram's options (default none: every call answered at once). */
  telegram?: StubTelegramOptions;
  /** The sandbox's /_sandbox/ control endpoints (its request log, by account); default off. */
  sandboxControl?: boolean;
  /** The app's inbound options (when the notice of skipped updates is considered). */
  inbound?: AppOptions["inbound"];
  /**
   * The whole bot as this many instances in webhook mode, each update going to the next in turn; absent
   * (the default), one app in polling mode, each update given to its `bot.handleUpdate`.
   */
  instances?: number;
  /**
   * With `instances`: each instance behind its own HTTP server, each update posted to the next one's as
   * Telegram posts it (./webhook-delivery.ts): at most this many in flight in all (setWebhook's
   * max_connections: WEBHOOK_MAX_CONNECTIONS, 100 by default) and one per chat, the rest waiting their turn.
   * Without it, each update is given to the next instance's `bot.handleUpdate` at once.
   */
  webhookConnections?: number;
  /**
   * With `instances` and `webhookConnections`: each instance a process of its own
   * (bench/support/instance-process.ts), as replicas of a deployment run, talking to the stub Telegram over
   * HTTP; this process then holds the sandbox, the stub and the balancer (and an app that only connects
   * the users, closed before any update). Without it, every instance runs in this process.
   */
  processes?: boolean;
}

/** The webhook's path and secret of `instances`. */
const WEBHOOK_PATH = "/hook";
const WEBHOOK_SECRET = "bench-webhook_secret";

/**
 * Builds the world with `userCount` connected users (each holding plenty of AUD and some BTC);
 * `withConversations` gives the bare bot the conversations plugin and its guided buy; the sandbox holds
 * each exchange request `exchangeLatencyMs` (a real exchange's round trip; none by default).
 */
export async function startWorld(
  userCount: number,
  withConversations = false,
  exchangeLatencyMs = 0,
  options: WorldOptions = {},
): Promise<World> {
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const prefix = `bench:${randomUUID()}:`;
  // No walk (prices stay put, so repeated texts are alike) and no rate limit in the sandbox itself: the
  // bots' own limiters still apply the spec's budgets.
  const sandbox = await startSandbox({
    walk: false,
    swapSettleMs: 0,
    withdrawalStepMs: 0,
    limits: { accountReads: 1e9, accountWrites: 1e9, publicReads: 1e9, publicWrites: 1e9 },
    latencyMs: exchangeLatencyMs,
    ...(options.sandboxControl ? { control: true } : {}),
  });
  const telegram = createStubTelegram(options.telegram);
  const redis = { whole: new Redis(redisUrl), bare: new Redis(redisUrl) };
  const configEnv: Record<string, string> = {
    BOT_TOKEN: STUB_TOKEN,
    TELEGRAM_API_ROOT: STUB_API_ROOT,
    EXCHANGE_BASE_URL: sandbox.url,
    VAULT_KEYS: `bench:${randomBytes(32).toString("base64")}`,
    REDIS_URL: redisUrl,
    LOG_LEVEL: "info",
    // The benchmarks drive each user far faster than a person: the budgets are checked on every update (their
    // cost is measured) but never spent. bench:storm alone keeps the defaults, which it measures.
    ...(options.realLimits
      ? {}
      : { LIMIT_MESSAGES: "10000/10000", LIMIT_PRESSES: "10000/10000", LIMIT_INLINE: "10000/10000" }),
    ...(options.instances === undefined
      ? {}
      : { BOT_MODE: "webhook", WEBHOOK_URL: `https://bench.example${WEBHOOK_PATH}`, WEBHOOK_SECRET }),
  };
  const config = createConfig(configEnv);
  // What a benchmark changes in the app, beyond the configuration.
  const appExtra: Pick<AppOptions, "inbound" | "replyPace"> = {
    ...(options.inbound ? { inbound: options.inbound } : {}),
    // Replies are paced (their cost is measured), at Telegram's pace only with the real limits.
    ...(options.realLimits ? {} : { replyPace: { perSecond: 1e9, chatBurst: 1e9 } }),
  };
  const processes = options.processes === true && options.webhookConnections !== undefined;
  // Production's level (info), written nowhere: formatting a line costs what it costs in production.
  const logger = createLogger({ level: "info", destination: { write: () => undefined } });
  const appOf = (client: Redis) =>
    createApp({
      config,
      logger,
      redis: client,
      keyPrefix: `${prefix}whole:`,
      telegramFetch: telegram.fetch,
      botInfo: STUB_BOT,
      ...appExtra,
    });
  const app = appOf(redis.whole);
  const apps = [app];
  // The other instances' Redis clients.
  const instanceRedis: Redis[] = [];
  for (let i = 1; i < (processes ? 1 : (options.instances ?? 1)); i++) {
    const client = new Redis(redisUrl);
    instanceRedis.push(client);
    apps.push(appOf(client));
  }
  let webhooks: Awaited<ReturnType<typeof startWebhooks>> | undefined;
  let instanceProcesses: InstanceProcesses | undefined;
  let turn = 0;
  const whole = (update: Update): Promise<void> =>
    webhooks !== undefined
      ? webhooks.post(update)
      : (apps[turn++ % apps.length] as App).bot.handleUpdate(update);
  const bareClients = createClientFactory({
    baseUrl: sandbox.url,
    limiter: createRedisRateLimiter({
      redis: redis.bare,
      prefix: `${prefix}bare:ratelimit:`,
      limitsFor: (bucket) => (bucket.startsWith("public") ? PUBLIC_LIMITS : ACCOUNT_LIMITS),
    }),
  });
  const keys = new Map<number, string>();
  const accountIds = new Map<number, number>();
  const bare: Bot = createBareBot({
    redis: redis.bare,
    prefix: `${prefix}bare:`,
    fetch: telegram.fetch,
    market: createMarketData({ client: bareClients.public() }),
    clients: bareClients,
    keys,
    withConversations,
  }) as unknown as Bot;

  const users: number[] = [];
  const base = 500_000_000 + Math.floor(Math.random() * 1000) * 100_000;
  for (let i = 0; i < userCount; i++) {
    const userId = base + i;
    const account = sandbox.createAccount({ balances: { AUD: "100000000", BTC: "10" } });
    const result = await app.deps.accounts.connect(userId, account.read_write_key);
    if (result.status !== "connected") throw new Error("the sandbox refused its own key");
    keys.set(userId, account.read_write_key);
    accountIds.set(userId, account.account_id);
    users.push(userId);
  }
  // A call the bot made in its answer to the webhook (a webhook reply), made as Telegram makes it.
  const webhookReply = (body: string) => {
    const { method, ...payload } = JSON.parse(body) as { method: string };
    telegram
      .fetch(`${STUB_API_ROOT}/bot${STUB_TOKEN}/${method}`, { method: "POST", body: JSON.stringify(payload) })
      .catch(() => undefined);
  };
  if (processes) {
    // The users are connected: this process's app has done its part.
    await app.close();
    instanceProcesses = await forkInstances(options.instances ?? 1, telegram, configEnv, {
      REDIS_URL: redisUrl,
      BENCH_PREFIX: `${prefix}whole:`,
      BENCH_APP: JSON.stringify(appExtra),
    });
    webhooks = startWebhooks(
      { ports: instanceProcesses.ports },
      options.webhookConnections as number,
      webhookReply,
    );
  } else if (options.webhookConnections !== undefined) {
    webhooks = startWebhooks(await listenAll(apps), options.webhookConnections, webhookReply);
  }
  const counters = { whole: countRedis(redis.whole), bare: countRedis(redis.bare) };
  return {
    app,
    apps,
    sandbox,
    telegram,
    redis,
    counters,
    users,
    apiKeys: keys,
    accountIds,
    handle: (side, update) => (side === "whole" ? whole(update) : bare.handleUpdate(update)),
    refillBudgets: () => deleteKeysUnder(redis.whole, `${prefix}whole:inbound:`),
    get connectionMs() {
      return webhooks?.connectionMs;
    },
    heldConnection: (update) => webhooks?.held.get(update),
    memory: (collect) => instanceProcesses?.memory(collect) ?? Promise.resolve(processMemory(collect)),
    cpuMs: () => instanceProcesses?.cpuMs() ?? Promise.resolve(processCpuMs()),
    async close() {
      await webhooks?.close();
      await instanceProcesses?.close();
      if (!processes) await Promise.all(apps.map((instance) => instance.close()));
      for (const client of [redis.whole, redis.bare]) await deleteKeysUnder(client, prefix);
      await Promise.all([redis.whole, redis.bare, ...instanceRedis].map((client) => client.quit()));
      await sandbox.close();
    },
  };
}

/** Each app behind its own webhook server (createHttpServer, production's), listening; their ports. */
async function listenAll(apps: readonly App[]): Promise<{ ports: number[]; close(): Promise<void> }> {
  const servers: Server[] = [];
  for (const instance of apps) {
    const server = createHttpServer({
      bot: instance.bot,
      webhookPath: WEBHOOK_PATH,
      secret: WEBHOOK_SECRET,
      healthy: async () => true,
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
  }
  return {
    ports: servers.map((server) => (server.address() as AddressInfo).port),
    async close() {
      for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The instances in processes of their own. */
interface InstanceProcesses {
  ports: number[];
  memory(collect: boolean): Promise<{ rss: number; heapUsed: number }>;
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Forks `count` instance processes (bench/support/instance-process.ts) with production's heap bounds, each
 * configured by `configEnv` with the stub Telegram served to them over HTTP (and `env`), and waits until each
 * listens.
 */
async function forkInstances(
  count: number,
  telegram: StubTelegram,
  configEnv: Record<string, string>,
  env: Record<string, string>,
): Promise<InstanceProcesses> {
  const front = await serveStubTelegram(telegram);
  const children: ChildProcess[] = [];
  const ports = await Promise.all(
    Array.from({ length: count }, () => {
      const child = fork(new URL("./instance-process.ts", import.meta.url), {
        execArgv: [
          "--no-warnings=ExperimentalWarning",
          "--expose-gc",
          "--max-old-space-size=1024",
          "--max-semi-space-size=16",
        ],
        env: {
          ...process.env,
          ...env,
          BENCH_CONFIG: JSON.stringify({ ...configEnv, TELEGRAM_API_ROOT: front.url }),
        },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      children.push(child);
      return new Promise<number>((resolve, reject) => {
        child.once("message", (m: { type: string; port: number }) => m.type === "ready" && resolve(m.port));
        child.once("exit", (code) => reject(new Error(`an instance process exited with ${code}`)));
      });
    }),
  );
  const ask = <T>(child: ChildProcess, question: { type: "memory"; collect: boolean } | { type: "cpu" }) =>
    new Promise<T>((resolve) => {
      const answer = (m: { type: string } & T) => {
        if (m.type !== question.type) return;
        child.off("message", answer);
        resolve(m);
      };
      child.on("message", answer);
      child.send(question);
    });
  return {
    ports,
    async memory(collect) {
      const each = await Promise.all(
        children.map((child) => ask<{ rss: number; heapUsed: number }>(child, { type: "memory", collect })),
      );
      return {
        rss: each.reduce((sum, m) => sum + m.rss, 0),
        heapUsed: each.reduce((sum, m) => sum + m.heapUsed, 0),
      };
    },
    async cpuMs() {
      const each = await Promise.all(children.map((child) => ask<{ ms: number }>(child, { type: "cpu" })));
      return each.reduce((sum, m) => sum + m.ms, 0);
    },
    async close() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              child.removeAllListeners("exit");
              child.once("exit", () => resolve());
              child.send({ type: "stop" });
            }),
        ),
      );
      await front.close();
    },
  };
}

/** How long each update held a webhook connection (ms), by kind. */
export type ConnectionTimes = Record<"message" | "press" | "inline", number[]>;

const kindOf = (update: Update): keyof ConnectionTimes =>
  update.callback_query ? "press" : update.inline_query ? "inline" : "message";

/**
 * `post`, which posts an update to the next webhook server (of `ports`) in turn over keep-alive
 * connections, handed over as Telegram's delivery does (./webhook-delivery.ts: at most `connections` in
 * flight, one per chat), and settles once that instance has answered.
 */
function startWebhooks(
  servers: { ports: number[]; close?(): Promise<void> },
  connections: number,
  onReply?: (body: string) => void,
) {
  const { ports } = servers;
  const sender = createWebhookSender(WEBHOOK_PATH, WEBHOOK_SECRET);
  let turn = 0;
  const send = async (body: string) => {
    const answer = await sender.post(ports[turn++ % ports.length] as number, body);
    if (answer.status !== 200) throw new Error(`the webhook answered ${answer.status}`);
    if (answer.body !== "") onReply?.(answer.body);
  };
  const connectionMs: ConnectionTimes = { message: [], press: [], inline: [] };
  const held = new WeakMap<Update, number>();
  const delivery = createWebhookDelivery(connections, async (update) => {
    const began = performance.now();
    try {
      await send(JSON.stringify(update));
    } finally {
      const took = performance.now() - began;
      connectionMs[kindOf(update)].push(took);
      held.set(update, took);
    }
  });
  return {
    connectionMs,
    held,
    post: delivery.post,
    async close() {
      sender.close();
      await servers.close?.();
    },
  };
}
