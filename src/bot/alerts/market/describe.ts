/**
 * Market alerts (watched by the bot from the shared ticker) described in the chat: what one watches, why a spec was
 * refused, its line in /alerts and its card. The kinds' semantics are docs/alerts.md's.
 */
import type {
  MarketAlertSpec,
  MarketSpecError,
  MarketWindow,
} from "../../../services/alerts/market/kinds.ts";
import { PERCENT_LIMITS, RSI_LIMITS, RSI_MIN_SPREAD } from "../../../services/alerts/market/kinds.ts";
import type { StoredMarketAlert } from "../../../services/alerts/market/store.ts";
import type { BotContext } from "../../context.ts";
import { escapeHtml } from "../../flow-kit/format/html.ts";
import { formatPrice } from "../../flow-kit/format/numbers.ts";
import { formatDateTime } from "../../flow-kit/format/time.ts";

type Translate = BotContext["t"];

// Fluent's variant keys cannot start with a digit: the windows' keys in the locale files.
const WINDOW_KEYS: Readonly<Record<MarketWindow, string>> = {
  "15m": "m15",
  "1h": "h1",
  "4h": "h4",
  "24h": "h24",
};

/** A window's variant key for the locale files' `$window` selectors. */
export function windowKey(window: MarketWindow): string {
  return WINDOW_KEYS[window];
}

/** What an alert watches, in one phrase ("moves 5% either way within 1 hour"). */
export function describeMarketSpec(spec: MarketAlertSpec, t: Translate): string {
  switch (spec.kind) {
    case "move":
      return t("market-what-move", {
        direction: spec.direction,
        percent: spec.percent,
        window: windowKey(spec.window),
      });
    case "day_change":
      return t("market-what-day", { direction: spec.direction, percent: spec.percent });
    case "step":
      return t("market-what-step", { percent: spec.percent });
    case "rsi":
      return t("market-what-rsi", { direction: spec.direction, low: spec.low, high: spec.high });
  }
}

/** Why a spec was refused, with the accepted range where there is one. */
export function describeMarketError(error: MarketSpecError, kind: string, t: Translate): string {
  switch (error) {
    case "percent-format":
      return t("market-error-percent-format");
    case "percent-range": {
      const limits = PERCENT_LIMITS[kind as keyof typeof PERCENT_LIMITS] ?? PERCENT_LIMITS.move;
      return t("market-error-percent-range", { min: limits.min, max: limits.max });
    }
    case "rsi-format":
      return t("market-error-rsi-format");
    case "rsi-range":
      return t("market-error-rsi-range", { min: RSI_LIMITS.min, max: RSI_LIMITS.max });
    case "rsi-spread":
      return t("market-error-rsi-spread", { spread: RSI_MIN_SPREAD });
    case "window":
      return t("market-error-window");
    case "direction":
      return t("market-error-direction");
    case "asset":
      return t("market-error-asset");
    default:
      return t("market-error-kind");
  }
}

/** The alert's line in /alerts. */
export function renderMarketLine(alert: StoredMarketAlert, t: Translate): string {
  return t("market-line", {
    asset: escapeHtml(alert.spec.asset),
    what: describeMarketSpec(alert.spec, t),
    state: alert.paused ? "paused" : "active",
  });
}

/**
 * The alert's card: what it watches, its state, when it fired last (in the user's zone); a move alert
 * says that after an alert it watches from that alert's price, and from which price it watches now.
 */
export function renderMarketCard(
  alert: StoredMarketAlert,
  t: Translate,
  locale: string,
  zone: string,
): string {
  const lines = [
    t("market-card-title", { asset: escapeHtml(alert.spec.asset) }),
    t("market-card-what", { asset: escapeHtml(alert.spec.asset), what: describeMarketSpec(alert.spec, t) }),
    t("market-card-state", { state: alert.paused ? "paused" : "active" }),
  ];
  if (alert.state.firedAt !== undefined) {
    lines.push(
      t("market-card-last", { when: formatDateTime(new Date(alert.state.firedAt), zone, locale), zone }),
    );
  }
  if (alert.spec.kind === "move") {
    const { phase, firedPrice } = alert.state;
    lines.push(
      phase === "fired" && firedPrice !== undefined
        ? t("market-card-move-from", { price: formatPrice(firedPrice, locale) })
        : t("market-card-move-again"),
    );
  }
  lines.push("", t("market-watched-by-bot"));
  return lines.join("\n");
}
