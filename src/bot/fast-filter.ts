/**
 * A grammY Composer that runs its middleware from a list, behaving the same as grammY's.
 *
 * grammY chains every `use` with `concat` (an async frame and an async `next` closure per link and per
 * update) and builds every `command`, `on`, `callbackQuery`, `chatType`... on `filter` -> `branch` ->
 * `lazy`, which for every update and every handler awaits the predicate and builds a new Composer around
 * the chosen branch. The bot has about a hundred such handlers that a plain text walks past, and walking
 * them was the largest single cost of a simple update (docs/benchmarks.md).
 *
 * Here a composer keeps its links in a list. An update walks the list in a plain loop: a filter whose
 * synchronous predicate says no is skipped there and then, with no promise, frame or closure; only a
 * middleware that runs (or a filter that matches) gets a `next`, which continues the loop after it. The
 * same predicates and middleware run in the same order as under grammY, handlers added to a returned
 * composer after the call still count, and calling `next` twice still fails.
 * test/bot/fast-filter.test.ts runs the same cases against grammY's Composer and this one.
 */
import { Composer, type Context, type Middleware, type MiddlewareFn, type NextFunction } from "grammy";

/** One link: a middleware, or a branch taken when its predicate holds. */
interface Link<C extends Context> {
  /** Undefined for a link that always runs. */
  predicate?: (ctx: C) => boolean | Promise<boolean>;
  /** What runs: a composer of ours (run from its list) or any other middleware. */
  composer?: BotComposer<C>;
  fn?: MiddlewareFn<C>;
}

/** A middleware as a link (a composer of ours is run from its own list, not through `middleware()`). */
function linkOf<C extends Context>(middleware: Middleware<C>): Link<C> {
  if (middleware instanceof BotComposer) return { composer: middleware };
  if (typeof middleware === "function") return { fn: middleware };
  // Another composer: its middleware is read at each update, as grammY's `flatten` does.
  return { fn: (ctx, next) => middleware.middleware()(ctx, next) };
}

const nextCalledTwice = () => Promise.reject(new Error("`next` already called before!"));

/** A Composer whose middleware (commands, buttons, `on` queries and all) cost less per update. */
export class BotComposer<C extends Context> extends Composer<C> {
  private readonly links: Link<C>[];
  private readonly run: MiddlewareFn<C>;

  constructor(...middleware: Array<Middleware<C>>) {
    super();
    this.links = middleware.map(linkOf);
    this.run = (ctx, next) => this.runFrom(0, ctx, next);
  }

  override middleware(): MiddlewareFn<C> {
    return this.run;
  }

  /** grammY's `use`: the middleware become one link, a composer that can be extended afterwards. */
  override use(...middleware: Array<Middleware<C>>): Composer<C> {
    const composer = new BotComposer<C>(...middleware);
    this.links.push({ composer });
    return composer;
  }

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
    this.links.push({ predicate, composer });
    return composer;
  }

  /** Runs the links from `index` on, then `next`; always a promise, as grammY's middleware is. */
  private runFrom(index: number, ctx: C, next: NextFunction): Promise<void> {
    try {
      return Promise.resolve(this.walk(index, ctx, next)) as Promise<void>;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** The loop: skips the filters that do not match, and hands the first link that runs the rest. */
  private walk(index: number, ctx: C, next: NextFunction): unknown {
    const links = this.links;
    for (let i = index; i < links.length; i++) {
      const link = links[i] as Link<C>;
      if (link.predicate !== undefined) {
        const verdict = link.predicate(ctx);
        if (verdict === false) continue;
        if (verdict !== true && typeof (verdict as Partial<Promise<boolean>>)?.then === "function") {
          return Promise.resolve(verdict).then((matches) =>
            matches ? this.enter(link, i, ctx, next) : this.runFrom(i + 1, ctx, next),
          );
        }
        if (!verdict) continue;
      }
      return this.enter(link, i, ctx, next);
    }
    return next();
  }

  /** Runs the link at `index`, with a `next` that continues after it (once). */
  private enter(link: Link<C>, index: number, ctx: C, next: NextFunction): unknown {
    let called = false;
    const rest: NextFunction = () => {
      if (called) return nextCalledTwice();
      called = true;
      return this.runFrom(index + 1, ctx, next);
    };
    return link.composer !== undefined ? link.composer.walk(0, ctx, rest) : link.fn?.(ctx, rest);
  }
}
