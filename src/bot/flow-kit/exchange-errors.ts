/**
 * Exchange errors in plain words, and shown where the user asked. Every failure of the client is one of
 * its typed errors; anything else is a bug and is reported as such (without details, which go to the log).
 */

import type { TranslateFunction } from "@grammyjs/i18n";
import type { InlineKeyboard } from "grammy";
import {
  ExchangeCancelledError,
  ExchangeError,
  ExchangeForbiddenError,
  ExchangeHttpError,
  ExchangeNetworkError,
  ExchangeNotFoundError,
  ExchangeRateLimitedError,
  ExchangeResponseError,
  ExchangeServerError,
  ExchangeUnauthorizedError,
  ExchangeUnsupportedError,
  ExchangeValidationError,
} from "../../exchange/index.ts";
import type { BotContext } from "../context.ts";
import { describeFieldErrors } from "./exchange-fields.ts";

/** What goes with a shown text besides it: its buttons, if any. */
export interface ShowOptions {
  reply_markup?: InlineKeyboard;
}

/** The localized HTML explaining `error`, or undefined when it is not an exchange error. */
export function describeExchangeError(error: unknown, t: TranslateFunction): string | undefined {
  if (!(error instanceof ExchangeError)) return undefined;
  if (error instanceof ExchangeValidationError) {
    return [t("error-fields"), ...describeFieldErrors(error.fields, t)].join("\n");
  }
  if (error instanceof ExchangeUnauthorizedError) return t("error-unauthorized");
  if (error instanceof ExchangeForbiddenError) return t("error-forbidden");
  if (error instanceof ExchangeNotFoundError) return t("error-not-found");
  if (error instanceof ExchangeRateLimitedError) {
    return t("error-rate-limited", { seconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) });
  }
  // Refused connections mean nothing was sent. A read that timed out or lost its answer changed nothing; a
  // write's outcome is then unknown.
  if (error instanceof ExchangeNetworkError) {
    if (error.reason === "unreachable") return t("error-unavailable");
    if (!error.write) return t("error-timeout-read");
    return t(error.reason === "interrupted" ? "error-interrupted" : "error-timeout");
  }
  // Only reads are ever cancelled: nothing changed.
  if (error instanceof ExchangeCancelledError) return t("cancelled");
  if (error instanceof ExchangeServerError) return t("error-server", { status: error.status });
  // A 4xx the client has no class for: a refusal, which changed nothing, in no particular flow's words.
  if (error instanceof ExchangeHttpError) {
    return t(error.status < 500 ? "error-refused" : "error-server", { status: error.status });
  }
  if (error instanceof ExchangeResponseError) return t("error-bad-response");
  if (error instanceof ExchangeUnsupportedError) return t("error-unsupported");
  return t("something-went-wrong");
}

/** Shows `text` in place of the pressed message when `edit`, else as a new message. */
export async function showWhereAsked(
  ctx: BotContext,
  text: string,
  edit: boolean,
  options: ShowOptions = {},
): Promise<void> {
  if (edit) await ctx.editMessageText(text, options);
  else await ctx.reply(text, options);
}

/**
 * Shows the explanation of an exchange failure where the user asked (see {@link showWhereAsked});
 * anything else is rethrown, for the error boundary.
 */
export async function showExchangeError(
  ctx: BotContext,
  error: unknown,
  edit: boolean,
  options: ShowOptions = {},
): Promise<void> {
  const explained = describeExchangeError(error, ctx.t);
  if (explained === undefined) throw error;
  await showWhereAsked(ctx, explained, edit, options);
}
