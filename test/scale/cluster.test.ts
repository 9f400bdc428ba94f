/**
 * REDIS_URL naming a Redis Cluster: the whole bot (its own client and BullMQ's) on a real local cluster of
 * three masters with a replica each, started here. A guided trade (session, conversation, the read-ahead
 * script) with its BullMQ follow-up, an alert fired and delivered once, the rate limiter's script, every
 * key under the one hash tag (so no command spans slots), the vault's rotation scanning every master, and
 * the bot going on after its master is killed and a replica takes over.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { connectRedis, RedisUnavailableError } from "../../src/app.ts";
import { createRedisRateLimiter, ExchangeRateLimitedError } from "../../src/exchange/index.ts";
import { scanKeys } from "../../src/redis/scan.ts";
import { appKeyPrefix } from "../../src/redis/url.ts";
import { runRotateCli } from "../../src/vault/rotate-cli.ts";
import { startTestBot } from "../support/bot.ts";
import { freePort } from "../support/process.ts";
import { startPrivateCluster } from "../support/redis-cluster.ts";
import { reportSkip } from "../support/skips.ts";

// A failed node is declared down after 1 s, so a replica takes over within a few seconds.
const started = await startPrivateCluster({ masters: 3, replicas: 1, nodeTimeoutMs: 1000 });
if ("skipped" in started) reportSkip("the Redis Cluster test", started.skipped);

// Generous: follow-ups and alerts run on BullMQ workers on real timers; 10 s leaves room on a loaded machine.
const FOLLOW_UP_MS = 10_000;
// A failover takes the node timeout plus an election (about 2-3 s); 30 s allows for a loaded machine.
const FAILOVER_MS = 30_000;

describe("a Cluster that does not answer", () => {
  it("stops the start at once, naming where it looked but never the password", async () => {
    const port = await freePort();
    const url = `redis+cluster://:pw-canary@127.0.0.1:${port}`;
    const error = await connectRedis(url).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedisUnavailableError);
    expect(String(error)).toContain(`redis+cluster://127.0.0.1:${port}`);
    expect(String(error)).not.toContain("pw-canary");
  });
});

describe.runIf(!("skipped" in started))("the bot on a Redis Cluster", async () => {
  if ("skipped" in started) return;
  const cluster = started;
  const tb = await startTestBot({
    env: { REDIS_URL: cluster.url },
    connectRedis: (logger) => connectRedis(cluster.url, { logger }),
  });
  const admin = cluster.admin(cluster.nodes[0]?.port ?? 0);

  /** Every key on every master of the cluster (the cluster is this file's alone). */
  async function allKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const batch of scanKeys(tb.redis, { match: "*" })) keys.push(...batch);
    return [...new Set(keys)];
  }

  /** Sum over every node of an INFO field such as `errorstat_CROSSSLOT` (0 when absent). */
  async function statOnAllNodes(pattern: RegExp): Promise<number> {
    let total = 0;
    for (const node of cluster.nodes) {
      const info = await cluster
        .admin(node.port)
        .info("all")
        .catch(() => ""); // a killed node has no stats left
      for (const line of info.split("\r\n")) {
        const match = pattern.exec(line);
        if (match) total += Number(match[1]);
      }
    }
    return total;
  }

  it("names the tag once: every key of the app starts with {test:bot:…}:", () => {
    expect(tb.prefix).toMatch(/^\{test:bot:[0-9a-f-]+\}:$/);
    // One server and Sentinel keep the prefix as it was: existing deployments keep their keys.
    expect(appKeyPrefix("redis://127.0.0.1:6379", "test:")).toBe("test:");
    expect(appKeyPrefix("redis://127.0.0.1:6379")).toBe("");
    expect(appKeyPrefix(cluster.url)).toBe("{surge}:");
  });

  it("a guided trade: session, conversation and read-ahead on the cluster, the swap followed by BullMQ", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000" });
    await chat.send("/settings");
    const menu = chat.lastMessage()?.messageId ?? 0;
    const choose = async (language: string) => {
      await chat.press({ messageId: menu, data: "set:lang" });
      await chat.press({ messageId: menu, data: `set:lang:${language}` });
      const session = await tb.redis.get(`${tb.prefix}session:user:${chat.user.id}`);
      expect(JSON.parse(session ?? "{}")).toMatchObject({ language });
    };
    await choose("zh");
    await choose("en");
    await chat.send("/buy");
    await chat.press("BTC");
    await chat.send("100");
    expect(chat.lastMessage()?.plainText).toContain("You spend: $100.00");
    await chat.press("Confirm");
    await chat.waitForOutput((o) => /Swap #\d+ done/.test(o.plainText), FOLLOW_UP_MS);
    expect(await tb.ex.writesOf(account, "/api/private/swaps/")).toBe(1);
    // Every update started with the read-ahead script (several keys in one command): it ran, and no node
    // ever refused a command for spanning slots.
    expect(await statOnAllNodes(/^cmdstat_evalsha:calls=(\d+)/)).toBeGreaterThan(0);
    expect(await statOnAllNodes(/^errorstat_CROSSSLOT:count=(\d+)/)).toBe(0);
    expect(tb.logs.join("")).not.toMatch(/CROSSSLOT|MOVED|ASK /);
  });

  it("an alert fires and arrives once", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    const price = Number((await tb.ex.client().market.ticker()).ETH?.last);
    await chat.send(`/alert ETH above ${(price * 1.01).toFixed(2)}`);
    await chat.press("Confirm");
    expect((await tb.ex.client(account.readWriteKey).priceTriggers.list()).results).toHaveLength(1);
    tb.ex.sb.setPrice("ETH", (price * 1.02).toFixed(2));
    const fired = await chat.waitForOutput((o) => /rose to/.test(o.plainText), FOLLOW_UP_MS);
    expect(fired.plainText).toContain("ETH");
    // The watcher keeps scanning: time for a duplicate to show, if one could.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(chat.transcript().match(/rose to/g) ?? []).toHaveLength(1);
  });

  it("the rate limiter's script counts and refuses on the cluster", async () => {
    const limiter = createRedisRateLimiter({
      redis: tb.redis,
      prefix: `${tb.prefix}ratelimit:`,
      limitsFor: () => ({ read: 2, write: 1 }),
      maxWaitMs: 0,
    });
    await limiter.acquire("acct:cluster-test", "read");
    await limiter.acquire("acct:cluster-test", "read");
    await expect(limiter.acquire("acct:cluster-test", "read")).rejects.toBeInstanceOf(
      ExchangeRateLimitedError,
    );
    await limiter.cooldown("acct:cluster-test", 60_000);
    await expect(limiter.acquire("acct:cluster-test", "write")).rejects.toBeInstanceOf(
      ExchangeRateLimitedError,
    );
  });

  it("the price history writes its script and reads its pipelines on the cluster", async () => {
    const history = tb.app.deps.priceHistory;
    const at = Date.UTC(2026, 10, 20, 3, 0, 0);
    const ticker = { BTC: { buy: "100", sell: "100" }, ETH: { buy: "10", sell: "10" } };
    await history.record(ticker, at - 24 * 3600_000);
    await history.record(ticker, at);
    const read = await history.seriesMany(["BTC", "ETH"], at - 24 * 3600_000, at, "5m");
    expect(read.get("BTC")?.map((point) => point.mid)).toEqual([100, 100]);
    expect(read.get("ETH")).toHaveLength(2);
    const changes = await history.dayChange({ BTC: { buy: "110", sell: "110" } }, at);
    expect(changes.get("BTC")).toBe("10");
  });

  it("every key the bot wrote (its own and BullMQ's) is under the tag, in one slot on one master", async () => {
    const keys = await allKeys();
    const kinds = ["session:", "vault:", "ratelimit:", "alerts:", "price-history:", "bull:"];
    for (const kind of kinds)
      expect(
        keys.some((key) => key.startsWith(`${tb.prefix}${kind}`)),
        kind,
      ).toBe(true);
    expect(keys.filter((key) => !key.startsWith(tb.prefix))).toEqual([]);
    const slots = new Set(await Promise.all(keys.map((key) => admin.cluster("KEYSLOT", key))));
    expect(slots.size).toBe(1);
  });

  it("vault rotation finds every user's record (SCAN on every master)", async () => {
    const k2 = `k2:${randomBytes(32).toString("base64")}`;
    const lines: string[] = [];
    const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const env = { REDIS_URL: cluster.url, VAULT_KEYS: `${k2},${tb.vaultKeys}` };
    // The two traders connected above.
    expect(await runRotateCli(env, { out, prefix: `${tb.prefix}vault:` })).toBe(0);
    expect(lines).toEqual(["rotated 2, already current 0, failed 0"]);
  });

  it(
    "goes on after the master holding the tag is killed and its replica takes over",
    async () => {
      const slot = Number(await admin.cluster("KEYSLOT", tb.prefix));
      const owner = (await admin.cluster("SHARDS")) as unknown[];
      const port = masterPortOf(owner, slot);
      const victim = cluster.nodes.find((node) => node.port === port);
      if (victim === undefined) throw new Error(`no node serves slot ${slot}`);
      await victim.kill();
      const survivor = cluster.admin(cluster.nodes.find((node) => node !== victim)?.port ?? 0);
      const deadline = Date.now() + FAILOVER_MS;
      for (;;) {
        const shards = (await survivor.cluster("SHARDS")) as unknown[];
        const info = String(await survivor.cluster("INFO"));
        const now = masterPortOf(shards, slot, true);
        if (now !== undefined && now !== port && info.includes("cluster_state:ok")) break;
        if (Date.now() > deadline) throw new Error("no replica took over");
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // The bot's client and BullMQ's find the new master by themselves: a trade and its follow-up again.
      const { chat, account } = await tb.trader({ AUD: "1000" });
      await chat.send("/buy BTC 50");
      await chat.press("Confirm");
      await chat.waitForOutput((o) => /Swap #\d+ done/.test(o.plainText), FOLLOW_UP_MS);
      expect(await tb.ex.writesOf(account, "/api/private/swaps/")).toBe(1);
    },
    FAILOVER_MS + 2 * FOLLOW_UP_MS,
  );
});

/**
 * The port of the master serving `slot`, from CLUSTER SHARDS (a flat [name, value, …] reply per shard);
 * with `onlineOnly`, only a master whose health is "online".
 */
function masterPortOf(shards: unknown[], slot: number, onlineOnly = false): number | undefined {
  for (const shard of shards) {
    const fields = pairs(shard as unknown[]);
    const ranges = fields.slots as number[];
    let serves = false;
    for (let i = 0; i < ranges.length; i += 2)
      if (Number(ranges[i]) <= slot && slot <= Number(ranges[i + 1])) serves = true;
    if (!serves) continue;
    for (const node of fields.nodes as unknown[][]) {
      const n = pairs(node);
      if (n.role === "master" && (!onlineOnly || n.health === "online")) return Number(n.port);
    }
  }
  return undefined;
}

function pairs(flat: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < flat.length; i += 2) out[String(flat[i])] = flat[i + 1];
  return out;
}
