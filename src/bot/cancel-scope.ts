/**
 * Every update of a user runs in a cancel scope (see services/user-cancellation.ts), so that the user's
 * /cancel, which does not wait behind a slow update, still wins: the slow update's exchange reads are
 * aborted, it says nothing more (see exchange-wait.ts), and its session and conversation state are not
 * saved over what /cancel left (see {@link guardStateWrites}).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareFn } from "grammy";
import type { JsonStorage } from "../services/redis-storage.ts";
import type { CancelScope } from "../services/user-cancellation.ts";
import type { BotContext, BotDeps } from "./context.ts";

// The scope of the update being handled, for storage writes (which see no context).
const currentScope = new AsyncLocalStorage<CancelScope>();

/** Opens the update's cancel scope as `ctx.cancelScope` and closes it when the update is done. */
export function cancelScopes(deps: BotDeps): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    if (ctx.from === undefined) return next();
    const scope = await deps.cancellation.open(ctx.from.id);
    ctx.cancelScope = scope;
    try {
      await currentScope.run(scope, next);
    } finally {
      scope.close();
    }
  };
}

/**
 * Wraps a state storage (sessions, conversations) so that an update overtaken by a /cancel does not save
 * its state: /cancel has already written what the state must be.
 */
export function guardStateWrites<T>(storage: JsonStorage<T>): JsonStorage<T> {
  const overtaken = async () => (await currentScope.getStore()?.cancelled()) === true;
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
