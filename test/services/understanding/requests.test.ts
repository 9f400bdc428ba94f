/**
 * Plain requests through the real reader, over the real locale words: a phrase table of English and Chinese
 * requests with the command line each comes to, and as many texts that must not be read as a request.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { requestWords } from "../../../src/bot/flow-kit/vocabulary.ts";
import { createI18n } from "../../../src/bot/pipeline/i18n.ts";
import { RequestReader } from "../../../src/services/understanding/requests.ts";

// The sandbox's names and a few aliases of the kind the locale files keep.
const NAMES: Record<string, string[]> = {
  BTC: ["btc", "bitcoin", "比特币"],
  ETH: ["eth", "ethereum", "ether", "以太坊"],
  SOL: ["sol", "solana", "索拉纳"],
  LTC: ["ltc", "litecoin", "莱特币"],
  XRP: ["xrp", "ripple", "瑞波币"],
  BCH: ["bch", "bitcoin cash", "比特币现金"],
  DOGE: ["doge", "dogecoin", "狗狗币"],
  LINK: ["link", "chainlink"],
  USDT: ["usdt", "tether", "泰达币"],
  AUD: ["aud"],
};
const lookup = (phrase: string): string | undefined =>
  Object.entries(NAMES).find(([, words]) => words.includes(phrase.toLowerCase()))?.[0];
const reader = new RequestReader(requestWords(createI18n().fluent), lookup, Object.values(NAMES).flat());
/**
 * What a text comes to, as a line: the command line; a share as `{f of X}` in the amount's place; an amount
 * to ask as `{?}`; talk about a trade as `talk` (with the line that would do it now).
 */
const line = (text: string): string | undefined => {
  const request = reader.read(text);
  if (request === undefined) return undefined;
  if ("talk" in request) return request.line === undefined ? "talk" : `talk ${request.line}`;
  if ("correction" in request) return `correct ${JSON.stringify(request.correction)}`;
  const args = [...request.args];
  if (request.askAsset !== undefined) args[request.askAsset] = "";
  if (request.share) args[request.share.at] = `{${request.share.fraction} of ${request.share.of}}`;
  if (request.askShare) args[request.askShare.at] = "{?}";
  return [`/${request.command}`, ...args].join(" ");
};

/** Every combination of the templates' {a} (asset name), {n} (number) and {m} (money) with the values. */
function expand(
  templates: readonly string[],
  values: readonly { a?: string; n?: string; m?: string; b?: string }[],
  expected: (value: { a?: string; n?: string; m?: string; b?: string }) => string,
): [string, string][] {
  return templates.flatMap((template) =>
    values.map((value): [string, string] => [
      template
        .replace("{a}", value.a ?? "")
        .replace("{b}", value.b ?? "")
        .replace("{n}", value.n ?? "")
        .replace("{m}", value.m ?? ""),
      expected(value),
    ]),
  );
}

const code = (name: string | undefined) => lookup(name ?? "") as string;

const ENGLISH: [string, string][] = [
  // Prices: an asset alone, or asked for.
  ...expand(
    [
      "{a}",
      "{a}?",
      "price of {a}",
      "price of {a}?",
      "{a} price",
      "what's the price of {a}",
      "how much is {a}",
      "how much is {a} now",
      "{a} price now",
      "price {a}",
      "what is {a} worth",
      "check {a} price",
      "current price of {a}",
      "how's {a}",
    ],
    [{ a: "btc" }, { a: "Bitcoin" }, { a: "ETH" }, { a: "ethereum" }, { a: "solana" }, { a: "bitcoin cash" }],
    (v) => `/price ${code(v.a)}`,
  ),
  ["btc eth", "/price BTC ETH"],
  ["btc and eth prices", "/price BTC ETH"],
  ["prices of bitcoin, ether and solana", "/price BTC ETH SOL"],
  // Buys with AUD.
  ...expand(
    [
      "buy {m} aud of {a}",
      "buy ${m} of {a}",
      "buy {a} {m}",
      "buy {m} dollars of {a}",
      "buy {m} dollars worth of {a}",
      "i want to buy {m} aud of {a}",
      "please buy {m} aud of {a}",
      "can you buy {m} aud of {a}",
      "spend {m} aud on {a}",
      "spend ${m} on {a}",
      "purchase ${m} of {a}",
      "buy {a} with {m} aud",
      "buy {a} for ${m}",
    ],
    [
      { a: "btc", m: "100" },
      { a: "eth", m: "1,000" },
      { a: "Solana", m: "2.5k" },
    ],
    (v) => `/buy ${code(v.a)} ${v.m === "1,000" ? "1000" : v.m === "2.5k" ? "2500" : v.m} AUD`,
  ),
  // Buys of a quantity.
  ...expand(
    ["buy {n} {a}", "buy {n} of {a}", "i'd like to buy {n} {a}", "get me {n} {a}", "purchase {n} {a}"],
    [
      { a: "btc", n: "0.1" },
      { a: "eth", n: "2" },
      { a: "doge", n: "1500" },
    ],
    (v) => `/buy ${code(v.a)} ${v.n} ${code(v.a)}`,
  ),
  // A buy without an amount goes to the guided amount step.
  ...expand(
    ["buy {a}", "buy some {a}", "i want to buy {a}", "buy {a} please"],
    [{ a: "btc" }, { a: "ether" }],
    (v) => `/buy ${code(v.a)}`,
  ),
  // Sells.
  ...expand(
    [
      "sell {n} {a}",
      "sell {a} {n}",
      "sell {n} of my {a}",
      "please sell {n} {a}",
      "dump {n} {a}",
      "cash out {n} {a}",
    ],
    [
      { a: "btc", n: "0.2" },
      { a: "eth", n: "1.5" },
      { a: "litecoin", n: "3" },
    ],
    (v) => `/sell ${code(v.a)} ${v.n} ${code(v.a)}`,
  ),
  ...expand(
    [
      "sell ${m} of {a}",
      "sell {m} aud of {a}",
      "sell {a} for {m} aud",
      "sell {a} for ${m}",
      "sell {m} dollars of {a}",
    ],
    [
      { a: "btc", m: "500" },
      { a: "eth", m: "1k" },
    ],
    (v) => `/sell ${code(v.a)} ${v.m === "1k" ? "1000" : v.m} AUD`,
  ),
  ...expand(["sell {a}", "sell my {a}"], [{ a: "btc" }, { a: "xrp" }], (v) => `/sell ${code(v.a)}`),
  // All of it is a share of the holding, which the bot works out from the balance.
  ...expand(["sell all my {a}", "sell all of my {a}"], [{ a: "btc" }, { a: "xrp" }], (v) => {
    const asset = code(v.a);
    return `/sell ${asset} {1 of ${asset}} ${asset}`;
  }),
  // Swaps.
  ...expand(
    [
      "swap {n} {a} to {b}",
      "swap {n} {a} into {b}",
      "swap {n} {a} for {b}",
      "convert {n} {a} to {b}",
      "convert {n} {a} into {b}",
      "exchange {n} {a} for {b}",
      "trade {n} {a} for {b}",
      "swap {a} to {b} {n}",
      "please convert {n} {a} to {b}",
      "i want to swap {n} {a} to {b}",
    ],
    [
      { a: "btc", b: "eth", n: "0.01" },
      { a: "ethereum", b: "solana", n: "0.5" },
      { a: "sol", b: "bitcoin", n: "10" },
    ],
    (v) => `/swap ${code(v.a)} ${code(v.b)} ${v.n} ${code(v.a)}`,
  ),
  ...expand(
    ["swap {a} for {n} {b}", "convert {a} into {n} {b}"],
    [
      { a: "btc", b: "eth", n: "0.5" },
      { a: "eth", b: "sol", n: "20" },
    ],
    (v) => `/swap ${code(v.a)} ${code(v.b)} ${v.n} ${code(v.b)}`,
  ),
  ...expand(
    ["swap {a} to {b}", "convert {a} into {b}", "swap {a} for {b}"],
    [{ a: "btc", b: "eth" }],
    (v) => `/swap ${code(v.a)} ${code(v.b)}`,
  ),
  // Alerts.
  ...expand(
    [
      "tell me when {a} goes under {n}",
      "tell me when {a} drops below {n}",
      "alert me if {a} falls below {n}",
      "notify me when {a} is below {n}",
      "let me know if {a} dips under {n}",
      "alert {a} below {n}",
      "{a} < {n}",
      "{a}<{n}",
      "ping me when {a} goes below {n}",
      "warn me if {a} drops to {n}",
    ],
    [
      { a: "sol", n: "200" },
      { a: "bitcoin", n: "90k" },
      { a: "eth", n: "$2,500" },
    ],
    (v) => `/alert ${code(v.a)} below ${v.n === "90k" ? "90000" : v.n === "$2,500" ? "2500" : v.n}`,
  ),
  ...expand(
    [
      "tell me when {a} goes above {n}",
      "alert me if {a} rises above {n}",
      "notify me when {a} is over {n}",
      "let me know when {a} goes over {n}",
      "alert {a} above {n}",
      "{a} > {n}",
      "{a}>{n}",
      "remind me when {a} exceeds {n}",
      "alert me when {a} breaks {n}",
      "ping me if {a} gets above {n}",
    ],
    [
      { a: "eth", n: "6k" },
      { a: "btc", n: "160,000" },
      { a: "xrp", n: "1.5" },
    ],
    (v) => `/alert ${code(v.a)} above ${v.n === "6k" ? "6000" : v.n === "160,000" ? "160000" : v.n}`,
  ),
  ...expand(
    ["tell me when {a} hits {n}", "notify me when {a} reaches {n}", "alert me when {a} is at {n}"],
    [
      { a: "btc", n: "100k" },
      { a: "doge", n: "0.5" },
    ],
    (v) => `/alert ${code(v.a)} auto ${v.n === "100k" ? "100000" : v.n}`,
  ),
  // Commands by name.
  ...(
    [
      ["balance", "/balance"],
      ["my balance", "/balance"],
      ["show my balance", "/balance"],
      ["what do i have", "/balance"],
      ["how much do i have?", "/balance"],
      ["Balances", "/balance"],
      ["holdings", "/balance"],
      ["portfolio", "/portfolio"],
      ["show my portfolio", "/portfolio"],
      ["my alerts", "/alerts"],
      ["alerts", "/alerts"],
      ["show alerts", "/alerts"],
      ["price alerts", "/alerts"],
      ["my triggers", "/alerts"],
      ["history", "/history"],
      ["transactions", "/history"],
      ["my transaction history", "/history"],
      ["history btc", "/history BTC"],
      ["bitcoin history", "/history BTC"],
      ["ethereum transactions", "/history ETH"],
      ["withdrawals", "/withdrawals"],
      ["my withdrawals", "/withdrawals"],
      ["withdraw btc", "/withdraw BTC"],
      ["withdraw", "/withdraw"],
      ["i want to withdraw ether", "/withdraw ETH"],
      // A recurring trade paused or resumed by words: never one created ("stop" is a cancel word too).
      ["pause my weekly btc buy", "/dca pause BTC buy weekly"],
      ["stop the weekly bitcoin buys", "/dca pause BTC - weekly"],
      // An asset's name with a slip of the key, near one asset only (names of seven letters or more).
      ["bitcon", "/price BTC"],
      ["buy 0.1 etherium", "/buy ETH 0.1 ETH"],
      ["etherium chart", "/chart ETH"],
      ["what's the 24h change on sol", "/price SOL"],
      ["sell half my litecoim", "/sell LTC {0.5 of LTC} LTC"],
      // Said as people say them.
      ["i want to put 200 bucks into bitcoin", "/buy BTC 200 AUD"],
      ["grab me some eth for 75 dollars", "/buy ETH 75 AUD"],
      ["notify me when eth crosses 8000", "/alert ETH auto 8000"],
      ["buy 100 aud of btc every monday", "/dca BTC buy 100 weekly"],
      ["show my last trades", "/swaps"],
      ["i sold some btc yesterday", "/history BTC"],
      ["my brother wants to buy doge", "talk /buy DOGE"],
      ["should i sell before the crash", "talk"],
      ["sell 0.01", "/sell  0.01 -"],
      ["chart for eth last week", "/chart ETH 7d"],
      ["cancel that", "/cancel"],
      ["nvm", "/cancel"],
      ["get me my statement for june", "/statement"],
      ["how do i add a withdrawal address", "/addresses"],
      ["stop my weekly btc buy", "/dca pause BTC buy weekly"],
      ["stop my btc dca", "/dca pause BTC - -"],
      ["turn off the recurring buy of eth", "/dca pause ETH buy -"],
      ["resume my eth recurring buy", "/dca resume ETH buy -"],
      ["restart my monthly sol sell", "/dca resume SOL sell monthly"],
      ["pause dca", "/dca pause - - -"],
      // A withdrawal's amount and destination are kept for the flow ("ledger" is a history word too).
      ["withdraw 0.01 btc to my ledger", "/withdraw BTC 0.01 to ledger"],
      ["withdraw fifty xrp to Binance", "/withdraw XRP 50 to Binance"],
      ["send out 2 sol to the cold wallet", "/withdraw SOL 2 to cold wallet"],
      ["withdraw eth to my trezor", "/withdraw ETH - to trezor"],
      // A destination that is no saved address is said so by the flow, which then asks.
      ["send 1 btc to bob", "/withdraw BTC 1 to bob"],
      ["send 0.2 eth to my metamask", "/withdraw ETH 0.2 to metamask"],
      ["withdraw all my xrp", "/withdraw XRP all"],
      ["withdraw 0.5 ethereum", "/withdraw ETH 0.5"],
      ["withdraw 0.5", "/withdraw - 0.5"],
      ["withdraw $100 of btc", undefined],
      ["withdraw 1 btc and 2 eth to ledger", undefined],
      ["settings", "/settings"],
      ["open settings", "/settings"],
      ["change language", undefined],
      ["language", "/settings"],
      ["time zone", "/settings"],
      ["swaps", "/swaps"],
      ["my swaps", "/swaps"],
      ["recent swaps", "/swaps"],
      ["my trades", "/swaps"],
      ["dca", "/dca"],
      ["recurring buys", "/dca"],
      ["my recurring trades", "/dca"],
      ["statement", "/statement"],
      ["account statement", "/statement"],
      ["addresses", "/addresses"],
      ["address book", "/addresses"],
      ["my saved addresses", "/addresses"],
      ["help", "/help"],
      ["what can you do?", "/help"],
      ["commands", "/help"],
    ] as [string, string | undefined][]
  ).filter((entry): entry is [string, string] => entry[1] !== undefined),
  // Market alerts watched by the bot.
  ["alert me if btc moves 5% in an hour", "/alert BTC moves 5% 1h"],
  ["tell me when eth drops 10% in 24h", "/alert ETH down 10% 24h"],
  ["remind me every 3% btc moves", "/alert BTC every 3%"],
  ["notify me when solana is up 4% in 15 minutes", "/alert SOL up 4% 15m"],
  ["alert me when the 24h change of eth is over 8%", "/alert ETH 24h change 8%"],
  ["tell me when bitcoin rsi is oversold", "/alert BTC oversold rsi 30 70"],
  ["alert me if btc moves 5% in 2 hours", "/alert BTC alert me if btc moves 5% in 2 hours"],
  // Portfolio alerts (the account read with the user's key).
  ["alert me if my portfolio falls below 50k", "/alert portfolio below 50000"],
  ["tell me when my portfolio is above 1.2m", "/alert portfolio above 1200000"],
  ["alert me if my portfolio moves 5% in a day", "/alert portfolio day 5%"],
  ["alert me when btc is up 20% on what I paid", "/alert BTC return +20%"],
  ["notify me if my account drops under $45,000", "/alert portfolio below 45000"],
  ["tell me when my portfolio reaches 100k", "/alert portfolio 100000"],
  // Without a figure it is the command.
  ["tell me my portfolio", "/portfolio"],
];

const CHINESE: [string, string][] = [
  ...expand(
    [
      "{a}",
      "{a}价格",
      "{a}的价格",
      "{a}多少钱",
      "{a}现在多少钱",
      "查一下{a}价格",
      "{a}行情",
      "{a}现价",
      "{a}什么价",
    ],
    [{ a: "比特币" }, { a: "以太坊" }, { a: "BTC" }, { a: "狗狗币" }],
    (v) => `/price ${code(v.a)}`,
  ),
  ...expand(
    [
      "买{m}澳元的{a}",
      "用{m}澳元买{a}",
      "买入{m}澳元{a}",
      "帮我买{m}澳元的{a}",
      "我想买{m}澳元的{a}",
      "买{m}块钱的{a}",
    ],
    [
      { a: "比特币", m: "100" },
      { a: "以太坊", m: "1万" },
    ],
    (v) => `/buy ${code(v.a)} ${v.m === "1万" ? "10000" : v.m} AUD`,
  ),
  ...expand(
    ["买入{n}个{a}", "买{n}个{a}", "购买{n}{a}", "我要买{n}个{a}"],
    [
      { a: "比特币", n: "0.1" },
      { a: "以太坊", n: "2" },
    ],
    (v) => `/buy ${code(v.a)} ${v.n} ${code(v.a)}`,
  ),
  ...expand(
    ["买{a}", "我想买{a}", "买入{a}"],
    [{ a: "比特币" }, { a: "以太坊" }],
    (v) => `/buy ${code(v.a)}`,
  ),
  ...expand(
    ["卖出{n}个{a}", "卖出 {n} 个{a}", "卖掉{n}个{a}", "卖{n}{a}", "帮我卖出{n}个{a}", "出售{n}个{a}"],
    [
      { a: "以太坊", n: "0.5" },
      { a: "比特币", n: "0.01" },
    ],
    (v) => `/sell ${code(v.a)} ${v.n} ${code(v.a)}`,
  ),
  ...expand(
    ["卖出{m}澳元的{a}", "卖{m}块的{a}"],
    [{ a: "以太坊", m: "500" }],
    (v) => `/sell ${code(v.a)} ${v.m} AUD`,
  ),
  ...expand(
    ["把{n}个{a}换成{b}", "把{n}{a}兑换成{b}", "{n}个{a}换{b}", "用{n}个{a}换{b}", "兑换{n}个{a}成{b}"],
    [
      { a: "比特币", b: "以太坊", n: "0.01" },
      { a: "以太坊", b: "比特币", n: "1" },
    ],
    (v) => `/swap ${code(v.a)} ${code(v.b)} ${v.n} ${code(v.a)}`,
  ),
  ...expand(
    [
      "{a}跌破{n}提醒我",
      "{a}跌到{n}的时候通知我",
      "{a}低于{n}时提醒我",
      "当{a}跌破{n}时告诉我",
      "提醒我{a}低于{n}",
    ],
    [
      { a: "比特币", n: "9万" },
      { a: "以太坊", n: "2500" },
    ],
    (v) => `/alert ${code(v.a)} below ${v.n === "9万" ? "90000" : v.n}`,
  ),
  ...expand(
    ["{a}涨到{n}提醒我", "{a}涨破{n}通知我", "{a}高于{n}时提醒我", "{a}超过{n}告诉我", "{a}突破{n}提醒我"],
    [
      { a: "比特币", n: "10万" },
      { a: "狗狗币", n: "1" },
    ],
    (v) => `/alert ${code(v.a)} above ${v.n === "10万" ? "100000" : v.n}`,
  ),
  ["余额", "/balance"],
  ["我的余额", "/balance"],
  ["查一下余额", "/balance"],
  ["我有多少钱", "/balance"],
  ["持仓", "/balance"],
  ["投资组合", "/portfolio"],
  ["我的提醒", "/alerts"],
  ["提醒列表", "/alerts"],
  ["交易记录", "/history"],
  ["比特币交易记录", "/history BTC"],
  ["历史记录", "/history"],
  ["提币记录", "/withdrawals"],
  ["提币", "/withdraw"],
  ["提现以太坊", "/withdraw ETH"],
  ["暂停比特币定投", "/dca pause BTC - -"],
  ["停掉每周买比特币", "/dca pause BTC buy weekly"],
  ["恢复每周的以太坊定投", "/dca resume ETH - weekly"],
  ["停止我的以太坊定投", "/dca pause ETH - -"],
  ["提现0.5个以太坊到我的冷钱包", "/withdraw ETH 0.5 to 冷钱包"],
  ["提币一个比特币到ledger", "/withdraw BTC 1 to ledger"],
  ["把所有瑞波币提现到我的钱包", "/withdraw XRP all to 钱包"],
  ["每周定投100澳元比特币", "/dca BTC buy 100 weekly"],
  ["我上个月买了什么", "/history"],
  ["设置", "/settings"],
  ["兑换记录", "/swaps"],
  ["定投", "/dca"],
  ["对账单", "/statement"],
  ["地址簿", "/addresses"],
  ["帮助", "/help"],
  ["你能做什么", "/help"],
  // 由机器人监控的市场提醒。
  ["比特币1小时涨跌5%提醒我", "/alert BTC moves 5% 1h"],
  ["以太坊24小时下跌10%通知我", "/alert ETH down 10% 24h"],
  ["比特币每涨跌3%提醒我", "/alert BTC every 3%"],
  ["提醒我 以太坊 24小时涨跌幅 8%", "/alert ETH 24h change 8%"],
  // 资产提醒（用用户的密钥读取账户）。
  ["我的资产低于5万提醒我", "/alert portfolio below 50000"],
  ["总资产高于12万时提醒我", "/alert portfolio above 120000"],
  ["组合今天涨跌5%提醒我", "/alert portfolio day 5%"],
  ["比特币收益率超过20%提醒我", "/alert BTC return +20%"],
  ["以太坊收益跌破-10%通知我", "/alert ETH return -10%"],
];

const NOT_REQUESTS = [
  "hello",
  "hi there",
  "thanks",
  "thank you so much",
  "good morning",
  "how are you?",
  "what's up",
  "lol",
  "ok",
  "yes",
  "no",
  "?",
  "...",
  "🙂",
  "1234",
  "0.5",
  "$100",
  "buy something",
  "sell everything now",
  "i bought btc yesterday and it went down a lot",
  "buy btc and eth",
  "buy 100 aud of btc and eth",
  "buy 100 and 200 of btc",
  "swap btc",
  "swap 0.1 btc",
  "swap 0.1 btc to 100 aud",
  "tell me a joke",
  "tell me about bitcoin and why it exists at all",
  "my cat likes bitcoin very much indeed",
  "bitcoin is a scam",
  "is eth a good investment",
  "alert btc",
  "btc above",
  "above 100",
  "btc 100",
  "eth 2 3",
  "banana",
  "bananas to apples",
  "qwertyuiop",
  "that was ethereal",
  "either way",
  "the quick brown fox jumps over the lazy dog",
  "please help me understand staking rewards",
  "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
  "0x52908400098527886E0F7030069857D2E4169EE7",
  "my name is john",
  "what time is it",
  "where are you",
  "I love this bot",
  "how do i connect my key",
  "x".repeat(300),
  "你好",
  "谢谢",
  "早上好",
  "哈哈",
  "我昨天买了很多东西",
  "今天天气怎么样",
  "比特币和以太坊哪个好",
  "今天吃什么",
  "我爱你",
  "这个机器人真好用",
  "你是谁",
  "发送到银行",
];

// Chat that names no request: pairs of everyday words, and sentences about an asset that ask for nothing.
const CHAT_EN = [
  "hello",
  "thanks",
  "great",
  "nice",
  "cool",
  "awesome",
  "morning",
  "night",
  "weekend",
  "coffee",
  "lunch",
  "weather",
  "yesterday",
  "tomorrow",
  "really",
  "maybe",
  "sorry",
  "okay then",
  "no worries",
  "good job",
  "well done",
  "see you",
];
const CHAT_ZH = [
  "你好",
  "谢谢",
  "早上好",
  "晚安",
  "周末",
  "咖啡",
  "午饭",
  "天气",
  "昨天",
  "明天",
  "真的",
  "也许",
  "对不起",
  "没关系",
  "辛苦了",
];
const ABOUT_ASSETS = [
  "bitcoin is volatile today",
  "i think eth will moon soon",
  "my friend loves solana a lot",
  "比特币今天波动很大",
  "我觉得以太坊会涨很多",
];
const GENERATED_CHAT = [
  ...CHAT_EN.flatMap((a) => CHAT_EN.filter((b) => b !== a).map((b) => `${a} ${b}`)),
  ...CHAT_ZH.flatMap((a) => CHAT_ZH.filter((b) => b !== a).map((b) => `${a}${b}`)),
  ...ABOUT_ASSETS,
];

describe("plain requests", () => {
  it("has the phrase table's size", () => {
    expect(ENGLISH.length).toBeGreaterThanOrEqual(300);
    expect(CHINESE.length).toBeGreaterThanOrEqual(100);
  });

  it.each(ENGLISH)("%j -> %s", (text, expected) => {
    expect(line(text)).toBe(expected);
  });

  it.each(CHINESE)("%j -> %s", (text, expected) => {
    expect(line(text)).toBe(expected);
  });

  it.each(["don't buy btc", "do not sell my eth", "never sell bitcoin", "不要买比特币", "别卖以太坊"])(
    "%j is talk about a trade, never one",
    (text) => {
      expect(line(text)).toBe("talk");
    },
  );

  it.each(NOT_REQUESTS)("%j is no request", (text) => {
    expect(line(text)).toBeUndefined();
  });

  it("as many texts of everyday chat as there are requests are no request", () => {
    const all = [...NOT_REQUESTS, ...GENERATED_CHAT];
    expect(all.length).toBeGreaterThanOrEqual(ENGLISH.length + CHINESE.length);
    expect(all.filter((text) => line(text) !== undefined)).toEqual([]);
  });
});

describe("never a trade for what was not a request to trade now", () => {
  it.each([
    // A condition: an alert that trades, its level and what it buys or sells.
    ["sell my eth if it goes above 7000", "/alert ETH above 7000 sell {1 of ETH}"],
    ["when btc hits 200k sell half", "/alert BTC auto 200000 sell {0.5 of BTC}"],
    ["buy eth if it dips to 5000", "/alert ETH below 5000 buy {?}"],
    ["buy 500 aud of eth if it dips to 5000", "/alert ETH below 5000 buy 500"],
    ["sell 0.5 btc when it goes above 150k", "/alert BTC above 150000 sell 0.5"],
    ["if sol drops below 150 buy 0.5 sol", "/alert SOL below 150 buy get 0.5"],
    ["比特币涨到10万就卖掉一半", "/alert BTC above 100000 sell {0.5 of BTC}"],
    ["如果以太坊跌到5000就买500澳元", "/alert ETH below 5000 buy 500"],
    // A cadence: a recurring trade.
    ["buy 50 aud of btc every week", "/dca BTC buy 50 weekly"],
    ["每天买20澳元的eth", "/dca ETH buy 20 daily"],
    ["sell 0.1 eth monthly", "/dca ETH sell 0.1 monthly"],
    ["buy btc every fortnight", "/dca BTC buy - fortnightly"],
    // A question, a hypothesis, another time or person, second thoughts: talk, with how it would be done.
    ["what happens if i sell 0.5 eth?", "talk /sell ETH 0.5 ETH"],
    ["should I sell my eth?", "talk /sell ETH"],
    ["I'll sell 0.5 eth tomorrow", "talk /sell ETH 0.5 ETH"],
    ["my friend told me to buy 5 sol", "talk /buy SOL 5 SOL"],
    ["sell 1 eth? hmm no", "talk /sell ETH 1 ETH"],
    ["我应该卖掉eth吗", "talk /sell ETH"],
    ["明天买100澳元的比特币", "talk /buy BTC 100 AUD"],
    // Amounts as they are meant.
    ["sell 10 worth of sol", "/sell SOL 10 AUD"],
    ["buy 100 worth of eth", "/buy ETH 100 AUD"],
    ["买价值100的以太坊", "/buy ETH 100 AUD"],
    ["spend 150 on ethereum", "/buy ETH 150 AUD"],
    ["sell 10 percent of my bitcoin", "/sell BTC {0.1 of BTC} BTC"],
    ["sell 25% of my btc", "/sell BTC {0.25 of BTC} BTC"],
    ["sell half my eth", "/sell ETH {0.5 of ETH} ETH"],
    ["sell a quarter of my sol", "/sell SOL {0.25 of SOL} SOL"],
    ["卖掉一半的以太坊", "/sell ETH {0.5 of ETH} ETH"],
    ["卖出三分之一的比特币", `/sell BTC {${1 / 3} of BTC} BTC`],
    ["卖出百分之二十的比特币", "/sell BTC {0.2 of BTC} BTC"],
    // A bare verb starts its guided flow; an amount with no asset asks which.
    ["buy", "/buy"],
    ["swap", "/swap"],
    ["alert", "/alert"],
    ["买", "/buy"],
    ["卖", "/sell"],
    ["提醒", "/alert"],
    ["alert me", "/alert"],
    ["buy 100", "/buy  100 AUD"],
    ["买100", "/buy  100 AUD"],
    // Every capability in words.
    ["btc chart", "/chart BTC"],
    ["chart sol 30d", "/chart SOL 30d"],
    ["btc走势图", "/chart BTC"],
    ["cancel", "/cancel"],
    ["never mind", "/cancel"],
    ["取消", "/cancel"],
    ["算了", "/cancel"],
    ["change language to chinese", "/settings language zh"],
    ["switch to english", "/settings language en"],
    ["切换成英文", "/settings language en"],
    ["chinese", "/settings language zh"],
    ["sel 0.5 eth", "/sell ETH 0.5 ETH"],
    ["statement for last month", "/statement prevmonth"],
    ["上个月的对账单", "/statement prevmonth"],
    ["statement", "/statement"],
    ["actually make it 100", 'correct {"value":"100","fiat":false}'],
    ["change it to $50", 'correct {"value":"50","fiat":true}'],
    ["改成200", 'correct {"value":"200","fiat":false}'],
    ["英文", "/settings language en"],
    ["set my timezone to perth", "/settings timezone perth"],
    ["时区改成珀斯", "/settings timezone 珀斯"],
    ["what is my eth worth", "/balance"],
    ["what did I buy last week", "/history"],
    ["我买了什么", "/history"],
    // Numbers in words, in both languages.
    ["buy fifty aud of btc", "/buy BTC 50 AUD"],
    ["buy two hundred dollars of eth", "/buy ETH 200 AUD"],
    ["sell zero point five eth", "/sell ETH 0.5 ETH"],
    ["买一百澳元的比特币", "/buy BTC 100 AUD"],
    ["卖出两万个狗狗币", "/sell DOGE 20000 DOGE"],
    ["买零点五个以太坊", "/buy ETH 0.5 ETH"],
    ["买五千澳元的比特币", "/buy BTC 5000 AUD"],
  ])("%j -> %s", (text, expected) => {
    expect(line(text)).toBe(expected);
  });

  it("a number after if, when, above, below, hits or every is never the amount of a trade now (property)", () => {
    const verbs = ["buy", "sell"];
    const assets = ["btc", "eth", "sol", "bitcoin", "以太坊"];
    const leads = [
      "if it goes above",
      "when it hits",
      "if it dips to",
      "once it is above",
      "when it drops below",
      "above",
      "below",
      "hits",
      "if",
      "when",
      "every",
      "如果涨到",
      "跌到",
      "每",
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...verbs),
        fc.constantFrom(...assets),
        fc.constantFrom(...leads),
        fc.integer({ min: 1, max: 999_999 }),
        fc.option(fc.integer({ min: 1, max: 5000 }), { nil: undefined }),
        fc.integer({ min: 0, max: 2 }),
        (verb, asset, lead, level, amount, order) => {
          const trade = amount === undefined ? `${verb} ${asset}` : `${verb} ${amount} aud of ${asset}`;
          const text =
            order === 0
              ? `${trade} ${lead} ${level}`
              : order === 1
                ? `${lead} ${level} ${trade}`
                : `when ${asset} ${lead} ${level} ${verb}${amount === undefined ? "" : ` ${amount} aud`}`;
          const reading = reader.read(text);
          if (reading === undefined || !("command" in reading)) return;
          if (reading.command === "buy" || reading.command === "sell" || reading.command === "swap") {
            expect(reading.args, text).not.toContain(String(level));
          }
        },
      ),
      { numRuns: 2000, seed: 49 },
    );
  });
});
