/**
 * Inline mode methods: answerInlineQuery checked like Telegram (one answer per query, at most 50 results
 * with distinct ids, each card's text parseable in its mode).
 */
import { badRequest } from "./api-error.ts";
import type { MethodHandler } from "./context.ts";
import { formatText } from "./formatting.ts";
import { checkReplyMarkup } from "./markup.ts";

const MAX_RESULTS = 50;
const MAX_RESULT_ID_BYTES = 64;
const MAX_TEXT = 4096;
const START_PARAMETER = /^[A-Za-z0-9_-]{1,64}$/;

/** Checks one InlineQueryResult the way Telegram refuses bad ones. */
function checkResult(result: unknown, seen: Set<string>): void {
  if (typeof result !== "object" || result === null) throw badRequest("RESULT_INVALID");
  const {
    type,
    id,
    title,
    input_message_content: content,
    reply_markup: markup,
  } = result as Record<string, unknown>;
  if (typeof id !== "string" || id === "" || Buffer.byteLength(id) > MAX_RESULT_ID_BYTES) {
    throw badRequest("RESULT_ID_INVALID");
  }
  if (seen.has(id)) throw badRequest("RESULT_ID_DUPLICATE");
  seen.add(id);
  // The fake knows the one result type the bot sends; anything else is a bug worth hearing about.
  if (type !== "article") throw badRequest(`unsupported inline query result type "${String(type)}"`);
  if (typeof title !== "string" || title === "") throw badRequest("RESULT_TITLE_EMPTY");
  const message = content as { message_text?: unknown; parse_mode?: unknown } | undefined;
  if (message === undefined) throw badRequest("MESSAGE_EMPTY");
  const formatted = formatText(message.message_text, message.parse_mode, "text");
  if (formatted.plainText.length > MAX_TEXT) throw badRequest("MESSAGE_TOO_LONG");
  checkReplyMarkup(markup);
}

const answerInlineQuery: MethodHandler = (payload, ctx) => {
  const results = payload.results;
  if (!Array.isArray(results)) throw badRequest('field "results" must be an Array');
  if (results.length > MAX_RESULTS) throw badRequest("RESULTS_TOO_MUCH");
  const seen = new Set<string>();
  for (const result of results) checkResult(result, seen);
  const button = payload.button as { text?: unknown; start_parameter?: unknown } | undefined;
  if (button !== undefined) {
    if (typeof button.text !== "string" || button.text === "") throw badRequest("BUTTON_TEXT_INVALID");
    if (typeof button.start_parameter !== "string" || !START_PARAMETER.test(button.start_parameter)) {
      throw badRequest("START_PARAM_INVALID");
    }
  }
  if (
    payload.cache_time !== undefined &&
    (typeof payload.cache_time !== "number" || payload.cache_time < 0)
  ) {
    throw badRequest("CACHE_TIME_INVALID");
  }
  ctx.inlineQueries.answer(payload.inline_query_id);
  return { result: true };
};

/** The inline mode methods by Bot API name. */
export const INLINE_METHODS: Readonly<Record<string, MethodHandler>> = { answerInlineQuery };
