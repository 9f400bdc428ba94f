/**
 * Tests that need something this machine may lack (redis-server, redis-cli, a private Redis Cluster) skip
 * visibly where it is missing, but never under CI: there .ci/run installs what they need, so a skip means
 * they did not run, and a run that silently skipped them must not be green.
 */
import { it } from "vitest";

/** Whether this process runs under CI (`CI=true`, as CI services set it; `1` too). */
export function underCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI?.toLowerCase();
  return value === "true" || value === "1";
}

/**
 * Reports that `what` cannot run here because of `reason`: a warning on a developer's machine; under
 * CI a failing test in its place, naming the reason.
 */
export function reportSkip(
  what: string,
  reason: string,
  env: NodeJS.ProcessEnv = process.env,
  register: (name: string, fn: () => void) => void = it,
): void {
  if (underCi(env)) {
    register(`${what} runs under CI`, () => {
      throw new Error(`${what} did not run under CI: ${reason}`);
    });
  } else console.warn(`${what} skipped: ${reason}`);
}
