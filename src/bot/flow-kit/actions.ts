/**
 * Buttons that act carry a single-use token (`t:<id>`, or `t:<id>:<verb>` when one prompt offers several
 * choices such as Confirm / Change / Cancel), resolved here: the token must exist, belong to the presser,
 * and is consumed atomically before the action runs, so a double tap or a replayed update acts once and
 * the first of a prompt's choices wins. `x:cancel` closes a prompt that has no token.
 */
import type { Composer } from "grammy";
import type { BotContext, BotDeps } from "../context.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";

/** A token's payload names its action; the rest is the action's own data. */
export interface ActionPayload {
  action: string;
}

/** Runs one kind of action once its token was consumed; `verb` is the choice pressed, if any. */
export type ActionHandler = (
  ctx: BotContext,
  payload: ActionPayload,
  verb: string | undefined,
) => Promise<void>;

/** Resolves `t:` buttons through `handlers` (by payload action) and handles `x:cancel`. */
export function actionsFeature(
  deps: BotDeps,
  handlers: Readonly<Record<string, ActionHandler>>,
): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();

  composer.callbackQuery(/^t:([A-Za-z0-9_-]{1,64})(?::([a-z]{1,8}))?$/, async (ctx) => {
    const id = ctx.match[1] as string;
    const verb = ctx.match[2];
    const result = await deps.tokens.consume<ActionPayload>(ctx.from.id, id);
    if (result.status === "not_owner") {
      await ctx.answerCallbackQuery({ text: ctx.t("not-your-button") });
      return;
    }
    const handler = result.status === "ok" ? handlers[result.payload.action] : undefined;
    if (result.status !== "ok" || handler === undefined) {
      await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
      return;
    }
    await handler(ctx, result.payload, verb);
  });

  composer.callbackQuery("x:cancel", async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(ctx.t("cancelled"));
  });

  return composer;
}
