/**
 * A grammY Composer with a cheaper `filter`, behaving the same. grammY builds every `command`, `on`,
 * `callbackQuery`, `chatType`... on `filter`, which goes through `branch` and `lazy`: for every update
 * and every handler it awaits the predicate (a promise even when the predicate is synchronous), builds a
 * new Composer around the chosen branch and flattens it. The bot has about a hundred such handlers, and
 * walking them was the largest single cost of a simple update (docs/benchmarks.md). This `filter` calls
 * the same predicate and then either the same middleware or `next`, awaiting only a predicate that
 * returns a promise. Every feature builds its handlers on a {@link BotComposer}.
 */
import { Composer, type Context, type Middleware, type MiddlewareFn } from "grammy";

/** A Composer whose filters (and so its commands, buttons and `on` queries) cost less per update. */
export class BotComposer<C extends Context> extends Composer<C> {
  /** grammY's `filter`, without the per-update promise, Composer and closures; see the module comment. */
  override filter<D extends C>(
    predicate: (ctx: C) => ctx is D,
    ...middleware: Array<Middleware<D>>
  ): Composer<D>;
  override filter(
    predicate: (ctx: C) => boolean | Promise<boolean>,
    ...middleware: Array<Middleware<C>>
  ): Composer<C>;
  override filter(
    predicate: (ctx: C) => boolean | Promise<boolean>,
    ...middleware: Array<Middleware<C>>
  ): Composer<C> {
    // A BotComposer too, so chains (`chatType(...).command(...)`) stay on the cheaper path.
    const composer = new BotComposer<C>(...middleware);
    const filtered: MiddlewareFn<C> = async (ctx, next) => {
      const verdict = predicate(ctx);
      const matches = typeof verdict === "boolean" ? verdict : await verdict;
      // Read at each update, as grammY does: handlers are added to the returned composer after this call.
      if (matches) await composer.middleware()(ctx, next);
      else await next();
    };
    this.use(filtered);
    return composer;
  }
}
