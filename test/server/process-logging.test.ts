/**
 * Process-level failures in a child process with logProcessFailures installed: an unhandled rejection
 * whose error carries a grammY-like context (with a token) is logged as one pino line without it and the
 * process goes on; an uncaught exception is logged the same way and ends the process with code 1.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const TOKEN = "123456:AAH-canary_token_for_process_logging";
const src = (path: string) => JSON.stringify(fileURLToPath(new URL(`../../src/${path}`, import.meta.url)));

/** Runs `body` after installing the handlers; returns the exit code and the whole output. */
function runWith(body: string): { status: number | null; stdout: string; stderr: string } {
  const script = `
    import { createLogger } from ${src("logger.ts")};
    import { logProcessFailures } from ${src("process-logging.ts")};
    logProcessFailures(createLogger({ level: "info" }));
    const failure = Object.assign(new Error("handler failed"), { ctx: { api: { token: ${JSON.stringify(TOKEN)} } } });
    ${body}
  `;
  const result = spawnSync(process.execPath, ["--no-warnings", "--input-type=module", "-e", script], {
    encoding: "utf8",
    // A cold Node start takes well under a second; 20 s allows for a loaded machine.
    timeout: 20_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function lines(stdout: string): { msg?: string; err?: { message?: string } }[] {
  return stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
}

describe("logProcessFailures", () => {
  it("logs an unhandled rejection through pino, without the context, and the process goes on", () => {
    const result = runWith(`
      Promise.reject(failure);
      setTimeout(() => console.log(JSON.stringify({ msg: "still running" })), 50);
    `);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
    expect(`${result.stdout}${result.stderr}`).not.toContain(TOKEN);
    const logged = lines(result.stdout);
    expect(logged.map((line) => line.msg)).toEqual(["unhandled rejection", "still running"]);
    expect(logged[0]?.err?.message).toBe("handler failed");
  });

  it("logs an uncaught exception the same way and exits with code 1", () => {
    const result = runWith(`
      setTimeout(() => { throw failure; }, 0);
      setTimeout(() => console.log(JSON.stringify({ msg: "still running" })), 500);
    `);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe("");
    expect(`${result.stdout}${result.stderr}`).not.toContain(TOKEN);
    expect(lines(result.stdout).map((line) => line.msg)).toEqual(["uncaught exception"]);
  });
});
