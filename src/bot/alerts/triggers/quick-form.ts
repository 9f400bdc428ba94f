/**
 * The quick form of /alert: `ASSET [above|below|auto] LEVEL [buy|sell [get] QUANTITY] [email] [sms]`.
 * `buy 500` spends 500 AUD, `sell 0.5` sells 0.5 of the asset; with `get` the quantity is what is
 * received instead (`buy get 0.01` buys 0.01 BTC, `sell get 2500` sells for 2500 AUD). Without a side
 * word the exchange picks above or below from the current price. Only the words' form is checked here;
 * the asset, the key and the balance are checked by services/alerts/triggers/checks.ts. Words that name a market
 * alert ("btc moves 5% in 1h", services/alerts/market/words.ts) are that form instead.
 */

import { type MarketWords, readMarketWords } from "../../../services/alerts/market/words.ts";
import {
  type AlertDraft,
  type AlertMatch,
  type AlertProblem,
  checkLevel,
  checkQuantityInput,
} from "../../../services/alerts/triggers/checks.ts";

/** What the arguments came to: a draft to check further, a problem with a value, or a usage error. */
export type QuickForm = { draft: AlertDraft } | { problem: AlertProblem } | { usage: true };

const MATCH_WORDS: Readonly<Record<string, AlertMatch>> = {
  above: "above",
  ">": "above",
  below: "below",
  "<": "below",
  auto: "auto",
};

/** Parses the quick form's arguments (the text after `/alert`). */
export function parseQuickForm(args: string): QuickForm {
  const words = args
    .trim()
    .split(/\s+/)
    .filter((w) => w !== "");
  const asset = words.shift()?.toUpperCase();
  if (asset === undefined || !/^\w{1,10}$/.test(asset)) return { usage: true };
  const match = MATCH_WORDS[words[0]?.toLowerCase() ?? ""];
  if (match !== undefined) words.shift();
  const rawLevel = words.shift();
  if (rawLevel === undefined) return { usage: true };
  const level = checkLevel(rawLevel);
  if ("problem" in level) return level;
  const draft: AlertDraft = {
    asset,
    level: level.level,
    match: match ?? "auto",
    action: "alert",
    notifyEmail: false,
    notifySms: false,
  };
  const actionWord = words[0]?.toLowerCase();
  if (actionWord === "buy" || actionWord === "sell") {
    words.shift();
    const side = words[0]?.toLowerCase() === "get" ? "receive" : "spend";
    if (side === "receive") words.shift();
    const rawQuantity = words.shift();
    if (rawQuantity === undefined) return { usage: true };
    const quantity = checkQuantityInput(rawQuantity, asset, actionWord, side);
    if ("problem" in quantity) return quantity;
    Object.assign(draft, { action: actionWord, side, quantity: quantity.quantity });
  }
  for (const word of words) {
    const flag = word.toLowerCase();
    if (flag === "email") draft.notifyEmail = true;
    else if (flag === "sms") draft.notifySms = true;
    else return { usage: true };
  }
  return { draft };
}

/** A market alert's quick form: the asset word as typed (a code once known) and what its words came to. */
export interface MarketQuickForm {
  asset: string;
  words: MarketWords;
}

/**
 * Reads `ASSET WORDS…` when the words name a market alert ("btc moves 5% in 1h", "btc rsi 25 75",
 * "比特币 1小时 涨跌 5%"); undefined for the price-level form.
 */
export function parseMarketQuickForm(args: string): MarketQuickForm | undefined {
  const [asset, ...rest] = args.trim().split(/\s+/);
  if (asset === undefined || asset === "" || rest.length === 0) return undefined;
  const words = readMarketWords(rest.join(" "));
  return words && { asset, words };
}
