/**
 * Plain requests typed outside any flow, read deterministically (no outside service) in either language:
 * "btc", "price of eth?", "buy 100 aud of eth", "sell 0.2 btc", "swap 0.01 btc to eth", "卖出 0.5 个以太坊",
 * "tell me when sol goes under 200", "eth > 6k", "alert me if btc moves 5% in an hour", "my balance",
 * "alert me if my portfolio falls below 50k", "交易记录". A request is answered with the
 * command line that does the same ("/buy ETH 100 AUD"), so it leads into the very flow of its command and
 * ends at the same summary with Confirm; nothing here acts.
 *
 * The words come from the caller (the locale files, every language at once) and the assets from the asset
 * directory; this module only knows how they combine. Text is cut into tokens: words at spaces, runs of
 * Chinese by the longest known word, numbers as people write them (understanding/typed-number.ts).
 */
import { parseMarketAlertSpec } from "../alerts/market-kinds.ts";
import { marketWordsOf, readMarketWords } from "../alerts/market-words.ts";
import { portfolioWordsOf, readPortfolioRequest } from "../alerts/portfolio-words.ts";
import { readTypedNumber } from "./typed-number.ts";

/** The commands a request may come to. */
export const REQUEST_COMMANDS = [
  "balance",
  "portfolio",
  "price",
  "buy",
  "sell",
  "swap",
  "swaps",
  "alert",
  "alerts",
  "dca",
  "history",
  "statement",
  "withdraw",
  "withdrawals",
  "addresses",
  "settings",
  "help",
] as const;

/** A command a request may come to. */
export type RequestCommand = (typeof REQUEST_COMMANDS)[number];

/** What words do in a request. */
export const WORD_ROLES = [
  "buy",
  "sell",
  "swap",
  "price",
  "alert",
  "above",
  "below",
  "reach",
  "into",
  "fiat",
  "filler",
  "negation",
] as const;

/** What a word does in a request. */
export type WordRole = (typeof WORD_ROLES)[number];

/** The words of each role and of each command, in every language (phrases of several words allowed). */
export interface RequestWords {
  roles: Readonly<Record<WordRole, readonly string[]>>;
  /** Words naming each command that needs no more than its name ("balance", "交易记录"). */
  commands: Readonly<Partial<Record<RequestCommand, readonly string[]>>>;
}

/** The asset a word or phrase names (code, name or alias, any case), or undefined. */
export type AssetLookup = (phrase: string) => string | undefined;

/** A request understood: the command and its arguments, as the command takes them. */
export interface UnderstoodRequest {
  command: RequestCommand;
  args: string[];
}

type Token =
  | { kind: "number"; value: string; fiat: boolean }
  | { kind: "asset"; code: string }
  | { kind: "role"; role: WordRole }
  | { kind: "command"; command: RequestCommand }
  | { kind: "word"; text: string };

const CJK = /[\p{Script=Han}]/u;
const ASCII = /^[\x20-\x7e]*$/;
const PLAIN_LETTERS = /^[A-Za-z ]*$/;
const MULTIPLIER_STAND_IN: Readonly<Record<string, string>> = {
  千: "\ue001",
  万: "\ue002",
  萬: "\ue003",
  亿: "\ue004",
  億: "\ue005",
};
const MULTIPLIER_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(MULTIPLIER_STAND_IN).map(([multiplier, standIn]) => [standIn, multiplier]),
);
// The longest Chinese word looked up at once.
const MAX_CJK_WORD = 6;
// The most words a phrase (an asset name, a role) spans.
const MAX_PHRASE = 4;
const FIAT_CODE = "AUD";
// A currency before or after a number marks it as AUD.
const FIAT_MARK = /^(?:a\$|au\$|\$)|(?:aud|dollars?|bucks|澳元|澳币|块|元)$/;

/** Lower case, one width; punctuation apart from what numbers and comparisons use becomes space. */
function normalize(text: string): string {
  // Plain ASCII has nothing for NFKC to fold.
  const folded = ASCII.test(text) ? text : text.normalize("NFKC");
  return (
    folded
      .toLowerCase()
      // Thousands typed with spaces ("1 000") are one number.
      .replace(/(\d) (?=\d{3}(?!\d))/g, "$1")
      .replace(/[?!;:"'“”‘’()[\]{}…。，、！？；：]|\.(?!\d)|,(?!\d{3}(?!\d))/g, " ")
      // "eth>6k": a comparison is a word of its own.
      .replace(/([<>])/g, " $1 ")
  );
}

/** Phrases of a role, command or asset, as token lists, found longest first. */
class Phrases {
  private readonly byFirst = new Map<string, { words: string[]; token: Token }[]>();

  add(phrase: string, token: Token): void {
    const words = splitWords(normalize(phrase));
    const first = words[0];
    if (first === undefined) return;
    const list = this.byFirst.get(first) ?? [];
    list.push({ words, token });
    list.sort((a, b) => b.words.length - a.words.length);
    this.byFirst.set(first, list);
  }

  /** The longest phrase starting at `at`, and how many words it spans. */
  longest(words: readonly string[], at: number): { token: Token; length: number } | undefined {
    for (const { words: phrase, token } of this.byFirst.get(words[at] as string) ?? []) {
      if (phrase.every((word, i) => words[at + i] === word)) return { token, length: phrase.length };
    }
    return undefined;
  }

  /** Whether a phrase starts with `word`. */
  starts(word: string): boolean {
    return this.byFirst.has(word);
  }

  /** Whether `word` is a known word (for cutting Chinese). */
  has(word: string): boolean {
    return (this.byFirst.get(word) ?? []).some((entry) => entry.words.length === 1);
  }
}

/** Words at spaces; a run of Chinese stays whole here (cut later by the known words). */
function splitWords(text: string): string[] {
  return text
    .replace(/([\p{Script=Han}]+)/gu, " $1 ")
    .split(/\s+/)
    .filter((word) => word !== "");
}

/** The reader of requests over a language's words and the listed assets. */
export class RequestReader {
  private readonly phrases = new Phrases();
  private readonly lookup: AssetLookup;
  /** The first word of every name of every asset ("bitcoin" of "bitcoin cash"), for {@link plainChat}. */
  private readonly assetStarts: ReadonlySet<string>;

  /** `assetNames`: every word or phrase `lookup` knows (the first word of each is enough). */
  constructor(words: RequestWords, lookup: AssetLookup, assetNames: Iterable<string>) {
    this.lookup = lookup;
    this.assetStarts = new Set(
      [...assetNames].map(
        (name) =>
          normalize(name)
            .split(" ")
            .find((w) => w !== "") ?? "",
      ),
    );
    for (const role of WORD_ROLES) {
      for (const phrase of words.roles[role]) this.phrases.add(phrase, { kind: "role", role });
    }
    for (const command of REQUEST_COMMANDS) {
      for (const phrase of words.commands[command] ?? [])
        this.phrases.add(phrase, { kind: "command", command });
    }
  }

  /**
   * Whether a text is plain chat at a glance: letters and spaces only, and not one word that starts a phrase
   * or an asset's name. Most texts that are no request are answered so, without being cut into tokens.
   */
  private plainChat(text: string): boolean {
    if (!PLAIN_LETTERS.test(text)) return false;
    for (const word of text.toLowerCase().split(" ")) {
      if (word !== "" && (this.phrases.starts(word) || this.assetStarts.has(word))) return false;
    }
    return true;
  }

  /** Cuts a run of Chinese into the longest known words (roles, commands, assets); unknown characters alone. */
  private cutChinese(run: string): string[] {
    const words: string[] = [];
    let at = 0;
    while (at < run.length) {
      let length = Math.min(MAX_CJK_WORD, run.length - at);
      for (; length > 1; length--) {
        const piece = run.slice(at, at + length);
        if (this.phrases.has(piece) || this.lookup(piece) !== undefined) break;
      }
      words.push(run.slice(at, at + length));
      at += length;
    }
    return words;
  }

  /** The tokens of a text: phrases, assets and numbers recognised, other words kept as words. */
  private tokens(text: string): Token[] {
    // A number glued to Chinese ("0.5个", "100澳元") is a word of its own, but for the multipliers of "10万",
    // which stand in for themselves (as characters of no script) while the text is cut.
    const glued = normalize(text).replace(
      /(?<=\d)[千万萬亿億]/g,
      (multiplier) => MULTIPLIER_STAND_IN[multiplier] as string,
    );
    const words = splitWords(glued)
      .map((word) => word.replace(/[\ue001-\ue005]/g, (standIn) => MULTIPLIER_OF[standIn] as string))
      .flatMap((word) =>
        CJK.test(word) && readTypedNumber(word) === undefined ? this.cutChinese(word) : [word],
      );
    const tokens: Token[] = [];
    for (let at = 0; at < words.length; ) {
      const phrase = this.phrases.longest(words, at);
      const asset = this.assetAt(words, at);
      if (asset !== undefined && (phrase === undefined || asset.length >= phrase.length)) {
        // AUD is what trades are counted in, not an asset to trade.
        tokens.push(
          asset.code === FIAT_CODE ? { kind: "role", role: "fiat" } : { kind: "asset", code: asset.code },
        );
        at += asset.length;
        continue;
      }
      if (phrase !== undefined) {
        tokens.push(phrase.token);
        at += phrase.length;
        continue;
      }
      const word = words[at] as string;
      const number = readTypedNumber(word);
      if (number !== undefined && !number.negative) {
        tokens.push({ kind: "number", value: number.value, fiat: FIAT_MARK.test(word) });
      } else tokens.push({ kind: "word", text: word });
      at++;
    }
    return tokens;
  }

  /** The longest asset phrase starting at `at` ("bitcoin cash" before "bitcoin"). */
  private assetAt(words: readonly string[], at: number): { code: string; length: number } | undefined {
    for (let length = Math.min(MAX_PHRASE, words.length - at); length >= 1; length--) {
      const code = this.lookup(words.slice(at, at + length).join(" "));
      if (code !== undefined) return { code, length };
    }
    return undefined;
  }

  /** Reads a plain request; undefined when it is none this reader understands. */
  read(text: string): UnderstoodRequest | undefined {
    if (text.length > 200 || this.plainChat(text)) return undefined;
    const all = this.tokens(text);
    if (all.some((token) => token.kind === "role" && token.role === "negation")) return undefined;
    const tokens = all.filter((token) => !(token.kind === "role" && token.role === "filler"));
    if (tokens.length === 0) return undefined;
    return (
      readPortfolioAlert(tokens, text) ??
      readTrade(tokens) ??
      readMarketAlert(tokens, text) ??
      readAlert(tokens) ??
      readCommand(tokens) ??
      readPrice(tokens)
    );
  }
}

const isRole = (token: Token | undefined, role: WordRole): boolean =>
  token?.kind === "role" && token.role === role;
const assetsOf = (tokens: readonly Token[]): string[] =>
  tokens.flatMap((token) => (token.kind === "asset" ? [token.code] : []));
const numbersOf = (tokens: readonly Token[]) =>
  tokens.flatMap((token, at) => (token.kind === "number" ? [{ ...token, at }] : []));
const unknownWords = (tokens: readonly Token[]): number =>
  tokens.filter((token) => token.kind === "word").length;

// A request may carry a word or two the reader does not know ("buy btc for me mate"), never more.
const MAX_UNKNOWN = 2;

/** Whether the number at `at` counts in AUD: marked so, or followed by a word for AUD. */
function inFiat(tokens: readonly Token[], at: number): boolean {
  const token = tokens[at];
  return (
    (token?.kind === "number" && token.fiat) ||
    isRole(tokens[at + 1], "fiat") ||
    isRole(tokens[at - 1], "fiat")
  );
}

/** The asset a number counts in when one follows it ("0.5 btc"; measure words such as 个 are fillers). */
function unitAfter(tokens: readonly Token[], at: number): string | undefined {
  const next = tokens[at + 1];
  return next?.kind === "asset" ? next.code : undefined;
}

/** "buy 100 aud of eth", "buy 0.1 btc", "sell eth for 500 aud", "swap 0.01 btc to eth", "买100澳元的以太坊". */
function readTrade(tokens: readonly Token[]): UnderstoodRequest | undefined {
  const verb = tokens.find(
    (token) => isRole(token, "buy") || isRole(token, "sell") || isRole(token, "swap"),
  ) as { kind: "role"; role: "buy" | "sell" | "swap" } | undefined;
  if (verb === undefined || unknownWords(tokens) > MAX_UNKNOWN) return undefined;
  const assets = assetsOf(tokens);
  const numbers = numbersOf(tokens);
  if (numbers.length > 1) return undefined;
  const number = numbers[0];
  const amount = number === undefined ? undefined : number.value;
  const fiat = number !== undefined && inFiat(tokens, number.at);
  const unit = number === undefined ? undefined : unitAfter(tokens, number.at);
  if (verb.role === "buy" || verb.role === "sell") {
    if (assets.length !== 1) return undefined;
    const asset = assets[0] as string;
    if (amount === undefined) return { command: verb.role, args: [asset] };
    // Bought with AUD and sold for AUD unless the amount counts in the asset.
    const counted = fiat ? "AUD" : unit === asset ? asset : verb.role === "buy" ? "AUD" : asset;
    return { command: verb.role, args: [asset, amount, counted] };
  }
  // A swap: from the asset before "to" / "into" / "for" (or the verb itself: "btc 换 eth", "比特币换成以太坊"), to
  // the one after.
  if (assets.length !== 2 || fiat) return undefined;
  const into = tokens.findIndex(
    (token, at) =>
      (isRole(token, "into") || token === verb) &&
      assetsOf(tokens.slice(0, at)).length === 1 &&
      assetsOf(tokens.slice(at + 1)).length === 1,
  );
  if (into === -1) return undefined;
  const before = assetsOf(tokens.slice(0, into));
  const after = assetsOf(tokens.slice(into + 1));
  const [from, to] = [before[0] as string, after[0] as string];
  if (amount === undefined) return { command: "swap", args: [from, to] };
  return { command: "swap", args: [from, to, amount, unit === to ? to : from] };
}

/** "tell me when sol goes under 200", "eth > 6k", "alert btc above 100k", "比特币涨到10万提醒我". */
function readAlert(tokens: readonly Token[]): UnderstoodRequest | undefined {
  const side = tokens.find(
    (token) => isRole(token, "above") || isRole(token, "below") || isRole(token, "reach"),
  );
  const asked = tokens.some((token) => isRole(token, "alert"));
  if (side === undefined || side.kind !== "role") return undefined;
  const assets = assetsOf(tokens);
  const numbers = numbersOf(tokens);
  // Without "alert" / "tell me", only a bare comparison ("eth > 6k") is a request for one.
  const bare = tokens.length === 3 && (side.role === "above" || side.role === "below");
  if (assets.length !== 1 || numbers.length !== 1 || (!asked && !bare) || unknownWords(tokens) > MAX_UNKNOWN)
    return undefined;
  const match = side.role === "reach" ? "auto" : side.role;
  return { command: "alert", args: [assets[0] as string, match, (numbers[0] as { value: string }).value] };
}

/**
 * "alert me if btc moves 5% in an hour", "tell me when eth drops 10% in 24h", "remind me every 3% btc moves",
 * "比特币1小时涨跌5%提醒我": a market alert, as its quick form ("/alert BTC moves 5% 1h"). It takes an alert
 * word and one asset, and a percent sign, a length of time, "every" or "rsi": a direction word alone
 * ("drops below 90000") is a price level's. Figures that do not pass are passed on as typed, for the quick
 * form to say why.
 */
function readMarketAlert(tokens: readonly Token[], text: string): UnderstoodRequest | undefined {
  if (!tokens.some((token) => isRole(token, "alert"))) return undefined;
  const assets = [...new Set(assetsOf(tokens))];
  if (assets.length !== 1) return undefined;
  const words = readMarketWords(text);
  if (words === undefined) return undefined;
  const strong =
    words.kind === "rsi" || words.kind === "step" || words.window !== undefined || /[%％]/.test(text);
  if (!strong) return undefined;
  const asset = assets[0] as string;
  const checked = parseMarketAlertSpec({ ...words, asset });
  return { command: "alert", args: [asset, checked.ok ? marketWordsOf(checked.spec) : text] };
}

/**
 * "alert me if my portfolio falls below 50k", "alert me when btc is up 20% on what I paid", "我的资产低于5万提醒我",
 * "比特币收益率超过20%提醒我": a portfolio alert, as its quick form ("/alert portfolio below 50000", "/alert BTC
 * return +20%"). It takes an alert word and the account named with no asset, or one asset and a word for its
 * return (alerts/portfolio-words.ts); figures are passed on as read, for the quick form to check.
 */
function readPortfolioAlert(tokens: readonly Token[], text: string): UnderstoodRequest | undefined {
  if (!tokens.some((token) => isRole(token, "alert"))) return undefined;
  const assets = [...new Set(assetsOf(tokens))];
  const words = readPortfolioRequest(text, assets);
  if (words === undefined) return undefined;
  return { command: "alert", args: [portfolioWordsOf(words, assets[0])] };
}

/** "balance", "my alerts", "history btc", "withdraw eth", "交易记录". */
function readCommand(tokens: readonly Token[]): UnderstoodRequest | undefined {
  const named = tokens.filter((token) => token.kind === "command");
  if (named.length !== 1) return undefined;
  const command = (named[0] as { command: RequestCommand }).command;
  const rest = tokens.filter((token) => token.kind !== "command");
  const assets = assetsOf(rest);
  // Every other word must be known: "personal wallet" is an answer, not a request for the balance.
  if (unknownWords(rest) > 0 || rest.some((token) => token.kind === "number")) return undefined;
  if ((command === "history" || command === "withdraw") && assets.length === 1)
    return { command, args: assets };
  return assets.length === 0 ? { command, args: [] } : undefined;
}

/** "btc", "btc eth", "price of eth?", "how much is bitcoin", "比特币价格". */
function readPrice(tokens: readonly Token[]): UnderstoodRequest | undefined {
  const assets = [...new Set(assetsOf(tokens))];
  if (assets.length === 0) return undefined;
  const asked = tokens.some((token) => isRole(token, "price"));
  const others = tokens.filter((token) => token.kind !== "asset" && !isRole(token, "price"));
  // An asset alone is a price request; with "price" words a stray word is allowed.
  if (others.length > (asked ? 1 : 0) || others.some((token) => token.kind !== "word")) return undefined;
  return { command: "price", args: assets };
}
