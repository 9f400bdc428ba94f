/**
 * Finds Redis for the demo: the one at REDIS_URL if it answers quickly, else a private `redis-server`
 * on a free port (no persistence, in a temporary directory), stopped again when the demo ends.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectRedis, redisLocation } from "../app.ts";
import { scanKeys } from "../redis/scan.ts";
import { createRedisClient, type RedisClient } from "../redis/url.ts";

/** Neither REDIS_URL answers nor can a private server be started. The message is one printable line. */
export class RedisNeededError extends Error {
  constructor(url: string) {
    super(
      "Redis is needed: install it (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis) " +
        `or set REDIS_URL (nothing answers at ${redisLocation(url)}).`,
    );
    this.name = "RedisNeededError";
  }
}

/** A connected Redis and how to let it go. */
export interface DemoRedis {
  redis: RedisClient;
  url: string;
  /** Set when the demo started its own server because `url` did not answer, for the banner. */
  privateServer?: { port: number; instead: string };
  /** Disconnects and, for a private server, stops it and removes its directory. */
  stop(): Promise<void>;
}

/** Options of {@link findRedis}. */
export interface FindRedisOptions {
  url: string;
  /** The server binary to start when `url` does not answer (a name on PATH or a path). */
  serverBinary: string;
}

const PROBE_TIMEOUT_MS = 1500;
const START_TIMEOUT_MS = 5000;

/** Connects to `url`, or starts a private server; throws {@link RedisNeededError} when neither works. */
export async function findRedis(options: FindRedisOptions): Promise<DemoRedis> {
  if (await answers(options.url)) return connected(options.url, await connectRedis(options.url));
  const server = await startPrivateServer(options.serverBinary);
  if (server === undefined) throw new RedisNeededError(options.url);
  try {
    const redis = await connectRedis(server.url);
    const instead = redisLocation(options.url);
    return { ...connected(server.url, redis, server.stop), privateServer: { port: server.port, instead } };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Deletes every key starting with `prefix` (which must hold no glob characters). */
export async function deleteKeys(redis: RedisClient, prefix: string): Promise<void> {
  // One DEL per key: a DEL of several keys must not span hash slots on a Cluster.
  for await (const keys of scanKeys(redis, { match: `${prefix}*`, count: 500 }))
    await Promise.all(keys.map((key) => redis.del(key)));
}

function connected(url: string, redis: RedisClient, stopServer?: () => Promise<void>): DemoRedis {
  return {
    redis,
    url,
    async stop() {
      await redis.quit().catch(() => redis.disconnect());
      await stopServer?.();
    },
  };
}

/** Whether a PING at `url` succeeds within a short timeout, trying once (connectRedis retries for seconds). */
async function answers(url: string): Promise<boolean> {
  const probe = createRedisClient(url, {
    lazyConnect: true,
    connectTimeout: PROBE_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  probe.on("error", () => undefined); // a refusal is an answer here, not a crash
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

interface PrivateServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Starts `binary` on a free port; undefined when it cannot be run or does not answer in time. */
async function startPrivateServer(binary: string): Promise<PrivateServer | undefined> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), "surge-demo-redis-"));
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"];
  const child = spawn(binary, [...args, "--dir", dir], { cwd: dir, stdio: "ignore" });
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", () => resolve()); // ENOENT: no such binary
  });
  // Never leave the server behind, even when the demo dies without cleaning up.
  const killOnExit = () => child.kill();
  process.once("exit", killOnExit);
  const stop = async () => {
    process.off("exit", killOnExit);
    await terminate(child, exited);
    await rm(dir, { recursive: true, force: true });
  };
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null && child.pid !== undefined) {
    if (await answers(url)) return { url, port, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  return undefined;
}

async function terminate(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await exited;
}

/** A port nothing listens on right now (the OS picks it; the short race with others is acceptable here). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
