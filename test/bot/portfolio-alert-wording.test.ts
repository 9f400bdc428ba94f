/**
 * The wording of portfolio alerts in both languages: every refusal code of the checks has its own sentence
 * (none falls back to the locale key), each kind and direction reads as a phrase, and how often an
 * account is read is said in minutes when whole, else in seconds.
 */
import { describe, expect, it } from "vitest";
import {
  describeEvery,
  describePortfolioError,
  describePortfolioSpec,
} from "../../src/bot/alerts/portfolio/describe.ts";
import type { BotContext } from "../../src/bot/context.ts";
import { createI18n } from "../../src/bot/pipeline/i18n.ts";
import type { PortfolioSpecError } from "../../src/services/alerts/portfolio/kinds.ts";

const i18n = createI18n();
const tIn =
  (language: string): BotContext["t"] =>
  (key, variables) =>
    i18n.t(language, key, variables);

const CODES: PortfolioSpecError[] = [
  "not-an-object",
  "kind",
  "asset",
  "direction",
  "level-format",
  "level-range",
  "percent-format",
  "percent-range",
];

describe.each(["en", "zh"])("in %s", (language) => {
  const t = tIn(language);

  it("every refusal code is worded, and each of the figures' codes differently", () => {
    const texts = CODES.map((code) => describePortfolioError(code, "portfolio_day", t, language));
    for (const text of texts) {
      expect(text).not.toMatch(/alerts-portfolio-chat-/);
      expect(text.length).toBeGreaterThan(10);
    }
    // not-an-object and kind say what can be watched; every other code has a sentence of its own.
    expect(new Set(texts.slice(1)).size).toBe(CODES.length - 1);
    expect(texts[0]).toBe(texts[1]);
  });

  it("the ranges are the kind's", () => {
    expect(describePortfolioError("percent-range", "portfolio_day", t, language)).toContain("100%");
    expect(describePortfolioError("percent-range", "asset_return", t, language)).toContain("1000%");
  });

  it("each kind and direction reads as a phrase", () => {
    const phrases = [
      describePortfolioSpec({ kind: "portfolio_value", direction: "above", level: "120000" }, t, language),
      describePortfolioSpec({ kind: "portfolio_value", direction: "below", level: "120000" }, t, language),
      describePortfolioSpec({ kind: "portfolio_day", direction: "up", percent: "5" }, t, language),
      describePortfolioSpec({ kind: "portfolio_day", direction: "down", percent: "5" }, t, language),
      describePortfolioSpec({ kind: "portfolio_day", direction: "either", percent: "5" }, t, language),
      describePortfolioSpec(
        { kind: "asset_return", asset: "BTC", direction: "up", percent: "5" },
        t,
        language,
      ),
    ];
    expect(new Set(phrases).size).toBe(phrases.length);
    expect(phrases[0]).toContain("$120,000.00");
    expect(phrases[5]).toContain("BTC");
  });
});

describe("describeEvery", () => {
  it("minutes when whole, else seconds", () => {
    const t = tIn("en");
    expect(describeEvery(300, t)).toBe("5 minutes");
    expect(describeEvery(60, t)).toBe("minute");
    expect(describeEvery(150, t)).toBe("150 seconds");
    expect(describeEvery(600, tIn("zh"))).toBe("10 分钟");
  });
});
