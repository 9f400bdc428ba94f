/**
 * One instance of the whole bot in a process of its own (bench:storm --processes, forked by
 * bench/support/world.ts): createApp in webhook mode behind production's HTTP server, as one replica of a
 * deployment runs it, with production's heap bounds (the fork's execArgv). The world configures it through
 * the environment: BENCH_CONFIG (the config's variables, as JSON: the stub Telegram's HTTP root, the
 * sandbox, the vault keys), BENCH_PREFIX (the key prefix every instance shares), BENCH_APP (the app
 * options a benchmark changes: inbound, replyPace, as JSON), REDIS_URL.
 *
 * Says `ready` with its port; answers `memory` with its resident and heap-used bytes (collected first
 * when asked, with --expose-gc) and `cpu` with the CPU time it has used (ms); on `stop`, closes and exits.
 */
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { type AppOptions, createApp } from "../../src/app.ts";
import { createConfig } from "../../src/config.ts";
import { createLogger } from "../../src/logger.ts";
import { createHttpServer } from "../../src/server/http-server.ts";
import { processCpuMs, processMemory } from "./measure.ts";
import { STUB_BOT } from "./stub-telegram.ts";

const env = process.env as Record<string, string>;
const config = createConfig(JSON.parse(env.BENCH_CONFIG as string) as Record<string, string>);
if (config.mode !== "webhook") throw new Error("an instance process runs in webhook mode");
const redis = new Redis(env.REDIS_URL as string);
const extra = JSON.parse(env.BENCH_APP ?? "{}") as Pick<AppOptions, "inbound" | "replyPace">;
const app = createApp({
  config,
  // Production's level, written nowhere: formatting a line costs what it costs in production.
  logger: createLogger({ level: "info", destination: { write: () => undefined } }),
  redis,
  keyPrefix: env.BENCH_PREFIX as string,
  botInfo: STUB_BOT,
  ...extra,
});
const server = createHttpServer({
  bot: app.bot,
  webhookPath: new URL(config.webhookUrl).pathname,
  secret: config.webhookSecret,
  healthy: async () => true,
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
process.send?.({ type: "ready", port: (server.address() as AddressInfo).port });

process.on("message", async (message: { type: string; collect?: boolean }) => {
  if (message.type === "memory") {
    process.send?.({ type: "memory", ...processMemory(message.collect === true) });
    return;
  }
  if (message.type === "cpu") {
    process.send?.({ type: "cpu", ms: processCpuMs() });
    return;
  }
  if (message.type !== "stop") return;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await app.close();
  await redis.quit();
  process.exit(0);
});
