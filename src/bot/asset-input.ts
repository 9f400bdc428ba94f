/**
 * Assets typed in the chat, for every flow that takes one: the directory of listed assets with the
 * aliases of every language's locale file (a Chinese name is understood whatever the user's language),
 * and the "I don't know" wording with the closest assets. The matching itself is
 * services/market/asset-names.ts.
 */
import type { I18nFlavor } from "@grammyjs/i18n";
import {
  type AssetDirectory,
  assetDirectory,
  closestAssets,
  describeAssets,
  parseAliases,
} from "../services/market/asset-names.ts";
import { FIAT } from "../services/swaps/quotes.ts";
import { escapeHtml, shorten } from "./format/html.ts";
import { LANGUAGES } from "./i18n.ts";

type Fluent = I18nFlavor["i18n"]["fluent"];
type Translate = (key: string, variables?: Record<string, string | number>) => string;

// The translations never change once loaded: their aliases are read once.
const aliasesByFluent = new WeakMap<Fluent, Map<string, string[]>>();
// One directory per asset list (the market data keeps one list for ten minutes), with AUD and without.
const directories = new WeakMap<
  ReadonlyMap<string, string>,
  { crypto?: AssetDirectory; withFiat?: AssetDirectory }
>();

function aliasesOf(fluent: Fluent): Map<string, string[]> {
  let aliases = aliasesByFluent.get(fluent);
  if (aliases === undefined) {
    aliases = new Map();
    for (const language of LANGUAGES) {
      for (const [code, words] of parseAliases(fluent.translate(language, "asset-aliases"))) {
        aliases.set(code, [...(aliases.get(code) ?? []), ...words]);
      }
    }
    aliasesByFluent.set(fluent, aliases);
  }
  return aliases;
}

/**
 * The directory of the `listed` assets (code -> name, as the market data gives them) with every
 * language's aliases; with `fiat`, AUD too (swaps, history: the exchange lists crypto only).
 */
export function assetsOf(
  ctx: { i18n: I18nFlavor["i18n"] },
  listed: ReadonlyMap<string, string>,
  options: { fiat?: boolean } = {},
): AssetDirectory {
  let held = directories.get(listed);
  if (held === undefined) {
    held = {};
    directories.set(listed, held);
  }
  const aliases = aliasesOf(ctx.i18n.fluent);
  if (options.fiat) {
    held.withFiat ??= assetDirectory(new Map([...listed, [FIAT, ""]]), aliases);
    return held.withFiat;
  }
  held.crypto ??= assetDirectory(listed, aliases);
  return held.crypto;
}

/**
 * "I don't know “word”." with the closest assets of `directory` in words when there are any (`closest`
 * when the caller has them already, e.g. narrowed to the flow's choices).
 */
export function unknownAssetText(
  t: Translate,
  directory: AssetDirectory,
  word: string,
  closest: readonly string[] = closestAssets(directory, word),
): string {
  const asset = escapeHtml(shorten(word.trim(), 12));
  if (closest.length === 0) return t("asset-unknown", { asset });
  return t("asset-unknown-suggest", { asset, suggestions: escapeHtml(describeAssets(directory, closest)) });
}
