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
import { distance } from "fastest-levenshtein";
import { parseMarketAlertSpec } from "../alerts/market/kinds.ts";
import { marketWordsOf, readMarketWords } from "../alerts/market/words.ts";
import { portfolioWordsOf, readPortfolioRequest } from "../alerts/portfolio/words.ts";
import { readAmountAnswer, type TypedAmount, withDigits } from "./number-words.ts";
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
  "chart",
  "cancel",
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
  "condition",
  "hedge",
  "all",
  "daily",
  "weekly",
  "fortnightly",
  "monthly",
  "pause",
  "resume",
] as const;

/** What a word does in a request. */
export type WordRole = (typeof WORD_ROLES)[number];

/** The words of each role and of each command, in every language (phrases of several words allowed). */
export interface RequestWords {
  roles: Readonly<Record<WordRole, readonly string[]>>;
  /** The bot's languages by the names people call them ("chinese", "中文", "英文" -> "zh", "en"). */
  languages?: Readonly<Record<string, string>>;
  /** A statement's preset periods by their words ("last month", 上个月 -> "prevmonth"). */
  statementPeriods?: Readonly<Record<string, string>>;
  /** Words naming each command that needs no more than its name ("balance", "交易记录"). */
  commands: Readonly<Partial<Record<RequestCommand, readonly string[]>>>;
}

/** The asset a word or phrase names (code, name or alias, any case), or undefined. */
export type AssetLookup = (phrase: string) => string | undefined;

/**
 * A share of a holding a request names ("half", "all my sol", "25%", "三分之一") instead of an amount: the
 * argument at `at` is to be that fraction (a decimal string, "0.5") of what the account holds of `of`, worked
 * out by the caller, who alone can read the balance.
 */
export interface ShareOf {
  of: string;
  fraction: string;
  at: number;
}

/** A request understood: the command and its arguments, as the command takes them. */
export interface UnderstoodRequest {
  command: RequestCommand;
  args: string[];
  share?: ShareOf;
  /**
   * A conditional trade with no amount ("sell eth if it goes above 7000"): the caller asks how much, with
   * these shares of `of` as buttons, and fills the argument at `at`.
   */
  askShare?: { of: string; at: number };
  /** The asset is missing ("buy 100"): the caller asks which, with assets as buttons, and fills the argument at this index. */
  askAsset?: number;
}

/**
 * Words about a trade that do not ask for one now: a question, a hypothesis, the future or the past,
 * someone else's idea, second thoughts ("should I sell my eth?", "I'll sell 0.5 eth tomorrow", "sell 1 eth?
 * hmm no"). Never a summary: the caller says how it would be done, and that nothing was done.
 */
export interface TradeTalk {
  talk: true;
  /** The command line that would do it now, when the words name one ("/sell ETH 0.5"). */
  line?: string;
}

/**
 * A correction of the summary on screen ("actually make it 100", "change it to 50 aud", 改成200): the new
 * amount, for the caller to apply to the quote it can see.
 */
export interface Correction {
  correction: TypedAmount;
}

/** What a text read as: a request, talk about a trade, or a correction. */
export type Reading = UnderstoodRequest | TradeTalk | Correction;

/** "make it 100", "actually change it to 50 aud", "no, 200", 改成200: what follows is the new amount. */
const CORRECTION =
  /^(?:(?:actually|sorry|oops|no|wait)[,\s]+)*(?:make it|make that|change it to|change that to|change the amount to|set it to|instead)\s+(.+)$|^(?:改成|改为|改到|换成|改)\s*(.+)$/i;

/** The recurring periods, by the role of their words. */
const PERIOD_OF_ROLE = {
  daily: "daily",
  weekly: "weekly",
  fortnightly: "fortnightly",
  monthly: "monthly",
} as const;

type Token =
  | { kind: "number"; value: string; fiat: boolean }
  | { kind: "share"; fraction: string }
  | { kind: "asset"; code: string }
  | { kind: "role"; role: WordRole }
  | { kind: "command"; command: RequestCommand }
  | { kind: "word"; text: string };

const CJK = /[\p{Script=Han}]/u;
/** An asset name a slip of the key is looked for: Latin letters, seven or more ({@link RequestReader.nearAsset}). */
const SLIP_NAME = /^[a-z]{7,}$/i;
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

/**
 * What people write for an amount, in the words the reader reads: "100 worth of eth", "spend 150 on
 * ethereum" and "put 200 into bitcoin" count AUD, as does "价值100的以太坊"; numbers in words become digits
 * (number-words.ts).
 */
function amountWords(text: string): string {
  return withDigits(text)
    .replace(/(\d[\d,.]*\s*[kmb]?)\s+(?:aud\s+|dollars?\s+)?worth\b/gi, "$1 aud")
    .replace(/\bspend\s+(\$?\d[\d,.]*\s*[kmb]?)\s+(?:aud\s+|dollars?\s+)?on\b/gi, "buy $1 aud of")
    .replace(
      /\bput\s+(\$?\d[\d,.]*\s*[kmb]?)\s+(?:aud\s+|dollars?\s+|bucks\s+)?in(?:to)?\b/gi,
      "buy $1 aud of",
    )
    .replace(/价值\s*(\d[\d,.]*[千万]?)\s*(?:澳元|澳币|块|元)?/g, " $1澳元 ");
}

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

  /** Asset names long enough to tell a slip of the key from another word, by first letter ({@link nearAsset}). */
  private readonly slipNames = new Map<string, { name: string; code: string }[]>();

  /** The bot's languages by name, lower case. */
  private readonly languages: ReadonlyMap<string, string>;
  /** A statement's preset periods by their words, longest first. */
  private readonly statementPeriods: ReadonlyArray<[string, string]>;

  /** `assetNames`: every word or phrase `lookup` knows (the first word of each is enough). */
  constructor(words: RequestWords, lookup: AssetLookup, assetNames: Iterable<string>) {
    // An iterator (a map's keys) is read once: kept as a list.
    const names = [...assetNames];
    this.lookup = lookup;
    this.languages = new Map(
      Object.entries(words.languages ?? {}).map(([name, code]) => [name.toLowerCase(), code]),
    );
    this.statementPeriods = Object.entries(words.statementPeriods ?? {})
      .map(([name, preset]): [string, string] => [name.toLowerCase(), preset])
      .sort(([a], [b]) => b.length - a.length);
    this.assetStarts = new Set(
      names.map(
        (name) =>
          normalize(name)
            .split(" ")
            .find((w) => w !== "") ?? "",
      ),
    );
    for (const name of names) {
      const code = lookup(name);
      if (code === undefined || !SLIP_NAME.test(name)) continue;
      const lower = name.toLowerCase();
      const first = lower[0] as string;
      this.slipNames.set(first, [...(this.slipNames.get(first) ?? []), { name: lower, code }]);
    }
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
      if (word === "") continue;
      if (this.phrases.starts(word) || this.assetStarts.has(word) || this.nearAsset(word) !== undefined)
        return false;
    }
    return true;
  }

  /**
   * The asset a word names with a slip of the key ("etherium", "bitcon"): one edit from a name of seven
   * letters or more, and near one asset only. Shorter names are left alone, being too near everyday words
   * ("either" is one edit from "ether", "tender" from "render").
   */
  private nearAsset(word: string): string | undefined {
    if (word.length < 6) return undefined;
    let found: string | undefined;
    for (const { name, code } of this.slipNames.get(word[0] as string) ?? []) {
      if (Math.abs(name.length - word.length) > 1 || name === word) continue;
      if (distance(name, word) > 1) continue;
      if (found !== undefined && found !== code) return undefined;
      found = code;
    }
    return found;
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
      const share = shareOf(word, words[at + 1]);
      if (share !== undefined) {
        tokens.push({ kind: "share", fraction: share.fraction });
        at += share.length;
        continue;
      }
      const number = readTypedNumber(word);
      const near = number === undefined ? this.nearAsset(word) : undefined;
      if (number !== undefined && !number.negative) {
        tokens.push({ kind: "number", value: number.value, fiat: FIAT_MARK.test(word) });
      } else if (near !== undefined && near !== FIAT_CODE) tokens.push({ kind: "asset", code: near });
      else tokens.push({ kind: "word", text: word });
      at++;
    }
    return tokens;
  }

  /**
   * The setting a text changes ("change language to chinese", "switch to english", 切换成英文, "set my
   * timezone to perth", 时区改成珀斯), as /settings' arguments; undefined when it changes none.
   */
  private readSetting(text: string): UnderstoodRequest | undefined {
    const zone = ZONE_CHANGE.exec(text.trim());
    if (zone && (zone[1] as string).trim() !== "" && !/^[?？]+$/.test((zone[1] as string).trim()))
      return { command: "settings", args: ["timezone", (zone[1] as string).trim()] };
    if (!LANGUAGE_CHANGE.test(text)) return undefined;
    const lower = text.normalize("NFKC").toLowerCase();
    for (const [name, code] of this.languages) {
      if (lower.includes(name)) return { command: "settings", args: ["language", code] };
    }
    return undefined;
  }

  /**
   * "withdraw 0.01 btc to my ledger", "send out 50 xrp to binance", "提现0.5个以太坊到我的冷钱包": /withdraw with the
   * asset, the amount (in the asset: a withdrawal counts nothing else) and the destination's words, for the
   * flow to find among the saved addresses ("/withdraw BTC 0.01 to ledger"). Undefined when the text names no
   * withdrawal, or more than one asset or amount; what is missing is asked by the flow.
   */
  private readWithdrawal(text: string): UnderstoodRequest | undefined {
    const split = WITHDRAW_DESTINATION.exec(text);
    const head = split ? text.slice(0, split.index) : text;
    const destination = split?.[1]?.trim().replace(/\s+/g, " ") ?? "";
    const tokens = this.tokens(withDigits(head)).filter(
      (token) => !(token.kind === "role" && QUIET_ROLES.includes(token.role)),
    );
    const named = tokens.filter((token) => token.kind === "command");
    if (named.length !== 1 || (named[0] as { command: RequestCommand }).command !== "withdraw")
      return undefined;
    const assets = [...new Set(assetsOf(tokens))];
    const numbers = numbersOf(tokens);
    if (destination === "" && numbers.length === 0 && !tokens.some((token) => isRole(token, "all")))
      return undefined;
    if (assets.length > 1 || numbers.length > 1 || unknownWords(tokens) > 0) return undefined;
    const number = numbers[0];
    if (number !== undefined && inFiat(tokens, number.at)) return undefined;
    // "withdraw all my xrp": the whole balance, worked out by the flow.
    const all = number === undefined && tokens.some((token) => isRole(token, "all"));
    const args = [assets[0] ?? "-", number?.value ?? (all ? "all" : "-")];
    return { command: "withdraw", args: destination === "" ? args : [...args, "to", destination] };
  }

  /** The longest asset phrase starting at `at` ("bitcoin cash" before "bitcoin"). */
  private assetAt(words: readonly string[], at: number): { code: string; length: number } | undefined {
    for (let length = Math.min(MAX_PHRASE, words.length - at); length >= 1; length--) {
      const code = this.lookup(words.slice(at, at + length).join(" "));
      if (code !== undefined) return { code, length };
    }
    return undefined;
  }

  /**
   * Reads a plain request; undefined when it is none this reader understands. A trade is a trade now only
   * when nothing in the words says otherwise: a condition makes it a price alert that trades, a cadence a
   * recurring trade, and a question, a hypothesis, another time or person, or second thoughts no trade at all.
   */
  read(text: string): Reading | undefined {
    if (text.length > 200) return undefined;
    const corrected = CORRECTION.exec(text.trim());
    const amount = corrected && readAmountAnswer((corrected[1] ?? corrected[2] ?? "").trim());
    if (amount) return { correction: amount };
    // A language's name alone ("chinese", 中文, at the language menu or anywhere) is a switch to it.
    const language = this.languages.get(text.trim().toLowerCase());
    if (language !== undefined) return { command: "settings", args: ["language", language] };
    if (this.plainChat(text)) return undefined;
    const setting = this.readSetting(text);
    if (setting !== undefined) return setting;
    const all = this.tokens(amountWords(text));
    // A withdrawal's destination is words of its own ("to my ledger"): read apart, the rest re-read.
    if (all.some((token) => isCommand(token, "withdraw"))) {
      const withdrawal = this.readWithdrawal(text);
      if (withdrawal !== undefined) return withdrawal;
    }
    // Trade words count only with an asset: "I bought lots of stuff yesterday" is chat, not trade talk.
    const verb =
      assetsOf(all).length > 0
        ? all.find((token) => TRADE_VERBS.some((role) => isRole(token, role)))
        : undefined;
    const has = (role: WordRole) => all.some((token) => isRole(token, role));
    if (has("negation")) return verb === undefined ? undefined : { talk: true };
    // "should i sell before the crash", 我该不该卖: a trade word asked about, no asset named: no trade.
    const tradeWord = all.some((token) => TRADE_VERBS.some((role) => isRole(token, role)));
    if (verb === undefined && tradeWord && ASKED_ABOUT.test(text)) return { talk: true };
    const tokens = all.filter((token) => !(token.kind === "role" && QUIET_ROLES.includes(token.role)));
    if (tokens.length === 0) return undefined;
    const period = PERIODS.find((role) => has(role));
    // "pause my weekly btc buy", "stop my btc dca", 暂停比特币定投: a recurring trade paused or resumed, never
    // one created ("stop" is a cancel word too: it pauses only what names a recurring trade).
    const namesDca = all.some((token) => isCommand(token, "dca"));
    const recurring = period !== undefined || namesDca;
    const change = has("pause")
      ? "pause"
      : has("resume")
        ? "resume"
        : recurring && all.some((token) => isCommand(token, "cancel"))
          ? "pause"
          : undefined;
    if (change !== undefined && (recurring || verb !== undefined))
      return readRecurringChange(tokens, change, period && PERIOD_OF_ROLE[period]);
    if (verb !== undefined) {
      if (has("hedge") || /[?？]/.test(text)) return tradeTalk(tokens);
      if (period !== undefined) return readRecurring(tokens, PERIOD_OF_ROLE[period]) ?? { talk: true };
      const side = tokens.some((token) => SIDES.some((role) => isRole(token, role)));
      // A trade on a condition is an alert that trades, or an alert the words name otherwise ("when the
      // 24h change of eth is over 8%": "change" is a swap word too); never a trade now.
      if (has("condition") || side)
        return (
          readConditionalTrade(tokens, text) ??
          readPortfolioAlert(tokens, text) ??
          readMarketAlert(tokens, text) ??
          readAlert(tokens) ?? { talk: true }
        );
    }
    // 每周定投100澳元比特币: a recurring trade named with a cadence and no verb is a recurring buy.
    if (verb === undefined && period !== undefined && namesDca && assetsOf(tokens).length === 1)
      return readRecurring(tokens, PERIOD_OF_ROLE[period], "buy") ?? { talk: true };
    // "what is my eth worth", 我的以太坊值多少钱: the holding's value, which /balance shows.
    if (verb === undefined && has("price") && /\bmy\b|我的/i.test(text) && assetsOf(tokens).length === 1)
      return { command: "balance", args: [] };
    const only = tokens.length === 1 ? tokens[0] : undefined;
    // A bare verb ("buy", "swap", "alert", 买) starts its guided flow.
    for (const role of ["buy", "sell", "swap", "alert"] as const)
      if (only !== undefined && isRole(only, role)) return { command: role, args: [] };
    // "statement for last month", 上个月的对账单: that period at once.
    if (tokens.some((token) => token.kind === "command" && token.command === "statement")) {
      const lower = text.normalize("NFKC").toLowerCase();
      const period = this.statementPeriods.find(([name]) => lower.includes(name));
      if (period !== undefined) return { command: "statement", args: [period[1]] };
      // "statement for june": the statement's menu, which asks the period (typed dates included).
      if (!tokens.some((token) => token.kind === "command" && token.command !== "statement"))
        return { command: "statement", args: [] };
    }
    return (
      readPortfolioAlert(tokens, text) ??
      readTrade(tokens) ??
      readMarketAlert(tokens, text) ??
      readAlert(tokens) ??
      readCommand(tokens, text) ??
      readPrice(tokens)
    );
  }
}

const TRADE_VERBS: readonly WordRole[] = ["buy", "sell", "swap"];
/** A question about trading ("should i sell?", 要不要卖): the words that ask it. */
const ASKED_ABOUT = /[?？]|\bshould\b|应该|要不要|该不该|应不应该/i;
/** "set my timezone to perth", "time zone is singapore", "时区改成珀斯": the words after are the zone. */
const ZONE_CHANGE =
  /(?:time\s*zone|timezone|时区)\s*(?:to|is|=|:|：|改成|改为|设为|设置为|换成|设成)?\s*([^\s].*)$/i;
/** Words that ask to change the language ("change language to chinese", "switch to english", 切换成英文). */
const LANGUAGE_CHANGE = /\b(?:language|lang|switch|change|speak|use|reply)\b|语言|切换|换成|改成|改用|用/i;
/** Where a withdrawal's destination starts: "to my ledger", "到我的冷钱包"; the words after it name the address. */
const WITHDRAW_DESTINATION = /(?:\s(?:to|into)\s+(?:my\s+|the\s+)?|(?:到|至|去|转到|提到)(?:我的)?)(\S.*)$/iu;
const SIDES: readonly WordRole[] = ["above", "below", "reach"];
const PERIODS = ["daily", "weekly", "fortnightly", "monthly"] as const;
/** Roles that only say how a request is meant: read by {@link RequestReader.read}, then left out. */
const QUIET_ROLES: readonly WordRole[] = [
  "filler",
  "condition",
  "hedge",
  "daily",
  "weekly",
  "fortnightly",
  "monthly",
];

/** A share written as "n/d" or "n%" (or "n" then "%"): its fraction of one, and the words it spans. */
function shareOf(word: string, next: string | undefined): { fraction: string; length: number } | undefined {
  const ratio = /^(\d{1,3})\/(\d{1,3})$/.exec(word);
  if (ratio) {
    const [numerator, denominator] = [Number(ratio[1]), Number(ratio[2])];
    if (numerator <= 0 || denominator <= 0 || numerator > denominator) return undefined;
    return { fraction: String(numerator / denominator), length: 1 };
  }
  const percent = /^(\d{1,3}(?:\.\d+)?)(%?)$/.exec(word);
  if (percent && (percent[2] === "%" || next === "%")) {
    const value = Number(percent[1]);
    if (value <= 0 || value > 100) return undefined;
    return { fraction: String(value / 100), length: percent[2] === "%" ? 1 : 2 };
  }
  return undefined;
}

const isRole = (token: Token | undefined, role: WordRole): boolean =>
  token?.kind === "role" && token.role === role;
const isCommand = (token: Token | undefined, command: RequestCommand): boolean =>
  token?.kind === "command" && token.command === command;
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
  const shares = sharesOf(tokens);
  if (numbers.length + shares.length > 1) return undefined;
  const number = numbers[0];
  const amount = number === undefined ? undefined : number.value;
  const fiat = number !== undefined && inFiat(tokens, number.at);
  const unit = number === undefined ? undefined : unitAfter(tokens, number.at);
  const share = shares[0];
  if (share !== undefined) {
    // "sell half my eth": of the asset sold; "buy btc with half my aud": of the AUD spent.
    if (verb.role === "swap" && assets.length === 2)
      return {
        command: "swap",
        args: [assets[0] as string, assets[1] as string, "", assets[0] as string],
        share: { of: assets[0] as string, fraction: share, at: 2 },
      };
    if (assets.length !== 1 || verb.role === "swap") return undefined;
    const asset = assets[0] as string;
    const of = verb.role === "sell" ? asset : "AUD";
    return { command: verb.role, args: [asset, "", of], share: { of, fraction: share, at: 1 } };
  }
  if (verb.role === "buy" || verb.role === "sell") {
    // "buy 100", 买100: the amount is said, the asset is asked: in AUD for a buy or with a currency, else
    // ("sell 0.01") in units of the asset picked.
    if (assets.length === 0 && amount !== undefined && tokens.length <= 3 && unknownWords(tokens) === 0)
      return {
        command: verb.role,
        args: ["", amount, verb.role === "buy" || fiat ? "AUD" : "-"],
        askAsset: 0,
      };
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

const sharesOf = (tokens: readonly Token[]): string[] =>
  tokens.flatMap((token) => (token.kind === "share" ? [token.fraction] : isRole(token, "all") ? ["1"] : []));

/**
 * Talk about a trade (see {@link TradeTalk}): the command line that would do it now, when the words give
 * one plainly ("should I sell 0.5 eth?" -> "/sell ETH 0.5").
 */
function tradeTalk(tokens: readonly Token[]): TradeTalk {
  const request = readTrade(tokens.filter((token) => !isRole(token, "all")));
  if (request === undefined || request.share !== undefined) return { talk: true };
  return { talk: true, line: [`/${request.command}`, ...request.args].join(" ") };
}

/**
 * "sell my eth if it goes above 7000", "when btc hits 200k sell half", "buy eth if it dips to 5000", "比特币涨到
 * 10万就卖掉一半": a price alert that trades, as its quick form ("/alert ETH above 7000 sell 0.5"). The level is
 * the number after the side word; the amount is the other number or a share; none at all ("sell eth if ...")
 * is asked, "my eth" is all of it. Undefined when the words do not give one asset, a side and its level.
 */
function readConditionalTrade(tokens: readonly Token[], text: string): UnderstoodRequest | undefined {
  const verb = tokens.find((token) => isRole(token, "buy") || isRole(token, "sell")) as
    | { kind: "role"; role: "buy" | "sell" }
    | undefined;
  const assets = [...new Set(assetsOf(tokens))];
  if (verb === undefined || assets.length !== 1 || unknownWords(tokens) > MAX_UNKNOWN + 1) return undefined;
  const asset = assets[0] as string;
  const sideAt = tokens.findIndex((token) => SIDES.some((role) => isRole(token, role)));
  const levelToken = tokens[sideAt + 1];
  if (sideAt === -1 || levelToken?.kind !== "number") return undefined;
  const sideToken = tokens[sideAt] as { kind: "role"; role: WordRole };
  const match = sideToken.role === "reach" ? "auto" : sideToken.role;
  const head = [asset, match, levelToken.value, verb.role];
  const rest = tokens.filter((_, at) => at !== sideAt + 1);
  const numbers = numbersOf(rest);
  const shares = sharesOf(rest);
  if (numbers.length + shares.length > 1) return undefined;
  const number = numbers[0];
  if (number !== undefined) {
    const fiat = inFiat(rest, number.at);
    // `buy 500` spends AUD and `sell 0.5` sells the asset; `get` counts the other side.
    const get = verb.role === "buy" ? !fiat && unitAfter(rest, number.at) === asset : fiat;
    return { command: "alert", args: [...head, ...(get ? ["get"] : []), number.value] };
  }
  const of = verb.role === "sell" ? asset : "AUD";
  const share = shares[0] ?? (/\bmy\b|我的/i.test(text) && verb.role === "sell" ? "1" : undefined);
  // A share of AUD is what a buy spends; of the asset, what a sell sells: both the quick form's plain amount.
  if (share !== undefined)
    return { command: "alert", args: [...head, ""], share: { of, fraction: share, at: 4 } };
  return { command: "alert", args: [...head, ""], askShare: { of, at: 4 } };
}

/**
 * "buy 50 aud of btc every week", "每天买20澳元的eth", "sell 0.1 eth monthly": a recurring trade, as the
 * arguments of /dca's create flow (asset, buy or sell, amount when it counts as the flow does, period): a buy
 * spends AUD and a sell sells the asset, so an amount in the other unit is left for the flow to ask. `side`
 * when the words name it otherwise (定投 is a buy).
 */
function readRecurring(
  tokens: readonly Token[],
  period: string,
  side?: "buy" | "sell",
): UnderstoodRequest | undefined {
  const verb = (
    side === undefined
      ? tokens.find((token) => isRole(token, "buy") || isRole(token, "sell"))
      : { kind: "role", role: side }
  ) as { kind: "role"; role: "buy" | "sell" } | undefined;
  const assets = [...new Set(assetsOf(tokens))];
  if (verb === undefined || assets.length !== 1 || unknownWords(tokens) > MAX_UNKNOWN) return undefined;
  const asset = assets[0] as string;
  const numbers = numbersOf(tokens);
  if (numbers.length > 1 || sharesOf(tokens).length > 0) return undefined;
  const number = numbers[0];
  let amount = "";
  if (number !== undefined) {
    const fiat = inFiat(tokens, number.at);
    const unit = unitAfter(tokens, number.at);
    if (verb.role === "buy" ? fiat || unit === undefined : !fiat) amount = number.value;
  }
  return { command: "dca", args: [asset, verb.role, amount === "" ? "-" : amount, period] };
}

/**
 * "pause my weekly btc buy", "resume my eth dca", 暂停每周的比特币定投: /dca's `pause` or `resume` with what names
 * the recurring trade ("-" where the words say nothing): asset, buy or sell, period. The flow finds which.
 */
function readRecurringChange(
  tokens: readonly Token[],
  change: "pause" | "resume",
  period: string | undefined,
): UnderstoodRequest | undefined {
  const assets = [...new Set(assetsOf(tokens))];
  if (assets.length > 1 || unknownWords(tokens) > MAX_UNKNOWN) return undefined;
  const side = tokens.find((token) => isRole(token, "buy") || isRole(token, "sell")) as
    | { kind: "role"; role: "buy" | "sell" }
    | undefined;
  return { command: "dca", args: [change, assets[0] ?? "-", side?.role ?? "-", period ?? "-"] };
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
 * return (alerts/portfolio/words.ts); figures are passed on as read, for the quick form to check.
 */
function readPortfolioAlert(tokens: readonly Token[], text: string): UnderstoodRequest | undefined {
  if (!tokens.some((token) => isRole(token, "alert"))) return undefined;
  const assets = [...new Set(assetsOf(tokens))];
  const words = readPortfolioRequest(text, assets);
  if (words === undefined) return undefined;
  return { command: "alert", args: [portfolioWordsOf(words, assets[0])] };
}

/** A chart's period as /chart takes it ("30d", "7 days", "24h", "1 hour", 30天). */
const CHART_PERIOD = /^(1h|24h|7d|30d)$/;
/** A chart's period in words ("last week", "this month", 一周, 上个月): the period of /chart it is. */
const CHART_PERIOD_WORDS: readonly [RegExp, string][] = [
  [/\b(?:hour|60 ?min)|小时/i, "1h"],
  [/\b(?:today|day|24 ?hours?)\b|今天|今日|一天|24小时/i, "24h"],
  [/\bweek|7 ?days|周|星期|礼拜|7天/i, "7d"],
  [/\bmonth|30 ?days|月|30天/i, "30d"],
];

/** "balance", "my alerts", "history btc", "withdraw eth", "btc chart 30d", "chart for eth last week", "交易记录". */
function readCommand(tokens: readonly Token[], text: string): UnderstoodRequest | undefined {
  const named = tokens.filter((token) => token.kind === "command");
  if (named.length !== 1) return undefined;
  const command = (named[0] as { command: RequestCommand }).command;
  if (command === "chart") {
    const period = tokens.find((token) => token.kind === "word" && CHART_PERIOD.test(token.text));
    // "for" / "of" between the words ("chart for eth") say nothing more.
    const others = tokens.filter(
      (token) => token !== period && token.kind !== "command" && !isRole(token, "into"),
    );
    const assets = assetsOf(others);
    if (others.length !== assets.length || assets.length > 1) return undefined;
    const inWords = CHART_PERIOD_WORDS.find(([words]) => words.test(text))?.[1];
    const periodWord = period?.kind === "word" ? [period.text] : inWords !== undefined ? [inWords] : [];
    return { command, args: [...assets, ...periodWord] };
  }
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
