/** The bench's probe of what one hop between processes costs (bench/support/process-round-trip.ts). */
import { describe, expect, it } from "vitest";
import { processRoundTrip } from "../../bench/support/process-round-trip.ts";

describe("processRoundTrip", () => {
  it("times round trips to an echoing process, and ends that process each time", async () => {
    // Twice: the first call returns only once its echoing process exited (it waits for the exit).
    for (let i = 0; i < 2; i++) {
      const { medianUs, cpuUs } = await processRoundTrip(50, 5);
      expect(medianUs).toBeGreaterThan(0);
      expect(Number.isFinite(medianUs)).toBe(true);
      expect(cpuUs).toBeGreaterThan(0);
      expect(Number.isFinite(cpuUs)).toBe(true);
    }
  });
});
