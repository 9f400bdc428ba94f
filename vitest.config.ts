import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Two cores here: forks keep Redis- and HTTP-heavy files isolated without oversubscribing.
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
