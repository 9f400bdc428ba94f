/** Reply markup checks Telegram makes on send and edit, and the keyboard view of a message. */
import type { InlineKeyboardMarkup } from "grammy/types";
import { badRequest } from "./api-error.ts";
import type { OutputButton, ReplyMarkup } from "./types.ts";

const MAX_CALLBACK_DATA_BYTES = 64;
// Fields that give an inline button something to do; a button with none of them is rejected.
const BUTTON_ACTIONS = [
  "callback_data",
  "url",
  "web_app",
  "login_url",
  "switch_inline_query",
  "switch_inline_query_current_chat",
  "switch_inline_query_chosen_chat",
  "copy_text",
  "callback_game",
  "pay",
];

/** Checks a reply_markup parameter like Telegram and returns it typed; undefined when absent. */
export function checkReplyMarkup(value: unknown): ReplyMarkup | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object") throw badRequest("can't parse reply keyboard markup JSON object");
  if (!("inline_keyboard" in value)) return value as ReplyMarkup;
  const rows = value.inline_keyboard;
  if (!Array.isArray(rows) || !rows.every(Array.isArray)) {
    throw badRequest('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays');
  }
  for (const button of rows.flat() as Record<string, unknown>[]) checkButton(button);
  return value as InlineKeyboardMarkup;
}

function checkButton(button: Record<string, unknown>): void {
  if (typeof button.text !== "string" || button.text === "") throw badRequest("BUTTON_TEXT_INVALID");
  if (!BUTTON_ACTIONS.some((action) => button[action] !== undefined)) {
    throw badRequest("text buttons are unallowed in the inline keyboard");
  }
  const data = button.callback_data;
  if (data !== undefined) {
    const bytes = typeof data === "string" ? Buffer.byteLength(data, "utf8") : 0;
    if (bytes === 0 || bytes > MAX_CALLBACK_DATA_BYTES) throw badRequest("BUTTON_DATA_INVALID");
  }
  if (button.url !== undefined && !isButtonUrl(button.url)) throw badRequest("BUTTON_URL_INVALID");
}

function isButtonUrl(url: unknown): boolean {
  if (typeof url !== "string") return false;
  try {
    return ["http:", "https:", "tg:"].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** The markup Telegram puts on the returned Message: only a non-empty inline keyboard. */
export function echoedMarkup(markup: ReplyMarkup | undefined): InlineKeyboardMarkup | undefined {
  if (markup === undefined || !("inline_keyboard" in markup)) return undefined;
  return markup.inline_keyboard.some((row) => row.length > 0) ? markup : undefined;
}

/** The inline buttons of a markup, rows kept; empty for other markups. */
export function inlineButtons(markup: ReplyMarkup | undefined): OutputButton[][] {
  const inline = echoedMarkup(markup);
  if (inline === undefined) return [];
  return inline.inline_keyboard.map((row) =>
    row.map((button) => ({
      text: button.text,
      ...("callback_data" in button && button.callback_data !== undefined
        ? { data: button.callback_data }
        : {}),
      ...("url" in button && button.url !== undefined ? { url: button.url } : {}),
    })),
  );
}

/** Whether two markups show the same inline keyboard (what "message is not modified" compares). */
export function sameInlineMarkup(a: ReplyMarkup | undefined, b: ReplyMarkup | undefined): boolean {
  return JSON.stringify(echoedMarkup(a) ?? null) === JSON.stringify(echoedMarkup(b) ?? null);
}
