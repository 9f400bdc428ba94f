/**
 * `npm run sandbox`: starts the sandbox exchange and prints its URL and the demo keys.
 * Flags: --port N, --seed N, --control (also env SANDBOX_PORT, SANDBOX_SEED, SANDBOX_CONTROL=1).
 * Flags win over the environment. Stops cleanly on SIGINT/SIGTERM.
 */
import { parseArgs } from "node:util";
import { startSandbox } from "./server.ts";

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) {
    process.stderr.write(`sandbox: ${name} must be a non-negative integer, got "${value}"\n`);
    process.exit(2);
  }
  return n;
}

function flag(value: string | undefined): boolean {
  return value !== undefined && ["1", "true", "yes", "on"].includes(value.toLowerCase());
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      seed: { type: "string" },
      host: { type: "string" },
      control: { type: "boolean" },
    },
  });
  const env = process.env;
  const sandbox = await startSandbox({
    host: values.host ?? env.SANDBOX_HOST ?? "127.0.0.1",
    port: integer("port", values.port ?? env.SANDBOX_PORT, 8787),
    seed: integer("seed", values.seed ?? env.SANDBOX_SEED, 1),
    control: values.control ?? flag(env.SANDBOX_CONTROL),
  });
  const { demo } = sandbox;
  process.stdout.write(
    [
      `Sandbox exchange listening on ${sandbox.url} (seed ${sandbox.seed})`,
      `  demo account id:     ${demo.accountId}`,
      `  read-write API key:  ${demo.readWriteKey}`,
      `  read-only API key:   ${demo.readOnlyKey}`,
      `  2FA code:            ${demo.totp}`,
      `  control endpoints:   ${values.control || flag(env.SANDBOX_CONTROL) ? `${sandbox.url}/_sandbox/` : "off (use --control)"}`,
      "",
    ].join("\n"),
  );
  const stop = (signal: string): void => {
    process.stdout.write(`Received ${signal}, stopping the sandbox.\n`);
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

main().catch((e: unknown) => {
  process.stderr.write(`sandbox: ${(e as Error).message}\n`);
  process.exit(1);
});
