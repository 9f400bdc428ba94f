/**
 * How the follow-up watchers (swaps, withdrawals) queue their BullMQ jobs: a failed check is tried again
 * twice with a growing wait, and the last thousand finished jobs of each kind are kept for inspection.
 */
export const FOLLOW_UP_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: "exponential", delay: 1000 },
  removeOnComplete: 1000,
  removeOnFail: 1000,
} as const;
