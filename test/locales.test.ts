/** Every language has every message, and every message the code asks for exists. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { I18n } from "@grammyjs/i18n";
import { describe, expect, it } from "vitest";
import { MENU_COMMANDS } from "../src/bot/flow-kit/commands.ts";
import { createI18n, LANGUAGES } from "../src/bot/pipeline/i18n.ts";

const root = join(import.meta.dirname, "..");

function messageKeys(language: string): Set<string> {
  const text = readFileSync(join(root, "locales", `${language}.ftl`), "utf8");
  return new Set([...text.matchAll(/^([a-z][a-z0-9-]*) =/gm)].map((m) => m[1] as string));
}

/** A translation's text, or the error it threw (a message whose variables were not given). */
function outcome(translate: () => string): string {
  try {
    return translate();
  } catch (error) {
    return `threw: ${(error as Error).message}`;
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  );
}

describe("locales", () => {
  it("no message is defined twice in a file (Fluent would keep one silently)", () => {
    for (const language of LANGUAGES) {
      const text = readFileSync(join(root, "locales", `${language}.ftl`), "utf8");
      const keys = [...text.matchAll(/^([a-z][a-z0-9-]*) =/gm)].map((m) => m[1] as string);
      expect(
        keys.filter((key, i) => keys.indexOf(key) !== i),
        language,
      ).toEqual([]);
    }
  });

  it("every language file has exactly the English keys", () => {
    const english = messageKeys("en");
    expect(english.size).toBeGreaterThan(50);
    for (const language of LANGUAGES) expect([...messageKeys(language)].sort()).toEqual([...english].sort());
  });

  it("every literal key the bot translates exists, and every menu command has a description", () => {
    const english = messageKeys("en");
    const used = new Set<string>();
    for (const file of sourceFiles(join(root, "src", "bot"))) {
      for (const match of readFileSync(file, "utf8").matchAll(/\bt\(\s*"([a-z][a-z0-9-]*)"/g))
        used.add(match[1] as string);
    }
    expect(used.size).toBeGreaterThan(40);
    for (const key of used) expect(english, key).toContain(key);
    for (const command of MENU_COMMANDS) expect(english).toContain(`cmd-${command}`);
  });

  it("every message is used somewhere (literally, or through a computed prefix- key)", () => {
    const code = sourceFiles(join(root, "src"))
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    const unused = [...messageKeys("en")].filter((key) => {
      if (key.startsWith("cmd-") || code.includes(`"${key}"`)) return false;
      return !code.includes(`\`${key.slice(0, key.lastIndexOf("-") + 1)}\${`);
    });
    expect(unused).toEqual([]);
  });

  it("one idea, one wording: every refusal asking to pick a button reads the same in each language", () => {
    const i18n = createI18n();
    const refusals = [...messageKeys("en")].filter((key) => /-pick-again$|^addr-bad-pick$/.test(key));
    expect(refusals.length).toBeGreaterThanOrEqual(5);
    for (const language of LANGUAGES) {
      const wordings = new Set(refusals.map((key) => i18n.t(language, key)));
      expect([...wordings], language).toHaveLength(1);
    }
  });

  it("one idea, one word in Chinese: 提醒 (not 触发器), 提币 (not 提现), 定投 (not 定期交易), 你 (not 您)", () => {
    // The words the bot listens for (listen-*) take what people type, other words for the same idea too.
    const said = readFileSync(join(root, "locales", "zh.ftl"), "utf8")
      .split("\n")
      .filter((line) => !line.startsWith("listen-"))
      .join("\n");
    for (const avoided of ["触发器", "提现", "定期交易", "您"]) expect(said, avoided).not.toContain(avoided);
  });

  it("the bot's translations are the files' texts, character for character (only their storage differs)", () => {
    const plain = new I18n({
      defaultLocale: "en",
      directory: join(root, "locales"),
      useSession: false,
      fluentBundleOptions: { useIsolating: false },
    });
    const ours = createI18n();
    // Every variable the files use, named after itself (with a two-byte character: so is a user's name in
    // Chinese), or a number; and none at all.
    const names = new Set<string>();
    for (const language of LANGUAGES) {
      const text = readFileSync(join(root, "locales", `${language}.ftl`), "utf8");
      for (const match of text.matchAll(/\$([a-zA-Z][\w-]*)/g)) names.add(match[1] as string);
    }
    expect(names.size).toBeGreaterThan(10);
    const given = (value: (name: string) => string | number) =>
      Object.fromEntries([...names].map((name) => [name, value(name)]));
    let compared = 0;
    for (const language of LANGUAGES) {
      for (const key of messageKeys(language)) {
        // Strings (joined into the compiled message), numbers (Fluent formats them), none; each message twice,
        // so the second call comes from the compiled memo.
        for (const args of [
          given((name) => `«${name}»`),
          given(() => 2),
          undefined,
          {},
          given((name) => `«${name}»`),
        ]) {
          const expected = outcome(() => plain.translate(language, key, args));
          expect(
            outcome(() => ours.translate(language, key, args)),
            key,
          ).toBe(expected);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
