/**
 * `node bench/top-functions.ts <file.cpuprofile> [n]`: the functions with the most self time in a V8 CPU
 * profile, and the same summed per package (node_modules/<name>, node:internal, or our src/ file).
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, top = "25"] = process.argv.slice(2);
if (file === undefined) throw new Error("usage: top-functions.ts <file.cpuprofile> [n]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const where = (url: string): string => {
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1] as string;
  const ours = /\/(src\/.*|bench\/.*)$/.exec(url);
  if (ours) return ours[1] as string;
  return url.startsWith("node:") ? "node:internal" : url === "" ? "(native/gc/idle)" : url;
};
const functions = new Map<string, number>();
const packages = new Map<string, number>();
for (const [id, us] of selfUs) {
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  const name = `${frame.functionName || "(anonymous)"} ${where(frame.url)}:${frame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + us);
  packages.set(where(frame.url), (packages.get(where(frame.url)) ?? 0) + us);
}
const print = (title: string, entries: Map<string, number>) => {
  console.log(`\n${title} (self time, of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [name, us] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
  }
};
print("top functions", functions);
print("by package", packages);

// `--callers NAME`: the call paths (5 frames up) that spent self time in functions named NAME.
const callersOf = process.argv.indexOf("--callers");
if (callersOf >= 0) {
  const wanted = process.argv[callersOf + 1];
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
