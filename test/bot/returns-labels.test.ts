/**
 * What each return figure is, with the figures of the report that found them mixed up: $13,500 of AUD cash
 * and $15,331.45 of crypto that rose $1,081.45 today (+7.59 % of the crypto, as the exchange gives it). The
 * whole account rose 3.90 %: /balance, the /portfolio caption, the digest and the portfolio day alert all
 * say the whole account's change as "today" and name the crypto's own figures as the crypto's.
 */
import { describe, expect, it } from "vitest";
import { renderPortfolioAlert } from "../../src/bot/alerts/portfolio/format.ts";
import { renderBalance } from "../../src/bot/balance/feature.ts";
import type { BotContext } from "../../src/bot/context.ts";
import { renderDigest } from "../../src/bot/digest/notifier.ts";
import { createI18n } from "../../src/bot/pipeline/i18n.ts";
import { portfolioCaption } from "../../src/bot/portfolio/caption.ts";
import type { PortfolioStatistics } from "../../src/exchange/index.ts";
import { parsePortfolioAlertSpec } from "../../src/services/alerts/portfolio/kinds.ts";
import { evaluatePortfolioAlerts, portfolioFigures } from "../../src/services/alerts/portfolio/rules.ts";
import { accountDayPercent, type PortfolioSummary } from "../../src/services/balance/portfolio-summary.ts";
import type { DigestContent } from "../../src/services/digest/content.ts";
import { portfolioAllocation } from "../../src/services/portfolio/allocation.ts";
import { holding } from "../support/portfolio.ts";

const i18n = createI18n();
const tIn =
  (language: string): BotContext["t"] =>
  (key, variables) =>
    i18n.t(language, key, variables);
const plain = (html: string) => html.replace(/<[^>]+>/g, "").replace(/[\u2068\u2069]/g, "");
const CLOCK = { time: "09:00", zone: "Australia/Sydney" };

const AUD = "13500";
const CRYPTO = "15331.45";
const DAY = "1081.45";
const CRYPTO_DAY_PERCENT = "7.59";
const TOTAL = "28831.45";

const summary: PortfolioSummary = {
  aud: AUD,
  holdings: [holding("BTC", CRYPTO, "-1168.45", "-7.08")],
  cryptoValue: CRYPTO,
  total: TOTAL,
  dayReturn: DAY,
  accountDayPercent: accountDayPercent(DAY, TOTAL),
  cryptoDayPercent: CRYPTO_DAY_PERCENT,
  totalReturn: "-1168.45",
  totalReturnPercent: "-7.08",
};

describe("the whole account's change today", () => {
  it("is the day's return over the account's value at the day's start, AUD cash included", () => {
    // 1,081.45 / (28,831.45 - 1,081.45) = 3.897 %
    expect(accountDayPercent(DAY, TOTAL)).toBe("3.8971");
    expect(accountDayPercent("-500", "10000")).toBe("-4.7619");
    // An account worth nothing at the day's start has no percent.
    expect(accountDayPercent("100", "100")).toBeNull();
  });

  it("/balance: today for the whole account, the crypto's day and all-time named as the crypto's", () => {
    const en = plain(renderBalance(summary, tIn("en"), "en", CLOCK));
    expect(en).toContain("Total value: $28,831.45");
    expect(en).toContain("Today: +$1,081.45 (+3.90% of the whole account, AUD cash included)");
    expect(en).toContain("Your crypto today: +7.59% (AUD cash left out)");
    expect(en).toContain("Your crypto all time: -$1,168.45 (-7.08% on what it cost)");
    const zh = plain(renderBalance(summary, tIn("zh"), "zh", CLOCK));
    expect(zh).toContain("今日：+$1,081.45（占整个账户 +3.90%，含澳元现金）");
    expect(zh).toContain("你的加密货币今日：+7.59%（不含澳元现金）");
    expect(zh).toContain("你的加密货币累计：-$1,168.45（相对成本 -7.08%）");
  });

  it("/portfolio's caption says the same, and its legend names the figure under the picture's total", () => {
    const caption = plain(
      portfolioCaption(summary, portfolioAllocation(summary), tIn("en"), "en", CLOCK, true),
    );
    expect(caption).toContain("Today: +$1,081.45 (+3.90% of the whole account; your crypto +7.59%)");
    expect(caption).toContain("Your crypto all time: -$1,168.45 (-7.08% on what it cost)");
    expect(caption).toContain("the account's value with your crypto's all-time return under it");
  });

  it("the digest: the account's value and its change today", () => {
    const content: DigestContent = {
      total: TOTAL,
      dayReturn: DAY,
      accountDayPercent: summary.accountDayPercent,
      movers: [],
      nearTriggers: [],
      dueToday: [],
    };
    const user = { hour: 9, zone: "Australia/Sydney", level: "on" as const, locale: "en" };
    const text = plain(renderDigest(content, user, Date.UTC(2026, 11, 3), tIn("en")));
    expect(text).toContain("Account value: $28,831.45");
    expect(text).toContain("Today: +$1,081.45 (+3.90% of the whole account)");
  });

  it("a portfolio day alert watches the whole account: 5 % does not fire on this day, 3 % does, and says so", () => {
    const stats: PortfolioStatistics[] = [
      {
        overall: {
          overall_aud_wallet_value: CRYPTO,
          overall_day_return: DAY,
          overall_day_return_percentage: CRYPTO_DAY_PERCENT,
          overall_total_return: "-1168.45",
          overall_total_return_percentage: "-7.08",
        },
        assets: [],
      },
    ];
    const figures = portfolioFigures(stats, AUD);
    const alert = (percent: string) => {
      const parsed = parsePortfolioAlertSpec({ kind: "portfolio_day", percent, direction: "up" });
      if (!parsed.ok) throw new Error(parsed.error);
      return { id: `day-${percent}`, spec: parsed.spec, state: { phase: "armed" as const } };
    };
    const { events } = evaluatePortfolioAlerts([alert("5"), alert("3")], figures, 1);
    expect(events.map((e) => e.id)).toEqual(["day-3"]);
    const message = renderPortfolioAlert(events[0] as (typeof events)[0], tIn("en"), "en", CLOCK.zone);
    expect(plain(message.text)).toContain("Your whole account is +3.90% today (AUD cash included)");
    expect(plain(message.text)).toContain("Your alert: the whole account moving +3.00% in a day");
  });
});
