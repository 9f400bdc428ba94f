/**
 * Builds the bot from its dependencies, with no side effects: nothing is sent or started here.
 *
 * Order matters:
 * 1. group talk not meant for the bot is dropped (pipeline/guards.ts), as is an update whose user's budget
 *    an earlier take found spent (pipeline/inbound-limits.ts); with several instances, what a chat
 *    holds on all of them is counted in Redis (pipeline/shared-updates.ts); per-chat sequencing (/cancel does
 *    not wait behind a slow update; a chat holding its most updates skips the next:
 *    pipeline/inbound-limits.ts), then users without a `from` (channel posts...) are dropped; `ctx.log`, the
 *    update's logger, is built when first used;
 * 2. the read-ahead of the user's state (one Redis round trip, pipeline/read-ahead.ts; an update over its
 *    user's budget, taken in the same trip, is skipped there: pipeline/inbound-limits.ts), the update's
 *    cancel scope, session (Redis; `ctx.t` takes the user's language from it: pipeline/update-context.ts),
 *    then the pasted-key guard (a key anywhere is deleted before any handler or conversation sees it), then
 *    the access and private-chat guards, then the voiding of the confirmations on screen when a command
 *    starts (flow-kit/live-confirmations.ts);
 * 3. /cancel and /connect before the conversations: /cancel must always win, and an API key must never
 *    be delivered to a waiting conversation (whose state is persisted);
 * 4. a typed answer that picks a button shown last becomes that button's press (listen/typed-choices.ts),
 *    after the 2FA code reader so that a code is never taken for an answer;
 * 5. conversations (the plugin's controls come before /cancel; the plugin itself and each conversation's
 *    middleware run only for users in a conversation or entering one: pipeline/conversation-gate.ts), then
 *    plain requests as their command lines (listen/plain-requests.ts), then the features, then fallbacks for
 *    stale buttons, text not understood (the closest commands as buttons) and unknown commands.
 * Everything after the drop sits inside an error boundary that logs and apologizes
 * (pipeline/error-boundary.ts).
 */
import {
  type ConversationData,
  conversations,
  createConversation,
  type VersionedState,
} from "@grammyjs/conversations";
import { Bot, type BotConfig, type Composer, type Context, session } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { memoKeys } from "../redis/key-memo.ts";
import { mayHoldKey } from "../services/connect/pasted-keys.ts";
import type { JsonStorage } from "../services/runtime/json-storage.ts";
import { peekReadAhead, skipUnchangedWrites } from "../services/runtime/update-reads.ts";
import { type AddressPayload, onAddressAction } from "./addresses/confirmations.ts";
import { addressConversation } from "./addresses/conversation.ts";
import { addressFeature } from "./addresses/feature.ts";
import { alertsFeature } from "./alerts/feature.ts";
import { type MarketPayload, onMarketChoice } from "./alerts/market/chat.ts";
import { marketEditConversation } from "./alerts/market/conversation.ts";
import { marketAlertButtons } from "./alerts/market/message-buttons.ts";
import { portfolioAlertButtons } from "./alerts/portfolio/buttons.ts";
import { onPortfolioChoice, type PortfolioPayload } from "./alerts/portfolio/chat.ts";
import { portfolioEditConversation } from "./alerts/portfolio/conversation.ts";
import { type AlertPayload, onAlertChoice } from "./alerts/triggers/confirm.ts";
import { alertConversation, alertEditConversation } from "./alerts/triggers/conversation.ts";
import { balanceFeature } from "./balance/feature.ts";
import { cancelFeature } from "./cancel/feature.ts";
import { chartFeature } from "./chart/feature.ts";
import { completeDisconnect, connectFeature } from "./connect/feature.ts";
import type { BotContext, BotDeps, ConversationContext, SessionData } from "./context.ts";
import { type ActionHandler, actionsFeature } from "./flow-kit/actions.ts";
import {
  ADDRESS_CONVERSATION,
  ALERT_CONVERSATION,
  ALERT_EDIT_CONVERSATION,
  DCA_CREATE_CONVERSATION,
  DCA_EDIT_CONVERSATION,
  MARKET_EDIT_CONVERSATION,
  PORTFOLIO_EDIT_CONVERSATION,
  STATEMENT_CONVERSATION,
  TIMEZONE_CONVERSATION,
  TRADE_CONVERSATION,
  WITHDRAW_CONVERSATION,
} from "./flow-kit/conversation-ids.ts";
import { tellFlowLeft } from "./flow-kit/flow-left.ts";
import { voidOnCommand } from "./flow-kit/live-confirmations.ts";
import { historyFeature } from "./history/feature.ts";
import { inlineFeature } from "./inline/feature.ts";
import { listening } from "./listen/api.ts";
import { plainRequests, readAddressed, requestsOverSteps } from "./listen/plain-requests.ts";
import { typedChoices } from "./listen/typed-choices.ts";
import { configureApi } from "./pipeline/api-config.ts";
import { cancelScopes, guardStateWrites } from "./pipeline/cancel-scope.ts";
import { commandName } from "./pipeline/command-text.ts";
import { conversationLayer } from "./pipeline/conversation-gate.ts";
import { conversationLanguage } from "./pipeline/conversation-language.ts";
import { logUncaught, reportFailure } from "./pipeline/error-boundary.ts";
import { BotComposer } from "./pipeline/fast-filter.ts";
import { groupChatterDropped, guardsFeature } from "./pipeline/guards.ts";
import { createI18n } from "./pipeline/i18n.ts";
import { type Skips, skipKnownSpent } from "./pipeline/inbound-limits.ts";
import { takeDownKeysOnArrival } from "./pipeline/key-takedown.ts";
import { type ReadAhead, readAheadUserState, userStateReads } from "./pipeline/read-ahead.ts";
import { secretGuard } from "./pipeline/secret-guard.ts";
import { type SequenceBound, sequentializeUpdates } from "./pipeline/sequencing.ts";
import {
  type Arrivals,
  chatHeld,
  chatLock,
  handleOnce,
  type SharedUpdatesOptions,
} from "./pipeline/shared-updates.ts";
import type { ReplyPacing } from "./pipeline/telegram-pace/paced-api.ts";
import { updateContextClass } from "./pipeline/update-context.ts";
import { portfolioFeature } from "./portfolio/feature.ts";
import { priceFeature } from "./price/feature.ts";
import type { DcaPayload } from "./recurring/card.ts";
import { onDcaAction } from "./recurring/confirm.ts";
import { dcaCreateConversation } from "./recurring/conversation.ts";
import { dcaEditConversation } from "./recurring/edit-conversation.ts";
import { recurringFeature } from "./recurring/feature.ts";
import { settingsFeature } from "./settings/feature.ts";
import { timezoneConversation } from "./settings/timezone-conversation.ts";
import { startFeature } from "./start/feature.ts";
import { statementConversation } from "./statements/conversation.ts";
import { statementFeature } from "./statements/feature.ts";
import { tradeConversation } from "./swaps/conversation.ts";
import { onQuoteChoice, swapFeature } from "./swaps/feature.ts";
import type { SwapPayload } from "./swaps/quotes.ts";
import { type WithdrawPayload, withdrawConversation } from "./withdrawals/conversation.ts";
import { onWithdrawChoice, withdrawalFeature } from "./withdrawals/feature.ts";
import { twoFactorFeature } from "./withdrawals/two-factor.ts";

/**
 * The update types the bot asks Telegram for (polling and webhook alike): messages and their edits (a key
 * pasted into an edit is caught too), button presses, and inline queries (price cards).
 */
export const ALLOWED_UPDATES = ["message", "edited_message", "callback_query", "inline_query"] as const;

/** Bump when a conversation's code changes shape, so old replay state is discarded, not misread. */
export const CONVERSATION_VERSION = 6;

/** Where the bot keeps its state. */
export interface BotStorage {
  sessions: JsonStorage<SessionData>;
  conversations: JsonStorage<VersionedState<ConversationData>>;
  /** With several instances (webhook mode): handled update ids and chat locks, shared in Redis. */
  shared?: SharedUpdatesOptions;
  /**
   * Reads keys ahead in one round trip for the rest of an update (app.ts: services/runtime/update-reads.ts).
   */
  readAhead?: ReadAhead;
  /**
   * Paces every reply's message (pipeline/telegram-pace/paced-api.ts `replyPacing`), on every Api that replies; none when
   * absent.
   */
  replyPace?: ReplyPacing;
  /**
   * The inbound limits, shared in Redis (pipeline/inbound-limits.ts), and what one chat may hold; none when
   * absent.
   */
  inbound?: { skips: Skips; heldPerChat: number };
}

/**
 * The most updates one private chat (or one user's inline queries) may have running or waiting by default: a
 * double tap and a few quick answers, not a script's thousands.
 */
export const HELD_PER_CHAT = 3;
/** A group holds this many times more: its members share it. */
const GROUP_SHARES = 3;

/** The session's and the conversations' storage key of a user. */
const userKey = memoKeys((userId: number): string => `user:${userId}`);

/** How to reach Telegram; tests pass a fake `fetch` and `botInfo`. */
export interface BotOptions {
  token: string;
  apiRoot?: string;
  botInfo?: UserFromGetMe;
  fetch?: typeof fetch;
}

/** Creates the bot. Call `bot.init()` (or start it) afterwards; this function sends nothing. */
export function createBot(deps: BotDeps, storage: BotStorage, options: BotOptions): Bot<BotContext> {
  const i18n = createI18n();
  const config: BotConfig<BotContext> = {
    client: {
      ...(options.apiRoot ? { apiRoot: options.apiRoot } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      // In webhook mode an inline query's answer (its handler's last act) rides in the webhook's own
      // response: no request of its own, and Telegram's connection is free a round trip sooner (a storm of
      // inline queries held the 40 connections about a third as long: docs/benchmarks.md "Storms"). Its
      // error, should Telegram refuse it, is not seen; nothing else waits on that answer.
      canUseWebhookReply: (method) => method === "answerInlineQuery",
    },
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
  };
  const bot = new Bot<BotContext>(options.token, {
    ...config,
    ContextConstructor: updateContextClass(deps.logger, i18n) as unknown as new (
      ...args: ConstructorParameters<typeof Context>
    ) => BotContext,
  });
  // Innermost: each attempt of the auto-retry is paced.
  if (storage.replyPace) bot.api.config.use(storage.replyPace.api);
  configureApi(bot.api);
  const listenApi = listening(deps, i18n);
  listenApi(bot.api);
  const languageOf = conversationLanguage(i18n);

  // One update at a time per chat and per user (the runner is concurrent across chats), so a double tap
  // cannot race itself through the session or a conversation. /cancel alone does not wait behind a slow
  // update: its cancel scope makes it win over the update it overtakes. A group is one lane of its own: a
  // member's update there never holds back their private chat (a group reaches no private state).
  const isUrgent = (ctx: BotContext) => commandName(ctx.message?.text) === "cancel";
  // Everything runs from BotComposers (pipeline/fast-filter.ts): one link of grammY's own chain per update.
  const outer = new BotComposer<BotContext>();
  bot.use(outer);
  // A pasted key is deleted before it takes a place in any line: it never waits on screen behind replies.
  outer.use(takeDownKeysOnArrival(mayHoldKey, deps.accounts.containsKey));
  // Group chatter not meant for the bot goes no further, before it takes a place in the group's lane.
  outer.use(groupChatterDropped);
  const skips = storage.inbound?.skips;
  // An update of a user whose budget is known to be spent costs no queue place and no round trip.
  if (skips) outer.use(skipKnownSpent(skips));
  const held = storage.inbound?.heldPerChat ?? HELD_PER_CHAT;
  // What one chat may hold, in this process (sequencing) and on every instance together (the chat lock).
  const bound: SequenceBound<BotContext> | undefined = skips && {
    max: (ctx) => (ctx.chat === undefined || ctx.chat.type === "private" ? held : held * GROUP_SHARES),
    overflow: (ctx) => skips.skip(ctx, "queue"),
  };
  // With several instances, the bound holds on all of them together: checked on arrival, in Redis.
  // Updates chatHeld marked handled once on arrival, in the same round trip: handleOnce asks nothing again,
  // chatLock holds the chat's lock chatHeld took when the chat was free, and the read-ahead neither takes
  // again the budget taken there nor reads again what was read there.
  const arrivals: Arrivals = new WeakMap();
  // The update's budget is taken there too: one over it never waits for the chat's lock (nor takes it);
  // and when it takes the lock, what it reads ahead is read with it.
  const reads = userStateReads(deps, [storage.sessions, storage.conversations], userKey);
  if (storage.shared && bound)
    outer.use(
      chatHeld(storage.shared, {
        isUrgent,
        bound,
        arrivals,
        ...(skips ? { budget: skips.arrival } : {}),
        ...(storage.readAhead ? { reads } : {}),
      }),
    );
  outer.use(
    sequentializeUpdates(
      (ctx) => {
        const chat = ctx.chat;
        if (chat !== undefined && chat.type !== "private") return [String(chat.id)];
        const keys: string[] = [];
        if (chat !== undefined) keys.push(String(chat.id));
        // In a private chat the chat is the user: one key does.
        if (ctx.from !== undefined && ctx.from.id !== chat?.id) keys.push(String(ctx.from.id));
        return keys;
      },
      isUrgent,
      bound,
    ),
  );

  // The conversations plugin and the conversations' middlewares, each installed below where it runs;
  // a user whose conversation state was read ahead and found empty gets neither until entering one.
  const conversationsOf = conversationLayer({
    plugin: conversations<BotContext, ConversationContext>({
      storage: {
        type: "key",
        version: CONVERSATION_VERSION,
        adapter: guardStateWrites(storage.conversations),
        getStorageKey: (ctx) => (ctx.from ? userKey(ctx.from.id) : undefined),
      },
      plugins: (conversation) => [
        async (ctx, next) => {
          if (storage.replyPace)
            ctx.api.config.use(storage.replyPace.conversation((work) => conversation.external(work)));
          configureApi(ctx.api);
          listenApi(ctx.api);
          await next();
        },
        languageOf(conversation),
      ],
    }),
    isIdle: (ctx) => {
      // A group never reaches a private conversation: only commands for everyone run there.
      if (ctx.chat !== undefined && ctx.chat.type !== "private") return true;
      const key = ctx.from && storage.conversations.redisKey?.(userKey(ctx.from.id));
      return key !== undefined && peekReadAhead(key) === null;
    },
    installed: [
      createConversation(timezoneConversation(deps), TIMEZONE_CONVERSATION),
      createConversation(tradeConversation(deps), TRADE_CONVERSATION),
      createConversation(alertConversation(deps), ALERT_CONVERSATION),
      createConversation(alertEditConversation(deps), ALERT_EDIT_CONVERSATION),
      createConversation(marketEditConversation(deps), MARKET_EDIT_CONVERSATION),
      createConversation(portfolioEditConversation(deps), PORTFOLIO_EDIT_CONVERSATION),
      createConversation(dcaCreateConversation(deps), DCA_CREATE_CONVERSATION),
      createConversation(dcaEditConversation(deps), DCA_EDIT_CONVERSATION),
      createConversation(statementConversation(deps), STATEMENT_CONVERSATION),
      createConversation(withdrawConversation(deps), WITHDRAW_CONVERSATION),
      createConversation(addressConversation(deps), ADDRESS_CONVERSATION),
    ],
    onLeft: tellFlowLeft,
  });

  // Errors outside the boundary (the first middleware) are logged through pino, never grammY's default.
  bot.catch(logUncaught(deps.logger));
  const app = new BotComposer<BotContext>();
  // Updates without a human sender (channel posts, other bots) go no further: nothing follows `outer`.
  outer
    .filter((ctx) => ctx.from !== undefined && !ctx.from.is_bot)
    .errorBoundary(reportFailure(deps.logger, i18n), app);

  if (storage.shared) {
    // Inside the boundary: a Redis failure here gets the same apology as any other.
    app.use(handleOnce(storage.shared, arrivals));
    app.use(chatLock(storage.shared, isUrgent, arrivals));
  }
  if (storage.readAhead) {
    // Over the user's budget, taken in the same round trip: skipped before anything else
    // (pipeline/inbound-limits.ts).
    app.use(readAheadUserState(storage.readAhead, reads, skips, (ctx) => arrivals.get(ctx.update)));
  }
  app.use(cancelScopes(deps));
  app.use(
    session({
      initial: (): SessionData => ({}),
      // The language negotiation reads the session on every update, and grammY writes back whatever was
      // read: an unchanged session is not written (sessions do not expire, so nothing is lost).
      storage: skipUnchangedWrites(guardStateWrites(storage.sessions)),
      getSessionKey: (ctx) => (ctx.from ? userKey(ctx.from.id) : undefined),
    }),
  );
  app.use(secretGuard(deps));
  app.use(guardsFeature(deps, readAddressed));
  // A command voids the confirmations on screen before anything else runs it (even a flow's own /back).
  app.use(voidOnCommand(deps));

  app.use(conversationsOf.plugin);
  app.use(cancelFeature(deps));
  app.use(connectFeature(deps));
  // The 2FA code of a withdrawal is read here, before any conversation could record it.
  app.use(twoFactorFeature(deps));
  // A whole new request typed at a step leaves the step for it; a cancel in words cancels.
  app.use(requestsOverSteps(deps));
  // A typed answer that picks a button shown last is that button's press, for a step or a summary alike.
  app.use(typedChoices(deps));
  // Each conversation's middleware, run for users in a conversation or once one is entered.
  app.use(conversationsOf.gate);
  // Text no step waited for: a plain request runs as its command; what is not understood is answered last.
  const plain = plainRequests(deps);
  app.use(plain.requests);

  const onAlert: ActionHandler = (ctx, payload, verb) =>
    onAlertChoice(ctx, deps, payload as AlertPayload, verb);
  const onMarket: ActionHandler = (ctx, payload, verb) =>
    onMarketChoice(ctx, deps, payload as MarketPayload, verb);
  const onPortfolio: ActionHandler = (ctx, payload, verb) =>
    onPortfolioChoice(ctx, deps, payload as PortfolioPayload, verb);
  const features: Composer<BotContext>[] = [
    // Before /start: `/start chart-CODE` (an inline card's chart link) is the chart's.
    chartFeature(deps),
    startFeature(deps),
    balanceFeature(deps),
    portfolioFeature(deps),
    priceFeature(deps),
    inlineFeature(deps),
    settingsFeature(deps),
    swapFeature(deps),
    alertsFeature(deps),
    marketAlertButtons(deps),
    portfolioAlertButtons(deps),
    recurringFeature(deps),
    historyFeature(deps),
    statementFeature(deps),
    withdrawalFeature(deps),
    addressFeature(deps),
    actionsFeature(deps, {
      disconnect: (ctx, _payload, verb) => completeDisconnect(ctx, deps, verb),
      swap: (ctx, payload, verb) => onQuoteChoice(ctx, deps, payload as SwapPayload, verb),
      "alert-create": onAlert,
      "alert-change": onAlert,
      "alert-delete": onAlert,
      "market-create": onMarket,
      "market-replace": onMarket,
      "market-delete": onMarket,
      "portfolio-create": onPortfolio,
      "portfolio-replace": onPortfolio,
      "portfolio-delete": onPortfolio,
      dca: (ctx, payload, verb) => onDcaAction(ctx, deps, payload as DcaPayload, verb),
      withdraw: (ctx, payload, verb) => onWithdrawChoice(ctx, deps, payload as WithdrawPayload, verb),
      addr: (ctx, payload, verb) => onAddressAction(ctx, deps, payload as AddressPayload, verb),
    }),
  ];
  for (const feature of features) app.use(feature);

  app.on("callback_query", (ctx) => ctx.answerCallbackQuery({ text: ctx.t("stale-button") }));
  app.use(plain.fallback);
  app.chatType("private").on("message", async (ctx) => {
    const isCommand = commandName(ctx.message.text) !== undefined;
    await ctx.reply(ctx.t(isCommand ? "unknown-command" : "unknown-text"));
  });
  return bot;
}
