/**
 * The first thing the bot does with a user's update after sequencing it: read, in one Redis round trip, what
 * the rest of the update reads first (see services/runtime/update-reads.ts): the cancel generation (the
 * cancel scope), the awaited 2FA code (every private text is checked for one), the live confirmations (a
 * command voids them: flow-kit/live-confirmations.ts), the session, the conversation state, and the stored
 * key's record and permission (whether the user is connected, their client, the pasted-key check, whether the
 * key may trade). Those reads then take the values without asking Redis again.
 */
import type { MiddlewareFn } from "grammy";
import type { BudgetAnswer } from "../../services/runtime/inbound-limits.ts";
import type { JsonStorage } from "../../services/runtime/json-storage.ts";
import type { AheadReads, ReadsReply } from "../../services/runtime/update-reads.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { inboundKind, type Skips } from "./inbound-limits.ts";
import type { Arrival } from "./shared-updates.ts";

/**
 * Runs the rest of an update with some Redis keys read ahead (and its budget taken, when asked), or with
 * `given`, their reply to a script that read them already.
 */
export type ReadAhead = (
  reads: AheadReads,
  work: (budget: BudgetAnswer | undefined) => Promise<void>,
  given?: ReadsReply,
) => Promise<void>;

/**
 * What an update of a user reads ahead: `storageKey` is the session's and conversations' key for the user;
 * storages that do not say their Redis key are simply read when needed. Undefined for an update without a
 * sender.
 */
export function userStateReads(
  deps: BotDeps,
  storages: readonly JsonStorage<unknown>[],
  storageKey: (userId: number) => string,
): (ctx: BotContext) => AheadReads | undefined {
  return (ctx) => {
    const from = ctx.from;
    if (from === undefined) return undefined;
    const key = storageKey(from.id);
    const keys = [
      deps.cancellation.generationKey(from.id),
      deps.withdrawals.codeWaits.redisKey(from.id),
      // Whether a command has confirmations to void (void-on-command.ts): most have none.
      deps.tokens.liveKey(from.id),
    ];
    // The buttons shown last in a private chat, which a typed answer may press (listen/typed-choices.ts).
    if (ctx.chat?.type === "private") keys.push(deps.keyboards.keyOf(ctx.chat.id));
    for (const storage of storages) {
      const redisKey = storage.redisKey?.(key);
      if (redisKey !== undefined) keys.push(redisKey);
    }
    const account = deps.accounts.aheadReads(from.id);
    keys.push(...account.keys);
    return { keys, hashes: account.hashes };
  };
}

/**
 * The middleware, reading `reads` of each update with a sender. With `skips`, the update is taken from its
 * user's budget in the same round trip, and skipped when the budget is spent (inbound-limits.ts). What
 * `arrived` says was done on arrival (webhook mode, shared-updates.ts: the take, the reads) is not done
 * again.
 */
export function readAheadUserState(
  readAhead: ReadAhead,
  reads: (ctx: BotContext) => AheadReads | undefined,
  skips?: Skips,
  arrived: (ctx: BotContext) => Pick<Arrival, "taken" | "read"> | undefined = () => undefined,
): MiddlewareFn<BotContext> {
  return (ctx, next) => {
    const before = arrived(ctx);
    if (before?.read !== undefined) return readAhead(before.read.reads, next, before.read.reply);
    const ahead = reads(ctx);
    if (ahead === undefined || ctx.from === undefined) return next();
    const kind = skips && inboundKind(ctx);
    if (skips === undefined || kind === undefined || before?.taken === true) return readAhead(ahead, next);
    ahead.budget = skips.limits.budget(ctx.from.id, kind);
    return readAhead(ahead, async (answer) => {
      if (answer === undefined || answer.taken) return next();
      skips.refused(ctx, answer.spentUntil);
    });
  };
}
