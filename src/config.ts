/**
 * Configuration from environment variables, validated in one pass so a bad deployment hears about every
 * wrong variable at once. Values are trimmed and an empty value counts as unset.
 *
 * Error messages name the variable and what it expects and never repeat the value given, which may be a
 * secret. Zod's own messages are not used for that reason.
 */

import * as z from "zod";
import { LOG_LEVELS, type LogLevel } from "./logger.ts";
import { parseRedisUrl } from "./redis/url.ts";
import {
  DEFAULT_BUDGETS,
  type InboundBudget,
  type InboundBudgets,
} from "./services/runtime/inbound-limits.ts";
import { type Keyring, KeyringError, parseKeyring } from "./vault/keyring.ts";

/** What each variable is (said when it is missing) and expects (said when it is malformed). */
const VARIABLES = {
  BOT_TOKEN: {
    what: "the token from @BotFather",
    expected: "<digits>:<letters, digits, _ or -> as given by @BotFather",
  },
  TELEGRAM_API_ROOT: { what: "the Bot API server URL", expected: "an http(s) URL" },
  BOT_MODE: { what: "how updates arrive", expected: "polling or webhook" },
  WEBHOOK_URL: {
    what: "the public https URL Telegram posts updates to (needed when BOT_MODE=webhook)",
    expected: "an https URL",
  },
  WEBHOOK_SECRET: {
    what: "the webhook secret token (needed when BOT_MODE=webhook)",
    expected: "1-256 characters of A-Za-z0-9_-",
  },
  WEBHOOK_MAX_CONNECTIONS: {
    what: "how many updates Telegram may have in flight to the webhook at once (webhook mode)",
    expected: "an integer from 1 to 100",
  },
  PORT: {
    what: "the HTTP port (webhook and health; in polling mode the health server runs only when it is set)",
    expected: "an integer from 1 to 65535",
  },
  REDIS_URL: {
    what: "the Redis URL",
    expected:
      "a redis:// or rediss:// URL, redis+sentinel://host:port[,host:port…]/primary-name, or redis+cluster://host:port[,host:port…] (rediss+cluster:// for TLS)",
  },
  EXCHANGE_BASE_URL: { what: "the exchange's base URL", expected: "an http(s) URL" },
  VAULT_KEYS: {
    what: "the vault keys, comma-separated id:base64-of-32-bytes, newest first",
    expected: "comma-separated id:base64-of-32-bytes",
  },
  ALLOWED_USER_IDS: {
    what: "the Telegram user ids allowed to use the bot",
    expected: "comma-separated positive integers",
  },
  DEFAULT_TIMEZONE: { what: "the default time zone", expected: "an IANA time zone such as Australia/Sydney" },
  LOG_LEVEL: { what: "the log level", expected: LOG_LEVELS.join(", ") },
  ALERT_POLL_SECONDS: {
    what: "how often each user's price triggers are read at the least",
    expected: "an integer number of seconds from 5 to 3600",
  },
  LIMIT_MESSAGES: {
    what: "each user's budget of messages, all instances together",
    expected: "<burst>/<per minute>, two integers from 1 to 10000, e.g. 10/30",
  },
  LIMIT_PRESSES: {
    what: "each user's budget of button presses, all instances together",
    expected: "<burst>/<per minute>, two integers from 1 to 10000, e.g. 15/60",
  },
  LIMIT_INLINE: {
    what: "each user's budget of inline queries, all instances together",
    expected: "<burst>/<per minute>, two integers from 1 to 10000, e.g. 15/120",
  },
} as const;

/** The name of a variable this module reads. */
export type ConfigVariable = keyof typeof VARIABLES;

/** Every variable this module reads (README.md's table and .env.example list the same). */
export const CONFIG_VARIABLES = Object.keys(VARIABLES) as ConfigVariable[];

/** One bad variable: its name and a message that is safe to print (it never contains the value). */
export interface ConfigProblem {
  readonly variable: ConfigVariable;
  readonly message: string;
}

/** The environment is unusable. `problems` lists every bad variable; the message lists them too. */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];
  constructor(problems: readonly ConfigProblem[]) {
    super(`invalid configuration:\n${problems.map((problem) => `  - ${problem.message}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** Settings shared by both modes. */
export interface BaseConfig {
  readonly botToken: string;
  /** Without a trailing slash. */
  readonly telegramApiRoot: string;
  readonly port: number;
  readonly redisUrl: string;
  /** Without a trailing slash. */
  readonly exchangeBaseUrl: string;
  /** `current` encrypts, all decrypt. */
  readonly vaultKeys: Keyring;
  /** Who may use the bot; empty means everyone. */
  readonly allowedUserIds: ReadonlySet<number>;
  /** Canonical IANA name. */
  readonly defaultTimezone: string;
  readonly logLevel: LogLevel;
  /** Heartbeat of the alert watcher: every user's triggers are read at least this often. */
  readonly alertPollSeconds: number;
  /** Each user's budgets of updates (services/runtime/inbound-limits.ts). */
  readonly inboundBudgets: InboundBudgets;
}

/** Long polling: no inbound HTTP for updates. */
export interface PollingConfig extends BaseConfig {
  readonly mode: "polling";
  /** Where `GET /healthz` is served: `PORT` when it is set, else nowhere (polling needs no port). */
  readonly healthPort: number | undefined;
}

/** Webhook: Telegram posts updates to `webhookUrl` with `webhookSecret` in its secret-token header. */
export interface WebhookConfig extends BaseConfig {
  readonly mode: "webhook";
  readonly webhookUrl: string;
  readonly webhookSecret: string;
  /** Telegram's `max_connections`: how many updates it may have in flight to the webhook at once. */
  readonly webhookMaxConnections: number;
}

/** The whole configuration, discriminated by `mode`. */
export type Config = PollingConfig | WebhookConfig;

/** What the `vault:rotate` command needs: no bot token involved. */
export interface VaultConfig {
  readonly redisUrl: string;
  readonly vaultKeys: Keyring;
}

/**
 * Telegram's highest `max_connections`, asked for by default. Telegram gives each chat (and each user's
 * presses and inline queries) one connection at a time, so busy users hold at most one each; with
 * Telegram's default of 40, forty of them held every connection and everyone else's updates waited in line
 * (bench:storm, docs/benchmarks.md).
 */
export const DEFAULT_WEBHOOK_MAX_CONNECTIONS = 100;

const DEFAULTS = {
  TELEGRAM_API_ROOT: "https://api.telegram.org",
  BOT_MODE: "polling",
  PORT: 8080,
  REDIS_URL: "redis://127.0.0.1:6379",
  EXCHANGE_BASE_URL: "https://app.digitalsurge.com.au",
  DEFAULT_TIMEZONE: "Australia/Sydney",
  LOG_LEVEL: "info",
  ALERT_POLL_SECONDS: 60,
  WEBHOOK_MAX_CONNECTIONS: DEFAULT_WEBHOOK_MAX_CONNECTIONS,
} as const;

/** "<burst>/<per minute>", e.g. "10/30". */
const budget = (fallback: InboundBudget) =>
  z
    .string()
    .regex(/^\d{1,5}\s*\/\s*\d{1,5}$/)
    .transform((value): InboundBudget => {
      const [burst, perMinute] = value.split("/").map((part) => Number(part.trim()));
      return { burst: burst as number, perMinute: perMinute as number };
    })
    .refine(({ burst, perMinute }) => [burst, perMinute].every((n) => n >= 1 && n <= 10_000))
    .default(fallback);

/** A whole number from `min` to `max` written in digits (no sign, no fraction), else `fallback`. */
const integerIn = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(new RegExp(`^\\d{1,${String(max).length}}$`))
    .transform(Number)
    .refine((value) => value >= min && value <= max)
    .default(fallback);

const urlWith = (protocols: readonly string[]) =>
  z.string().refine((value) => {
    try {
      const url = new URL(value);
      return protocols.includes(url.protocol) && url.hostname !== "";
    } catch {
      return false;
    }
  });

const withoutTrailingSlash = (value: string): string => value.replace(/\/+$/, "");

const redisUrl = z
  .string()
  .refine((value) => parseRedisUrl(value) !== undefined)
  .default(DEFAULTS.REDIS_URL);

const vaultKeys = z.string().transform((value, ctx): Keyring => {
  try {
    return parseKeyring(value);
  } catch (error) {
    // KeyringError messages name entries by position only, so they are safe to repeat as a detail.
    if (!(error instanceof KeyringError)) throw error;
    ctx.addIssue({ code: "custom", message: error.message, params: { detail: true } });
    return z.NEVER;
  }
});

const sharedSchema = z.object({
  BOT_TOKEN: z.string().regex(/^\d+:[A-Za-z0-9_-]+$/),
  TELEGRAM_API_ROOT: urlWith(["http:", "https:"])
    .transform(withoutTrailingSlash)
    .default(DEFAULTS.TELEGRAM_API_ROOT),
  BOT_MODE: z.enum(["polling", "webhook"]).default(DEFAULTS.BOT_MODE),
  PORT: integerIn(1, 65535, DEFAULTS.PORT),
  REDIS_URL: redisUrl,
  EXCHANGE_BASE_URL: urlWith(["http:", "https:"])
    .transform(withoutTrailingSlash)
    .default(DEFAULTS.EXCHANGE_BASE_URL),
  VAULT_KEYS: vaultKeys,
  ALLOWED_USER_IDS: z
    .string()
    .regex(/^\d+(?:\s*,\s*\d+)*$/)
    .transform((value) => value.split(",").map((id) => Number(id.trim())))
    .refine((ids) => ids.every((id) => Number.isSafeInteger(id) && id > 0))
    .optional(),
  DEFAULT_TIMEZONE: z
    .string()
    .transform((zone, ctx) => {
      try {
        // Also canonicalises the spelling, e.g. "australia/sydney" -> "Australia/Sydney".
        return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
      } catch {
        ctx.addIssue({ code: "custom" });
        return z.NEVER;
      }
    })
    .default(DEFAULTS.DEFAULT_TIMEZONE),
  LOG_LEVEL: z.enum(LOG_LEVELS).default(DEFAULTS.LOG_LEVEL),
  ALERT_POLL_SECONDS: integerIn(5, 3600, DEFAULTS.ALERT_POLL_SECONDS),
  LIMIT_MESSAGES: budget(DEFAULT_BUDGETS.message),
  LIMIT_PRESSES: budget(DEFAULT_BUDGETS.press),
  LIMIT_INLINE: budget(DEFAULT_BUDGETS.inline),
});

const webhookSchema = z.object({
  WEBHOOK_URL: urlWith(["https:"]),
  // Telegram's rule for setWebhook's secret_token.
  WEBHOOK_SECRET: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/),
  // Telegram's bounds for setWebhook's max_connections.
  WEBHOOK_MAX_CONNECTIONS: integerIn(1, 100, DEFAULTS.WEBHOOK_MAX_CONNECTIONS),
});

const vaultSchema = z.object({ REDIS_URL: redisUrl, VAULT_KEYS: vaultKeys });

/**
 * Reads and validates the whole configuration. Pure: pass `process.env` or any record.
 * Throws {@link ConfigError} listing every bad variable.
 */
export function createConfig(env: Record<string, string | undefined>): Config {
  const vars = normalise(env);
  const shared = sharedSchema.safeParse(vars);
  const webhook = vars.BOT_MODE === "webhook" ? webhookSchema.safeParse(vars) : undefined;
  if (!shared.success || (webhook !== undefined && !webhook.success)) {
    throw new ConfigError(problemsOf(vars, [shared.error, webhook?.error]));
  }
  const data = shared.data;
  const base: BaseConfig = {
    botToken: data.BOT_TOKEN,
    telegramApiRoot: data.TELEGRAM_API_ROOT,
    port: data.PORT,
    redisUrl: data.REDIS_URL,
    exchangeBaseUrl: data.EXCHANGE_BASE_URL,
    vaultKeys: data.VAULT_KEYS,
    allowedUserIds: new Set(data.ALLOWED_USER_IDS),
    defaultTimezone: data.DEFAULT_TIMEZONE,
    logLevel: data.LOG_LEVEL,
    alertPollSeconds: data.ALERT_POLL_SECONDS,
    inboundBudgets: { message: data.LIMIT_MESSAGES, press: data.LIMIT_PRESSES, inline: data.LIMIT_INLINE },
  };
  return webhook === undefined
    ? { ...base, mode: "polling", healthPort: vars.PORT === undefined ? undefined : data.PORT }
    : {
        ...base,
        mode: "webhook",
        webhookUrl: webhook.data.WEBHOOK_URL,
        webhookSecret: webhook.data.WEBHOOK_SECRET,
        webhookMaxConnections: webhook.data.WEBHOOK_MAX_CONNECTIONS,
      };
}

/** Reads only `REDIS_URL` and `VAULT_KEYS`, with the same rules as {@link createConfig}. */
export function createVaultConfig(env: Record<string, string | undefined>): VaultConfig {
  const vars = normalise(env);
  const parsed = vaultSchema.safeParse(vars);
  if (!parsed.success) throw new ConfigError(problemsOf(vars, [parsed.error]));
  return { redisUrl: parsed.data.REDIS_URL, vaultKeys: parsed.data.VAULT_KEYS };
}

/** A loggable summary: secrets become "[set]", Redis credentials included. */
export function describeConfig(config: Config): Record<string, unknown> {
  return {
    mode: config.mode,
    botToken: "[set]",
    telegramApiRoot: config.telegramApiRoot,
    port: config.port,
    redisUrl: redactUrlPassword(config.redisUrl),
    exchangeBaseUrl: config.exchangeBaseUrl,
    vaultKeys: "[set]",
    vaultKeyIds: [...config.vaultKeys.byId.keys()],
    allowedUserIds: config.allowedUserIds.size === 0 ? "everyone" : [...config.allowedUserIds],
    defaultTimezone: config.defaultTimezone,
    logLevel: config.logLevel,
    alertPollSeconds: config.alertPollSeconds,
    inboundBudgets: config.inboundBudgets,
    ...(config.mode === "webhook"
      ? {
          webhookUrl: config.webhookUrl,
          webhookSecret: "[set]",
          webhookMaxConnections: config.webhookMaxConnections,
        }
      : {}),
  };
}

/** Only the variables we know, trimmed, with "" as unset (so `PORT=` means the default). */
function normalise(env: Record<string, string | undefined>): Partial<Record<ConfigVariable, string>> {
  const vars: Partial<Record<ConfigVariable, string>> = {};
  for (const name of CONFIG_VARIABLES) {
    const value = env[name]?.trim();
    if (value) vars[name] = value;
  }
  return vars;
}

/** One problem per bad variable, worded from {@link VARIABLES} plus details marked safe by this module. */
function problemsOf(
  vars: Partial<Record<ConfigVariable, string>>,
  errors: readonly (z.ZodError | undefined)[],
): ConfigProblem[] {
  const details = new Map<ConfigVariable, string[]>();
  for (const issue of errors.flatMap((error) => error?.issues ?? [])) {
    const variable = issue.path[0] as ConfigVariable;
    const list = details.get(variable) ?? [];
    // Only details this module wrote itself are repeated; Zod's wording is not vetted for leaks.
    if (issue.code === "custom" && issue.params?.detail === true) list.push(issue.message);
    details.set(variable, list);
  }
  return [...details].map(([variable, list]) => {
    const spec = VARIABLES[variable];
    const detail = list.length > 0 ? ` (${list.join("; ")})` : "";
    const message =
      vars[variable] === undefined
        ? `${variable} is required: ${spec.what}`
        : `${variable}: expected ${spec.expected}${detail}`;
    return { variable, message };
  });
}

function redactUrlPassword(value: string): string {
  // Not with new URL(): it refuses the Sentinel and Cluster forms, which list several hosts.
  return value.replace(/^([a-z][a-z+]*:\/\/)([^:@/]*):[^@]+@/i, "$1$2:[set]@");
}
