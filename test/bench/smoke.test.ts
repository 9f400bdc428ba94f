/**
 * The benchmark scripts stay runnable: each runs with --smoke (a few hundred updates) as a child process,
 * exits 0 and prints its table. Nothing here asserts a timing: CI machines are too noisy for that.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

/** Runs a bench script with --smoke (`flags` for node, `args` for the script); its standard output. */
async function smoke(script: string, flags: string[] = [], args: string[] = []): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ["--no-warnings=ExperimentalWarning", ...flags, script, "--smoke", ...args],
    // Generous: the smoke runs start a sandbox and two bots, on a CI machine shared with other tests.
    { timeout: 150_000, maxBuffer: 16 * 2 ** 20 },
  );
  return stdout;
}

// Each script takes seconds on an idle machine, much longer on a busy one.
const SLOW = 180_000;

describe("benchmark scripts (smoke runs)", () => {
  it(
    "bench:updates prints a row per case with both bots' figures and Redis counts",
    async () => {
      const out = await smoke("bench/updates.ts");
      expect(out).toContain("| case | whole upd/s | bare upd/s | ratio: median (middle half of rounds) |");
      expect(out).toContain("2 rounds of 20 ms per side");
      for (const name of ["/start", "/help", "plain text", "/price BTC", "Refresh on /balance"]) {
        expect(out).toMatch(
          new RegExp(
            `^\\| ${name.replace("/", "\\/")} \\| \\d+ \\| \\d+ \\| [\\d.]+x \\([\\d.]+-[\\d.]+\\) \\|`,
            "m",
          ),
        );
      }
      expect(out).toMatch(/resident memory [\d.]+ MB/);
    },
    SLOW,
  );

  it(
    "bench:flow prints the guided buy, step by step, with the exchange's round trip it was given",
    async () => {
      const out = await smoke("bench/flow.ts", [], ["--exchange-latency", "5"]);
      expect(out).toContain("exchange latency 5 ms");
      expect(out).toMatch(/^\| guided \/buy \(3 updates\) \| \d+ \| \d+ \|/m);
      for (const step of ["/buy (first step)", "tap BTC", "type amount -> quote"])
        expect(out).toContain(`| ${step} |`);
      // The long flow with the production pace, a row per step.
      expect(out).toContain("long flow with the production pace (adding an address, 13 steps)");
      expect(out).toMatch(/^\| 13\. type the region -> summary \| \d+ \|/m);
    },
    SLOW,
  );

  it(
    "bench:cpu prints CPU time per update of both bots",
    async () => {
      const out = await smoke("bench/cpu.ts");
      for (const name of ["/start", "/help", "plain text"])
        expect(out).toMatch(
          new RegExp(`^\\| ${name.replace("/", "\\/")} \\| \\d+ \\| \\d+ \\| [\\d.]+x \\|`, "m"),
        );
    },
    SLOW,
  );

  it(
    "bench:cpu --against compares this checkout's bot with another checkout's, round by round",
    async () => {
      // The checkout itself as the other one: a second whole bot, built from the same modules.
      const out = await smoke("bench/cpu.ts", [], ["--against", "."]);
      expect(out).toContain("this checkout against .: CPU µs per update, 2 rounds of 100");
      for (const name of ["/start", "/help", "plain text", "/price BTC"])
        expect(out).toMatch(
          new RegExp(
            `^\\| ${name.replace("/", "\\/")} \\| [\\d.]+ \\| [\\d.]+ \\| [\\d.]+ \\([\\d.]+-[\\d.]+\\) \\|$`,
            "m",
          ),
        );
    },
    SLOW,
  );

  it(
    "bench:cpu --only drives one bot and prints the least and the median of its rounds",
    async () => {
      const out = await smoke("bench/cpu.ts", [], ["--only", "whole"]);
      expect(out).toMatch(/^\| case \| whole µs CPU\/upd, least of 2 rounds \| median \|$/m);
      for (const name of ["/start", "/help", "plain text", "/price BTC"])
        expect(out).toMatch(new RegExp(`^\\| ${name.replace("/", "\\/")} \\| [\\d.]+ \\| [\\d.]+ \\|$`, "m"));
    },
    SLOW,
  );

  it(
    "bench:profile writes CPU profiles (both bots in turns) that top-functions reads, and an allocation profile",
    async () => {
      const out = mkdtempSync(join(tmpdir(), "bench-profile-"));
      try {
        // Both bots in turns: one profile each.
        const wrote = await smoke(
          "bench/profile.ts",
          [],
          ["text", "both", "--interval", "200", "--out", out],
        );
        expect(wrote).toContain(`wrote ${out}/text-whole.cpuprofile`);
        expect(wrote).toContain(`wrote ${out}/text-bare.cpuprofile`);
        const against = await run(process.execPath, [
          "bench/top-functions.ts",
          `${out}/text-whole.cpuprofile`,
          "--against",
          `${out}/text-bare.cpuprofile`,
          "--updates",
          "200",
        ]);
        // The option right after the file is no table length: the comparison lists functions.
        expect(against.stdout).toMatch(/^functions \(difference, this, other\)[^\n]*\n *[+-]\d+\.\d\d +/m);
        const { stdout } = await run(process.execPath, [
          "bench/top-functions.ts",
          `${out}/text-whole.cpuprofile`,
          "5",
          "--against",
          `${out}/text-whole.cpuprofile`,
          "--updates",
          "200",
        ]);
        expect(stdout).toMatch(/^top functions \(self time, of \d+ ms sampled\)$/m);
        // A profile against itself: no function differs.
        expect(stdout).toMatch(
          /^functions \(difference, this, other\), µs per update: this ([\d.]+), other \1$/m,
        );
        expect(stdout).toMatch(/^ +\+0\.00 +[\d.]+ +[\d.]+ {2}\S/m);
        const alloc = await smoke("bench/profile.ts", [], ["start", "bare", "--alloc", "--out", out]);
        expect(alloc).toContain(`wrote ${out}/start-bare.heapprofile`);
        expect(alloc).toMatch(/^allocated per update: [\d.]+ KB$/m);
        expect(alloc).toMatch(/^\| \d+ \| \S.*:\d+ \|$/m);
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
    SLOW,
  );

  it(
    "bench:alerts runs two watcher instances against the stub Telegram and prints every figure",
    async () => {
      const out = await smoke("bench/alerts.ts", [], ["--instances", "2"]);
      // Counts only: 12 users, each price-driven, market and heartbeat-only event sent once (timings are not asserted);
      // no flood error (the pacer's promise, whatever the timing).
      expect(out).toMatch(/^price-driven events sent +(\d+) of \1$/m);
      expect(out).toMatch(/^flood errors \(stub Telegram 429s\) +0$/m);
      expect(out).toMatch(/^heartbeat-only events sent +6 of 6$/m);
      expect(out).toMatch(/^duplicate messages +0$/m);
      expect(out).toMatch(/^per-account read budget exceeded +no$/m);
      // Market alerts: 2 jumps x 3 users, each firing one alert, sent once, none read privately.
      expect(out).toMatch(/^market alerts: 2 jumps of 8 % x 3 users +6 planned, engine fired 6$/m);
      expect(out).toMatch(/^ {2}market events sent \/ expected +6 \/ 6$/m);
      expect(out).toMatch(/^ {2}market duplicates \(sent twice\) +0$/m);
      expect(out).toMatch(/^ {2}private reads by market alerts +0 /m);
      expect(out).toMatch(/^ {2}evaluation per reading p50 \/ p99 \(instance\) +\d/m);
      for (const label of [
        "event-to-send p50 / p99",
        "reading-to-send p50 / p99",
        "private reads per user per minute",
        "flood errors",
      ])
        expect(out).toContain(label);
    },
    SLOW,
  );

  it(
    "bench:chart prints p50 and p95 render times for every period with full history",
    async () => {
      const out = await smoke("bench/price-chart.ts");
      expect(out).toContain("| period | points | p50 ms | p95 ms | SVG build p50 ms | SVG KiB | PNG KiB |");
      for (const [period, points] of [
        ["1h", 61],
        ["24h", 1441],
        ["7d", 2017],
        ["30d", 8641],
      ] as const)
        expect(out).toMatch(
          new RegExp(
            `^\\| ${period} \\| ${points} \\| [\\d.]+ \\| [\\d.]+ \\| [\\d.]+ \\| \\d+ \\| \\d+ \\|$`,
            "m",
          ),
        );
    },
    SLOW,
  );

  it(
    "bench:memory prints resident size and heap before and after",
    async () => {
      const out = await smoke("bench/memory.ts", ["--expose-gc"]);
      expect(out).toMatch(
        /\| 200 users with session and key, just after each sent \/start \(high-water\) \| [\d.]+ MB \| [\d.]+ MB \|/,
      );
      expect(out).toMatch(
        /\| 200 users with session and key, idle[^|]* without traffic[^|]*\| [\d.]+ MB \| [\d.]+ MB \|/,
      );
      expect(out).toMatch(/heap growth over 1000 updates: -?[\d.]+ MB/);
      expect(out).toMatch(/resident growth over 1000 updates, idle to idle: -?[\d.]+ MB/);
    },
    SLOW,
  );

  it(
    "bench:storm prints the normal users' reply times beside a storm's, and what the storm's users got",
    async () => {
      const out = await smoke("bench/storm.ts", ["--expose-gc"]);
      expect(out).toMatch(
        /a round trip to another process over loopback TCP \d+ µs \(median; this side's CPU \d+ µs\)/,
      );
      expect(out).toContain("| figure | baseline | storm | target |");
      expect(out).toMatch(
        /^\| normal users' reply time p50 \/ p95 \/ p99 \(ms\) \| \d+ \/ \d+ \/ \d+ \| \d+ \/ \d+ \/ \d+ \|/m,
      );
      expect(out).toMatch(/^\| p99 storm \/ baseline \| {2}\| [\d.]+x \|/m);
      expect(out).toMatch(/^\| flooder: replies to 50 messages \(notices aside\) \| {2}\| \d+ of 50 \|/m);
      expect(out).toMatch(/^\| inline queries answered \/ skipped \| {2}\| \d+ \/ \d+ of \d+ \|/m);
      for (const label of [
        "429s: normal / flooder / tappers / overall",
        "exchange calls from dropped updates: flooder; tappers max / total",
        "heap used MB: before / peak",
      ])
        expect(out).toContain(`| ${label}`);
      expect(out).toMatch(/updates that threw: \d+/);
    },
    SLOW,
  );

  it(
    "bench:storm --instances 3 --http runs the storm against three webhook instances over HTTP",
    async () => {
      const out = await smoke("bench/storm.ts", ["--expose-gc"], ["--instances", "3", "--http"]);
      expect(out).toContain(
        "3 instance(s), webhook mode, updates round-robin posted over HTTP as Telegram delivers them, one per chat and at most 100 in flight",
      );
      expect(out).toMatch(/^\| flooder: replies to 50 messages \(notices aside\) \| {2}\| \d+ of 50 \|/m);
      expect(out).toMatch(/updates that threw: 0$/m);
    },
    SLOW,
  );

  it(
    "bench:storm --http --processes runs the instances as processes of their own",
    async () => {
      const out = await smoke(
        "bench/storm.ts",
        ["--expose-gc"],
        ["--instances", "2", "--http", "--processes"],
      );
      expect(out).toContain(
        "2 instance(s), webhook mode, updates round-robin posted over HTTP as Telegram delivers them, one per chat and at most 100 in flight",
      );
      expect(out).toContain("each instance a process of its own");
      // The harness's CPU beside the instances': the two share the machine's cores.
      expect(out).toMatch(
        /^CPU time of this process \(the balancer, [^)]*\) in each second [^:]*: \d+( \d+)*$/m,
      );
      expect(out).toMatch(/^\| flooder: replies to 50 messages \(notices aside\) \| {2}\| \d+ of 50 \|/m);
      expect(out).toMatch(/^\| RSS MB: before \/ peak [^|]*\| [\d.]+ \|/m);
      expect(out).toMatch(/updates that threw: 0$/m);
    },
    SLOW,
  );

  it(
    "bench:listen prints what reading a typed text costs per message",
    async () => {
      const out = await smoke("bench/listen.ts");
      for (const name of ["no request (plain chat)", "requests (English)", "requests (Chinese)"])
        expect(out).toMatch(
          new RegExp(`^\\| ${name.replace(/[()]/g, "\\$&")} \\| \\d+ \\| [\\d.]+ \\|$`, "m"),
        );
    },
    SLOW,
  );

  it(
    "bench:market-rules prints the evaluation time per reading of every market alert",
    async () => {
      const out = await smoke("bench/market-rules.ts", ["--expose-gc"]);
      expect(out).toContain(
        "market alerts: 300 alerts (100 users x 3, mixed kinds) on 3 assets, 400 readings",
      );
      expect(out).toMatch(
        /^evaluation per reading: p50 [\d.]+ ms, p99 [\d.]+ ms, .*CPU time p50 [\d.]+ ms, p99 [\d.]+ ms$/m,
      );
      expect(out).toMatch(/^fired \d+ alerts, \d+ state changes to store/m);
    },
    SLOW,
  );

  it(
    "bench:market-watch prints the evaluation, the deliveries (no duplicate) and reading to deliver",
    async () => {
      const out = await smoke("bench/market-watch.ts");
      expect(out).toContain(
        "market watch: 200 users x 3 market alerts (mixed kinds) on 10 assets, 3 instances",
      );
      expect(out).toMatch(/^instances evaluating: 1 of 3;/m);
      expect(out).toMatch(/^evaluation per reading \(engine, every alert\): p50 [\d.]+ ms, p99 [\d.]+ ms/m);
      expect(out).toMatch(/^fired (\d+) .*delivered \1, distinct \1, duplicates 0$/m);
      expect(out).toMatch(/^reading to deliver call \(no Telegram pacing\): p50 [\d.]+ ms/m);
    },
    SLOW,
  );
});
