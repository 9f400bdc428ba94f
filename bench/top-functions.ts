/**
 * `node bench/top-functions.ts <file.cpuprofile> [n]`: the functions with the most self time in a V8 CPU
 * profile, and the same summed per package (node_modules/<name>, node:internal, or our src/ file).
 * `--callers NAME`: the call paths that spent self time in functions named NAME.
 * `--against OTHER.cpuprofile --updates N`: both profiles taken over N updates (the whole bot's and bare
 * grammY's, or two checkouts'), per function and per package the µs per update in each and the
 * difference, largest first.
 */
import { readFileSync } from "node:fs";
import { commandLine } from "./support/command-line.ts";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { option, positional } = commandLine(process.argv.slice(2), ["--callers", "--against", "--updates"]);
const [file, top = "25"] = positional;
if (file === undefined) throw new Error("usage: top-functions.ts <file.cpuprofile> [n]");

/** The profiler's own start and stop (bench/profile.ts asks them through node:inspector): not the bots' work. */
const isProfilerCall = (node: ProfileNode | undefined) =>
  node?.callFrame.functionName === "post" && node.callFrame.url === "node:inspector";

/** A profile's nodes by id, and each node's self time (µs), the profiler's own calls left out. */
function load(path: string) {
  const profile = JSON.parse(readFileSync(path, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    if (isProfilerCall(byId.get(id))) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return { profile, byId, selfUs };
}
const loaded = load(file);
const { profile, byId, selfUs } = loaded;
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const where = (url: string): string => {
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1] as string;
  const ours = /\/(src\/.*|bench\/.*)$/.exec(url);
  if (ours) return ours[1] as string;
  return url.startsWith("node:") ? "node:internal" : url === "" ? "(native/gc/idle)" : url;
};
/** Self time (µs) per function and per package. */
function tally(loaded: ReturnType<typeof load>) {
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, us] of loaded.selfUs) {
    const frame = loaded.byId.get(id)?.callFrame;
    if (!frame) continue;
    const name = `${frame.functionName || "(anonymous)"} ${where(frame.url)}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    packages.set(where(frame.url), (packages.get(where(frame.url)) ?? 0) + us);
  }
  return { functions, packages };
}
const { functions, packages } = tally(loaded);
const print = (title: string, entries: Map<string, number>) => {
  console.log(`\n${title} (self time, of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [name, us] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
  }
};
print("top functions", functions);
print("by package", packages);

// `--callers NAME`: the call paths (5 frames up) that spent self time in functions named NAME.
const wanted = option("--callers");
if (wanted !== undefined) {
  const parents = new Map<number, number>();
  for (const node of profile.nodes as (ProfileNode & { children?: number[] })[]) {
    for (const child of node.children ?? []) parents.set(child, node.id);
  }
  const paths = new Map<string, number>();
  for (const [id, us] of selfUs) {
    if (byId.get(id)?.callFrame.functionName !== wanted) continue;
    const chain: string[] = [];
    for (let at = parents.get(id); at !== undefined && chain.length < 14; at = parents.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame) chain.push(`${frame.functionName || "(anon)"}@${where(frame.url)}:${frame.lineNumber + 1}`);
    }
    const path = chain.join(" < ");
    paths.set(path, (paths.get(path) ?? 0) + us);
  }
  print(`callers of ${wanted}`, paths);
}

// `--against OTHER --updates N`: µs per update here and in OTHER, per function and package.
const against = option("--against");
if (against !== undefined) {
  const other = tally(load(against));
  const updates = Number(option("--updates") ?? Number.NaN);
  if (!(updates > 0)) throw new Error("--against needs --updates N (the updates each profile covers)");
  const compare = (title: string, mine: Map<string, number>, theirs: Map<string, number>) => {
    const sum = (entries: Map<string, number>) => [...entries.values()].reduce((a, b) => a + b, 0);
    console.log(
      `\n${title}, µs per update: this ${(sum(mine) / updates).toFixed(1)}, other ${(sum(theirs) / updates).toFixed(1)}`,
    );
    const names = new Set([...mine.keys(), ...theirs.keys()]);
    const rows = [...names].map((name) => {
      const a = (mine.get(name) ?? 0) / updates;
      const b = (theirs.get(name) ?? 0) / updates;
      return { name, a, b };
    });
    rows.sort((x, y) => Math.abs(y.a - y.b) - Math.abs(x.a - x.b));
    for (const { name, a, b } of rows.slice(0, Number(top))) {
      const diff = `${a - b >= 0 ? "+" : ""}${(a - b).toFixed(2)}`;
      console.log(`${diff.padStart(7)}  ${a.toFixed(2).padStart(6)} ${b.toFixed(2).padStart(6)}  ${name}`);
    }
  };
  compare("functions (difference, this, other)", functions, other.functions);
  compare("packages (difference, this, other)", packages, other.packages);
}
