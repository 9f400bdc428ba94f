/**
 * The shape of src/, read from its import graph (every relative import of every .ts file: static, type-only,
 * re-exports and dynamic ones): no import circles, and dependencies that point one way, bot -> services ->
 * exchange / vault -> redis, and inside src/bot/ wiring -> listen -> features -> flow-kit -> pipeline (what two
 * features share goes below both); and the loose files kept out of src/bot/ and src/services/.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

/** Every .ts file under `dir`, as a path relative to src/ ("bot/create-bot.ts"). */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => relative(SRC, join(entry.parentPath, entry.name)));
}

// `... from "./x.ts"` (imports, type imports and re-exports, over several lines too), `import "./x.ts"`
// and `import("./x.ts")`.
const RELATIVE_IMPORT =
  /\bfrom\s*["'](\.{1,2}\/[^"']+)["']|^\s*import\s*["'](\.{1,2}\/[^"']+)["']|\bimport\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/gm;

/** The relative specifiers a module's text imports. */
function relativeImports(text: string): string[] {
  return [...text.matchAll(RELATIVE_IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
}

/** Each file of src/ and the files of src/ it imports. */
function importGraph(): Map<string, string[]> {
  const files = tsFiles(SRC);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of relativeImports(readFileSync(join(SRC, file), "utf8"))) {
      const target = relative(SRC, resolve(SRC, dirname(file), specifier));
      if (known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The strongly connected groups of more than one file (or a file importing itself): Tarjan's walk. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) found.push(group);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** One circle through the group's first file, as "a.ts -> b.ts -> a.ts" (a shortest one, by breadth). */
function describeCircle(graph: Map<string, string[]>, group: string[]): string {
  const members = new Set(group);
  const start = [...group].sort()[0] as string;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] as string) as string);
        return [...path, start].join(" -> ");
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return group.join(", ");
}

const folderOf = (file: string): string => file.split("/")[0] as string;

/** What each layer must not import: nothing above it. */
const NOT_IMPORTED_FROM: Record<string, string[]> = {
  services: ["bot"],
  exchange: ["services", "bot"],
  vault: ["services", "bot"],
  redis: ["exchange", "vault", "services", "bot"],
};

describe("the import graph of src/", () => {
  const graph = importGraph();

  it("has no import circles anywhere", () => {
    expect(circles(graph).map((group) => describeCircle(graph, group))).toEqual([]);
  });

  it("points one way: bot -> services -> exchange / vault -> redis", () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      const forbidden = NOT_IMPORTED_FROM[folderOf(file)] ?? [];
      for (const target of targets)
        if (forbidden.includes(folderOf(target))) upward.push(`${file} -> ${target}`);
    }
    expect(upward).toEqual([]);
  });
});

/**
 * The layers inside src/bot/, lowest first. A file imports its own folder, `context.ts` (the context's
 * types) and the layers below its own; a feature never imports another feature. The loose files
 * (create-bot.ts, watcher-notifier.ts) wire everything together and may import any of them.
 */
const BOT_LAYERS = ["pipeline", "flow-kit", "(a feature)", "listen"];
const botLayer = (folder: string): number => {
  const at = BOT_LAYERS.indexOf(folder);
  return at >= 0 ? at : BOT_LAYERS.indexOf("(a feature)");
};

/** The imports inside src/bot/ that point up, or sideways from one feature to another. */
function botArrowsUp(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const inBot = (file: string) => file.startsWith("bot/");
  for (const [file, targets] of graph) {
    const parts = file.split("/");
    if (!inBot(file) || parts.length < 3) continue;
    const folder = parts[1] as string;
    for (const target of targets) {
      if (!inBot(target) || target === "bot/context.ts") continue;
      const targetParts = target.split("/");
      const targetFolder = targetParts.length < 3 ? "(wiring)" : (targetParts[1] as string);
      if (targetFolder === folder) continue;
      const up = targetFolder === "(wiring)" || botLayer(targetFolder) >= botLayer(folder);
      if (up) found.push(`${file} -> ${target}`);
    }
  }
  return found;
}

describe("inside src/bot/", () => {
  const graph = importGraph();

  it("points one way: wiring -> listen -> features -> flow-kit -> pipeline, no feature importing another", () => {
    expect(botArrowsUp(graph)).toEqual([]);
  });

  it("context.ts holds types only: it imports nothing of src/bot/", () => {
    expect((graph.get("bot/context.ts") ?? []).filter((target) => target.startsWith("bot/"))).toEqual([]);
  });

  it("the check finds a feature importing another, the flow kit importing a feature, and the pipeline importing the flow kit", () => {
    const made = new Map([
      ["bot/swaps/feature.ts", ["bot/price/feature.ts", "bot/flow-kit/x.ts", "bot/context.ts"]],
      ["bot/flow-kit/x.ts", ["bot/swaps/conversation.ts", "bot/pipeline/y.ts"]],
      ["bot/pipeline/y.ts", ["bot/flow-kit/x.ts"]],
      ["bot/listen/z.ts", ["bot/cancel/feature.ts"]],
      ["bot/create-bot.ts", ["bot/listen/z.ts"]],
    ]);
    expect(botArrowsUp(made)).toEqual([
      "bot/swaps/feature.ts -> bot/price/feature.ts",
      "bot/flow-kit/x.ts -> bot/swaps/conversation.ts",
      "bot/pipeline/y.ts -> bot/flow-kit/x.ts",
    ]);
  });
});

describe("the walk behind these checks", () => {
  it("reads imports of every kind", () => {
    const text = [
      'import { a } from "./a.ts";',
      'import type { B } from "../b.ts";',
      "import {\n  c,\n  type C,\n} from './c.ts';",
      'export { d } from "./d.ts";',
      'export * from "./e.ts";',
      'import "./f.ts";',
      'const g = await import("./g.ts");',
      'import { h } from "grammy";',
    ].join("\n");
    expect(relativeImports(text)).toEqual([
      "./a.ts",
      "../b.ts",
      "./c.ts",
      "./d.ts",
      "./e.ts",
      "./f.ts",
      "./g.ts",
    ]);
  });

  it("finds a circle and names it", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
      ["e.ts", ["e.ts"]],
    ]);
    const found = circles(graph);
    expect(found.map((group) => describeCircle(graph, group)).sort()).toEqual([
      "a.ts -> b.ts -> c.ts -> a.ts",
      "e.ts -> e.ts",
    ]);
  });
});

describe("the folders of src/bot/ and src/services/", () => {
  const loose = (dir: string) =>
    readdirSync(join(SRC, dir), { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
      .map((entry) => entry.name)
      .sort();

  it("src/bot/ holds only its wiring (create-bot.ts, watcher-notifier.ts) and context.ts beside its folders", () => {
    expect(loose("bot")).toEqual(["context.ts", "create-bot.ts", "watcher-notifier.ts"]);
  });

  it("src/services/ holds only folders", () => {
    expect(loose("services")).toEqual([]);
  });
});
