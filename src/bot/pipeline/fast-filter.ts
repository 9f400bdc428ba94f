/**
 * A grammY Composer that runs its middleware from a list, behaving the same as grammY's.
 *
 * grammY chains every `use` with `concat` (an async frame and an async `next` closure per link and per
 * update) and builds every `command`, `on`, `callbackQuery`, `chatType`... on `filter` -> `branch` ->
 * `lazy`, which for every update and every handler awaits the predicate and builds a new Composer around
 * the chosen branch. The bot has about a hundred such handlers that a plain text walks past, and walking
 * them was the largest single cost of a simple update (docs/benchmarks.md).
 *
 * Here a composer keeps its links in a list, and an update walks the lists of all nested composers in
 * one plain loop: a filter whose synchronous predicate says no is skipped there and then, with no
 * promise, frame or closure, a composer (or a matching filter's branch) is stepped into, and only a
 * middleware that runs gets a `next`, which continues the loop after it. A command link records its
 * command names and a button link the prefix its data must have, so an update with another command or
 * other data skips them on a set lookup or a prefix test, without running grammY's predicate; a composer
 * that holds nothing but such links (a feature's commands and buttons) is skipped whole by an update that
 * none of them could match. The same predicates and middleware run in the same order as under grammY,
 * with the same `ctx.match`, handlers added to a returned composer after the call still count, and
 * calling `next` twice still fails.
 * test/bot/fast-filter.test.ts runs the same cases against grammY's Composer and this one.
 */
import {
  type ChatTypeContext,
  Composer,
  type Context,
  type Middleware,
  type MiddlewareFn,
  type NextFunction,
} from "grammy";
import type { Chat } from "grammy/types";

/**
 * One link: a middleware, or a branch taken when its predicate holds. A class with every field set, so
 * that all links share one shape: the walk reads these fields on some hundred links per update, and on
 * objects of a dozen different shapes each read went through V8's slow (megamorphic) lookup.
 */
class Link<C extends Context> {
  /** Undefined for a link that always runs. */
  predicate: ((ctx: C) => boolean | Promise<boolean>) | undefined = undefined;
  /** A command link: the command names (before any `@`) its predicate can match; others skip it. */
  commands: ReadonlySet<string> | undefined = undefined;
  /** A button link: the prefixes the callback data must start with for its predicate to match. */
  dataPrefixes: readonly string[] | undefined = undefined;
  /** A chat type link: the chat types it matches, which decide it without asking its predicate. */
  chatTypes: ReadonlySet<string> | undefined = undefined;
  /** What runs: a composer of ours (run from its list) or any other middleware. */
  composer: BotComposer<C> | undefined = undefined;
  fn: MiddlewareFn<C> | undefined = undefined;

  static of<C extends Context>(fields: {
    predicate?: Link<C>["predicate"];
    composer?: BotComposer<C>;
    fn?: MiddlewareFn<C>;
  }): Link<C> {
    const link = new Link<C>();
    link.predicate = fields.predicate;
    link.composer = fields.composer;
    link.fn = fields.fn;
    return link;
  }
}

/** A middleware as a link (a composer of ours is run from its own list, not through `middleware()`). */
function linkOf<C extends Context>(middleware: Middleware<C>): Link<C> {
  if (middleware instanceof BotComposer) return Link.of({ composer: middleware });
  if (typeof middleware === "function") return Link.of({ fn: middleware });
  // Another composer: its middleware is read at each update, as grammY's `flatten` does.
  return Link.of({ fn: (ctx, next) => middleware.middleware()(ctx, next) });
}

/** Marks an update whose command cannot be told cheaply (the command links then ask their predicates). */
const ANY_COMMAND = "\u0000any";

// The command of the update seen last: every command link of every composer asks, once per link.
let commandUpdate: unknown;
let commandOfUpdate = "";

/**
 * The command name (before any `@`) a command predicate of grammY could match in this update: taken as
 * grammY's `command` does (the bot_command entity at offset 0 of a message's or channel post's text or
 * caption); "" when there is none, {@link ANY_COMMAND} when the message is unusual (no text, several).
 */
function commandOf(ctx: Context): string {
  const update = ctx.update;
  if (update === commandUpdate) return commandOfUpdate;
  const message = update.message ?? update.channel_post;
  let found = "";
  for (const entity of message?.entities ?? []) {
    if (entity.type !== "bot_command" || entity.offset !== 0) continue;
    const text = message?.text ?? message?.caption;
    if (found !== "" || text === undefined) {
      found = ANY_COMMAND;
      break;
    }
    const command = text.substring(1, entity.length);
    const at = command.indexOf("@");
    found = at === -1 ? command : command.substring(0, at);
  }
  commandUpdate = update;
  commandOfUpdate = found;
  return found;
}

/**
 * The text every match of `pattern` must start with ("set:lang:" for /^set:lang:(\w+)$/), or "" when
 * that cannot be told simply (no `^`, flags that change it, alternatives, escapes): then no button is
 * skipped on its account.
 */
export function requiredPrefix(pattern: RegExp): string {
  const source = pattern.source;
  if (/[gimy]/.test(pattern.flags) || !source.startsWith("^")) return "";
  // A `|` outside groups and classes would make the `^` apply to the first alternative only.
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) return "";
  }
  let prefix = "";
  for (let i = 1; i < source.length; i++) {
    const c = source[i] as string;
    if (!/[A-Za-z0-9:_-]/.test(c)) break;
    const after = source[i + 1];
    // An optional or repeated character is not required as written.
    if (after === "?" || after === "*" || after === "{") break;
    prefix += c;
    if (after === "+") break;
  }
  return prefix;
}

/** Whether a button link may match the update's callback data (grammY's predicate then decides). */
function mayMatchData(data: string | undefined, prefixes: readonly string[]): boolean {
  if (data === undefined) return false;
  for (const prefix of prefixes) if (data.startsWith(prefix)) return true;
  return false;
}

/** Where a walk is: a composer's links, the next one to look at, and where to go on after them. */
interface Place<C extends Context> {
  links: readonly Link<C>[];
  index: number;
  up: Place<C> | undefined;
}

/**
 * Bumped whenever any composer's links change (composers can be extended after they were linked), so a
 * composer's cached {@link Reach} holds only as long as nothing changed anywhere.
 */
let linksVersion = 0;

/**
 * What can run in a composer (its nested composers and branches included): a link that could run for any
 * update makes it `open`; otherwise only updates with one of `commands` or with button data starting
 * with one of `prefixes` can run anything in it, and every other update skips it whole.
 */
interface Reach {
  open: boolean;
  commands: Set<string>;
  prefixes: string[];
}

const nextCalledTwice = () => Promise.reject(new Error("`next` already called before!"));

/** A Composer whose middleware (commands, buttons, `on` queries and all) cost less per update. */
export class BotComposer<C extends Context> extends Composer<C> {
  private readonly links: Link<C>[];
  private readonly run: MiddlewareFn<C>;
  private reachVersion = -1;
  private reachCache: Reach = { open: true, commands: new Set(), prefixes: [] };

  constructor(...middleware: Array<Middleware<C>>) {
    super();
    this.links = middleware.map(linkOf);
    this.run = (ctx, next) => BotComposer.runFrom({ links: this.links, index: 0, up: undefined }, ctx, next);
  }

  override middleware(): MiddlewareFn<C> {
    return this.run;
  }

  /** grammY's `use`: the middleware become one link, a composer that can be extended afterwards. */
  override use(...middleware: Array<Middleware<C>>): Composer<C> {
    const composer = new BotComposer<C>(...middleware);
    this.links.push(Link.of({ composer }));
    linksVersion++;
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
    this.links.push(Link.of({ predicate, composer }));
    linksVersion++;
    return composer;
  }

  /**
   * grammY's `command`, the same predicate (and `ctx.match`); the link also records its command names,
   * so that an update with another command, or none, skips it without asking the predicate.
   */
  override command(
    command: Parameters<Composer<C>["command"]>[0],
    ...middleware: Parameters<Composer<C>["command"]>[1][]
  ): ReturnType<Composer<C>["command"]> {
    const composer = super.command(command, ...middleware);
    const names = (Array.isArray(command) ? command : [command]).map((name) => name.split("@")[0] as string);
    (this.links.at(-1) as Link<C>).commands = new Set(names);
    linksVersion++;
    return composer;
  }

  /**
   * grammY's `chatType`; the link also records the chat types, which decide it as its predicate would
   * (it has no other effect), so the walk asks no predicate for it.
   */
  override chatType<T extends Chat["type"]>(
    chatType: T | T[],
    ...middleware: Array<Middleware<ChatTypeContext<C, T>>>
  ): Composer<ChatTypeContext<C, T>> {
    const composer = super.chatType(chatType, ...middleware);
    (this.links.at(-1) as Link<C>).chatTypes = new Set(Array.isArray(chatType) ? chatType : [chatType]);
    linksVersion++;
    return composer;
  }

  /**
   * grammY's `callbackQuery`, the same predicate (and `ctx.match`); the link also records the prefix
   * each trigger requires, so that a press with other data (or no press at all) skips it without
   * running the triggers' patterns.
   */
  override callbackQuery(
    trigger: Parameters<Composer<C>["callbackQuery"]>[0],
    ...middleware: Parameters<Composer<C>["callbackQuery"]>[1][]
  ): ReturnType<Composer<C>["callbackQuery"]> {
    const composer = super.callbackQuery(trigger, ...middleware);
    const triggers = Array.isArray(trigger) ? trigger : [trigger];
    (this.links.at(-1) as Link<C>).dataPrefixes = triggers.map((t) =>
      typeof t === "string" ? t : requiredPrefix(t),
    );
    linksVersion++;
    return composer;
  }

  /** What can run in this composer ({@link Reach}), worked out again only after a change of links. */
  private reach(): Reach {
    if (this.reachVersion === linksVersion) return this.reachCache;
    const reach: Reach = { open: false, commands: new Set(), prefixes: [] };
    for (const link of this.links) {
      if (link.commands !== undefined) for (const name of link.commands) reach.commands.add(name);
      else if (link.dataPrefixes !== undefined) reach.prefixes.push(...link.dataPrefixes);
      else if (
        link.composer !== undefined &&
        (link.predicate === undefined || link.chatTypes !== undefined)
      ) {
        // A composer, or a chat type's branch (as if the chat type matched: its check has no effect).
        const inner = link.composer.reach();
        reach.open ||= inner.open;
        for (const name of inner.commands) reach.commands.add(name);
        reach.prefixes.push(...inner.prefixes);
      } else reach.open = true; // a middleware, or a predicate that must be asked
    }
    this.reachVersion = linksVersion;
    this.reachCache = reach;
    return reach;
  }

  /** Runs from `place` on, then `next`; always a promise, as grammY's middleware is. */
  private static runFrom<C extends Context>(place: Place<C>, ctx: C, next: NextFunction): Promise<void> {
    try {
      return Promise.resolve(BotComposer.walk(place, ctx, next)) as Promise<void>;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * The loop, through nested composers alike: skips the filters that do not match, steps into the
   * composers (and matching filters' branches), and hands the first middleware that runs a `next` that
   * continues from the place after it.
   */
  private static walk<C extends Context>(place: Place<C>, ctx: C, next: NextFunction): unknown {
    let { links, index, up } = place;
    // What the command and button links are matched against, worked out when first needed.
    let command: string | undefined;
    let data: string | undefined | null = null;
    let chatType: string | undefined | null = null;
    for (;;) {
      if (index >= links.length) {
        if (up === undefined) return next();
        ({ links, index, up } = up);
        continue;
      }
      const link = links[index++] as Link<C>;
      if (link.chatTypes !== undefined) {
        if (chatType === null) chatType = ctx.chat?.type;
        if (chatType === undefined || !link.chatTypes.has(chatType)) continue;
      } else if (link.predicate !== undefined) {
        if (link.commands !== undefined) {
          command ??= commandOf(ctx);
          // Most texts are no command at all: then no command link can match.
          if (command === "" || (command !== ANY_COMMAND && !link.commands.has(command))) continue;
        } else if (link.dataPrefixes !== undefined) {
          if (data === null) data = ctx.update.callback_query?.data;
          if (!mayMatchData(data, link.dataPrefixes)) continue;
        }
        const verdict = link.predicate(ctx);
        if (verdict === false) continue;
        if (verdict !== true && typeof (verdict as Partial<Promise<boolean>>)?.then === "function") {
          const after: Place<C> = { links, index, up };
          const branch = (link.composer as BotComposer<C>).links;
          return Promise.resolve(verdict).then((matches) =>
            BotComposer.runFrom(matches ? { links: branch, index: 0, up: after } : after, ctx, next),
          );
        }
        if (!verdict) continue;
      }
      if (link.composer !== undefined) {
        const reach = link.composer.reach();
        if (!reach.open) {
          // Nothing in it can run for this update unless it has one of its commands or button data.
          command ??= commandOf(ctx);
          if (data === null) data = ctx.update.callback_query?.data;
          const byCommand = command === ANY_COMMAND || (command !== "" && reach.commands.has(command));
          if (!byCommand && !mayMatchData(data, reach.prefixes)) continue;
        }
        // Into the composer; back here when its links are done (unless nothing is left here).
        if (index < links.length) up = { links, index, up };
        links = link.composer.links;
        index = 0;
        continue;
      }
      return (link.fn as MiddlewareFn<C>)(ctx, BotComposer.resume({ links, index, up }, ctx, next));
    }
  }

  /** The `next` of a middleware: continues from `place`, once. */
  private static resume<C extends Context>(place: Place<C>, ctx: C, next: NextFunction): NextFunction {
    let called = false;
    return () => {
      if (called) return nextCalledTwice();
      called = true;
      return BotComposer.runFrom(place, ctx, next);
    };
  }
}
