/**
 * The documentation agrees with itself and with the bot: every relative link in README.md and docs/*.md
 * points to a file that exists (and to a heading there, when it names one, with GitHub's anchors), and the
 * README's commands table lists exactly the commands of the bot's menu (a `cmd-<name>` description in
 * locales/en.ftl each); every source file a doc names by its path exists, so a move of a file cannot leave
 * the docs pointing at where it was. The configuration table is checked in deployment-files.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

const DOCS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks and inline code, where a link means a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's anchor of each heading of a file: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6} +(.+?) *$/gm)) {
    const base = (heading ?? "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/** Every relative link of a file: `[text](target)`, without external addresses. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? "")
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

describe("every relative link in README.md and docs/", () => {
  it("finds the documents", () => {
    expect(DOCS).toContain("docs/guide.md");
    expect(DOCS.length).toBeGreaterThan(5);
  });

  for (const doc of DOCS) {
    it(`points to an existing file and heading: ${doc}`, () => {
      const broken: string[] = [];
      for (const target of relativeLinks(read(doc))) {
        const [path = "", anchor] = target.split("#");
        const file = path === "" ? doc : relative(ROOT, join(ROOT, dirname(doc), decodeURI(path)));
        if (!existsSync(join(ROOT, file))) {
          broken.push(`${target}: no file ${file}`);
          continue;
        }
        if (anchor !== undefined && file.endsWith(".md") && !anchors(read(file)).has(anchor)) {
          broken.push(`${target}: no heading #${anchor} in ${file}`);
        }
      }
      expect(broken).toEqual([]);
    });
  }

  it("reads GitHub's anchors the way GitHub makes them", () => {
    expect([...anchors("## bench:storm (Storms)\n## Pacing: Telegram's limits\n## A b\n## A b\n")]).toEqual([
      "benchstorm-storms",
      "pacing-telegrams-limits",
      "a-b",
      "a-b-1",
    ]);
  });
});

/** Every file of the repository below `dir` (relative paths), without node_modules and dot folders. */
function filesBelow(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((path) => !path.split("/").some((part) => part === "node_modules" || part.startsWith(".")));
}

/** The source paths a doc names (`a/b.ts`, with a folder: bare names are too often meant loosely). */
function namedSourcePaths(markdown: string): string[] {
  return [...markdown.matchAll(/(?<![\w/.*<-])((?:[\w.-]+\/)+[\w.-]+\.(?:ts|ftl|cjs|mjs))\b/g)].map(
    (match) => match[1] ?? "",
  );
}

describe("every source path the docs name", () => {
  const sources = ["src", "test", "bench", "scripts", "locales"].flatMap(filesBelow);
  // A path is named from the repository's root, from src/, or from a folder below (`pipeline/telegram-pace/reply-pace.ts`).
  const exists = (named: string) => {
    const path = named.replace(/^(\.\.?\/)+/, "");
    return sources.some((file) => file === path || file.endsWith(`/${path}`));
  };

  it("finds the paths", () => {
    expect(
      namedSourcePaths("see `src/bot/create-bot.ts` and bot/pipeline/telegram-pace/reply-pace.ts."),
    ).toEqual(["src/bot/create-bot.ts", "bot/pipeline/telegram-pace/reply-pace.ts"]);
    expect(exists("bot/create-bot.ts")).toBe(true);
    expect(exists("../src/bot/create-bot.ts")).toBe(true);
    expect(exists("bot/start.ts")).toBe(false);
  });

  for (const doc of DOCS) {
    it(`exists: ${doc}`, () => {
      expect(namedSourcePaths(read(doc)).filter((path) => !exists(path))).toEqual([]);
    });
  }
});

describe("the README's commands", () => {
  it("are the bot's menu, each once", () => {
    const listed = [...read("README.md").matchAll(/^\| `\/([a-z]+)[^`]*` \|/gm)].map((match) => match[1]);
    const menu = [...read("locales/en.ftl").matchAll(/^cmd-([a-z]+) =/gm)].map((match) => match[1]);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...menu].sort());
  });
});
