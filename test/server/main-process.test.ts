/**
 * The real entry point as a process: `src/main.ts` in polling mode against a Bot API server (the fake
 * Telegram behind a local HTTP server) and the sandbox exchange. It sets the command menu, answers an
 * update received by long polling, and stops cleanly on SIGTERM. A bad environment stops it at once.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { FakeTelegram } from "../../src/telegram-fake/index.ts";
import { startTestExchange } from "../support/exchange.ts";
import { serveFake } from "../support/process.ts";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
// Starting Node and the app on a loaded 2-core machine can take seconds; 30 s bounds keep this robust.
const BOUND_MS = 30_000;

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

describe("the bot process", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("polls, answers, and stops gracefully on SIGTERM", async () => {
    const ex = await startTestExchange();
    const fake = new FakeTelegram();
    const { server, url } = await serveFake(fake);
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const db = 15; // its own database, flushed afterwards: the process writes keys without a test prefix
    const redis = new Redis(`${REDIS_URL}/${db}`);
    cleanups.push(async () => {
      await redis.flushdb();
      await redis.quit();
    });
    await redis.flushdb();

    const child = spawn(process.execPath, ["--no-warnings=ExperimentalWarning", "src/main.ts"], {
      env: {
        ...process.env,
        BOT_TOKEN: fake.token,
        TELEGRAM_API_ROOT: url,
        EXCHANGE_BASE_URL: ex.url,
        REDIS_URL: `${REDIS_URL}/${db}`,
        VAULT_KEYS: `k1:${randomBytes(32).toString("base64")}`,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (d) => {
      output += String(d);
    });
    child.stderr?.on("data", (d) => {
      output += String(d);
    });
    const exited = exitOf(child);
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill("SIGKILL");
    });

    const { user, chat } = fake.privateChat(Number.parseInt(randomUUID().slice(0, 6), 16) + 1, {
      firstName: "Pat",
    });
    fake.push(fake.userText(user, chat, "/help"));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no reply within the bound; output:\n${output}`)),
        BOUND_MS,
      );
      const poll = setInterval(() => {
        if (
          fake
            .callsTo("sendMessage")
            .some((c) => String((c.payload as { text?: string }).text).includes("/balance"))
        ) {
          clearInterval(poll);
          clearTimeout(timer);
          resolve();
        }
      }, 50);
    });
    // Inline queries are asked for (allowed_updates), so `@bot btc` in any chat gets its card.
    fake.push(fake.inlineQuery(user, "btc"));
    const inlineDeadline = Date.now() + BOUND_MS;
    while (fake.callsTo("answerInlineQuery").length === 0 && Date.now() < inlineDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cards = fake.lastCall("answerInlineQuery")?.payload.results as { id: string }[] | undefined;
    expect(cards?.map((card) => card.id)).toEqual(["BTC"]);
    expect(fake.lastCall("getUpdates")?.payload.allowed_updates).toContain("edited_message");
    expect(fake.commands().map((c) => c.command)).toContain("balance");
    expect(fake.commands(undefined, "zh").length).toBeGreaterThan(0);

    child.kill("SIGTERM");
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r("timeout"), BOUND_MS))]);
    expect(code).toBe(0);
    expect(output).not.toContain(fake.token);
  });

  it("a bad environment stops the start with a message naming the variable", async () => {
    const child = spawn(process.execPath, ["--no-warnings=ExperimentalWarning", "src/main.ts"], {
      env: { PATH: process.env.PATH, BOT_TOKEN: "not-a-token", VAULT_KEYS: "k1:short" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (d) => {
      stderr += String(d);
    });
    expect(await exitOf(child)).toBe(2);
    expect(stderr).toContain("BOT_TOKEN");
    expect(stderr).toContain("VAULT_KEYS");
    expect(stderr).not.toContain("not-a-token");
  });
});
