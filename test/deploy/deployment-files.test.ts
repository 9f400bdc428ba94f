/**
 * The deployment files agree with each other and with the code, read as text (no Docker here):
 * docker-compose.yml pins the container's port, checks the bot's health with a command that really works,
 * and bounds Redis's memory; docker-compose.sentinel.yml's sentinels watch the primary the bot's REDIS_URL
 * names, with a configuration this machine's redis-sentinel accepts; the Dockerfile listens where compose
 * maps; .env.example and the README's table list every variable src/config.ts reads, without a real
 * secret. (.ci/production-image.mjs replays the Dockerfile itself.)
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "../../src/config.ts";
import { parseRedisUrl } from "../../src/redis/url.ts";
import { freePort } from "../support/process.ts";
import { startPrivateRedis } from "../support/redis-server.ts";
import { reportSkip } from "../support/skips.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, "utf8");
const compose = read("docker-compose.yml");
const sentinelCompose = read("docker-compose.sentinel.yml");
const dockerfile = read("Dockerfile");
const envExample = read(".env.example");

/** The lines under the line `header` of a YAML text, up to the next line indented as little. */
function blockUnder(file: string, header: string): string {
  const lines = file.split("\n");
  const at = lines.indexOf(header);
  if (at < 0) throw new Error(`no "${header.trim()}" in the compose file`);
  const indent = header.length - header.trimStart().length;
  const body: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (line.trim() !== "" && line.length - line.trimStart().length <= indent) break;
    body.push(line);
  }
  return `${body.join("\n")}\n`;
}

/** The block of a service in docker-compose.yml (its indented lines). */
function service(name: string): string {
  return blockUnder(compose, `  ${name}:`);
}

/** A YAML block list under `key:` in `block` (items "- value", quotes removed). */
function list(block: string, key: string): string[] {
  const match = new RegExp(`^( +)${key}:\\n((?:\\1  - .*\\n)+)`, "m").exec(block);
  if (!match?.[2]) throw new Error(`no list ${key}`);
  return match[2].split("\n").flatMap((line) => {
    const item = /^\s+- (.*)$/.exec(line)?.[1];
    return item === undefined ? [] : [item.startsWith('"') ? JSON.parse(item) : item];
  });
}

const bot = service("bot");
const redis = service("redis");

describe("docker-compose.yml", () => {
  it("maps the host's PORT onto a fixed container port, which the bot is told to listen on", () => {
    expect(list(bot, "ports")).toEqual([expect.stringMatching(/^\$\{PORT:-8080\}:8080$/)]);
    // environment: wins over env_file, so PORT in .env cannot move the container's side.
    expect(bot).toMatch(/^ {4}environment:\n(?: {6}.*\n)*? {6}PORT: "8080"$/m);
    expect(dockerfile).toMatch(/^ENV PORT=8080$/m);
    expect(dockerfile).toMatch(/^EXPOSE 8080$/m);
  });

  it("bounds Redis's memory; it never evicts and keeps an append-only file", () => {
    const command = list(redis, "command");
    expect(command[0]).toBe("redis-server");
    const option = (name: string) => command[command.indexOf(name) + 1];
    expect(option("--maxmemory")).toMatch(/^(\$\{REDIS_MAXMEMORY:-)?\d+[kmg]b\}?$/);
    expect(option("--maxmemory-policy")).toBe("noeviction");
    expect(option("--appendonly")).toBe("yes");
    expect(envExample).toMatch(/^# REDIS_MAXMEMORY=\d+[kmg]b$/m);
  });

  describe("the bot's health check", () => {
    // Read in the tests, so a compose file without it fails them rather than the whole file.
    const test = () => list(bot, "test");
    let answer = 200;
    const server: Server = createServer((req, res) => {
      res.writeHead(req.url === "/healthz" ? answer : 404).end();
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    /** The healthcheck's exit code against the fake bot (or a port nothing listens on). */
    async function probe(port: number): Promise<number | null> {
      const child = spawn(process.execPath, ["-e", test()[3] ?? ""], {
        env: { PATH: process.env.PATH ?? "", PORT: String(port) },
        stdio: "ignore",
      });
      return new Promise((resolve) => child.once("exit", resolve));
    }

    it("runs node in the container (the slim image has no curl), with nothing compose would interpolate", () => {
      const [cmd, node, flag, script] = test();
      expect([cmd, node, flag]).toEqual(["CMD", "node", "-e"]);
      expect(script).toContain("/healthz");
      expect(script).not.toContain("$");
      expect(bot).toMatch(/^ {6}interval: \d+s$/m);
      expect(bot).toMatch(/^ {6}start_period: \d+s$/m);
    });

    it("passes on 200 and fails on 503 or when nothing listens", async () => {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const port = (server.address() as AddressInfo).port;
      answer = 200;
      expect(await probe(port)).toBe(0);
      answer = 503;
      expect(await probe(port)).toBe(1);
      const closed = await new Promise<number>((resolve) => {
        const spare = createServer().listen(0, "127.0.0.1", () => {
          const free = (spare.address() as AddressInfo).port;
          spare.close(() => resolve(free));
        });
      });
      expect(await probe(closed)).toBe(1);
    });
  });
});

describe("the V8 heap bounds", () => {
  it("are the same in the image, in npm start and for bench:alerts' instances", () => {
    const options = /^ENV NODE_OPTIONS="(.+)"$/m.exec(dockerfile)?.[1]?.split(" ") ?? [];
    expect(options.map((flag) => flag.replace(/=\d+$/, ""))).toEqual([
      "--max-old-space-size",
      "--max-semi-space-size",
    ]);
    const start = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts.start;
    const bench = read("bench/alerts.ts");
    for (const flag of options) {
      expect(start?.split(" ")).toContain(flag);
      expect(bench).toContain(`"${flag}"`);
    }
  });
});

describe("docker-compose.sentinel.yml", () => {
  const conf = /<<'CONF'\n([\s\S]*?)\n\s*CONF\n/.exec(sentinelCompose)?.[1]?.replace(/^ +/gm, "") ?? "";
  const sentinels = [...sentinelCompose.matchAll(/^ {2}(sentinel-\d+):\n {4}<<: \*sentinel$/gm)].map(
    (m) => m[1],
  );
  const replicas = [...sentinelCompose.matchAll(/^ {2}(redis-replica-\d+):\n {4}<<: \*replica$/gm)].map(
    (m) => m[1] ?? "",
  );
  const monitor = /^sentinel monitor (\S+) (\S+) (\d+) (\d+)$/m.exec(conf);

  it("the bot asks every sentinel for the primary they watch, which is compose's own Redis", () => {
    const botBlock = blockUnder(sentinelCompose, "  bot:");
    const target = parseRedisUrl(/REDIS_URL: (\S+)/.exec(botBlock)?.[1] ?? "");
    expect(sentinels.length).toBeGreaterThanOrEqual(3);
    expect(target).toMatchObject({ kind: "sentinel", name: monitor?.[1] });
    const port = Number(/^port (\d+)$/m.exec(conf)?.[1]);
    expect(target?.kind === "sentinel" ? target.sentinels : []).toEqual(
      sentinels.map((host) => ({ host, port })),
    );
    for (const name of sentinels) {
      expect(botBlock).toMatch(new RegExp(`^ {6}${name}:\\n {8}condition: service_healthy$`, "m"));
    }
    // The primary is docker-compose.yml's redis service, and a majority of sentinels must agree.
    expect(monitor?.slice(2, 3)).toEqual(["redis"]);
    expect(service("redis")).toContain("redis-server");
    expect(monitor?.[3]).toBe("6379");
    const quorum = Number(monitor?.[4]);
    expect(quorum * 2).toBeGreaterThan(sentinels.length);
    expect(quorum).toBeLessThanOrEqual(sentinels.length);
    // Hostnames are resolved (the primary is named by its service), which must come before the monitor line.
    expect(conf.indexOf("sentinel resolve-hostnames yes")).toBeGreaterThanOrEqual(0);
    expect(conf.indexOf("sentinel resolve-hostnames yes")).toBeLessThan(conf.indexOf("sentinel monitor"));
  });

  it("replicas copy that primary, announce their own name, keep an append-only file and never evict", () => {
    expect(replicas.length).toBeGreaterThanOrEqual(2);
    for (const name of replicas) {
      const block = blockUnder(sentinelCompose, `  ${name}:`);
      const command = list(block, "command");
      const option = (flag: string) => command[command.indexOf(flag) + 1];
      expect(command[0], name).toBe("redis-server");
      expect(command.slice(command.indexOf("--replicaof") + 1, command.indexOf("--replicaof") + 3)).toEqual([
        "redis",
        "6379",
      ]);
      expect(option("--replica-announce-ip"), name).toBe(name);
      expect(option("--appendonly"), name).toBe("yes");
      expect(option("--maxmemory-policy"), name).toBe("noeviction");
      expect(list(block, "volumes"), name).toEqual([`${name}-data:/data`]);
    }
  });

  const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;
  if (!hasRedis) reportSkip("the sentinel configuration check", "no redis-server binary on this machine");
  it.runIf(hasRedis)(
    "this machine's redis-sentinel accepts the configuration and finds the primary",
    async () => {
      const primary = await startPrivateRedis({ appendOnly: false });
      const port = await freePort();
      const dir = await mkdtemp(join(tmpdir(), "surge-compose-sentinel-"));
      const local = conf
        .replace(/^port \d+$/m, `port ${port}\nbind 127.0.0.1\ndir ${dir}`)
        .replace(/^(sentinel monitor \S+) redis 6379/m, `$1 127.0.0.1 ${primary.port}`);
      await writeFile(join(dir, "sentinel.conf"), local);
      const child = spawn("redis-server", [join(dir, "sentinel.conf"), "--sentinel"], { stdio: "ignore" });
      const client = new Redis({ port, host: "127.0.0.1", lazyConnect: true, maxRetriesPerRequest: 0 });
      client.on("error", () => {});
      try {
        // A sentinel starts in milliseconds; 10 s of polling allows for a loaded 2-core machine.
        let found: unknown;
        for (let i = 0; i < 100 && found === undefined; i++) {
          found = await client
            .call("SENTINEL", "get-master-addr-by-name", monitor?.[1] ?? "")
            .then((answer) => answer ?? undefined)
            .catch(() => undefined);
          if (found === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(found).toEqual(["127.0.0.1", String(primary.port)]);
      } finally {
        client.disconnect();
        child.kill("SIGKILL");
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});

describe("every configuration variable is documented", () => {
  const readmeTable = new Set([...read("README.md").matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]));
  const exampleNames = [...envExample.matchAll(/^(?:# )?([A-Z_]+)=/gm)].map((m) => m[1]);

  it("in README.md's table, which names no other", () => {
    expect([...readmeTable].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it("in .env.example, each with a comment above it; the only extra is compose's own", () => {
    expect(exampleNames.filter((name) => name !== "REDIS_MAXMEMORY").sort()).toEqual(
      [...CONFIG_VARIABLES].sort(),
    );
    const lines = envExample.split("\n");
    for (const name of exampleNames) {
      const at = lines.findIndex((line) => new RegExp(`^(?:# )?${name}=`).test(line));
      expect(lines[at - 1], name).toMatch(/^# /);
      expect(lines[at - 1], name).not.toMatch(/^# [A-Z_]+=/);
    }
  });

  it(".env.example holds no secret: the required ones are empty, the webhook secret too", () => {
    expect(envExample).toMatch(/^BOT_TOKEN=$/m);
    expect(envExample).toMatch(/^VAULT_KEYS=$/m);
    expect(envExample).toMatch(/^# WEBHOOK_SECRET=$/m);
    expect(envExample).not.toMatch(/\d{6,}:[A-Za-z0-9_-]{20,}/);
    expect(envExample).not.toMatch(/[A-Za-z0-9+/]{43}=/);
  });
});
