/** Telegram's language codes mapped to the bot's languages. */
import { describe, expect, it } from "vitest";
import { languageFromTelegram } from "../../src/bot/pipeline/i18n.ts";

describe("languageFromTelegram", () => {
  it("takes a bare code as it is, and the base of a tagged or upper-case one", () => {
    expect(languageFromTelegram("en")).toBe("en");
    expect(languageFromTelegram("zh")).toBe("zh");
    expect(languageFromTelegram("zh-hans")).toBe("zh");
    expect(languageFromTelegram("EN-au")).toBe("en");
    expect(languageFromTelegram("ZH")).toBe("zh");
    expect(languageFromTelegram("en_GB")).toBe("en");
  });

  it("has no answer for other languages, or none given", () => {
    expect(languageFromTelegram("fr")).toBeUndefined();
    expect(languageFromTelegram("pt-br")).toBeUndefined();
    expect(languageFromTelegram("")).toBeUndefined();
    expect(languageFromTelegram(undefined)).toBeUndefined();
  });
});
