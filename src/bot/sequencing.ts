/**
 * One update at a time per chat and per user, like @grammyjs/runner's `sequentialize`, with one
 * difference: an urgent update (/cancel) waits only for earlier urgent ones, not behind a slow update
 * still running, while every later update still waits for it. So /cancel answers at once, a double
 * /cancel cannot race itself, and nothing sent after /cancel runs before it.
 */
import type { Context, MiddlewareFn } from "grammy";

/**
 * The sequencing middleware.
 * @param keysOf the constraints of an update (e.g. its chat and user ids); updates sharing one are ordered
 * @param isUrgent whether an update may run beside the non-urgent updates ahead of it
 */
export function sequentializeUpdates<C extends Context>(
  keysOf: (ctx: C) => string[],
  isUrgent: (ctx: C) => boolean,
): MiddlewareFn<C> {
  // Per key: the last update that is not urgent (each waits for the one before), and the last urgent one.
  const lastNormal = new Map<string, Promise<void>>();
  const lastUrgent = new Map<string, Promise<void>>();
  return async (ctx, next) => {
    const keys = keysOf(ctx);
    const urgent = isUrgent(ctx);
    const ahead = keys.flatMap((key) => [lastUrgent.get(key), urgent ? undefined : lastNormal.get(key)]);
    const task = (async () => {
      // An earlier update's failure is its own (it is reported where it ran); this one runs regardless.
      await Promise.allSettled(ahead);
      await next();
    })();
    const done = task.then(
      () => undefined,
      () => undefined,
    );
    const lane = urgent ? lastUrgent : lastNormal;
    for (const key of keys) lane.set(key, done);
    try {
      await task;
    } finally {
      for (const key of keys) if (lane.get(key) === done) lane.delete(key);
    }
  };
}
