/**
 * One update at a time per chat and per user, like @grammyjs/runner's `sequentialize`, with one
 * difference: an urgent update (/cancel) waits only for earlier urgent ones, not behind a slow update
 * still running, while every later update still waits for it. So /cancel answers at once, a double
 * /cancel cannot race itself, and nothing sent after /cancel runs before it.
 */
import type { Context, MiddlewareFn } from "grammy";

/** How many updates a key may hold, and what becomes of one more. */
export interface SequenceBound<C> {
  /** The most updates (running and waiting) one key of `ctx` may hold. */
  max: (ctx: C) => number;
  /** Takes an update turned away: it does not run. */
  overflow: (ctx: C) => void;
}

/**
 * The sequencing middleware.
 * @param keysOf the constraints of an update (e.g. its chat and user ids); updates sharing one are ordered
 * @param isUrgent whether an update may run beside the non-urgent updates ahead of it
 * @param bound how many updates a key may hold; unbounded when absent
 */
export function sequentializeUpdates<C extends Context>(
  keysOf: (ctx: C) => string[],
  isUrgent: (ctx: C) => boolean,
  bound?: SequenceBound<C>,
): MiddlewareFn<C> {
  // Per key: the last update that is not urgent (each waits for the one before), and the last urgent one.
  const lastNormal = new Map<string, Promise<void>>();
  const lastUrgent = new Map<string, Promise<void>>();
  // Per key: the updates that are not urgent, running or waiting.
  const held = new Map<string, number>();
  return (ctx, next) => {
    const keys = keysOf(ctx);
    const urgent = isUrgent(ctx);
    if (!urgent && bound !== undefined) {
      const max = bound.max(ctx);
      if (keys.some((key) => (held.get(key) ?? 0) >= max)) {
        bound.overflow(ctx);
        return Promise.resolve();
      }
      for (const key of keys) held.set(key, (held.get(key) ?? 0) + 1);
    }
    const ahead: Promise<void>[] = [];
    for (const key of keys) {
      const urgentAhead = lastUrgent.get(key);
      if (urgentAhead !== undefined) ahead.push(urgentAhead);
      const normalAhead = urgent ? undefined : lastNormal.get(key);
      if (normalAhead !== undefined) ahead.push(normalAhead);
    }
    // With nothing ahead (most updates) the update starts at once. The promises ahead never reject: an
    // earlier update's failure is its own (it is reported where it ran), and this one runs regardless.
    const task = ahead.length === 0 ? start(next) : Promise.all(ahead).then(() => next());
    const lane = urgent ? lastUrgent : lastNormal;
    const counted = !urgent && bound !== undefined;
    const release = (): undefined => {
      for (const key of keys) {
        if (lane.get(key) === done) lane.delete(key);
        if (counted) {
          const left = (held.get(key) ?? 1) - 1;
          if (left === 0) held.delete(key);
          else held.set(key, left);
        }
      }
    };
    // Settles (never rejects) once the update is done and its keys are released, before the caller goes on.
    const done = task.then(release, release);
    for (const key of keys) lane.set(key, done);
    return task;
  };
}

/** Starts `next`, a failure thrown at once included, as a promise. */
function start(next: () => Promise<void>): Promise<void> {
  try {
    return next();
  } catch (error) {
    return Promise.reject(error);
  }
}
