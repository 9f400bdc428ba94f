/**
 * When what a test helper started is stopped. Vitest never calls an `afterAll` registered while a test
 * (or a hook) runs, so a helper called inside a test would leave its servers, workers and keys behind.
 */
import { afterAll, expect, onTestFinished } from "vitest";

/**
 * Runs `cleanUp` after the test that calls this, or after the file when called at the top of it. Not
 * from inside `beforeAll`: start what a file shares at its top level (`const tb = await startTestBot()`).
 */
export function cleanUpAfterUse(cleanUp: () => Promise<unknown> | undefined): void {
  const run = async () => {
    await cleanUp();
  };
  if (expect.getState().currentTestName !== undefined) onTestFinished(run);
  else afterAll(run);
}
