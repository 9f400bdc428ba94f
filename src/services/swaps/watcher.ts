/**
 * Following a placed swap until it settles, as background jobs (BullMQ on Redis), not a conversation
 * wait: a "fast" job polls about once a second for about ten seconds; if the swap is still processing
 * then, the user is told and "slow" jobs check again on a widening schedule until it settles. Jobs live
 * in Redis, so a restart loses no follow-up. Rendering and sending are the caller's (`notify`).
 *
 * A swap whose create answer was lost is looked for by a "find" job: a few reads of the newest swaps over a
 * few seconds; found, it is followed as usual; not found, the user is told to check /swaps. Every follow-up
 * ends with a message (result, or why it stopped), and each final message is sent once even when a job runs
 * again: deliveries are recorded in Redis. The queue, the worker, the search job and the record of deliveries
 * are the follow-up watcher's (../runtime/follow-up-watcher.ts), shared with withdrawals.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { type ExchangeClient, SWAP_STATUS, type SwapListItem } from "../../exchange/index.ts";
import {
  createFollowUpWatcher,
  type FollowUpGaveUp,
  type FollowUpTarget,
  type FollowUpWatcherOptions,
  type StatusRead,
  targetOf,
} from "../runtime/follow-up-watcher.ts";
import { matchPlacedSwap, SEARCH_PAGE_SIZE, type SwapSearch } from "./search.ts";

/** Where news of a swap goes: the chat, the message that shows it, the language. Carries no secret. */
export type SwapTarget = FollowUpTarget;

/** A swap to follow. */
export interface SwapWatch extends SwapTarget {
  swapId: number;
}

/** A swap whose create answer was lost, to look for among the newest swaps. */
export interface SwapFind extends SwapTarget {
  search: SwapSearch;
}

/** Why a follow-up stopped without a final status. */
export type GaveUpReason = FollowUpGaveUp;

/**
 * What the watcher reports. `late` marks a result found after the user was told it was still running;
 * `found` is a lost-answer swap located (it is followed next); `not_found` ends a search, `checked`
 * false when the swaps could not even be read.
 */
export type SwapUpdate =
  | { kind: "settled"; swap: SwapListItem; late: boolean }
  | { kind: "still_processing"; swapId: number }
  | { kind: "gave_up"; swapId: number; reason: GaveUpReason }
  | { kind: "found"; swapId: number }
  | { kind: "not_found"; checked: boolean };

/** Final swap statuses: processed, error, rejected. */
const FINAL_STATUSES: ReadonlySet<number> = new Set([
  SWAP_STATUS.PROCESSED,
  SWAP_STATUS.ERROR,
  SWAP_STATUS.REJECTED,
]);

/** Whether a swap status is final. */
export function isFinalSwapStatus(status: number): boolean {
  return FINAL_STATUSES.has(status);
}

/** Options of {@link createSwapWatcher}. */
export interface SwapWatcherOptions extends FollowUpWatcherOptions<SwapUpdate> {
  /** Default 1 s (the spec's guidance). */
  pollIntervalMs?: number;
  /** Default 10 s (the spec's guidance). */
  fastWindowMs?: number;
  /** Delays between later checks; default from 15 s growing to an hour, about a day in all. */
  slowDelaysMs?: readonly number[];
  /** BullMQ lock of a running job (and the stalled-job check): a crashed instance's jobs run elsewhere after it. Default 30 s. */
  lockDurationMs?: number;
}

const DEFAULT_SLOW_DELAYS = [
  15_000,
  30_000,
  60_000,
  120_000,
  300_000,
  600_000,
  1_800_000,
  ...Array(23).fill(3_600_000),
];

type WatchData = SwapWatch & { attempt?: number };

/** Starts the queue and its worker. `watch` follows a swap, `find` looks for one; `close` stops both. */
export function createSwapWatcher(options: SwapWatcherOptions) {
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const fastWindowMs = options.fastWindowMs ?? 10_000;
  const slowDelays = options.slowDelaysMs ?? DEFAULT_SLOW_DELAYS;

  const jobs = createFollowUpWatcher<WatchData, SwapFind, SwapListItem>({
    ...options,
    queue: "swap-watch",
    noun: "swap",
    jobIdPrefix: "swap",
    follow: (job, client) => (job.name === "fast" ? fast(job.data, client) : slow(job.data, client)),
    disconnected: (data) => finish(data, { kind: "gave_up", swapId: data.swapId, reason: "disconnected" }),
    readNewest: async (client) => (await client.swaps.list({ page: 1, page_size: SEARCH_PAGE_SIZE })).results,
    match: (swaps, data) => matchPlacedSwap(swaps, data.search),
    found: async (data, swap) => {
      options.logger.info({ swapId: swap.id }, "swap with a lost answer found");
      await options.notify(targetOf(data), { kind: "found", swapId: swap.id });
      await watch({ ...targetOf(data), swapId: swap.id });
    },
  });

  /** The final message of a followed swap, once. */
  function finish(data: SwapWatch, update: SwapUpdate): Promise<void> {
    return jobs.deliverOnce(`${data.userId}:${data.swapId}`, () => options.notify(targetOf(data), update));
  }

  const checkSwap = (client: ExchangeClient, id: number): Promise<StatusRead<SwapListItem>> =>
    jobs.readStatus({ swapId: id }, () => client.swaps.get(id));

  async function fast(data: WatchData, client: ExchangeClient): Promise<void> {
    const deadline = Date.now() + fastWindowMs;
    let check: StatusRead<SwapListItem>;
    for (;;) {
      check = await checkSwap(client, data.swapId);
      if (check.value && isFinalSwapStatus(check.value.status)) {
        await finish(data, { kind: "settled", swap: check.value, late: false });
        return;
      }
      if (Date.now() + pollIntervalMs > deadline) break;
      await sleep(pollIntervalMs);
    }
    // Still failing in a way that waiting will not mend: say so now rather than in a day.
    if (!check.value && check.permanent) {
      await finish(data, { kind: "gave_up", swapId: data.swapId, reason: "unreadable" });
      return;
    }
    await options.notify(targetOf(data), { kind: "still_processing", swapId: data.swapId });
    await scheduleSlow(data, 0);
  }

  async function scheduleSlow(watch: SwapWatch, attempt: number): Promise<void> {
    const delay = slowDelays[attempt];
    if (delay === undefined) {
      await finish(watch, { kind: "gave_up", swapId: watch.swapId, reason: "not_final" });
      return;
    }
    await jobs.add(
      "slow",
      { ...watch, attempt },
      { delay, jobId: `swap-${watch.userId}-${watch.swapId}-slow-${attempt}` },
    );
  }

  async function slow(data: WatchData, client: ExchangeClient): Promise<void> {
    const check = await checkSwap(client, data.swapId);
    if (check.value && isFinalSwapStatus(check.value.status)) {
      await finish(data, { kind: "settled", swap: check.value, late: true });
      return;
    }
    if (!check.value && check.permanent) {
      await finish(data, { kind: "gave_up", swapId: data.swapId, reason: "unreadable" });
      return;
    }
    await scheduleSlow(data, (data.attempt ?? 0) + 1);
  }

  async function watch(target: SwapWatch): Promise<void> {
    const data: SwapWatch = { ...targetOf(target), swapId: target.swapId };
    await jobs.add("fast", data, { jobId: `swap-${data.userId}-${data.swapId}-fast` });
  }

  return {
    /** Starts following a swap; the same swap is never followed twice. */
    watch,
    /** Starts looking for a swap whose create answer was lost (see `SwapSearch`). */
    async find(target: SwapFind): Promise<void> {
      await jobs.find({ ...targetOf(target), search: target.search });
    },
    /** Waits for running jobs to finish their step, then closes the worker and the queue. */
    close: jobs.close,
  };
}
