import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Two cores here: forks keep Redis- and HTTP-heavy files isolated without oversubscribing.
    pool: "forks",
    // Most files wait on Redis, HTTP, child processes and timers rather than compute: two files at a time
    // even on two cores (vitest's default there is one) takes the suite from about 12 minutes to about 6.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
