/**
 * `npm run demo` end to end: the demo runs as a child process with stdin piped, as a person would pipe a
 * script into it, against the real Redis (REDIS_URL or the local default).
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { reportSkip } from "../support/skips.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
// Generous on purpose: start-up (Redis, sandbox, bot) takes about a second, a swap settles in two and the
// grace period after stdin ends adds a few more, but a loaded CI machine can be many times slower. A
// hang still fails.
const EXIT_BOUND_MS = 60_000;
const outputDir = mkdtempSync(join(tmpdir(), "surge-demo-test-"));

afterAll(() => rmSync(outputDir, { recursive: true, force: true }));

/** A demo process and what it printed so far. */
interface Demo {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code; rejects after {@link EXIT_BOUND_MS}. */
  exit: Promise<number | null>;
}

function startDemo(env: Record<string, string> = {}): Demo {
  const child = spawn(process.execPath, ["--no-warnings=ExperimentalWarning", "src/demo/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, REDIS_URL, NO_COLOR: "1", DEMO_OUTPUT_DIR: outputDir, ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the demo did not exit within ${EXIT_BOUND_MS} ms:\n${stdout}\n${stderr}`));
    }, EXIT_BOUND_MS);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

/** Waits until the demo has printed `text` (after `from`, an index into stdout). */
async function printed(demo: Demo, text: string, from = 0, timeoutMs = 20_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const at = demo.stdout().indexOf(text, from);
    if (at >= 0) return at + text.length;
    if (Date.now() > deadline || demo.child.exitCode !== null) {
      throw new Error(`the demo never printed "${text}":\n${demo.stdout()}\n${demo.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A local port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 1));
    });
  });
}

describe("npm run demo", () => {
  it("chats through piped stdin, then stops and deletes its Redis keys", { timeout: 90_000 }, async () => {
    const redis = new Redis(REDIS_URL);
    try {
      const demo = startDemo();
      // The banner is printed once everything is up; start-up may be slow on a loaded machine.
      await printed(demo, "Ctrl-D leaves", 0, 30_000);
      demo.child.stdin.write("/balance\n");
      const balance = await printed(demo, "Total value");
      const prefix = /keys under (demo:[0-9a-f]+:)/.exec(demo.stdout())?.[1];
      expect(prefix).toBeDefined();
      expect(await redis.keys(`${prefix}*`)).not.toEqual([]);
      // Refresh shows "Updated HH:MM:SS": a press within the same second would change nothing to see.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      demo.child.stdin.write("#1\n");
      const edited = await printed(demo, "(edited #", balance);
      await printed(demo, "Updated", edited);
      // Confirm on the quote: the swap settles after the handler returned, while the demo waits for
      // background outputs before it exits.
      demo.child.stdin.end("/price BTC\n/settings\n/buy BTC 100\n#1\n");

      expect(await demo.exit).toBe(0);
      const out = demo.stdout();
      expect(out).toContain("pressed [Refresh]");
      expect(out).toMatch(/BTC Bitcoin: buy \$[\d,.]+ · sell \$[\d,.]+/);
      expect(out).toMatch(/Settings[\s\S]*\[1\] Language {2}\[2\] Time zone {2}\[3\] Alerts/);
      expect(out.indexOf("you › /settings")).toBeGreaterThan(out.indexOf("you › /price BTC"));
      expect(out).toMatch(/pressed \[Confirm\][\s\S]*✅ Swap #\d+ done/);
      expect(demo.stderr()).toBe("");
      expect(await redis.keys(`${prefix}*`)).toEqual([]);
    } finally {
      await redis.quit();
    }
  });

  it("without Redis and without redis-server: one line saying how to get it, exit 1", async () => {
    const demo = startDemo({
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
      DEMO_REDIS_SERVER: join(outputDir, "no-such-redis-server"),
    });
    demo.child.stdin.end();
    expect(await demo.exit).toBe(1);
    expect(demo.stdout()).toBe("");
    const lines = demo.stderr().trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Redis is needed: install it .*apt-get install redis-server.*or set REDIS_URL/);
  });

  const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;
  if (!hasRedisServer)
    reportSkip("the demo's private redis-server test", "no redis-server binary on this machine");
  it.skipIf(!hasRedisServer)(
    "when REDIS_URL does not answer, starts a private redis-server and stops it on exit",
    { timeout: 90_000 },
    async () => {
      const demo = startDemo({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
      demo.child.stdin.end("/price ETH\n");
      expect(await demo.exit).toBe(0);
      const port = /private redis-server on port (\d+)/.exec(demo.stdout())?.[1];
      expect(port).toBeDefined();
      expect(demo.stdout()).toMatch(/ETH Ethereum: buy/);
      const probe = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, retryStrategy: () => null });
      probe.on("error", () => undefined);
      await expect(probe.connect()).rejects.toThrow();
      probe.disconnect();
    },
  );
});
