/**
 * The wording of market alerts, each kind in English and Chinese: what moved and by how much, the window
 * or since when, the reference price and its time in the user's zone, the alert as set, that the bot
 * watched it, and the Buy / Sell / Pause buttons. No raw key and no English left in the Chinese text. A move
 * alert's card says it watches again from the price of each alert.
 */
import { describe, expect, it } from "vitest";
import { renderMarketCard } from "../../src/bot/alerts/market/describe.ts";
import { renderMarketAlert } from "../../src/bot/alerts/market/format.ts";
import type { BotContext } from "../../src/bot/context.ts";
import { createI18n } from "../../src/bot/pipeline/i18n.ts";
import { parseMarketAlertSpec } from "../../src/services/alerts/market/kinds.ts";
import type { MarketAlertEvent } from "../../src/services/alerts/market/rules.ts";
import type { StoredMarketAlert } from "../../src/services/alerts/market/store.ts";

const i18n = createI18n();
const tIn =
  (language: string): BotContext["t"] =>
  (key, variables) =>
    i18n.t(language, key, variables);

const AT = Date.UTC(2026, 10, 28, 3, 4, 5);
const base = { id: "abcDEF12", asset: "BTC", at: AT, price: "101234.5" };
const EVENTS: MarketAlertEvent[] = [
  {
    ...base,
    kind: "move",
    direction: "down",
    value: 5.4321,
    threshold: "5",
    window: "4h",
    reference: { price: "107000", at: AT - 3 * 3_600_000 },
  },
  {
    ...base,
    kind: "day_change",
    direction: "up",
    value: 8.25,
    threshold: "7.5",
    reference: { price: "93500", at: AT - 86_400_000 },
  },
  {
    ...base,
    kind: "step",
    direction: "up",
    value: 2.04,
    threshold: "2",
    reference: { price: "99210", at: AT - 600_000 },
  },
  {
    ...base,
    kind: "rsi",
    direction: "down",
    value: 27.8,
    threshold: "30",
    reference: { price: "101000", at: AT - 3_600_000 },
  },
];

describe("market alert messages", () => {
  it("say what moved, by how much, where from and when, in English", () => {
    const texts = EVENTS.map((e) => renderMarketAlert(e, tIn("en"), "en", "Australia/Sydney").text);
    expect(texts[0]).toContain("<b>BTC</b> fell 5.43% within 4 hours");
    expect(texts[0]).toMatch(/From the window's high of \$107,000\.00 at 28 Nov 2026, 11:04/);
    expect(texts[0]).toContain("Your alert: a move of 5.00% within 4 hours");
    expect(texts[1]).toContain("<b>BTC</b> is +8.25% over 24 hours");
    expect(texts[1]).toMatch(/24 hours ago: \$93,500\.00 at 27 Nov 2026, 14:04/);
    expect(texts[1]).toContain("Your alert: the 24-hour change beyond ±7.50%");
    expect(texts[2]).toContain("<b>BTC</b> moved +2.04% since your alarm last rang");
    expect(texts[2]).toContain("Your alarm: every 2.00% the price moves");
    expect(texts[3]).toContain("RSI(14) on hourly closes is 27.80, below 30 (oversold)");
    expect(texts[3]).toMatch(/Last hourly close: \$101,000\.00 at 28 Nov 2026, 13:04/);
    for (const text of texts) {
      expect(text).toMatch(/Now \$101,234\.50 · 14:04:05 AEDT \(Australia\/Sydney\)/);
      expect(text).toContain("no email or SMS, and nothing is traded by itself");
    }
  });

  it("in Chinese, in the user's zone, with no English of ours", () => {
    const texts = EVENTS.map((e) => renderMarketAlert(e, tIn("zh"), "zh", "Asia/Shanghai").text);
    expect(texts[0]).toContain("在 4 小时内下跌 5.43%");
    expect(texts[1]).toContain("24 小时涨跌 +8.25%");
    expect(texts[2]).toContain("自上次提醒以来变动 +2.04%");
    expect(texts[3]).toContain("RSI(14) 为 27.80，低于 30（超卖）");
    for (const text of texts) {
      expect(text).toContain("（Asia/Shanghai）");
      expect(text).toContain("由本机器人根据公开价格监控");
      expect(text.replace(/<[^>]+>|BTC|RSI|AEDT|GMT|Asia\/Shanghai/g, "")).not.toMatch(/[A-Za-z]{3,}/);
    }
  });

  it("offers Buy and Sell of the asset and Pause of the alert", () => {
    for (const [language, labels] of [
      ["en", ["Buy BTC", "Sell BTC", "Pause this alert"]],
      ["zh", ["买入 BTC", "卖出 BTC", "暂停此提醒"]],
    ] as const) {
      const { keyboard } = renderMarketAlert(EVENTS[0] as MarketAlertEvent, tIn(language), language, "UTC");
      expect(
        keyboard.inline_keyboard.flat().map((b) => [b.text, "callback_data" in b ? b.callback_data : ""]),
      ).toEqual([
        [labels[0], "ma:buy:BTC"],
        [labels[1], "ma:sell:BTC"],
        [labels[2], "ma:pause:abcDEF12"],
      ]);
    }
  });

  it("a step alarm whose anchor has no time says its price only", () => {
    const event = { ...(EVENTS[2] as MarketAlertEvent), reference: { price: "99210", at: Number.NaN } };
    const text = renderMarketAlert(event, tIn("en"), "en", "UTC").text;
    expect(text).toContain("From $99,210.00\n");
  });
});

describe("a move alert's card", () => {
  const parsed = parseMarketAlertSpec({
    asset: "BTC",
    kind: "move",
    window: "1h",
    direction: "down",
    percent: "5",
  });
  if (!parsed.ok) throw new Error(parsed.error);
  const alert: StoredMarketAlert = {
    id: "abcDEF12",
    userId: 1,
    spec: parsed.spec,
    state: { phase: "armed" },
    paused: false,
    createdAt: AT,
  };

  it("says it watches again from the price of each alert, and from which price it watches after one", () => {
    expect(renderMarketCard(alert, tIn("en"), "en", "UTC")).toContain(
      "After each alert it watches again from the price it alerted at",
    );
    const fired = {
      ...alert,
      state: { phase: "fired" as const, side: "down" as const, firedAt: AT, firedPrice: "95000" },
    };
    const en = renderMarketCard(fired, tIn("en"), "en", "UTC");
    expect(en).toContain("Watching from $95,000.00, the price of its last alert");
    expect(renderMarketCard(fired, tIn("zh"), "zh", "UTC")).toContain(
      "正从 $95,000.00（上次提醒时的价格）开始监控",
    );
  });
});
