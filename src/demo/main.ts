/**
 * `npm run demo`: the real bot in a terminal chat, against the sandbox exchange and an in-process fake
 * Telegram. Needs only Redis (REDIS_URL, else a private `redis-server` if one is installed). Everything it
 * starts is stopped on exit (/quit, Ctrl-D, Ctrl-C, SIGTERM, or the terminal closing: SIGHUP) and the
 * run's Redis keys are deleted.
 *
 * Environment: REDIS_URL, DEFAULT_TIMEZONE, LOG_LEVEL (default warn, into the log file), NO_COLOR,
 * DEMO_OUTPUT_DIR (default demo-output), DEMO_REDIS_SERVER (the binary to start, default redis-server).
 */
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { RedisUnavailableError } from "../app.ts";
import { ConfigError } from "../config.ts";
import { appKeyPrefix } from "../redis/url.ts";
import { type SandboxHandle, startSandbox } from "../sandbox/server.ts";
import { createPriceHistory } from "../services/market/price-history.ts";
import { DEMO_HELP, runDemoCommand } from "./commands.ts";
import { startDemoBot } from "./demo-bot.ts";
import { displayPath } from "./files.ts";
import { sandboxMailbox } from "./mail-commands.ts";
import { sandboxMarket } from "./market-commands.ts";
import { createStyle, type Style } from "./output.ts";
import { type DemoRedis, deleteKeys, findRedis, RedisNeededError } from "./redis.ts";
import { type ChatSession, startChat } from "./terminal.ts";

const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";
// After Ctrl-C, the line being handled gets this long to finish before everything is torn down.
const SETTLE_MS = 2000;
// The swap watcher finishes a running follow-up before it closes: at most its ten-second fast window.
const APP_CLOSE_MS = 15_000;

async function main(): Promise<number> {
  const env = process.env;
  const style = createStyle(process.stdout.isTTY === true && !env.NO_COLOR);
  const interactive = process.stdin.isTTY === true && process.stdout.isTTY === true;
  const outputDir = resolve(env.DEMO_OUTPUT_DIR || "demo-output");
  // Undone in reverse order: the chat, the app's background work, the sandbox, the run's keys, then Redis.
  const cleanups: (() => Promise<void>)[] = [];
  let session: ChatSession | undefined;
  let interrupted = false;
  const stop = () => {
    interrupted = true;
    session?.interrupt();
  };
  // The first Ctrl-C stops cleanly; a second one does not wait for that (a private Redis dies with us).
  const onSignal = () => (interrupted ? process.exit(130) : stop());
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  // The terminal was closed: stop the same way, so the run's Redis keys are still deleted.
  process.on("SIGHUP", onSignal);
  // Output piped into something that quit (`| head`): nobody is reading, so stop.
  process.stdout.on("error", stop);
  // Nothing the bot does may end the demo: report stray failures and keep going.
  const report = (error: unknown) => {
    const line = style.red(`  Unexpected error: ${(error as Error)?.stack ?? String(error)}`);
    if (session) session.print(line);
    else process.stderr.write(`${line}\n`);
  };
  process.on("uncaughtException", report);
  process.on("unhandledRejection", report);

  try {
    const found = await findRedis({
      url: env.REDIS_URL || DEFAULT_REDIS_URL,
      serverBinary: env.DEMO_REDIS_SERVER || "redis-server",
    });
    cleanups.push(found.stop);
    // The prefix the app will use (tagged on a Cluster), so the cleanup deletes exactly its keys.
    const keyPrefix = appKeyPrefix(found.url, `demo:${randomBytes(4).toString("hex")}:`);
    cleanups.push(() => deleteKeys(found.redis, keyPrefix));
    const sandbox = await startSandbox({ control: true, walk: true, swapSettleMs: 1500 });
    cleanups.push(() => sandbox.close());
    const logFile = join(outputDir, "bot.log");
    const bot = await startDemoBot({
      redis: found.redis,
      redisUrl: found.url,
      sandbox,
      keyPrefix,
      logFile,
      env,
    });
    cleanups.push(async () => {
      bot.chat.close();
      await Promise.race([bot.app.close(), sleep(APP_CLOSE_MS)]);
    });
    if (interrupted) return 0;
    // `:seed` writes past minutes into the bot's history through an instance of its own.
    const seedHistory = createPriceHistory({ redis: found.redis, prefix: `${keyPrefix}price-history:` });

    process.stdout.write(banner({ style, sandbox, redis: found, keyPrefix, outputDir, logFile }));
    session = startChat({
      driver: bot.chat,
      input: process.stdin,
      output: process.stdout,
      interactive,
      style,
      outputDir,
      command: (line) =>
        runDemoCommand(line, {
          market: sandboxMarket(sandbox, {
            record: (ticker, at) => seedHistory.record(ticker, at),
            reload: () => bot.app.marketWatch.reload(),
            now: Date.now,
          }),
          mailbox: sandboxMailbox(sandbox.url, sandbox.demo.accountId),
          beat: bot.beat,
        }),
    });
    const chat = session;
    cleanups.push(async () => {
      await chat.settle(SETTLE_MS);
      chat.close();
    });
    await chat.finished;
    return 0;
  } catch (error) {
    const known =
      error instanceof RedisNeededError ||
      error instanceof RedisUnavailableError ||
      error instanceof ConfigError;
    process.stderr.write(
      `${known ? error.message : `The demo could not start: ${(error as Error)?.stack}`}\n`,
    );
    return 1;
  } finally {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => report(error));
    }
    session = undefined;
    if (cleanups.length > 0) process.stdout.write(style.dim("Demo stopped; its Redis keys are deleted.\n"));
  }
}

interface BannerParts {
  style: Style;
  sandbox: SandboxHandle;
  redis: DemoRedis;
  keyPrefix: string;
  outputDir: string;
  logFile: string;
}

/** What is running and what to try. The keys are the sandbox's own, not secrets. */
function banner(parts: BannerParts): string {
  const { style, sandbox, redis, keyPrefix } = parts;
  const { demo } = sandbox;
  const own = redis.privateServer;
  const where =
    own === undefined
      ? redis.url
      : `a private redis-server on port ${own.port} (nothing answered at ${own.instead})`;
  const row = (label: string, text: string) => `  ${style.dim(label.padEnd(9))} ${text}`;
  return [
    "",
    style.bold("Surge bot demo: the real bot, a simulated exchange, and you chatting with it here."),
    "",
    row("Exchange", `sandbox at ${sandbox.url} (prices move every second)`),
    row(
      "Account",
      `sandbox account #${demo.accountId} is connected with its read-write key ${demo.readWriteKey}`,
    ),
    row("", `read-only key ${demo.readOnlyKey}: try /connect with it`),
    row("2FA code", `${demo.totp} (the sandbox's authenticator: /withdraw asks for it)`),
    row("Redis", `${where}, keys under ${keyPrefix} (deleted on exit)`),
    row(
      "Files",
      `documents the bot sends go to ${displayPath(parts.outputDir)}/, logs to ${displayPath(parts.logFile)}`,
    ),
    "",
    `Try ${["/balance", "/price BTC ETH", "/buy BTC 100", "/settings"].map((c) => style.cyan(c)).join(", ")} or ${style.cyan("/help")},`,
    `or just type: ${["btc", "buy 50 aud of eth", "yes", "比特币价格", "tell me when sol goes under 200"].map((c) => style.cyan(c)).join(", ")}.`,
    `Type ${style.cyan("#N")} to press button N of the newest message with buttons; ${style.cyan("/quit")} or Ctrl-D leaves.`,
    `Lines starting with ":" go to the sandbox: move the market to make a price alert fire, and read the`,
    `emails the exchange would send (an address, or a withdrawal to a new one, is confirmed by their link):`,
    ...DEMO_HELP.split("\n").map((line) => `  ${style.cyan(line)}`),
    "",
  ].join("\n");
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

const code = await main();
// Everything is stopped, but ioredis keeps a timer for ~2 s after a refused connection: exit once the
// output has been flushed rather than wait for it.
process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
