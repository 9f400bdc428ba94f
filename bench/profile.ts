/**
 * `npm run bench:profile -- <case> [updates] [whole|bare|both] [--interval µs] [--alloc] [--out dir]`:
 * drives one bot alone with one kind of update (`start`, `help`, `text`, `price`, `refresh`; or `buy`,
 * bench:flow's guided buy, counted in whole flows of three updates) and profiles that part only (not the
 * set-up or the warm-up):
 * - by default a CPU profile, sampled every `--interval` µs (1000; 100 tells apart costs of a
 *   microsecond per update), to <out>/<case>-<side>.cpuprofile; `node bench/top-functions.ts <file>` lists
 *   where the time went;
 * - with `--alloc`, what was allocated (V8's sampling heap profiler, every 256 bytes, objects the garbage
 *   collector has freed since included) to <out>/<case>-<side>.heapprofile, and prints the bytes allocated
 *   per update and the functions that allocated most: the garbage collector's share follows allocation.
 * `both` (CPU only) profiles the two bots in one process, in turns of `--turn` updates (2,000), each
 * bot's turns merged into its own profile: a machine whose speed drifts between runs (a shared one) then
 * slows both alike, so `top-functions --against` compares them fairly.
 * `--smoke` profiles a few hundred updates (CI: the script stays runnable).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import type { Update } from "grammy/types";
import { buyFlow } from "./support/buy-flow.ts";
import { commandLine } from "./support/command-line.ts";
import { callbackUpdate, textUpdate } from "./support/updates.ts";
import { type Side, startWorld, type World } from "./support/world.ts";

/** One update of a kind; `buy` is the whole guided buy of bench:flow (three updates). */
const single = (make: (userId: number) => Update) => (world: World, side: Side, userId: number) =>
  world.handle(side, make(userId));
const KINDS: Record<string, (world: World, side: Side, userId: number) => Promise<unknown>> = {
  start: single((id) => textUpdate(id, "/start")),
  help: single((id) => textUpdate(id, "/help")),
  text: single((id) => textUpdate(id, "hello there")),
  price: single((id) => textUpdate(id, "/price BTC")),
  refresh: single((id) => callbackUpdate(id, 1, "bal:refresh")),
  buy: buyFlow,
};
const argv = process.argv.slice(2);
const { option, positional } = commandLine(argv, ["--interval", "--out", "--turn"]);
const smoke = argv.includes("--smoke");
const alloc = argv.includes("--alloc");
const interval = Number(option("--interval") ?? 1000);
const out = option("--out") ?? "prof";
const kind = positional[0] ?? "start";
const make = KINDS[kind];
if (make === undefined) throw new Error(`unknown case ${kind}; one of ${Object.keys(KINDS).join(", ")}`);
// After the case, in any order: how many updates, and which bot.
const count = smoke ? 200 : Number(positional.slice(1).find((arg) => /^\d+$/.test(arg)) ?? 3000);
const sides: Side[] = positional.includes("both")
  ? ["whole", "bare"]
  : positional.includes("bare")
    ? ["bare"]
    : ["whole"];
const turn = smoke ? 50 : Number(option("--turn") ?? 2000);
if (!(Number.isInteger(count) && count > 0 && interval > 0 && turn > 0)) {
  throw new Error("updates, --interval and --turn: > 0");
}
if (alloc && sides.length > 1) throw new Error("--alloc profiles one bot: whole or bare");

/** A node of V8's sampling heap profile. */
interface AllocationNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocationNode[];
}

/** Bytes allocated per function (name, file and line) over the whole tree. */
function allocationByFunction(head: AllocationNode): Map<string, number> {
  const bytes = new Map<string, number>();
  const visit = (node: AllocationNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(src|bench)\//, "$1/");
    const where = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
    bytes.set(where, (bytes.get(where) ?? 0) + node.selfSize);
    for (const child of node.children) visit(child);
  };
  visit(head);
  return bytes;
}

/** A V8 CPU profile, as the inspector returns it. */
interface CpuProfile {
  nodes: { id: number; children?: number[]; [field: string]: unknown }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The profiles of several turns as one: their nodes under the first one's root, their samples in turn. */
function mergeProfiles(parts: CpuProfile[]): CpuProfile {
  const [first, ...rest] = parts as [CpuProfile, ...CpuProfile[]];
  const merged = structuredClone(first);
  const root = merged.nodes[0] as CpuProfile["nodes"][number];
  let offset = Math.max(...merged.nodes.map((node) => node.id));
  for (const part of rest) {
    const partRoot = (part.nodes[0] as CpuProfile["nodes"][number]).id;
    const id = (old: number) => (old === partRoot ? root.id : old + offset);
    for (const node of part.nodes) {
      const children = (node.children ?? []).map(id);
      if (node.id === partRoot) root.children = [...(root.children ?? []), ...children];
      else merged.nodes.push({ ...node, id: id(node.id), children });
    }
    merged.samples.push(...part.samples.map(id));
    merged.timeDeltas.push(...part.timeDeltas);
    offset += Math.max(...part.nodes.map((node) => node.id));
  }
  merged.endTime = merged.startTime + merged.timeDeltas.reduce((a, b) => a + b, 0);
  return merged;
}

// The bare bot has the conversations plugin for the guided buy only, as in bench:flow. As there too, 64
// users in 16 lanes: a user's next update waits for the one before, and no account runs into the
// exchange's per-key budget (the guided buy reads balances on every flow).
const LANES = smoke ? 4 : 16;
const world = await startWorld(smoke ? 8 : 64, kind === "buy");
const session = new Session();
session.connect();
try {
  /** Sends `n` updates (or flows) to `side`, over the lanes, each with users of its own in turn. */
  const drive = async (side: Side, n: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: LANES }, async (_, lane) => {
        const own = world.users.filter((_, i) => i % LANES === lane);
        for (let turn = 0; next < n; turn++) {
          next++;
          await make(world, side, own[turn % own.length] as number);
        }
      }),
    );
  };
  // Warm-up: code optimized and heap grown, as in a bot running a while.
  for (const side of sides) await drive(side, smoke ? 100 : 10_000);
  mkdirSync(out, { recursive: true });
  if (alloc) {
    const side = sides[0] as Side;
    await session.post("HeapProfiler.enable");
    // Freed objects count too (the options exist in V8, not in Node's typings).
    await session.post("HeapProfiler.startSampling", {
      samplingInterval: 256,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    } as { samplingInterval: number });
    await drive(side, count);
    const { profile } = await session.post("HeapProfiler.stopSampling");
    const file = `${out}/${kind}-${side}.heapprofile`;
    writeFileSync(file, JSON.stringify(profile));
    const bytes = allocationByFunction(profile.head as AllocationNode);
    const total = [...bytes.values()].reduce((a, b) => a + b, 0);
    console.log(`wrote ${file}\nallocated per update: ${(total / count / 1024).toFixed(1)} KB\n`);
    console.log("| bytes per update | function |\n|---|---|");
    for (const [where, size] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`| ${(size / count).toFixed(0)} | ${where} |`);
  } else {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval });
    // One bot: one turn of all the updates. Both: turns in alternation, each bot's merged afterwards.
    const size = sides.length > 1 ? turn : count;
    const parts = new Map<Side, CpuProfile[]>(sides.map((side) => [side, []]));
    for (let done = 0; done < count; done += size) {
      for (const side of sides) {
        await session.post("Profiler.start");
        await drive(side, Math.min(size, count - done));
        const { profile } = await session.post("Profiler.stop");
        parts.get(side)?.push(profile as unknown as CpuProfile);
      }
    }
    for (const [side, profiles] of parts) {
      const file = `${out}/${kind}-${side}.cpuprofile`;
      writeFileSync(file, JSON.stringify(mergeProfiles(profiles)));
      console.log(`wrote ${file}`);
    }
  }
} finally {
  session.disconnect();
  await world.close();
}
