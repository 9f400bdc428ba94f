/**
 * The history in our words: every known transaction type, status and subtype has a label of its own in
 * every language (no exchange word such as "completed" or "bank_transfer" in the Chinese list or
 * detail), an unknown word is "other" quoting the exchange, and the rate is formatted as a price.
 */
import { describe, expect, it } from "vitest";
import type { BotContext } from "../../src/bot/context.ts";
import { renderDetail, renderList } from "../../src/bot/history/format.ts";
import { createI18n, LANGUAGES } from "../../src/bot/pipeline/i18n.ts";
import { TRANSACTION_STATUSES, TRANSACTION_SUBTYPES, TRANSACTION_TYPES } from "../../src/exchange/index.ts";
import { type HistoryRow, NO_FILTERS } from "../../src/services/history/rows.ts";

const i18n = createI18n();
const tIn =
  (language: string): BotContext["t"] =>
  (key, variables) =>
    i18n.t(language, key, variables);

const ZONE = "Australia/Sydney";

function row(part: Partial<HistoryRow>): HistoryRow {
  return {
    id: 7,
    created: Date.UTC(2025, 6, 1, 2, 3),
    type: "buy",
    subtype: "instant",
    srcAsset: "AUD",
    dstAsset: "BTC",
    srcAmount: "50.00",
    dstAmount: "0.00032339",
    rate: "154614.49",
    fee: "0.50",
    feeCurrency: "AUD",
    audFee: "0.50",
    audValue: "50.00",
    status: "completed",
    ...part,
  };
}

/** The list and the detail of `r` in `language`, as one text. */
function rendered(r: HistoryRow, language: string): string {
  const t = tIn(language);
  return [renderList([r], NO_FILTERS, 0, t, language, ZONE), renderDetail(r, t, language, ZONE)].join("\n");
}

/** Our words carry no Latin letters in Chinese, apart from asset codes, commands, the zone's name and "API" and "PDF". */
function latinWords(text: string): string[] {
  const stripped = text
    .replace(/\/[a-z]+/g, "")
    .replace(/\b(AUD|BTC|ETH|API|PDF)\b/g, "")
    .replace(/Australia\/Sydney/g, "");
  return stripped.match(/[A-Za-z_]{2,}/g) ?? [];
}

describe("history words", () => {
  const known: [string, readonly string[], (value: string) => Partial<HistoryRow>][] = [
    ["type", TRANSACTION_TYPES, (type) => ({ type })],
    ["status", TRANSACTION_STATUSES, (status) => ({ status })],
    ["subtype", TRANSACTION_SUBTYPES, (subtype) => ({ subtype })],
  ];

  for (const language of LANGUAGES) {
    for (const [field, values, make] of known) {
      it(`every known ${field} has words of its own in ${language}`, () => {
        for (const value of values) {
          const text = rendered(row(make(value)), language);
          // A missing message would show its key; an unknown value would be quoted as the exchange's.
          expect(text, value).not.toMatch(/hist-/);
          expect(text, value).not.toContain(`“${value}”`);
          if (language === "zh") expect(latinWords(text), value).toEqual([]);
        }
      });
    }
  }

  it("a status, type or subtype the exchange newly sends is 'other', quoting the exchange's word", () => {
    const odd = row({ type: "margin_call", status: "on_hold", subtype: "otc_desk" });
    const en = rendered(odd, "en");
    expect(en).toContain("other (the exchange's word: “margin_call”)");
    expect(en).toContain("Status: other (the exchange's word: “on_hold”)");
    expect(en).toContain("Kind: other (the exchange's word: “otc_desk”)");
    const zh = rendered(odd, "zh");
    expect(zh).toContain("其他（交易所原文：“on_hold”）");
    expect(zh).not.toMatch(/[^“]on_hold/);
  });

  it("the rate is a formatted price: AUD per unit for buys and sells, spent asset per unit for swaps", () => {
    const t = tIn("en");
    expect(renderDetail(row({}), t, "en", ZONE)).toContain("Rate: $154,614.49 per BTC");
    expect(renderDetail(row({ type: "sell", srcAsset: "BTC", dstAsset: "AUD" }), t, "en", ZONE)).toContain(
      "Rate: $154,614.49 per BTC",
    );
    expect(
      renderDetail(row({ type: "swap", srcAsset: "BTC", dstAsset: "ETH", rate: "0.0512345" }), t, "en", ZONE),
    ).toContain("Rate: 0.0512345 BTC per ETH");
    expect(renderDetail(row({}), tIn("zh"), "zh", ZONE)).toContain("汇率：每 BTC $154,614.49");
  });
});
