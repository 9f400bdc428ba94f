/**
 * The wording of alerts: a fired trigger's message keeps the exchange's free text apart and labelled
 * (no English of ours in Chinese), offers Pause only while the trigger is armed, and the distance to a
 * level says "past" once the price has passed it and is measured from the price shown beside it.
 */
import { describe, expect, it } from "vitest";
import { renderAlert } from "../../src/bot/alerts/triggers/event-format.ts";
import { renderEvent, renderSummary, renderTriggerLine } from "../../src/bot/alerts/triggers/format.ts";
import type { BotContext } from "../../src/bot/context.ts";
import { createI18n } from "../../src/bot/pipeline/i18n.ts";
import type { PriceTrigger, Ticker } from "../../src/exchange/index.ts";
import type { AlertEvent } from "../../src/services/alerts/triggers/events.ts";

const i18n = createI18n();
const tIn =
  (language: string): BotContext["t"] =>
  (key, variables) =>
    i18n.t(language, key, variables);

const ZONE = "Australia/Sydney";
const TRADE = "Bought 0.0099 ETH for 50.00 AUD (transaction 11)";
const SHORT = "Insufficient AUD balance: 50.00 needed, 10.00 available.";

function event(part: Partial<AlertEvent>): AlertEvent {
  return {
    triggerId: 4,
    asset: "ETH",
    level: "5000",
    match: 2,
    orderDirection: 10,
    orderQuantity: "50",
    orderGetQuantity: null,
    fired: "2025-07-01T02:03:00.000Z",
    index: 0,
    price: "4990",
    matched: 2,
    trade: null,
    failureReason: null,
    armed: false,
    ...part,
  };
}

function buttons(rendered: ReturnType<typeof renderAlert>): string[] {
  return rendered.keyboard.inline_keyboard.flat().map((b) => b.text);
}

/** Lines holding Latin words that are not asset codes, AUD or the zone (or GMT): the words of someone else. */
function foreignLines(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => /[A-Za-z]{2,}/.test(line.replace(/\b(ETH|AUD|GMT)\b|Australia\/Sydney|<\/?b>/g, "")));
}

describe("a fired trigger's message", () => {
  it("in Chinese: the trade in our words, the exchange's description apart and labelled as its words", () => {
    const text = renderAlert(event({ trade: TRADE }), tIn("zh"), "zh", ZONE).text;
    expect(text).toContain("✅ 已成交。");
    expect(foreignLines(text)).toEqual([`交易所原文：“${TRADE}”`]);
  });

  it("in Chinese: a failed trade for want of balance, the exchange's reason apart", () => {
    const text = renderAlert(event({ failureReason: SHORT }), tIn("zh"), "zh", ZONE).text;
    expect(text).toContain("❌ 未能下单：余额不足。");
    expect(foreignLines(text)).toEqual([`交易所原文：“${SHORT}”`]);
  });

  it("in English: the exchange's words are labelled as its own, never inside our sentence", () => {
    const text = renderAlert(event({ failureReason: "Market closed <now>" }), tIn("en"), "en", ZONE).text;
    expect(text).toContain("❌ No trade was placed.\nThe exchange says: “Market closed &lt;now&gt;”");
    const none = renderAlert(event({}), tIn("en"), "en", ZONE).text;
    expect(none).toContain("❌ No trade was placed, and the exchange gave no reason.");
  });

  it("the events view words a trade the same way", () => {
    const text = renderEvent(
      { fired: new Date(0), price: "4990", matched: 2, trade: TRADE, failure_reason: "", seen: true },
      tIn("zh"),
      "zh",
      ZONE,
    );
    expect(foreignLines(text)).toEqual([`交易所原文：“${TRADE}”`]);
  });

  it("offers Pause only while the trigger is armed; once the exchange paused it, Enable for an alert only", () => {
    const t = tIn("en");
    expect(buttons(renderAlert(event({ armed: true }), t, "en", ZONE))).toEqual(["Open the alert", "Pause"]);
    // A trading trigger the exchange paused: re-arming it past its level trades at once, so from its card.
    expect(buttons(renderAlert(event({ armed: false, trade: TRADE }), t, "en", ZONE))).toEqual([
      "Open the alert",
      "View trade",
    ]);
    const alertOnly = renderAlert(
      event({ armed: false, orderDirection: null, orderQuantity: null }),
      t,
      "en",
      ZONE,
    );
    expect(buttons(alertOnly)).toEqual(["Open the alert", "▶️ Enable"]);
    expect(alertOnly.keyboard.inline_keyboard.flat()[1]).toMatchObject({ callback_data: "al:enable:4" });
  });
});

describe("the distance to a level", () => {
  const trigger = (price: string, match: number): PriceTrigger => ({
    id: 9,
    asset: "BTC",
    asset_name: "Bitcoin",
    in_discovery_zone: false,
    created: new Date(0),
    price,
    match,
    paused: false,
    last_trigger: null,
    order_side: null,
    enabled: true,
    notify_sms: false,
    notify_email: false,
    order_direction: null,
    order_quantity: null,
    order_get_quantity: null,
    events: [],
  });
  const ticker: Ticker = { BTC: { buy: "101", sell: "99", last: "100" } };

  it("a passed level reads 'already above the level'; an approaching one '… to the level', from the price shown", () => {
    const t = tIn("en");
    expect(renderTriggerLine(trigger("99", 1), ticker, t, "en")).toContain(
      "now $100.00 (already above the level)",
    );
    // Far past it: said plainly, never as a large percentage.
    expect(renderTriggerLine(trigger("40", 1), ticker, t, "en")).toContain(
      "now $100.00 (already above the level)",
    );
    expect(renderTriggerLine(trigger("99", 2), ticker, t, "en")).toContain(
      "now $100.00 (-1.00% to the level)",
    );
    expect(renderTriggerLine(trigger("102", 1), ticker, t, "en")).toContain(
      "now $100.00 (+2.00% to the level)",
    );
    expect(renderTriggerLine(trigger("99", 1), ticker, tIn("zh"), "zh")).toContain("已高于价位");
  });

  it("the summary shows the price the distance is measured from", () => {
    const draft = {
      asset: "BTC",
      level: "102",
      match: "above" as const,
      action: "alert" as const,
      notifyEmail: false,
      notifySms: false,
    };
    const t = tIn("en");
    expect(renderSummary(draft, ticker, t, "en")).toContain(
      "Now: buy $101.00 · sell $99.00 · last $100.00 (+2.00% to the level)",
    );
    const noLast: Ticker = { BTC: { buy: "101", sell: "99" } };
    expect(renderSummary(draft, noLast, t, "en")).toContain("· mid $100.00 (+2.00% to the level)");
  });
});
