/** The bot's context types and the dependencies features receive. */
import type { ConversationFlavor } from "@grammyjs/conversations";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { Context, SessionFlavor } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "pino";
import type { MarketAlertStore } from "../services/alerts/market/store.ts";
import type { PortfolioAlertStore } from "../services/alerts/portfolio/store.ts";
import type { ArmedLevels } from "../services/alerts/triggers/armed-levels.ts";
import type { AlertsSync } from "../services/alerts/triggers/sync.ts";
import type { AccountService } from "../services/connect/accounts.ts";
import type { DigestScheduler } from "../services/digest/scheduler.ts";
import type { HistoryViews } from "../services/history/views.ts";
import type { MarketData } from "../services/market/market-data.ts";
import type { PriceHistory } from "../services/market/price-history.ts";
import type { CallbackTokens } from "../services/runtime/callback-tokens.ts";
import type { Cooldowns } from "../services/runtime/cooldowns.ts";
import type { ShownKeyboards } from "../services/runtime/shown-keyboards.ts";
import type { CancelScope, UserCancellation } from "../services/runtime/user-cancellation.ts";
import type { SwapFind, SwapWatch } from "../services/swaps/watcher.ts";
import type { CodeWaits } from "../services/withdrawals/code-waits.ts";
import type { WithdrawalFind, WithdrawalWatch } from "../services/withdrawals/watcher.ts";

/** How alerts reach the user: with sound, silently, or not at all. */
export type AlertLevel = "on" | "silent" | "off";

/** Per-user settings, kept in the session (Redis). Never holds a secret. */
export interface SessionData {
  language?: string;
  timezone?: string;
  alerts?: AlertLevel;
  /** The local hour (0-23) of the daily digest; absent when it is off. */
  digestHour?: number;
  /** Mark a trigger's events seen on the exchange once they were delivered here. */
  alertsMarkSeen?: boolean;
  /** Send alert messages as a photo: a small chart of the last hours, the text as its caption. */
  alertsChart?: boolean;
  /** Until when (epoch ms) the next plain message is taken as an API key, after a bare /connect. */
  awaitingKeyUntil?: number;
}

/** Context outside conversations. */
export type BotContext = ConversationFlavor<
  Context &
    SessionFlavor<SessionData> &
    I18nFlavor & {
      log: Logger;
      cancelScope: CancelScope;
      /** Handles the rest of the update as another one (pipeline/update-context.ts). */
      replaceUpdate(update: Update): void;
    }
>;

/** Context inside conversations (no session: read it through `conversation.external`). */
export type ConversationContext = Context & I18nFlavor;

/** What withdrawals need: the awaited 2FA codes (no code is ever stored) and the background follow-up. */
export interface WithdrawalDeps {
  codeWaits: CodeWaits;
  /** Starts following an authorized withdrawal. */
  watch: (watch: WithdrawalWatch) => Promise<void>;
  /** Starts looking for a withdrawal whose create answer was lost. */
  find: (find: WithdrawalFind) => Promise<void>;
}

/** Services the features use; all injected so tests can build a bot with real or fake parts. */
export interface BotDeps {
  accounts: AccountService;
  market: MarketData;
  /** Snapshots of public prices, for the day's change. */
  priceHistory: PriceHistory;
  tokens: CallbackTokens;
  /** Actions that must not repeat within a while (a confirmation email resent). */
  cooldowns: Cooldowns;
  /** The buttons shown last in each private chat, so a typed answer can press one. */
  keyboards: ShownKeyboards;
  logger: Logger;
  /** Time zone for users who have not chosen one. */
  defaultTimezone: string;
  /** Telegram user ids allowed to use the bot; empty means everyone. */
  allowedUserIds: ReadonlySet<number>;
  /** Starts the background follow-up of a placed swap. */
  watchSwap: (watch: SwapWatch) => Promise<void>;
  /** Starts the background search for a swap whose create answer was lost. */
  findSwap: (find: SwapFind) => Promise<void>;
  /** What the alert watcher hears from the chat: connects, disconnects, trigger changes. */
  alerts: AlertsSync;
  /** The armed trigger levels the alert watcher read last (charts draw them without a private read). */
  alertLevels: ArmedLevels;
  /** Each user's market alerts (moves, 24-hour change, step alarms, RSI), watched by the bot itself. */
  marketAlerts: MarketAlertStore;
  /** Each user's portfolio alerts (total value, day return, an asset's return), read on the heartbeat. */
  portfolioAlerts: PortfolioAlertStore;
  /** ALERT_POLL_SECONDS: the heartbeat's period, which sets how often portfolio alerts can be read. */
  alertPollSeconds: number;
  /** How long a swap quote is honoured by Confirm before it is re-estimated. */
  quoteTtlMs: number;
  /** The clock (epoch ms); injected so tests can age a quote without waiting. */
  now: () => number;
  /** What the user's /cancel reaches: their other running updates. */
  cancellation: UserCancellation;
  /** Schedules a user's daily digest after they choose its hour. */
  digest: Pick<DigestScheduler, "schedule">;
  /** Overall time of one exchange call while a user waits in the chat (~20 s). */
  exchangeDeadlineMs: number;
  /** How often the chat action is resent while the bot waits (~4 s; Telegram shows one for ~5 s). */
  chatActionIntervalMs: number;
  /** The state behind each /history message. */
  historyViews: HistoryViews;
  /** Withdrawals' 2FA code waits and background follow-up. */
  withdrawals: WithdrawalDeps;
}

/** The user's time zone, or the default. */
export function userTimezone(ctx: BotContext, deps: BotDeps): string {
  return ctx.session.timezone ?? deps.defaultTimezone;
}
