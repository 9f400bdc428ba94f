/**
 * The demo's `:beat`: the demo user is read at once as a heartbeat on which their portfolio alerts are read,
 * so a person sees one fire without waiting the 5 or 10 minutes of the default heartbeat's reading interval.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runDemoCommand } from "../../src/demo/commands.ts";
import { startDemoBot } from "../../src/demo/demo-bot.ts";
import { sandboxMailbox } from "../../src/demo/mail-commands.ts";
import { sandboxMarket } from "../../src/demo/market-commands.ts";
import { startSandbox } from "../../src/sandbox/server.ts";
import { redisWithPrefixes } from "../support/redis-prefixes.ts";

const { redis, prefix: prefixFor } = redisWithPrefixes();
const outputDir = mkdtempSync(join(tmpdir(), "surge-demo-beat-"));
const sandbox = await startSandbox();
const bot = await startDemoBot({
  redis,
  redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
  sandbox,
  keyPrefix: prefixFor("demo-beat"),
  logFile: join(outputDir, "bot.log"),
  env: { DEFAULT_TIMEZONE: "Australia/Sydney" },
});
afterAll(async () => {
  bot.chat.close();
  await bot.app.close();
  await sandbox.close();
  rmSync(outputDir, { recursive: true, force: true });
});

const run = (line: string) =>
  runDemoCommand(line, {
    market: sandboxMarket(sandbox),
    mailbox: sandboxMailbox(sandbox.url, sandbox.demo.accountId),
    beat: bot.beat,
  });

/** Waits until the demo user's one portfolio alert is armed (its first reading found it not past). */
async function armed(): Promise<void> {
  for (let i = 0; i < 160; i++) {
    const [alert] = await bot.app.deps.portfolioAlerts.list(4242);
    if (alert?.state.phase === "armed") return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the alert was not armed by the beat");
}

describe("demo :beat", () => {
  it("without a portfolio alert it says how to make one and reads nothing", async () => {
    expect(await run(":beat")).toContain("No portfolio alert to read");
  });

  it("arms a new alert on the first beat, then fires it on the beat after the market moved", async () => {
    // A million AUD: far above the demo account (10,000 AUD and some crypto), so the first reading arms it.
    const created = await bot.app.deps.portfolioAlerts.create(
      4242,
      { kind: "portfolio_value", direction: "above", level: "1000000" },
      Date.now(),
    );
    expect("alert" in created).toBe(true);
    expect(await run(":beat")).toContain("1 portfolio alert(s) checked");
    await armed();
    expect(bot.chat.transcript()).not.toContain("1,000,000");
    // Bitcoin at 25 million AUD: the 0.05 BTC alone is worth 1.25 million.
    await run(":move BTC 25000000");
    await run(":beat");
    const fired = await bot.chat.waitForOutput((o) => o.plainText.includes("1,000,000"), 8000);
    expect(fired.plainText).toContain("Watched by this bot");
  });
});
