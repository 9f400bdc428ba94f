/**
 * A private `redis-server` on a free port for tests that stop and restart Redis (never the shared one).
 * With `appendOnly` every write is fsynced to an AOF in a temporary directory, so a restart keeps the
 * data; without it nothing is persisted and a restart starts empty. Stopped and removed after the file.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll } from "vitest";
import { freePort } from "./process.ts";

/** A private Redis that can be stopped and started again on the same port. */
export interface PrivateRedis {
  url: string;
  port: number;
  /** Kills the server at once (SIGKILL: no save, no goodbye to clients) and waits until it is gone. */
  stop(): Promise<void>;
  /** Stops the server gracefully (the SHUTDOWN command: the AOF is flushed, clients are closed) and waits until it is gone. */
  shutdown(): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  start(): Promise<void>;
}

// Starting redis-server takes milliseconds; 10 s allows for a loaded 2-core machine.
const START_TIMEOUT_MS = 10_000;

/** Every server started in this test file, with its directory: stopped and removed after the file. */
const started: { server: PrivateRedis; dir: string }[] = [];
// Registered when the test file imports this module, so that it runs whether a server was started at the
// top of the file or inside a test (a hook registered while a test runs is never called).
afterAll(async () => {
  for (const { server, dir } of started.splice(0)) {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
});

/** Starts a private server; it is killed and its directory removed after the test file. */
export async function startPrivateRedis(options: { appendOnly: boolean }): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), "surge-test-redis-"));
  const persistence = options.appendOnly
    ? ["--appendonly", "yes", "--appendfsync", "always"]
    : ["--appendonly", "no"];
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", ...persistence, "--dir", dir];
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const server: PrivateRedis = {
    url,
    port,
    async stop() {
      if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGKILL");
      await exited;
    },
    async shutdown() {
      if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
      const admin = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
      admin.on("error", () => undefined);
      // The server closes the connection instead of answering: the command's rejection is expected.
      await admin.call("SHUTDOWN").catch(() => undefined);
      admin.disconnect();
      await exited;
    },
    async start() {
      const started = spawn("redis-server", args, { cwd: dir, stdio: "ignore" });
      child = started;
      exited = new Promise((resolve) => started.once("exit", () => resolve()));
      const deadline = Date.now() + START_TIMEOUT_MS;
      while (Date.now() < deadline) {
        if (await answers(url)) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`redis-server on port ${port} did not answer within ${START_TIMEOUT_MS} ms`);
    },
  };
  started.push({ server, dir });
  await server.start();
  return server;
}

/** Whether the Redis at `url` answers one PING (no retries). */
export async function answers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  probe.on("error", () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
