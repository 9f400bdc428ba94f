/**
 * The confirmations on screen (every message whose buttons carry a single-use token: summaries, quotes,
 * delete questions) die together: at /cancel (cancel/feature.ts) and at the start of any other command in the
 * private chat. Each token is recorded live when issued (services/runtime/callback-tokens.ts); a flow records
 * where its message was shown with {@link recordShown}, so voiding can edit that message too. A press on a
 * voided button is answered "expired" and writes nothing (actions.ts).
 */
import type { MiddlewareFn } from "grammy";
import type { VoidedConfirmation } from "../../services/runtime/callback-tokens.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { commandName } from "../pipeline/command-text.ts";

/** Records that `token`'s buttons are on `messageId` of the update's chat (no-op without either). */
export async function recordShown(
  ctx: BotContext,
  deps: BotDeps,
  token: string,
  messageId: number | undefined,
): Promise<void> {
  const chatId = ctx.chat?.id;
  if (chatId === undefined || messageId === undefined) return;
  await deps.tokens.shown(ctx.from?.id as number, token, { chatId, messageId });
}

/**
 * Revokes every live confirmation of the user and edits the messages that showed them: to their voided
 * text, or without buttons. Returns what was voided.
 */
export async function voidConfirmations(ctx: BotContext, deps: BotDeps): Promise<VoidedConfirmation[]> {
  const voided = await deps.tokens.voidAll(ctx.from?.id as number);
  for (const { shownAt, voidedKey } of voided) {
    if (shownAt === undefined) continue;
    try {
      if (voidedKey === undefined) {
        await ctx.api.editMessageReplyMarkup(shownAt.chatId, shownAt.messageId);
      } else await ctx.api.editMessageText(shownAt.chatId, shownAt.messageId, ctx.t(voidedKey));
    } catch (error) {
      // Deleted or too old to edit: its buttons are dead all the same.
      ctx.log.warn({ err: { message: (error as Error).message } }, "could not mark a confirmation voided");
    }
  }
  return voided;
}

// What the command of an update voided, for a flow's own command that picks its summary up (/back).
const voidedByUpdate = new WeakMap<BotContext, VoidedConfirmation[]>();

/** The confirmations this update's command voided (empty when none, or not a command). */
export function voidedBy(ctx: BotContext): readonly VoidedConfirmation[] {
  return voidedByUpdate.get(ctx) ?? [];
}

/** Whether the update starts a command in a private chat ("/price", not text that mentions one). */
function isPrivateCommand(ctx: BotContext): boolean {
  const entity = ctx.message?.entities?.[0];
  return entity?.type === "bot_command" && entity.offset === 0 && ctx.chat?.type === "private";
}

/**
 * Voids the user's confirmations when a command starts (/cancel voids them itself, to count them). A user
 * the read-ahead found with none costs nothing more.
 */
export function voidOnCommand(deps: BotDeps): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    if (
      isPrivateCommand(ctx) &&
      deps.tokens.mayHaveLive(ctx.from?.id as number) &&
      commandName(ctx.message?.text) !== "cancel"
    ) {
      voidedByUpdate.set(ctx, await voidConfirmations(ctx, deps));
    }
    return next();
  };
}
