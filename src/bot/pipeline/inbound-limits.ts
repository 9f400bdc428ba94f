/**
 * What one user, one group or one script may make the bot do. Updates are skipped, before any exchange call
 * or reply, when the user's budget of their kind is spent (services/runtime/inbound-limits.ts, shared by
 * every instance) or when their chat already has as much work waiting as it may (sequencing.ts, and across
 * instances shared-updates.ts). /cancel always passes. A skipped message is still checked for a secret: a
 * pasted key or an awaited 2FA code is deleted all the same. The user hears of it once per spell, a moment
 * after the first skip: "I skipped N of your messages", in their language, in the chat of that first skip;
 * the log says how many were skipped and why (never what they said).
 */
import type { Api, MiddlewareFn } from "grammy";
import type { Logger } from "pino";
import { mayHoldKey } from "../../services/connect/pasted-keys.ts";
import type { InboundKind, InboundLimits } from "../../services/runtime/inbound-limits.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { commandName } from "./command-text.ts";
import { escapeHtml } from "./escape-html.ts";
import { deleteMessageOnce } from "./key-takedown.ts";
import { LapsingMarks } from "./lapsing-marks.ts";
import type { ArrivalBudget } from "./shared-updates.ts";

/** Why an update was skipped: over the user's budget, or its chat had too much waiting already. */
export type SkipReason = "budget" | "queue";

/** What a notice of skipped updates needs to be written and sent. */
export interface SkipNotice {
  chatId: number;
  /** The user's first name, said in a group (where others read it too). */
  name?: string;
  userId: number;
  /** Telegram's language code of the user, for users who never chose a language here. */
  languageCode?: string;
  count: number;
}

/** Options of {@link createSkips}. */
export interface SkipsOptions {
  limits: InboundLimits;
  /** Sends a notice (paced as a reply in its chat: {@link skipNotifier}). */
  notify: (notice: SkipNotice) => Promise<void>;
  logger: Logger;
  /** How long after a user's first skip the notice is considered; default 2 s (a burst is over by then). */
  noticeDelayMs?: number;
  accounts: Pick<BotDeps["accounts"], "containsKey">;
  codeWaits: Pick<BotDeps["withdrawals"]["codeWaits"], "get">;
}

/** What a process skipped of one user since it last reported to the shared tally. */
interface Spell {
  notice: Omit<SkipNotice, "count">;
  count: number;
  reasons: Record<SkipReason, number>;
  /** Notices of this spell that could not be sent. */
  failed: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Places of Telegram's 30 a second a notice leaves to replies (it can wait; a reply is what a user waits on):
 * a notice goes only while the window holds at most 18, the mark below which a process decides its replies
 * alone (telegram-pace/reply-pace.ts). A storm's notices come in a cluster, and with less room they took the
 * slots of busy chats' replies (bench:storm, docs/benchmarks.md).
 */
export const NOTICE_RESERVE = 12;

/** The least time between two notices one process sends. */
const NOTICE_GAP_MS = 500;
/** A notice that cannot be sent after this many tries is given up (logged). */
const NOTICE_TRIES = 3;

/** The kind of budget an update takes from, or undefined when it takes none (/cancel, anything else). */
export function inboundKind(ctx: BotContext): InboundKind | undefined {
  if (ctx.callbackQuery !== undefined) return "press";
  if (ctx.inlineQuery !== undefined) return "inline";
  const message = ctx.message ?? ctx.editedMessage;
  if (message === undefined) return undefined;
  return commandName(message.text) === "cancel" ? undefined : "message";
}

/** The 2FA code reader's shape of a code (two-factor.ts), spaces and dashes aside. */
const CODE_SHAPE = /^\d{6}$/;

/** The skipping of updates: its tally, its notices and its log. */
export interface Skips {
  /** The budgets (taken with each update's reads: read-ahead.ts). */
  limits: InboundLimits;
  /** Skips the update: deletes a secret in it, counts it, and schedules the notice. */
  skip(ctx: BotContext, reason: SkipReason): void;
  /**
   * Skips an update its user's budget refused ({@link skip}), noting that budget spent until `until` (epoch
   * ms, this clock): the user's further updates of its kind are skipped on arrival until then.
   */
  refused(ctx: BotContext, until: number): void;
  /** Whether the user's budget of `kind` is known to refuse an update now (no need to ask Redis). */
  knownSpent(userId: number, kind: InboundKind): boolean;
  /** Takes made on arrival with the chat's held set (webhook mode: shared-updates.ts). */
  arrival: ArrivalBudget;
}

/** Creates the skipping of updates for one bot. */
export function createSkips(options: SkipsOptions): Skips {
  const { limits, logger } = options;
  const delayMs = options.noticeDelayMs ?? 2000;
  const spells = new Map<number, Spell>();
  // Budgets found spent, until when: a storm's further updates are skipped without a round trip. A budget
  // never refills early, so this holds whichever instance took from it; each entry lasts at most an interval.
  const spentBudgets = new LapsingMarks<string>();
  // Notices go out one at a time, a gap apart: a storm's users all hear of it at once otherwise, and their
  // notices would take the second's slots from the replies of everyone else (bot/pipeline/telegram-pace/reply-pace.ts).
  let lane: Promise<unknown> = Promise.resolve();
  const inTurn = (notice: SkipNotice): Promise<void> => {
    const sent = lane.then(() => options.notify(notice));
    lane = sent.then(
      () => sleep(NOTICE_GAP_MS),
      () => sleep(NOTICE_GAP_MS),
    );
    return sent;
  };

  /** Reports a spell's skips to the shared tally: the notice goes out, or later, or not at all. */
  const report = async (userId: number, spell: Spell) => {
    const count = spell.count;
    spell.count = 0;
    const reasons = spell.reasons;
    spell.reasons = { budget: 0, queue: 0 };
    if (count > 0) logger.info({ userId, skipped: reasons }, "updates skipped over the inbound limits");
    let decision: Awaited<ReturnType<InboundLimits["report"]>>;
    try {
      decision = await limits.report(userId, count);
    } catch (error) {
      spells.delete(userId);
      logger.warn({ err: error, userId }, "skipped updates not reported");
      return;
    }
    let later = "retryInMs" in decision ? decision.retryInMs : 0;
    if ("count" in decision) {
      try {
        await inTurn({ ...spell.notice, count: decision.count });
      } catch (error) {
        spell.failed++;
        const retry = spell.failed < NOTICE_TRIES;
        logger.warn({ err: error, userId, retry }, "skip notice not sent");
        // Its skips are due again (one notice still, never lost to one refused send).
        if (retry)
          later = await limits.unsaid(userId, decision.count).then(
            () => delayMs,
            () => 0,
          );
      }
    }
    // Skips counted while Redis answered are reported next, as is a notice the window holds back.
    if (spell.count > 0 || later > 0) {
      setTimeout(() => void report(userId, spell), later > 0 ? later : delayMs).unref();
    } else spells.delete(userId);
  };

  /** Deletes a skipped message that holds the user's key or their awaited 2FA code. */
  const takeDownSecret = async (ctx: BotContext, userId: number) => {
    const message = ctx.message ?? ctx.editedMessage;
    const text = message?.text ?? message?.caption;
    if (text === undefined) return;
    const secret =
      (mayHoldKey(text) && (await options.accounts.containsKey(userId, text))) ||
      (ctx.chat?.type === "private" &&
        CODE_SHAPE.test(text.replace(/[\s-]/g, "")) &&
        (await options.codeWaits.get(userId)) !== undefined);
    if (!secret) return;
    await deleteMessageOnce(ctx);
    logger.info({ userId }, "took down a secret in a skipped message");
  };

  const skips: Skips = {
    limits,
    skip(ctx, reason) {
      const from = ctx.from;
      if (from === undefined) return;
      takeDownSecret(ctx, from.id).catch((error: unknown) =>
        logger.warn({ err: error, userId: from.id }, "secret in a skipped message not taken down"),
      );
      const chat = ctx.chat;
      let spell = spells.get(from.id);
      if (spell === undefined) {
        // An inline query has no chat to tell: its skips are counted and logged only.
        if (chat === undefined) {
          logger.debug({ userId: from.id, reason }, "inline query skipped");
          return;
        }
        const notice: Omit<SkipNotice, "count"> = {
          chatId: chat.id,
          userId: from.id,
          ...(chat.type === "private" ? {} : { name: from.first_name }),
          ...(from.language_code === undefined ? {} : { languageCode: from.language_code }),
        };
        const created: Spell = { notice, count: 0, reasons: { budget: 0, queue: 0 }, failed: 0 };
        setTimeout(() => void report(from.id, created), delayMs).unref();
        spell = created;
        spells.set(from.id, spell);
      }
      spell.count++;
      spell.reasons[reason]++;
    },
    refused(ctx, until) {
      const kind = inboundKind(ctx);
      if (ctx.from !== undefined && kind !== undefined) spentBudgets.mark(`${kind}:${ctx.from.id}`, until);
      skips.skip(ctx, "budget");
    },
    knownSpent(userId, kind) {
      return spentBudgets.has(`${kind}:${userId}`);
    },
    arrival: {
      of(ctx) {
        const kind = inboundKind(ctx);
        return ctx.from === undefined || kind === undefined ? undefined : limits.budget(ctx.from.id, kind);
      },
      refused: (ctx, until) => skips.refused(ctx, until),
    },
  };
  return skips;
}

/**
 * Skips, before it queues or reads anything, an update whose user's budget is known to be spent (found so by
 * an earlier update's take: read-ahead.ts, or shared-updates.ts on arrival); everything else goes on to be
 * taken from its budget as usual.
 */
export function skipKnownSpent(skips: Skips): MiddlewareFn<BotContext> {
  return (ctx, next) => {
    const kind = ctx.from === undefined ? undefined : inboundKind(ctx);
    if (kind === undefined || ctx.from === undefined || !skips.knownSpent(ctx.from.id, kind)) return next();
    skips.skip(ctx, "budget");
    return Promise.resolve();
  };
}

/** The words of a notice in `language`, from the bot's translations. */
type Translate = (language: string, key: string, variables: Record<string, string | number>) => string;

/**
 * Sends notices through `api` (paced like the chat's replies and like every message the bot sends on its
 * own), in the language the user chose (`languageOf`), else their Telegram language when the bot speaks it,
 * else English; `inChat` runs each send in its chat's turn (with several instances, under the chat's lock,
 * which brings what the chat's replies used of its budget).
 */
export function skipNotifier(
  api: Pick<Api, "sendMessage">,
  translate: Translate,
  languageOf: (notice: SkipNotice) => Promise<string>,
  inChat: (chatId: number, send: () => Promise<unknown>) => Promise<unknown> = (_chat, send) => send(),
): (notice: SkipNotice) => Promise<void> {
  return async (notice) => {
    const language = await languageOf(notice);
    const text =
      notice.name === undefined
        ? translate(language, "skipped-updates", { count: notice.count })
        : translate(language, "skipped-updates-group", {
            count: notice.count,
            name: escapeHtml(notice.name),
          });
    await inChat(notice.chatId, () => api.sendMessage(notice.chatId, text));
  };
}
