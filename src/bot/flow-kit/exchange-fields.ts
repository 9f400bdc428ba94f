/**
 * The exchange's validation errors (field name -> messages) in plain localized words: a field name such
 * as `req_spend_amount` is never shown, and the messages the exchange is known to send are reworded.
 * A message not recognised is quoted as the exchange's words after a localized field label.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { FieldErrors } from "../../exchange/index.ts";
import { exchangeSays } from "./format/exchange-words.ts";

// Request fields of the spec a user can get wrong, by the message naming them.
const FIELD_KEYS: Readonly<Record<string, string>> = {
  req_spend_amount: "field-spend-amount",
  req_get_amount: "field-get-amount",
  src_asset: "field-src-asset",
  dst_asset: "field-dst-asset",
  expected_price: "field-price",
  amount: "field-amount",
  quantity: "field-amount",
  asset: "field-asset",
  address: "field-address",
  memo: "field-memo",
  label: "field-label",
  price: "field-price",
  token: "field-token",
};

// Django REST Framework's usual messages (what the sandbox sends too), each with its reworded key.
const MESSAGE_RULES: readonly [RegExp, string, (m: RegExpExecArray) => Record<string, string>][] = [
  [/no more than (\d+) decimal places/i, "field-msg-decimals", (m) => ({ decimals: m[1] as string })],
  [/field is required|may not be null|may not be blank/i, "field-msg-required", () => ({})],
  [/valid number|valid integer/i, "field-msg-number", () => ({})],
  [/greater than or equal to (-?[\d.]+)/i, "field-msg-at-least", (m) => ({ min: m[1] as string })],
  [/greater than 0\b/i, "field-msg-positive", () => ({})],
  [/no more than (\d+) characters/i, "field-msg-too-long", (m) => ({ max: m[1] as string })],
  [/too small/i, "field-msg-too-small", () => ({})],
  [/insufficient|not enough/i, "field-msg-balance", () => ({})],
  [/not a valid choice/i, "field-msg-choice", () => ({})],
];

function messageText(message: string, t: TranslateFunction): string {
  for (const [pattern, key, variables] of MESSAGE_RULES) {
    const match = pattern.exec(message);
    if (match) return t(key, variables(match));
  }
  return exchangeSays(message, t);
}

/** One localized line per field message; whole-request messages (`non_field_errors`) carry no label. */
export function describeFieldErrors(fields: FieldErrors, t: TranslateFunction): string[] {
  return Object.entries(fields).flatMap(([field, messages]) =>
    messages.map((message) => {
      const text = messageText(message, t);
      if (field === "non_field_errors") return t("error-request-line", { message: text });
      const label = t(FIELD_KEYS[field] ?? "field-other");
      return t("error-field-line", { field: label, message: text });
    }),
  );
}
