/**
 * Words the bot listens for, in every language at once: a person may type English in the Chinese interface
 * and the other way round. The lists live in the locale files (one message per list) and are read once.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { I18nFlavor } from "@grammyjs/i18n";
import { normalizeAnswer } from "../../services/understanding/choice-match.ts";
import {
  REQUEST_COMMANDS,
  type RequestCommand,
  type RequestWords,
  WORD_ROLES,
  type WordRole,
} from "../../services/understanding/requests.ts";
import { LANGUAGES, LOCALES_DIR } from "../pipeline/i18n.ts";

type Fluent = I18nFlavor["i18n"]["fluent"];

const lists = new Map<string, string[]>();

/**
 * The entries of list message `key` in every language (or only in `language`), e.g. `listen-zone-names =
 * 上海: Asia/Shanghai, 北京: …` gives ["上海: Asia/Shanghai", "北京: …"]. Entries are separated by commas
 * (either width) or new lines.
 */
export function listWords(fluent: Fluent, key: string, language?: string): readonly string[] {
  const memo = `${language ?? "*"}:${key}`;
  let words = lists.get(memo);
  if (words === undefined) {
    const languages: readonly string[] = language === undefined ? LANGUAGES : [language];
    words = languages.flatMap((language) =>
      fluent
        .translate(language, key)
        .split(/[,，\n]/)
        .map((word) => word.trim())
        .filter((word) => word !== ""),
    );
    lists.set(memo, words);
  }
  return words;
}

/** The "name: value" entries of list message `key` in every language (or only in `language`), as a record. */
export function listPairs(fluent: Fluent, key: string, language?: string): Readonly<Record<string, string>> {
  const pairs: Record<string, string> = {};
  for (const entry of listWords(fluent, key, language)) {
    const at = entry.lastIndexOf(":");
    if (at > 0) pairs[entry.slice(0, at).trim()] = entry.slice(at + 1).trim();
  }
  return pairs;
}

/** The words of plain requests (locale messages `listen-words-<role>` and `listen-commands-<command>`). */
export function requestWords(fluent: Fluent): RequestWords {
  const roles = Object.fromEntries(
    WORD_ROLES.map((role) => [role, listWords(fluent, `listen-words-${role}`)]),
  ) as Record<WordRole, readonly string[]>;
  const commands: Partial<Record<RequestCommand, readonly string[]>> = {};
  for (const command of LISTED_COMMANDS) commands[command] = listWords(fluent, `listen-commands-${command}`);
  return {
    roles,
    commands,
    languages: listPairs(fluent, "listen-language-names"),
    statementPeriods: listPairs(fluent, "listen-statement-periods"),
  };
}

/**
 * The commands a request names by a word alone ("balance", "交易记录"): every one but those read from the
 * roles of their words (buy, sell, swap, price, alert), each with a `listen-commands-<command>` message.
 */
export const LISTED_COMMANDS: readonly RequestCommand[] = REQUEST_COMMANDS.filter(
  (command) => !(WORD_ROLES as readonly string[]).includes(command),
);

/** A one-line message without variables: the kind every button label is. */
const PLAIN_MESSAGE = /^([a-z][a-z0-9-]*) = ([^{}\n]{1,48})$/gm;

let labelsByText: ReadonlyMap<string, readonly string[]> | undefined;

/**
 * The same label in every language: for a button's label as shown ("Last month"), its message's text in the
 * others ("上月"), so a label can be typed in either language whatever the user's. Read once from the locale
 * files' one-line messages.
 */
export function labelInEveryLanguage(label: string): readonly string[] {
  if (labelsByText === undefined) {
    const byKey = new Map<string, string[]>();
    for (const language of LANGUAGES) {
      const text = readFileSync(join(LOCALES_DIR, `${language}.ftl`), "utf8");
      for (const match of text.matchAll(PLAIN_MESSAGE)) {
        const [, key, value] = match as unknown as [string, string, string];
        byKey.set(key, [...(byKey.get(key) ?? []), value.trim()]);
      }
    }
    const map = new Map<string, string[]>();
    for (const texts of byKey.values()) {
      if (texts.length < 2) continue;
      for (const text of texts) map.set(normalizeAnswer(text), texts);
    }
    labelsByText = map;
  }
  return labelsByText.get(normalizeAnswer(label)) ?? [];
}
