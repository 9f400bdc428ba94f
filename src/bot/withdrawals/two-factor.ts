/**
 * The 2FA code of a created withdrawal, read in a plain handler installed before the conversations (a
 * conversation's state is persisted; the code must never enter it). While a code is awaited the user's
 * next text is taken as the code: the message is deleted at once, the code is sent to the exchange as the
 * authorize `token` and dropped: never logged, stored, echoed or put in conversation or session state.
 * Redis holds only the wait itself (which withdrawal, refused attempts, deadline; see code-waits.ts).
 *
 * A refused code gets another try, up to {@link MAX_CODE_ATTEMPTS}; running out of tries, the deadline,
 * /cancel or another command end the wait and say what state the withdrawal is in (an unauthorized
 * draft: nothing debited, nothing sent). A refusal for another reason reads the withdrawal before saying
 * anything (one authorized meanwhile is told as it stands, and followed). A wait starts after Confirm or
 * from a draft's "Enter the 2FA code" in /withdrawals. A 6-digit text with no code awaited is not ours
 * and goes on.
 */
import type { Composer, Filter, NextFunction } from "grammy";
import { type ExchangeClient, WITHDRAWAL_STATUS } from "../../exchange/index.ts";
import type { CodeWait, CodeWaits } from "../../services/withdrawals/code-waits.ts";
import { authorizeWithdrawal } from "../../services/withdrawals/create.ts";
import type { WithdrawalWatch } from "../../services/withdrawals/watcher.ts";
import { isFinalWithdrawalStatus, type WithdrawalTarget } from "../../services/withdrawals/watcher.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { withChatAction } from "../flow-kit/chat-action.ts";
import { describeExchangeError } from "../flow-kit/exchange-errors.ts";
import { interactiveCall } from "../flow-kit/exchange-wait.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";
import { deleteMessageOnce } from "../pipeline/key-takedown.ts";
import { renderStatusNews } from "./format.ts";

/** Codes refused before the bot stops asking. */
export const MAX_CODE_ATTEMPTS = 3;

/** How long a code is taken after it is asked for (authenticator codes change every 30 s anyway). */
export const CODE_WAIT_MS = 5 * 60 * 1000;

const CODE_SHAPE = /^\d{6}$/;

/** Starts waiting for the code of a created withdrawal (call before asking, so a quick answer is caught). */
export async function startCodeWait(
  codeWaits: CodeWaits,
  target: WithdrawalTarget,
  withdrawal: { id: number; asset: string; firstTime: boolean },
): Promise<void> {
  await codeWaits.start(target.userId, {
    withdrawalId: withdrawal.id,
    asset: withdrawal.asset,
    chatId: target.chatId,
    messageId: target.messageId,
    attempts: 0,
    expiresAt: Date.now() + CODE_WAIT_MS,
    firstTime: withdrawal.firstTime,
    locale: target.locale,
  });
}

/**
 * Tells a refusal that was not about the code. The withdrawal is read first: one authorized meanwhile
 * (in the web app, say) is refused as "not awaiting authorization", and "nothing was sent" would then be
 * untrue. Its real status is told, and followed while it is moving.
 */
async function tellRefused(
  ctx: BotContext,
  deps: BotDeps,
  client: ExchangeClient,
  wait: CodeWait,
  target: WithdrawalTarget,
  error: Error,
  note: string,
): Promise<void> {
  const id = wait.withdrawalId;
  const explained = describeExchangeError(error, ctx.t) ?? ctx.t("something-went-wrong");
  const current = await client.withdrawals.get(wait.asset, id).catch(() => undefined);
  if (current === undefined) {
    await ctx.reply(`${ctx.t("wd-code-refused-unread", { id })}\n${explained}${note}`);
    return;
  }
  if (current.status === WITHDRAWAL_STATUS.DRAFT) {
    await ctx.reply(`${ctx.t("wd-code-refused", { id })}\n${explained}${note}`);
    return;
  }
  const moving = !isFinalWithdrawalStatus(current.status);
  const news = renderStatusNews(current, wait.asset, wait.firstTime, ctx.t, wait.locale);
  const lines = [ctx.t("wd-code-not-draft", { id }), news];
  if (moving) lines.push(ctx.t("wd-following"));
  const sent = await ctx.reply(lines.join("\n") + note);
  if (!moving) return;
  await follow(ctx, deps, {
    ...target,
    messageId: sent.message_id,
    asset: wait.asset,
    withdrawalId: id,
    firstTime: wait.firstTime,
    toldStatus: current.status,
  });
}

/** Starts following a withdrawal; a follow that cannot start is logged and told (check /withdrawals). */
async function follow(ctx: BotContext, deps: BotDeps, watch: WithdrawalWatch): Promise<void> {
  try {
    await deps.withdrawals.watch(watch);
  } catch (failure) {
    const id = watch.withdrawalId;
    ctx.log.error({ withdrawalId: id, err: { message: (failure as Error).message } }, "not followed");
    await ctx.reply(ctx.t("wd-not-followed", { id })).catch(() => undefined);
  }
}

/** Sends the code and tells the outcome; the code goes no further than the exchange. */
async function authorize(ctx: BotContext, deps: BotDeps, wait: CodeWait, code: string, note: string) {
  const userId = ctx.from?.id as number;
  const waits = deps.withdrawals.codeWaits;
  const id = wait.withdrawalId;
  const client = await deps.accounts.clientFor(userId, interactiveCall(ctx, deps));
  if (!client) {
    await waits.take(userId);
    await ctx.reply(ctx.t("connect-needed") + note);
    return;
  }
  // A /cancel that came meanwhile has ended the wait and said the withdrawal stays a draft: keep to it.
  if (await ctx.cancelScope.cancelled()) return;
  const result = await ctx.cancelScope.writing("withdrawal", () =>
    withChatAction(ctx, () => authorizeWithdrawal(client, wait.asset, id, code), {
      intervalMs: deps.chatActionIntervalMs,
    }),
  );
  ctx.log.info({ withdrawalId: id, outcome: result.status }, "withdrawal authorize");
  const target: WithdrawalTarget = {
    userId,
    chatId: wait.chatId,
    messageId: wait.messageId,
    locale: wait.locale,
  };
  switch (result.status) {
    case "wrong_code": {
      const attempts = wait.attempts + 1;
      if (attempts >= MAX_CODE_ATTEMPTS) {
        await waits.take(userId);
        await ctx.reply(ctx.t("wd-code-gave-up", { id, attempts }) + note);
        return;
      }
      // Gone meanwhile: a /cancel ended the wait while the code was being checked.
      if (!(await waits.update(userId, { ...wait, attempts }))) {
        await ctx.reply(ctx.t("wd-code-cancelled", { id }) + note);
        return;
      }
      await ctx.reply(ctx.t("wd-code-wrong", { left: MAX_CODE_ATTEMPTS - attempts }) + note);
      return;
    }
    case "refused": {
      await waits.take(userId);
      await tellRefused(ctx, deps, client, wait, target, result.error, note);
      return;
    }
    case "authorized":
    case "unknown": {
      await waits.take(userId);
      const uncertain = result.status === "unknown";
      const sent = await ctx.reply(
        ctx.t(uncertain ? "wd-authorize-unknown" : "wd-authorized", { id }) + note,
      );
      await follow(ctx, deps, {
        ...target,
        messageId: sent.message_id,
        asset: wait.asset,
        withdrawalId: id,
        firstTime: wait.firstTime,
        ...(uncertain ? { uncertain: true } : {}),
      });
    }
  }
}

/** The code reader; install it before the conversations. */
export function twoFactorFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  // A caption counts too: a code typed under a photo is still a code to take off the screen.
  composer
    .chatType("private")
    .on(["message:text", "message:caption"])
    // Most texts come from users with no code awaited, known from what the update read ahead.
    .filter((ctx) => !deps.withdrawals.codeWaits.knownNone(ctx.from.id))
    .use((ctx, next) => readCode(ctx, deps, next));
  return composer;
}

/** Takes the text as the awaited 2FA code, if one is awaited (else passes it on). */
async function readCode(
  ctx: Filter<BotContext, "message:text" | "message:caption">,
  deps: BotDeps,
  next: NextFunction,
): Promise<void> {
  const waits = deps.withdrawals.codeWaits;
  const { wait, ended } = await waits.read(ctx.from.id);
  const text = ctx.message.text ?? ctx.message.caption ?? "";
  if (wait === undefined) {
    // A second copy of a code just used (or one that came too late): off the screen too.
    if (ended === undefined || !CODE_SHAPE.test(text.replace(/[\s-]/g, ""))) return next();
    const note = (await deleteMessageOnce(ctx)) ? "" : `\n${ctx.t("wd-code-deleted-failed")}`;
    await ctx.reply(ctx.t("wd-code-again", { id: ended }) + note);
    return;
  }
  if (text.startsWith("/")) {
    // Another command: the user moved on, and the next text must reach that command's flow.
    if (await waits.take(ctx.from.id)) await ctx.reply(ctx.t("wd-code-abandoned", { id: wait.withdrawalId }));
    return next();
  }
  // Whatever it is, it was sent as the code: off the screen first.
  const note = (await deleteMessageOnce(ctx)) ? "" : `\n${ctx.t("wd-code-deleted-failed")}`;
  if (Date.now() > wait.expiresAt) {
    await waits.take(ctx.from.id);
    await ctx.reply(ctx.t("wd-code-expired", { id: wait.withdrawalId }) + note);
    return;
  }
  const code = text.replace(/[\s-]/g, "");
  if (!CODE_SHAPE.test(code)) {
    await ctx.reply(ctx.t("wd-code-shape") + note);
    return;
  }
  await authorize(ctx, deps, wait, code, note);
}
