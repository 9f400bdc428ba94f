// The production image without Docker: replays the Dockerfile's steps (FROM, WORKDIR, COPY, RUN, ENV, CMD)
// stage by stage in a temporary directory, then checks the result the way the container would run it:
//   - its CMD with no configuration, and with a malformed one, stops with exit code 2 and the
//     configuration message naming the variables (so every production import resolves, and no stack trace);
//   - node_modules holds no package the lockfile marks as dev-only, and every runtime dependency;
//   - every locale file is there (the bot reads them only once its configuration and Redis are good);
//   - the /portfolio picture renders there: the native SVG renderer loads and the bundled font draws text
//     (the image has no system fonts, so text drawn means the font was found).
// Docker-specific instructions (USER, EXPOSE, HEALTHCHECK) change nothing here; any other instruction
// stops the run, so a new one gets taught here instead of being skipped.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), "surge-image-"));

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(text) {
  return text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest, raw: line.slice(keyword.length).trim() };
    });
}

function fail(message) {
  throw new Error(`ci: production image: ${message}`);
}

/** Runs the Dockerfile in `work`; returns the last stage. */
function build() {
  const stages = new Map();
  let stage;
  for (const { keyword, args, raw } of instructions(readFileSync(join(root, "Dockerfile"), "utf8"))) {
    if (keyword === "FROM") {
      const name = args[2] ?? String(stages.size);
      stage = { dir: join(work, `stage-${stages.size}`), workdir: "/", env: {}, cmd: undefined };
      mkdirSync(stage.dir, { recursive: true });
      stages.set(name, stage);
      continue;
    }
    if (stage === undefined) fail(`${keyword} before FROM`);
    const here = join(stage.dir, stage.workdir);
    if (keyword === "WORKDIR") {
      stage.workdir = args[0];
      mkdirSync(join(stage.dir, stage.workdir), { recursive: true });
    } else if (keyword === "COPY") {
      const from = args.find((arg) => arg.startsWith("--from="))?.slice("--from=".length);
      const paths = args.filter((arg) => !arg.startsWith("--"));
      const target = paths.pop();
      const source = from === undefined ? root : stages.get(from)?.dir;
      if (source === undefined) fail(`COPY --from=${from}: no such stage`);
      for (const path of paths) {
        const into = target.endsWith("/") ? join(here, target, basename(path)) : join(here, target);
        cpSync(join(source, path), into, { recursive: true });
      }
    } else if (keyword === "RUN") {
      console.log(`ci: production image: RUN ${raw}`);
      const run = spawnSync("sh", ["-c", raw], {
        cwd: here,
        stdio: "inherit",
        env: { ...process.env, ...stage.env },
      });
      if (run.status !== 0) fail(`RUN ${raw} failed`);
    } else if (keyword === "ENV") {
      const [name, ...value] = raw.split("=");
      const text = value.join("=");
      // Docker takes a double-quoted value without its quotes (a value with spaces must be quoted).
      stage.env[name] = /^".*"$/.test(text) ? JSON.parse(text) : text;
    } else if (keyword === "CMD") {
      stage.cmd = JSON.parse(raw);
    } else if (!["USER", "EXPOSE", "HEALTHCHECK"].includes(keyword)) {
      fail(`the Dockerfile uses ${keyword}, which this replay does not know`);
    }
  }
  if (stage?.cmd === undefined) fail("the last stage has no CMD");
  return stage;
}

/** Runs the image's CMD with only the image's environment plus `env`. */
function start(image, env) {
  const [command, ...args] = image.cmd;
  return spawnSync(command, args, {
    cwd: join(image.dir, image.workdir),
    env: { PATH: process.env.PATH, ...image.env, ...env },
    encoding: "utf8",
    // Generous: it stops at the configuration check, well under a second on an idle machine.
    timeout: 30_000,
  });
}

function expectConfigRefusal(image, env, wanted) {
  const run = start(image, env);
  const said = `${run.stdout}${run.stderr}`;
  if (run.status !== 2 || !wanted.every((text) => run.stderr.includes(text)) || /\n\s+at /.test(said)) {
    fail(`expected exit 2 naming ${wanted.join(", ")}; got ${run.status}:\n${said}`);
  }
}

try {
  const image = build();
  expectConfigRefusal(image, {}, ["BOT_TOKEN is required", "VAULT_KEYS is required"]);
  expectConfigRefusal(image, { BOT_TOKEN: "not-a-token", VAULT_KEYS: "k1:short", PORT: "http" }, [
    "BOT_TOKEN: expected",
    "VAULT_KEYS: expected",
    "PORT: expected",
  ]);

  const app = join(image.dir, image.workdir);
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  const devOnly = Object.entries(lock.packages).filter(([path, entry]) => path !== "" && entry.dev === true);
  const present = devOnly.filter(([path]) => existsSync(join(app, path))).map(([path]) => path);
  if (present.length > 0) fail(`dev-only packages in the image: ${present.join(", ")}`);
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const missing = Object.keys(pkg.dependencies).filter(
    (name) => !existsSync(join(app, "node_modules", name, "package.json")),
  );
  if (missing.length > 0) fail(`runtime dependencies missing from the image: ${missing.join(", ")}`);
  const locales = readdirSync(join(root, "locales")).filter(
    (name) => !existsSync(join(app, "locales", name)),
  );
  if (locales.length > 0) fail(`locale files missing from the image: ${locales.join(", ")}`);
  const render = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { svgToPng } from "./dist/bot/flow-kit/pictures/render.js";
       const svg = (text) => '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#fff"/><text x="4" y="30" font-size="24">' + text + '</text></svg>';
       const [blank, drawn] = await Promise.all([svgToPng(svg("")), svgToPng(svg("BTC 1"))]);
       const png = drawn.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
       if (!png || blank.equals(drawn)) { console.error("no text drawn"); process.exit(1); }`,
    ],
    { cwd: app, env: { PATH: process.env.PATH, ...image.env }, encoding: "utf8", timeout: 30_000 },
  );
  if (render.status !== 0) fail(`the portfolio picture does not render: ${render.stderr}`);
  console.log(
    `ci: production image: no dev-only package (of ${devOnly.length}), every runtime dependency, every locale, the portfolio picture renders with its font, and a bad configuration stops it with exit 2 and the variables named`,
  );
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
