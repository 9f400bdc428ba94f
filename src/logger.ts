/**
 * Structured JSON logging (pino).
 *
 * Code should never log secrets in the first place; redaction is only the safety net for a mistake such
 * as logging a whole request or a user's input. Censored values become "[redacted]".
 *
 * Per-update pattern: the bot's first middleware makes one child per Telegram update and everything
 * downstream logs through it, so each line carries the update and user it belongs to:
 *
 * ```ts
 * bot.use(async (ctx, next) => {
 *   ctx.log = loggerForUpdate(logger, { updateId: ctx.update.update_id, userId: ctx.from?.id, chatId: ctx.chat?.id });
 *   await next();
 * });
 * ```
 */

import type { DestinationStream, Level, Logger } from "pino";
import pino from "pino";

/** pino's levels, most severe first, plus `silent`. */
export const LOG_LEVELS = [
  "fatal",
  "error",
  "warn",
  "info",
  "debug",
  "trace",
  "silent",
] as const satisfies readonly (Level | "silent")[];

/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The value that replaces a redacted one. */
export const REDACTED = "[redacted]";

/** Property names that hold secrets wherever they appear (top level or up to two objects down). */
const SECRET_NAMES = [
  "authorization",
  "apiKey",
  "api_key",
  "apiSecret",
  "api_secret",
  "key",
  "token",
  "botToken",
  "bot_token",
  "secret",
  "secretToken",
  "webhookSecret",
  "password",
  "passphrase",
  "cookie",
  "totp",
  "otp",
  "totpCode",
  "twoFactorCode",
  "plaintext",
];

/** Telegram's webhook header; its dashes need bracket paths. */
const WEBHOOK_SECRET_HEADER = '["x-telegram-bot-api-secret-token"]';

/**
 * Redacted paths. `code` is redacted only at the top level (a 2FA code given as `{ code }`): deeper it
 * would also hide every error's `err.code`, which logs need.
 */
export const REDACT_PATHS: readonly string[] = [
  ...SECRET_NAMES.flatMap((name) => [name, `*.${name}`, `*.*.${name}`]),
  "code",
  `headers${WEBHOOK_SECRET_HEADER}`,
  `*.headers${WEBHOOK_SECRET_HEADER}`,
];

/** What {@link createLogger} needs. */
export interface LoggerOptions {
  readonly level: LogLevel;
  /** Where JSON lines go; standard output when omitted. */
  readonly destination?: DestinationStream;
}

/** Creates the application's root logger. */
export function createLogger({ level, destination }: LoggerOptions): Logger {
  const options = {
    level,
    base: { name: "surge-bot" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: [...REDACT_PATHS], censor: REDACTED },
    // pino's own serializer would copy every property of an error: a grammY error's update context
    // holds the bot token.
    serializers: { err: (value: unknown) => (value instanceof Error ? errorSummary(value) : value) },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}

/** How many wrapped errors (`cause`) a summary follows. */
const CAUSE_DEPTH = 3;

/**
 * The parts of an error that are safe and useful in a log line: class, message, stack, `code`, and for
 * a Telegram error the method and error code; then the same for its `cause`. Never its other properties:
 * a grammY error carries the update context (and with it the bot token), a request error its payload.
 */
export function errorSummary(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { name: typeof error, message: String(error).slice(0, 200) };
  const fields: Record<string, unknown> = { name: error.name, message: error.message, stack: error.stack };
  const { code, method, error_code: errorCode } = error as Error & Record<string, unknown>;
  if (typeof code === "string" || typeof code === "number") fields.code = code;
  if (typeof method === "string") fields.method = method;
  if (typeof errorCode === "number") fields.errorCode = errorCode;
  if (error.cause !== undefined && depth < CAUSE_DEPTH) fields.cause = errorSummary(error.cause, depth + 1);
  return fields;
}

/** Identifies one Telegram update in log lines. */
export interface UpdateBindings {
  readonly updateId: number;
  readonly userId?: number | undefined;
  readonly chatId?: number | undefined;
}

/** A child logger for one update: every line it writes carries `updateId` and, when known, user and chat. */
export function loggerForUpdate(logger: Logger, { updateId, userId, chatId }: UpdateBindings): Logger {
  return logger.child({
    updateId,
    ...(userId === undefined ? {} : { userId }),
    ...(chatId === undefined ? {} : { chatId }),
  });
}
