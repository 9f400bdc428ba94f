/**
 * The message of a portfolio alert (read on the heartbeat, services/alerts/portfolio/watch.ts), as Telegram
 * HTML: what crossed, the figure now (AUD, or a signed percent), the threshold, when the statistics were read
 * in the user's zone, and that the bot watched it. Buttons: for an asset's return, Buy and Sell of that asset
 * (the market alerts' `ma:` buttons: the guided trade prefilled, nothing traded by the press); for the total
 * or the day, the /portfolio command (`go:portfolio`); and Pause of the alert.
 */
import { InlineKeyboard } from "grammy";
import type { PortfolioAlertEvent } from "../../../services/alerts/portfolio/rules.ts";
import type { BotContext } from "../../context.ts";
import { escapeHtml } from "../../flow-kit/format/html.ts";
import { formatAud, formatPercent } from "../../flow-kit/format/numbers.ts";
import { formatClock } from "../../flow-kit/format/time.ts";
import { marketButtonData } from "../market/buttons.ts";
import { portfolioButtonData } from "./buttons.ts";

type Translate = BotContext["t"];

/** A rendered portfolio alert. */
export interface RenderedPortfolioAlert {
  text: string;
  keyboard: InlineKeyboard;
}

/** Renders one portfolio alert event in `locale`, its reading time in `timeZone`. */
export function renderPortfolioAlert(
  event: PortfolioAlertEvent,
  t: Translate,
  locale: string,
  timeZone: string,
): RenderedPortfolioAlert {
  const up = event.direction === "up";
  const side = up ? "up" : "down";
  // The threshold on the side that crossed: +5.00% up, -5.00% down.
  const threshold = formatPercent(up ? event.threshold : `-${event.threshold}`, locale);
  const lines: string[] = [];
  const keyboard = new InlineKeyboard();
  switch (event.kind) {
    case "portfolio_value":
      lines.push(
        t(`alerts-portfolio-msg-value-${side}`, {
          total: formatAud(event.figure, locale),
          level: formatAud(event.threshold, locale),
        }),
      );
      break;
    case "portfolio_day":
      lines.push(
        t(`alerts-portfolio-msg-day-${side}`, { percent: formatPercent(event.figure, locale) }),
        t("alerts-portfolio-msg-setting-day", { threshold }),
      );
      break;
    case "asset_return": {
      const asset = event.asset ?? "";
      lines.push(
        t(`alerts-portfolio-msg-asset-${side}`, {
          asset: escapeHtml(asset),
          percent: formatPercent(event.figure, locale),
        }),
        t("alerts-portfolio-msg-setting-asset", { threshold }),
      );
      keyboard
        .text(t("market-notify-button-buy", { asset }), marketButtonData({ verb: "buy", target: asset }))
        .text(t("market-notify-button-sell", { asset }), marketButtonData({ verb: "sell", target: asset }))
        .row();
      break;
    }
  }
  const { time, zone } = formatClock(new Date(event.at), timeZone, locale);
  lines.push(
    t("alerts-portfolio-msg-read", { time, zone: escapeHtml(zone) }),
    t("alerts-portfolio-msg-watched"),
  );
  if (event.kind !== "asset_return")
    keyboard.text(t("alerts-portfolio-msg-button-portfolio"), "go:portfolio");
  keyboard.text(t("market-notify-button-pause"), portfolioButtonData(event.id));
  return { text: lines.join("\n"), keyboard };
}
