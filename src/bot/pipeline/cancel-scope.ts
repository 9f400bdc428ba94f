/**
 * Every update of a user runs in a cancel scope (see services/runtime/user-cancellation.ts), so that the
 * user's /cancel, which does not wait behind a slow update, still wins: the slow update's exchange reads are
 * aborted, it says nothing more (see flow-kit/exchange-wait.ts), and its session and conversation state are
 * not saved over what /cancel left (see {@link guardStateWrites}).
 */
import type { MiddlewareFn, NextFunction } from "grammy";
import type { JsonStorage } from "../../services/runtime/json-storage.ts";
import { currentFrame, runInNewFrame, UpdateFrame } from "../../services/runtime/update-frame.ts";
import type { CancelScope } from "../../services/runtime/user-cancellation.ts";
import type { BotContext, BotDeps } from "../context.ts";

/**
 * Opens the update's cancel scope as `ctx.cancelScope` (and in the update's frame, for storage writes,
 * which see no context) and closes it when the update is done. The scope joins the frame the read-ahead
 * opened for the update; without one (no read-ahead, or a frame that already has a scope), it opens one.
 */
export function cancelScopes(deps: BotDeps): MiddlewareFn<BotContext> {
  return (ctx, next) => {
    if (ctx.from === undefined) return next();
    // At once when the generation was read ahead (most updates); else after asking Redis.
    const scope = deps.cancellation.openReadAhead(ctx.from.id);
    if (scope !== undefined) return runInScope(ctx, scope, next);
    return deps.cancellation.open(ctx.from.id).then((opened) => runInScope(ctx, opened, next));
  };
}

/** Runs the rest of the update in `scope`, then closes it. */
async function runInScope(ctx: BotContext, scope: CancelScope, next: NextFunction): Promise<void> {
  ctx.cancelScope = scope;
  try {
    const frame = currentFrame();
    if (frame !== undefined && frame.cancelScope === undefined) {
      frame.cancelScope = scope;
      await next();
    } else {
      const own = new UpdateFrame();
      own.cancelScope = scope;
      await runInNewFrame(own, next);
    }
  } finally {
    scope.close();
  }
}

/**
 * Wraps a state storage (sessions, conversations) so that an update overtaken by a /cancel does not save
 * its state: /cancel has already written what the state must be.
 */
export function guardStateWrites<T>(storage: JsonStorage<T>): JsonStorage<T> {
  const overtaken = async () => (await currentFrame()?.cancelScope?.cancelled()) === true;
  return {
    ...storage,
    async write(key, value) {
      if (!(await overtaken())) await storage.write(key, value);
    },
    async delete(key) {
      if (!(await overtaken())) await storage.delete(key);
    },
  };
}
