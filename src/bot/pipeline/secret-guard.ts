/**
 * Catches an API key pasted anywhere it was not asked for: a prompt of a guided flow, plain chat, a
 * caption, an edited message, a group. Such a message is deleted on arrival (key-takedown.ts); here, in the
 * update's turn and before the guards and the conversations, the user is told, and the update goes no
 * further: nothing can echo it ("… is not an amount") or persist it (a conversation's state), and a waiting
 * question simply stays open.
 *
 * What counts as a key is decided by the account service (the user's own key by its keyed fingerprint,
 * or a known key format), never by length and alphabet alone: a withdrawal address typed at an address
 * prompt must pass through untouched.
 */
import type { Composer, NextFunction } from "grammy";
import { mayHoldKey } from "../../services/connect/pasted-keys.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { commandName, isOurs } from "./command-text.ts";
import { BotComposer } from "./fast-filter.ts";
import { deleteMessageOnce, keyFoundOnArrival, pastedText } from "./key-takedown.ts";

/**
 * Whether this message answers a bare /connect in time: a private text that is not a command. The
 * connect feature then takes it as the key.
 */
export function isAwaitedKey(ctx: BotContext): boolean {
  const until = ctx.session.awaitingKeyUntil;
  const text = ctx.message?.text;
  return (
    ctx.chat?.type === "private" &&
    until !== undefined &&
    Date.now() <= until &&
    text !== undefined &&
    !text.startsWith("/")
  );
}

/** Messages /connect itself takes the key from (and deletes): `/connect KEY`, or the reply to a bare /connect. */
function isForConnect(ctx: BotContext): boolean {
  const text = ctx.message?.text;
  if (text === undefined) return false; // edits and captions are never read as a key
  if (isAwaitedKey(ctx)) return true;
  if (commandName(text) !== "connect") return false;
  // "/connect@other_bot KEY" is not ours to handle, but the key in it still is ours to take down.
  return isOurs(ctx, text);
}

/** Deletes the message if it holds a key (then the update goes no further), else passes it on. */
async function takeDownKey(ctx: BotContext, deps: BotDeps, userId: number, text: string, next: NextFunction) {
  const held = await (keyFoundOnArrival(ctx) ?? deps.accounts.containsKey(userId, text));
  if (!held) return next();

  // Already done on arrival (key-takedown.ts), unless that failed.
  const deleted = await deleteMessageOnce(ctx);
  // Nothing about the message is logged but that it happened.
  ctx.log.info({ deleted }, "took down a message holding an API key");
  if (ctx.chat?.type === "private") {
    await ctx.reply(ctx.t(deleted ? "pasted-key-deleted" : "pasted-key-not-deleted"));
  } else {
    // Others in the group may have seen it: the key has to be revoked.
    await ctx.reply(ctx.t(deleted ? "group-key-deleted" : "group-key-exposed"));
  }
}

/**
 * The guard; see the module comment. A text too short to hold a key (most) passes by a filter, which the
 * walk checks without running a middleware.
 */
export function secretGuard(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  composer
    .filter((ctx) => {
      const text = pastedText(ctx);
      return text !== undefined && ctx.from !== undefined && mayHoldKey(text) && !isForConnect(ctx);
    })
    .use((ctx, next) => takeDownKey(ctx, deps, ctx.from?.id as number, pastedText(ctx) as string, next));
  return composer;
}
