/**
 * Portfolio alerts (the account's total value, its day return, an asset's return on what was paid) described
 * in the chat: what one watches, why a spec was refused, how often it is checked, its line in /alerts and its
 * card. The kinds' semantics are docs/alerts.md's ("Portfolio alerts").
 */
import {
  PORTFOLIO_LIMITS,
  type PortfolioAlertSpec,
  type PortfolioSpecError,
} from "../../../services/alerts/portfolio/kinds.ts";
import type { StoredPortfolioAlert } from "../../../services/alerts/portfolio/store.ts";
import type { BotContext } from "../../context.ts";
import { escapeHtml } from "../../flow-kit/format/html.ts";
import { formatAud } from "../../flow-kit/format/numbers.ts";
import { formatDateTime } from "../../flow-kit/format/time.ts";

type Translate = BotContext["t"];

/** What an alert watches, in one phrase ("your total value is $50,000.00 or less"). */
export function describePortfolioSpec(spec: PortfolioAlertSpec, t: Translate, locale: string): string {
  switch (spec.kind) {
    case "portfolio_value":
      return t("alerts-portfolio-chat-what-value", {
        direction: spec.direction,
        level: formatAud(spec.level, locale),
      });
    case "portfolio_day":
      return t("alerts-portfolio-chat-what-day", { direction: spec.direction, percent: spec.percent });
    case "asset_return":
      return t("alerts-portfolio-chat-what-asset", {
        asset: escapeHtml(spec.asset),
        direction: spec.direction,
        percent: spec.percent,
      });
  }
}

/** Why a spec was refused, with the accepted range where there is one. */
export function describePortfolioError(
  error: PortfolioSpecError,
  kind: string,
  t: Translate,
  locale: string,
): string {
  switch (error) {
    case "level-format":
      return t("alerts-portfolio-chat-error-level-format");
    case "level-range":
      return t("alerts-portfolio-chat-error-level-range", {
        min: formatAud(PORTFOLIO_LIMITS.level.min, locale),
        max: formatAud(PORTFOLIO_LIMITS.level.max, locale),
      });
    case "percent-format":
      return t("alerts-portfolio-chat-error-percent-format");
    case "percent-range": {
      const limits = kind === "asset_return" ? PORTFOLIO_LIMITS.asset_return : PORTFOLIO_LIMITS.portfolio_day;
      return t("alerts-portfolio-chat-error-percent-range", { min: limits.min, max: limits.max });
    }
    case "direction":
      return t("alerts-portfolio-chat-error-direction");
    case "asset":
      return t("alerts-portfolio-chat-error-asset");
    default:
      return t("alerts-portfolio-chat-error-kind");
  }
}

/** How often the statistics are read, as words ("5 minutes", "550 seconds"). */
export function describeEvery(seconds: number, t: Translate): string {
  return seconds % 60 === 0
    ? t("alerts-portfolio-chat-every", { unit: "minutes", count: seconds / 60 })
    : t("alerts-portfolio-chat-every", { unit: "seconds", count: seconds });
}

/** The alert's line in /alerts. */
export function renderPortfolioLine(alert: StoredPortfolioAlert, t: Translate, locale: string): string {
  return t("alerts-portfolio-chat-line", {
    what: describePortfolioSpec(alert.spec, t, locale),
    state: alert.paused ? "paused" : "active",
  });
}

/**
 * The alert's button label in /alerts, with its threshold so two alerts of a kind tell apart: "💼 Total ≤
 * $50,000.00", "💼 Day ±5%", "💼 BTC return +20%".
 */
export function portfolioButtonLabel(alert: StoredPortfolioAlert, t: Translate, locale: string): string {
  const { spec } = alert;
  const asset = spec.kind === "asset_return" ? spec.asset : "";
  const threshold =
    spec.kind === "portfolio_value"
      ? `${spec.direction === "above" ? "≥" : "≤"} ${formatAud(spec.level, locale)}`
      : `${spec.direction === "up" ? "+" : spec.direction === "down" ? "−" : "±"}${spec.percent}%`;
  return t("alerts-portfolio-chat-list-button", { kind: spec.kind, asset, threshold });
}

/** The alert's card: what it watches, its state, when it fired last (in the user's zone), how often it is read. */
export function renderPortfolioCard(
  alert: StoredPortfolioAlert,
  t: Translate,
  locale: string,
  zone: string,
  everySeconds: number | null,
): string {
  const lines = [
    t("alerts-portfolio-chat-card-title"),
    t("alerts-portfolio-chat-card-what", { what: describePortfolioSpec(alert.spec, t, locale) }),
    t("market-card-state", { state: alert.paused ? "paused" : "active" }),
  ];
  if (alert.state.firedAt !== undefined) {
    lines.push(
      t("market-card-last", { when: formatDateTime(new Date(alert.state.firedAt), zone, locale), zone }),
    );
  }
  if (everySeconds !== null)
    lines.push("", t("alerts-portfolio-chat-checked", { every: describeEvery(everySeconds, t) }));
  return lines.join("\n");
}
