/**
 * REDIS_URL naming a Sentinel group: the URL's forms, and the whole bot (its own client and BullMQ's)
 * running through a real Sentinel started here in front of a private redis-server.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectRedis } from "../../src/app.ts";
import { createConfig, describeConfig } from "../../src/config.ts";
import { parseRedisUrl, redisLocation } from "../../src/redis/url.ts";
import { startTestBot } from "../support/bot.ts";
import { freePort } from "../support/process.ts";
import { startPrivateRedis } from "../support/redis-server.ts";
import { reportSkip } from "../support/skips.ts";

describe("REDIS_URL forms", () => {
  it("reads a Sentinel group with several sentinels, a password and a database", () => {
    expect(parseRedisUrl("redis+sentinel://:s%40cret@10.0.0.1:26379,sentinel-b:26380/primary/2")).toEqual({
      kind: "sentinel",
      sentinels: [
        { host: "10.0.0.1", port: 26379 },
        { host: "sentinel-b", port: 26380 },
      ],
      name: "primary",
      db: 2,
      password: "s@cret",
    });
    expect(redisLocation("redis+sentinel://:s%40cret@10.0.0.1:26379/primary")).toBe(
      "redis+sentinel://10.0.0.1:26379/primary",
    );
  });

  it("reads a Redis Cluster: its nodes, a user and password, TLS", () => {
    expect(parseRedisUrl("redis+cluster://node-a:6379,10.0.0.2:7000,[::1]:7001")).toEqual({
      kind: "cluster",
      nodes: [
        { host: "node-a", port: 6379 },
        { host: "10.0.0.2", port: 7000 },
        { host: "::1", port: 7001 },
      ],
      tls: false,
    });
    expect(parseRedisUrl("rediss+cluster://bot:s%40cret@node-a:6380/")).toEqual({
      kind: "cluster",
      nodes: [{ host: "node-a", port: 6380 }],
      tls: true,
      username: "bot",
      password: "s@cret",
    });
    expect(parseRedisUrl("redis+cluster://:pw@node-a:6379")).toMatchObject({ password: "pw" });
    expect(redisLocation("rediss+cluster://bot:s%40cret@node-a:6380,[::1]:7001")).toBe(
      "rediss+cluster://node-a:6380,[::1]:7001",
    );
    const env = { BOT_TOKEN: "1:x", VAULT_KEYS: `k1:${Buffer.alloc(32).toString("base64")}` };
    const config = createConfig({ ...env, REDIS_URL: "redis+cluster://:pw-canary@node-a:6379,node-b:6379" });
    expect(describeConfig(config).redisUrl).toBe("redis+cluster://:[set]@node-a:6379,node-b:6379");
  });

  it("refuses malformed ones, and the configuration names the variable without echoing it", () => {
    for (const bad of [
      "redis+sentinel://host/primary",
      "redis+sentinel://host:99999/primary",
      "redis+sentinel://host:26379/",
      "redis+cluster://host",
      "redis+cluster://host:6379/0",
      "redis+cluster://host:6379,",
      "redis+cluster://:pw@",
      "redis+cluster://:%E0%A4%A@host:6379",
      "rediss+sentinel://host:26379/primary",
      "http://host:6379",
      "redis://",
    ]) {
      expect(parseRedisUrl(bad), bad).toBeUndefined();
    }
    const env = { BOT_TOKEN: "1:x", VAULT_KEYS: `k1:${Buffer.alloc(32).toString("base64")}` };
    for (const bad of ["redis+sentinel://:pw-canary@host/primary", "redis+cluster://:pw-canary@host/0"]) {
      expect(() => createConfig({ ...env, REDIS_URL: bad })).toThrow(
        /REDIS_URL: expected .*redis\+cluster:\/\//,
      );
      try {
        createConfig({ ...env, REDIS_URL: bad });
      } catch (error) {
        expect(String(error)).not.toContain("pw-canary");
      }
    }
  });
});

const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;
if (!hasRedis)
  reportSkip("the Sentinel test", "no redis-server binary on this machine (apt-get install redis-server)");

describe.runIf(hasRedis)("the bot through a Sentinel group", () => {
  let sentinel: ChildProcess | undefined;
  let dir = "";
  afterAll(async () => {
    sentinel?.kill("SIGKILL");
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("connects to the primary the sentinel names, and a swap is followed to its result through BullMQ", async () => {
    const primary = await startPrivateRedis({ appendOnly: false });
    const port = await freePort();
    dir = await mkdtemp(join(tmpdir(), "surge-sentinel-"));
    const conf = join(dir, "sentinel.conf");
    await writeFile(
      conf,
      [
        `port ${port}`,
        "bind 127.0.0.1",
        `dir ${dir}`,
        `sentinel monitor primary 127.0.0.1 ${primary.port} 1`,
        "sentinel down-after-milliseconds primary 5000",
      ].join("\n"),
    );
    sentinel = spawn("redis-server", [conf, "--sentinel"], { stdio: "ignore" });
    const url = `redis+sentinel://127.0.0.1:${port}/primary`;
    // The sentinel needs a moment to start and learn the primary; 10 s allows for a loaded machine.
    let redis: Awaited<ReturnType<typeof connectRedis>> | undefined;
    const deadline = Date.now() + 10_000;
    while (redis === undefined) {
      redis = await connectRedis(url).catch(() => undefined);
      if (redis === undefined && Date.now() > deadline) throw new Error("the sentinel never answered");
      if (redis === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await redis.quit();

    const tb = await startTestBot({
      env: { REDIS_URL: url },
      connectRedis: (logger) => connectRedis(url, { logger }),
    });
    const { chat, account } = await tb.trader({ AUD: "1000" });
    await chat.send("/buy BTC 50");
    await chat.press("Confirm");
    // Generous: the follow-up is a BullMQ job on real timers; 10 s leaves room on a loaded machine.
    await chat.waitForOutput((o) => /Swap #\d+ done/.test(o.plainText), 10_000);
    expect(await tb.ex.writesOf(account, "/api/private/swaps/")).toBe(1);
    // The bot's keys are on the primary behind the sentinel.
    const probe = await connectRedis(primary.url);
    expect((await probe.keys(`${tb.prefix}*`)).length).toBeGreaterThan(0);
    await probe.quit();
  });
});
