/**
 * What an update carries through its asynchronous calls (for code that sees no context: storages, the Redis
 * reads), in one AsyncLocalStorage frame per update. Node copies its whole context map on every `run` of any
 * AsyncLocalStorage (some 0.8 KB and a microsecond or so per update): so the read-ahead (update-reads.ts)
 * opens the update's frame and the update's cancel scope (bot/pipeline/cancel-scope.ts) joins it, instead of
 * each opening a frame of its own.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { FewByKey } from "./few-by-key.ts";

/** What an update read ahead and what its storages read (filled by update-reads.ts). */
export interface UpdateReads {
  /** Values read ahead and not yet taken (by key, and field for a hash): null when absent. */
  ahead: FewByKey<string | null>;
  /** JSON of what each storage read in this update, by key and storage. */
  seen: FewByKey<string>;
}

/** One update's frame. */
export class UpdateFrame {
  /** What was read ahead for the update, and what its storages read (update-reads.ts). */
  reads: UpdateReads | undefined = undefined;
  /**
   * The update's cancel scope (bot/pipeline/cancel-scope.ts), as far as its storage writes ask it
   * (user-cancellation.ts has the whole scope, and sits above this file).
   */
  cancelScope: { cancelled(): Promise<boolean> } | undefined = undefined;
}

const frames = new AsyncLocalStorage<UpdateFrame>();

/** The frame of the update this code runs for, if any. */
export function currentFrame(): UpdateFrame | undefined {
  return frames.getStore();
}

/** Runs `work` in a new frame: the start of an update. */
export function runInNewFrame<T>(frame: UpdateFrame, work: () => T): T {
  return frames.run(frame, work);
}

/**
 * Makes `frame` the frame of the rest of the calling async function and of all it then starts: the
 * start of an update, like {@link runInNewFrame}, but for an async function that has already awaited.
 * Its code then runs alone in a microtask, so nothing but its own continuation enters the frame, and no
 * frame has to be restored afterwards (`run` copies the context map once more for that).
 */
export function enterFrameAfterAwait(frame: UpdateFrame): void {
  frames.enterWith(frame);
}
