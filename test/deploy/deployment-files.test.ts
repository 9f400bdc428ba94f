/**
 * The deployment files agree with each other and with the code, read as text (no Docker here):
 * docker-compose.yml pins the container's port, checks the bot's health with a command that really works,
 * and bounds Redis's memory; the Dockerfile listens where compose maps; .env.example and the README's
 * table list every variable src/config.ts reads, without a real secret. (.ci/production-image.mjs replays
 * the Dockerfile itself.)
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "../../src/config.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, "utf8");
const compose = read("docker-compose.yml");
const dockerfile = read("Dockerfile");
const envExample = read(".env.example");

/** The block of a top-level service in docker-compose.yml (its indented lines). */
function service(name: string): string {
  const match = new RegExp(`^  ${name}:\\n((?:(?: {4}.*)?\\n)+)`, "m").exec(compose);
  if (!match?.[1]) throw new Error(`no service ${name} in docker-compose.yml`);
  return match[1];
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
