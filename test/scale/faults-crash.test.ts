/**
 * Fault injection, a crash: the process following a swap is killed with SIGKILL after the swap was placed
 * and while its result is being sent (the child's send hangs, so nothing reached the user). A new
 * instance takes the follow-up over once the dead one's job lock (1 s here) runs out and delivers the
 * result exactly once. Prints its figure.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { createSwapWatcher, type SwapUpdate } from "../../src/services/swaps/watcher.ts";
import { placeSwap, startTestExchange } from "../support/exchange.ts";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const ex = await startTestExchange();
const redis = new Redis(REDIS_URL);
const prefix = `test:faults-crash:${randomUUID()}:`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, ms: number, what: string): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`${what} did not happen within ${ms} ms`);
    await sleep(20);
  }
}

describe("SIGKILL during a swap follow-up", () => {
  it("the result is delivered exactly once by the instance that takes over", async () => {
    const account = ex.account({ AUD: "1000" });
    const client = ex.client(account.readWriteKey);
    const swap = await placeSwap(client, "AUD", "BTC", "100");
    const userId = 4_200_000 + Math.floor(Math.random() * 100_000);
    const child = spawn(process.execPath, ["--no-warnings", "test/support/swap-watcher-process.ts"], {
      env: {
        ...process.env,
        REDIS_URL,
        SANDBOX_URL: ex.url,
        ACCOUNT_KEY: account.readWriteKey,
        USER_ID: String(userId),
        SWAP_ID: String(swap.id),
        BULL_PREFIX: `${prefix}bull`,
      },
    }) as ChildProcessWithoutNullStreams;
    const lines: string[] = [];
    child.stdout.on("data", (chunk: Buffer) => lines.push(...String(chunk).split("\n").filter(Boolean)));
    const delivered: SwapUpdate[] = [];
    let survivor: ReturnType<typeof createSwapWatcher> | undefined;
    try {
      // Generous: the child loads TypeScript and connects on a machine other test files share.
      await until(() => lines.includes(`SENDING ${swap.id}`), 30_000, "the child's send");
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
      const killedAt = Date.now();
      survivor = createSwapWatcher({
        redisUrl: REDIS_URL,
        redis,
        prefix: `${prefix}bull`,
        clientFor: async (id) => (id === userId ? client : undefined),
        notify: async (_target, update) => {
          delivered.push(update);
        },
        logger: pino({ level: "silent" }),
        pollIntervalMs: 50,
        fastWindowMs: 5000,
        lockDurationMs: 1000,
      });
      // The dead lock (1 s) runs out and the stalled check (every 1 s) hands the job over: 15 s is generous.
      await until(() => delivered.some((u) => u.kind === "settled"), 15_000, "the survivor's delivery");
      const tookOverMs = Date.now() - killedAt;
      // Long enough for a second run (another stalled check) to show up if there were one.
      await sleep(2500);
      const results = delivered.filter((u) => u.kind === "settled");
      console.log(
        `[figure] SIGKILL during a swap result's send: delivered ${results.length} time(s) by the new instance ${tookOverMs} ms after the kill (job lock 1 s)`,
      );
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({ kind: "settled", swap: { id: swap.id } });
      expect((await client.swaps.list()).results).toHaveLength(1);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await survivor?.close();
    }
  }, 60_000);
});
