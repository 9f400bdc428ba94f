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
  normaliseAssetWord,
  parseAliases,
  resolveAsset,
} from "../../services/market/asset-names.ts";
import { FIAT } from "../../services/swaps/quotes.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { LANGUAGES } from "../pipeline/i18n.ts";
import { describeExchangeError } from "./exchange-errors.ts";
import { waitForExchange } from "./exchange-wait.ts";
import { escapeHtml, typedExcerpt } from "./format/html.ts";

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
  const asset = typedExcerpt(word, 12);
  if (closest.length === 0) return t("asset-unknown", { asset });
  return t("asset-unknown-suggest", { asset, suggestions: escapeHtml(describeAssets(directory, closest)) });
}

/** What a typed word came to, as plain data (it may cross `conversation.external`). */
export type AssetLookup = { found: true; code: string } | { found: false; closest: string[]; text: string };

/**
 * Reads the listed assets (shared market data) and resolves `word`; an unknown word comes with the
 * closest assets (of `among` when given: the flow's choices) and its "I don't know" text. For use
 * inside `conversation.external`. A failed read of the list finds nothing close.
 */
export async function lookUpAsset(
  ctx: BotContext,
  deps: BotDeps,
  word: string,
  options: { fiat?: boolean; among?: readonly string[] } = {},
): Promise<AssetLookup> {
  const names = await deps.market.assetNames().catch(() => new Map<string, string>());
  const directory = assetsOf(ctx, names, options);
  const match = resolveAsset(directory, word, options.among ? Number.POSITIVE_INFINITY : undefined);
  if (match.found) return match;
  const among = options.among;
  const closest = among ? match.closest.filter((code) => among.includes(code)).slice(0, 5) : match.closest;
  return { found: false, closest, text: unknownAssetText(ctx.t, directory, word, closest) };
}

/**
 * The asset typed after a command ("/withdraw bitcoin"): its code, or `unknown` once the user was told
 * the word names no asset (with the closest), or undefined when the list could not be read (the user
 * was told why) or a /cancel overtook the wait.
 */
export async function commandAsset(
  ctx: BotContext,
  deps: BotDeps,
  word: string,
  options: { fiat?: boolean } = {},
): Promise<{ code: string } | "unknown" | undefined> {
  let waited: Awaited<ReturnType<typeof waitForExchange<ReadonlyMap<string, string>>>>;
  try {
    waited = await waitForExchange(ctx, deps, () => deps.market.assetNames());
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    await ctx.reply(explained);
    return undefined;
  }
  if (waited.cancelled) return undefined;
  const directory = assetsOf(ctx, waited.value, options);
  const match = resolveAsset(directory, word);
  if (match.found) return { code: match.code };
  await ctx.reply(unknownAssetText(ctx.t, directory, word, match.closest));
  return "unknown";
}

/**
 * A command's arguments with every word that names an asset ("bitcoin", "以太坊") as its code, for the
 * commands whose arguments are positional (/buy bitcoin 100, /alert ether above 6000); other words, and
 * all of them when the asset list cannot be read at once, stay as typed.
 */
export async function assetCodesIn(ctx: BotContext, deps: BotDeps, args: string): Promise<string> {
  const names = await listedNow(deps);
  if (names === undefined) return args;
  const directory = assetsOf(ctx, names, { fiat: true });
  return args
    .trim()
    .split(/\s+/)
    .map((word) => directory.exact.get(normaliseAssetWord(word)) ?? word)
    .join(" ");
}

/**
 * The listed assets' names: those this process holds (no wait, most texts), else read; undefined when they
 * cannot be read (a text is then taken as typed, never refused for it).
 */
export async function listedNow(deps: BotDeps): Promise<ReadonlyMap<string, string> | undefined> {
  return deps.market.held()?.names ?? (await deps.market.assetNames().catch(() => undefined));
}

/** Shown when no asset is named. */
export const TOP_ASSETS = ["BTC", "ETH", "SOL", "XRP", "ADA", "DOGE", "LTC", "USDT"] as const;
const MAX_ASSETS = 20;

/** A separator of the codes in "/price btc, eth". */
const SEPARATORS = /[\s,]+/;

/** Parses "/price btc, eth" arguments into distinct upper-case codes (at most 20). */
export function parseAssetList(text: string): string[] {
  // One code alone ("/price btc", the commonest): nothing to split, trim or deduplicate.
  if (text !== "" && !SEPARATORS.test(text)) return [text.toUpperCase()];
  const codes = text
    .split(SEPARATORS)
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s !== "");
  return [...new Set(codes)].slice(0, MAX_ASSETS);
}
