/**
 * A transaction's type, status and subtype in our words, with their icons, in the user's language: a word
 * the exchange sent that has none of ours is "other", quoting the exchange's word. Used by /history and by
 * the alerts that show what a trade became.
 */
import {
  TRANSACTION_STATUSES,
  type TRANSACTION_SUBTYPES,
  TRANSACTION_TYPES,
} from "../../../exchange/index.ts";
import type { BotContext } from "../../context.ts";
import { escapeHtml } from "./html.ts";

type Translate = BotContext["t"];

const TYPE_ICONS: Readonly<Record<string, string>> = {
  buy: "🟢",
  sell: "🔴",
  swap: "🔄",
  deposit: "⬇️",
  withdrawal: "⬆️",
  commission: "💼",
  airdrop: "🪂",
  stake: "🔒",
  unstake: "🔓",
  reward: "🎁",
};

const STATUS_ICONS: Readonly<Record<string, string>> = {
  completed: "✅",
  processed: "✅",
  pending: "⏳",
  processing: "⏳",
  failed: "❌",
  error: "❌",
  rejected: "⛔",
  cancelled: "⛔",
  canceled: "⛔",
  expired: "⌛",
};

/** Whether `value` is one of `known` (the values with words of their own). */
function isKnown(known: readonly string[], value: string): boolean {
  return known.includes(value);
}

/** A word the exchange sent that has no words of ours: said to be "other", quoting the exchange. */
function otherWord(raw: string, t: Translate): string {
  return t("hist-other", { raw: escapeHtml(raw) });
}

/** The type's icon and word: "🟢 Buy"; an unknown type is "other", quoting the exchange's word. */
export function typeLabel(type: string, t: Translate): string {
  const icon = TYPE_ICONS[type] ?? "•";
  return `${icon} ${isKnown(TRANSACTION_TYPES, type) ? t(`hist-type-${type}`) : otherWord(type, t)}`;
}

/** The status with its icon, in our words; an unknown one is "other", quoting the exchange's word. */
export function statusLabel(status: string, t: Translate): string {
  const key = status.toLowerCase();
  const icon = STATUS_ICONS[key];
  const word = isKnown(TRANSACTION_STATUSES, key) ? t(`hist-status-${key}`) : otherWord(status, t);
  return icon ? `${icon} ${word}` : word;
}

// Each known subtype's message (Fluent names take no "_"); a Record, so a new subtype needs its words.
const SUBTYPE_KEYS: Readonly<Record<(typeof TRANSACTION_SUBTYPES)[number], string>> = {
  instant: "hist-subtype-instant",
  recurring_buy: "hist-subtype-recurring-buy",
  price_trigger: "hist-subtype-price-trigger",
  bank_transfer: "hist-subtype-bank-transfer",
  crypto_transfer: "hist-subtype-crypto-transfer",
  crypto_withdrawal: "hist-subtype-crypto-withdrawal",
};

/** The subtype in our words; an unknown one is "other", quoting the exchange's word. */
export function subtypeLabel(subtype: string, t: Translate): string {
  const key = subtype.toLowerCase();
  return Object.hasOwn(SUBTYPE_KEYS, key)
    ? t(SUBTYPE_KEYS[key as keyof typeof SUBTYPE_KEYS])
    : otherWord(subtype, t);
}
