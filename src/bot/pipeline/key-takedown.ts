/**
 * A message holding an API key is deleted the moment it arrives: before the chat's line (sequencing.ts, the
 * chat lock), the inbound budgets and everything else, so it never waits on screen behind the replies of
 * the update before it. What to say about it is said later, in the update's turn (secret-guard.ts), so the
 * chat's replies keep their order.
 *
 * Each update's message is deleted once: whoever deletes it later (the secret guard, /connect, the 2FA code)
 * gets the first attempt's outcome instead of a second request Telegram would refuse.
 */
import { type Composer, GrammyError } from "grammy";
import type { Update } from "grammy/types";
import type { BotContext } from "../context.ts";
import { commandName, isOurs } from "./command-text.ts";
import { BotComposer } from "./fast-filter.ts";

/** Per update: the deletion of its message (true: deleted; false: Telegram refused). */
const deletions = new WeakMap<Update, Promise<boolean>>();
/** Per update: whether its text was found to hold a key on arrival. */
const verdicts = new WeakMap<Update, Promise<boolean>>();

/**
 * Deletes the update's message once; false when Telegram refused (the caller asks the user to delete it).
 * Anything but a Bot API refusal is thrown.
 */
export function deleteMessageOnce(ctx: BotContext): Promise<boolean> {
  let deletion = deletions.get(ctx.update);
  if (deletion === undefined) {
    deletion = ctx.deleteMessage().then(
      () => true,
      (error: unknown) => {
        if (error instanceof GrammyError) return false;
        // Not settled (the request never got an answer): a later caller may try again.
        deletions.delete(ctx.update);
        throw error;
      },
    );
    deletions.set(ctx.update, deletion);
  }
  return deletion;
}

/** The text or caption of a message or an edit: where a key may be pasted. */
export function pastedText(ctx: BotContext): string | undefined {
  const message = ctx.message ?? ctx.editedMessage;
  return message?.text ?? message?.caption;
}

/**
 * Whether the update's text held a key, as found on arrival; undefined when it was not looked at there (or
 * the look failed: the secret guard looks again inside the error boundary).
 */
export function keyFoundOnArrival(ctx: BotContext): Promise<boolean> | undefined {
  return verdicts.get(ctx.update);
}

/**
 * The first middleware: a text that holds a key (`holdsKey`, e.g. the account service's check) is deleted
 * at once; `/connect KEY` too (its key is taken later in the update's turn, from the update itself). A
 * failure here (Redis away) only leaves the decision to the secret guard. A text too short to hold a key
 * (most) passes by a filter, which the walk checks without running a middleware.
 */
export function takeDownKeysOnArrival(
  mayHoldKey: (text: string) => boolean,
  holdsKey: (userId: number, text: string) => Promise<boolean>,
): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  composer
    .filter((ctx) => {
      const text = pastedText(ctx);
      // People only: a channel's post or another bot's message goes no further than this (create-bot.ts).
      return text !== undefined && ctx.from !== undefined && !ctx.from.is_bot && mayHoldKey(text);
    })
    .use(async (ctx, next) => {
      const text = pastedText(ctx) as string;
      let held: boolean | undefined = true;
      // `/connect KEY`: /connect takes the key from the update itself later; any other text is looked at.
      const connect =
        ctx.message?.text !== undefined &&
        commandName(text) === "connect" &&
        isOurs(ctx, text) &&
        /^\/\S+\s+\S/.test(text);
      if (!connect) {
        const verdict = holdsKey((ctx.from as NonNullable<BotContext["from"]>).id, text);
        held = await verdict.catch(() => undefined);
        if (held !== undefined) verdicts.set(ctx.update, verdict);
      }
      if (held === true) await deleteMessageOnce(ctx).catch(() => undefined);
      return next();
    });
  return composer;
}
