/**
 * The Node version check that runs before the npm scripts: one line saying what is needed, what was found
 * and how to get it, on any Node (the machine's own old one included); and one stated minimum everywhere
 * (package.json's engines, the lockfile, the preflight, the README, npm's engine-strict).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SCRIPT = `${ROOT}scripts/preflight.cjs`;
const preflight = createRequire(import.meta.url)(SCRIPT) as {
  ENGINES: string;
  supported(version: string): boolean;
  problem(version: string, execPath: string): string | null;
};
const read = (path: string) => readFileSync(`${ROOT}${path}`, "utf8");
const pkg = JSON.parse(read("package.json"));

/** Runs the preflight as npm would, on `node`. */
function runPreflight(node: string, env: Record<string, string> = {}) {
  return spawnSync(node, [SCRIPT], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    // Generous: a bare Node start is a few tens of milliseconds.
    timeout: 20_000,
  });
}

/** A refusal: exit 1, nothing on stdout, exactly one line on stderr naming both versions and the fix. */
function expectRefusal(result: ReturnType<typeof runPreflight>, found: string, node: string): void {
  expect(result.status).toBe(1);
  expect(result.stdout).toBe("");
  expect(result.stderr.endsWith("\n")).toBe(true);
  expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(result.stderr).toContain("needs Node.js 22.18+ or 24+");
  expect(result.stderr).toContain(`found Node.js ${found} at ${node}`);
  expect(result.stderr).toContain("https://nodejs.org");
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

/** Nodes on this machine older than the minimum, such as a distribution's /usr/bin/node. */
function oldNodesHere(): { node: string; version: string }[] {
  return ["/usr/bin/node", "/usr/local/bin/node"]
    .filter((node) => existsSync(node))
    .map((node) => ({
      node,
      version: spawnSync(node, ["-p", "process.versions.node"], { encoding: "utf8" }),
    }))
    .filter(({ version }) => version.status === 0 && !preflight.supported(version.stdout.trim()))
    .map(({ node, version }) => ({ node, version: version.stdout.trim() }));
}

describe("preflight", () => {
  it.each([
    ["20.20.2", false],
    ["18.19.0", false],
    ["22.0.0", false],
    ["22.12.0", false],
    ["22.17.1", false],
    ["22.18.0", true],
    ["v22.23.3", true],
    ["23.6.0", false],
    ["24.0.0", true],
    ["v24.21.0", true],
    ["26.1.0", true],
  ])("Node %s supported: %s", (version, ok) => {
    expect(preflight.supported(version)).toBe(ok);
    expect(preflight.problem(version, "/x/node") === null).toBe(ok);
  });

  it("says nothing and exits 0 on this (supported) Node", () => {
    const result = runPreflight(process.execPath);
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe("");
  });

  it("refuses an old Node in one line: the version told by the override, and every real old Node here", () => {
    expectRefusal(
      runPreflight(process.execPath, { SURGE_PREFLIGHT_NODE_VERSION: "20.11.1" }),
      "20.11.1",
      process.execPath,
    );
    for (const { node, version } of oldNodesHere()) expectRefusal(runPreflight(node), version, node);
  });

  it("is written for any Node: CommonJS, no syntax newer than ES5", () => {
    const code = read("scripts/preflight.cjs").replace(/^\s*(\/\/|\/\*\*|\*).*$/gm, "");
    for (const modern of ["=>", "`", "let ", "const ", "class ", "...", "?.", "??", "import ", "export "]) {
      expect(code, modern).not.toContain(modern);
    }
  });
});

describe("the stated minimum", () => {
  it("package.json's engines, the lockfile and the preflight agree; npm refuses other Nodes", () => {
    expect(pkg.engines.node).toBe(preflight.ENGINES);
    expect(JSON.parse(read("package-lock.json")).packages[""].engines.node).toBe(preflight.ENGINES);
    expect(read(".npmrc")).toMatch(/^engine-strict=true$/m);
  });

  it("every script that runs Node on source or dist checks it first", () => {
    for (const name of ["demo", "sandbox", "test", "prestart", "prevault:rotate"]) {
      expect(pkg.scripts[name], name).toMatch(/^node scripts\/preflight\.cjs && /);
    }
    // The minimum runs .ts without a flag, so none is passed (one script would hide the others' need).
    for (const name of ["demo", "sandbox"]) expect(pkg.scripts[name]).not.toContain("strip-types");
  });

  it("the README says the same minimum", () => {
    expect(read("README.md")).toContain("Node.js 22.18+ or 24+");
  });
});
