import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, createConfig, createVaultConfig, describeConfig } from "../src/config.ts";

const KEY = randomBytes(32).toString("base64");
const TOKEN = "123456789:AAH-test_token";
const BASE = { BOT_TOKEN: TOKEN, VAULT_KEYS: `k1:${KEY}` };

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    createConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

/** Everything an error could show: message, stack, problems. */
function everything(error: ConfigError): string {
  return `${error.message}\n${error.stack}\n${JSON.stringify(error.problems)}\n${String(error)}`;
}

describe("createConfig", () => {
  it("applies the defaults in polling mode", () => {
    const config = createConfig(BASE);
    expect(config).toMatchObject({
      mode: "polling",
      botToken: TOKEN,
      telegramApiRoot: "https://api.telegram.org",
      port: 8080,
      redisUrl: "redis://127.0.0.1:6379",
      exchangeBaseUrl: "https://app.digitalsurge.com.au",
      defaultTimezone: "Australia/Sydney",
      logLevel: "info",
    });
    expect(config.allowedUserIds.size).toBe(0);
    expect(config.vaultKeys.current.id).toBe("k1");
    expect(config).not.toHaveProperty("webhookUrl");
  });

  it("in polling mode the health server runs on PORT only when PORT is set", () => {
    expect(createConfig(BASE)).toMatchObject({ mode: "polling", healthPort: undefined });
    expect(createConfig({ ...BASE, PORT: " " })).toMatchObject({ healthPort: undefined });
    expect(createConfig({ ...BASE, PORT: "9090" })).toMatchObject({ mode: "polling", healthPort: 9090 });
  });

  it("reads every variable", () => {
    const second = randomBytes(32).toString("base64url");
    const config = createConfig({
      ...BASE,
      TELEGRAM_API_ROOT: "http://localhost:8081/",
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://bot.example.com/telegram",
      WEBHOOK_SECRET: "s3cret_-Token",
      WEBHOOK_MAX_CONNECTIONS: "60",
      PORT: " 3000 ",
      REDIS_URL: "rediss://user:pw@redis.example.com:6380/2",
      EXCHANGE_BASE_URL: "http://127.0.0.1:9000//",
      VAULT_KEYS: `new:${second},old:${KEY}`,
      ALLOWED_USER_IDS: "42, 7,42",
      DEFAULT_TIMEZONE: "europe/london",
      LOG_LEVEL: "debug",
    });
    if (config.mode !== "webhook") throw new Error("expected webhook mode");
    expect(config.webhookUrl).toBe("https://bot.example.com/telegram");
    expect(config.webhookSecret).toBe("s3cret_-Token");
    expect(config.webhookMaxConnections).toBe(60);
    expect(config.telegramApiRoot).toBe("http://localhost:8081");
    expect(config.exchangeBaseUrl).toBe("http://127.0.0.1:9000");
    expect(config.port).toBe(3000);
    expect(config.redisUrl).toBe("rediss://user:pw@redis.example.com:6380/2");
    expect(config.vaultKeys.current.id).toBe("new");
    expect([...config.vaultKeys.byId.keys()]).toEqual(["new", "old"]);
    expect([...config.allowedUserIds]).toEqual([42, 7]);
    expect(config.defaultTimezone).toBe("Europe/London");
    expect(config.logLevel).toBe("debug");
  });

  it("treats empty values as unset", () => {
    const config = createConfig({ ...BASE, PORT: "", ALLOWED_USER_IDS: " ", BOT_MODE: "" });
    expect(config.port).toBe(8080);
    expect(config.mode).toBe("polling");
    expect(config.allowedUserIds.size).toBe(0);
  });

  it("ignores webhook settings in polling mode", () => {
    expect(createConfig({ ...BASE, WEBHOOK_URL: "not a url" }).mode).toBe("polling");
  });

  it("names the required variables when they are missing", () => {
    const error = configError({});
    expect(error.problems.map((problem) => problem.variable)).toEqual(["BOT_TOKEN", "VAULT_KEYS"]);
    expect(error.message).toContain("BOT_TOKEN is required: the token from @BotFather");
    expect(error.message).toContain("VAULT_KEYS is required:");
  });

  it("requires the webhook URL and secret in webhook mode", () => {
    const error = configError({ ...BASE, BOT_MODE: "webhook" });
    expect(error.problems.map((problem) => problem.variable)).toEqual(["WEBHOOK_URL", "WEBHOOK_SECRET"]);
    expect(error.message).toMatch(/WEBHOOK_URL is required: .*BOT_MODE=webhook/);
  });

  it("lists every bad variable at once, saying what each expects", () => {
    const error = configError({
      BOT_TOKEN: "nope",
      TELEGRAM_API_ROOT: "ftp://x",
      BOT_MODE: "webhook",
      WEBHOOK_URL: "http://insecure.example.com",
      WEBHOOK_SECRET: "has space",
      WEBHOOK_MAX_CONNECTIONS: "101",
      PORT: "65536",
      REDIS_URL: "http://127.0.0.1:6379",
      EXCHANGE_BASE_URL: "example.com",
      VAULT_KEYS: "k1:c2hvcnQ=",
      ALLOWED_USER_IDS: "1,0",
      DEFAULT_TIMEZONE: "Mars/Olympus_Mons",
      LOG_LEVEL: "verbose",
    });
    expect(error.problems.map((problem) => problem.variable).sort()).toEqual(
      [
        "ALLOWED_USER_IDS",
        "BOT_TOKEN",
        "DEFAULT_TIMEZONE",
        "EXCHANGE_BASE_URL",
        "LOG_LEVEL",
        "PORT",
        "REDIS_URL",
        "TELEGRAM_API_ROOT",
        "VAULT_KEYS",
        "WEBHOOK_MAX_CONNECTIONS",
        "WEBHOOK_SECRET",
        "WEBHOOK_URL",
      ].sort(),
    );
    expect(error.message).toContain(
      "BOT_TOKEN: expected <digits>:<letters, digits, _ or -> as given by @BotFather",
    );
    expect(error.message).toContain(
      "VAULT_KEYS: expected comma-separated id:base64-of-32-bytes (entry 1 decodes to 5 bytes instead of 32)",
    );
    expect(error.message).toContain("WEBHOOK_SECRET: expected 1-256 characters of A-Za-z0-9_-");
    expect(error.message).toContain("WEBHOOK_MAX_CONNECTIONS: expected an integer from 1 to 100");
    expect(error.message).toContain("PORT: expected an integer from 1 to 65535");
    expect(error.message).toContain("LOG_LEVEL: expected fatal, error, warn, info, debug, trace, silent");
  });

  it.each([
    ["PORT", "0"],
    ["PORT", "80.5"],
    ["PORT", "-1"],
    ["BOT_MODE", "both"],
    ["ALLOWED_USER_IDS", "1,,2"],
    ["ALLOWED_USER_IDS", "abc"],
    ["ALLOWED_USER_IDS", "99999999999999999999"],
    ["REDIS_URL", "127.0.0.1:6379"],
    ["EXCHANGE_BASE_URL", "ws://example.com"],
    ["DEFAULT_TIMEZONE", "Not/AZone"],
  ])("rejects %s=%s", (variable, value) => {
    expect(configError({ ...BASE, [variable]: value }).problems.map((problem) => problem.variable)).toEqual([
      variable,
    ]);
  });

  it("accepts a 256-character webhook secret and rejects 257", () => {
    const webhook = { ...BASE, BOT_MODE: "webhook", WEBHOOK_URL: "https://example.com/hook" };
    expect(createConfig({ ...webhook, WEBHOOK_SECRET: "a".repeat(256) }).mode).toBe("webhook");
    expect(configError({ ...webhook, WEBHOOK_SECRET: "a".repeat(257) }).problems[0]?.variable).toBe(
      "WEBHOOK_SECRET",
    );
  });

  it("asks Telegram for 100 webhook connections unless told otherwise, and takes 1 to 100", () => {
    const webhook = {
      ...BASE,
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://example.com/hook",
      WEBHOOK_SECRET: "s3cret",
    };
    expect(createConfig(webhook)).toMatchObject({ webhookMaxConnections: 100 });
    expect(createConfig({ ...webhook, WEBHOOK_MAX_CONNECTIONS: "1" })).toMatchObject({
      webhookMaxConnections: 1,
    });
    for (const value of ["0", "101", "40.5", "-5", "many"])
      expect(
        configError({ ...webhook, WEBHOOK_MAX_CONNECTIONS: value }).problems.map(
          (problem) => problem.variable,
        ),
      ).toEqual(["WEBHOOK_MAX_CONNECTIONS"]);
    // Polling asks Telegram for no connection: the variable is not read there.
    expect(createConfig({ ...BASE, WEBHOOK_MAX_CONNECTIONS: "500" }).mode).toBe("polling");
  });

  it("never echoes a secret value in its errors", () => {
    const canary = `CANARY${randomUUID().replaceAll("-", "")}`;
    const cases: Record<string, string | undefined>[] = [
      // Malformed secrets.
      {
        BOT_TOKEN: `${canary}!`,
        BOT_MODE: "webhook",
        WEBHOOK_URL: `https://${canary}.example.com/${canary}`,
        WEBHOOK_SECRET: `${canary} with spaces`,
        VAULT_KEYS: `${canary}`,
      },
      { ...BASE, VAULT_KEYS: `${canary}:${canary}` },
      { ...BASE, VAULT_KEYS: `id:${canary}` },
      { ...BASE, VAULT_KEYS: `k1:${KEY},k1:${canary}` },
      { ...BASE, VAULT_KEYS: `k1:${KEY},${canary}:${KEY}` },
      { ...BASE, VAULT_KEYS: `k1:${KEY},k2:${KEY.slice(0, 20)}${canary}` },
      { ...BASE, REDIS_URL: `http://user:${canary}@host` },
      { ...BASE, BOT_MODE: canary },
      // Well-formed secrets next to an unrelated mistake.
      {
        BOT_TOKEN: `1234:${canary}`,
        BOT_MODE: "webhook",
        WEBHOOK_URL: "https://example.com/hook",
        WEBHOOK_SECRET: canary,
        VAULT_KEYS: `k1:${KEY}`,
        PORT: "none",
      },
    ];
    for (const env of cases) {
      const text = everything(configError(env));
      expect(text).not.toContain(canary);
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(KEY.slice(0, 20));
    }
  });

  it("does not read process.env", () => {
    process.env.BOT_TOKEN = TOKEN;
    try {
      expect(configError({ VAULT_KEYS: `k1:${KEY}` }).problems[0]?.variable).toBe("BOT_TOKEN");
    } finally {
      delete process.env.BOT_TOKEN;
    }
  });
});

describe("createVaultConfig", () => {
  it("needs only REDIS_URL and VAULT_KEYS", () => {
    const config = createVaultConfig({ VAULT_KEYS: `k1:${KEY}` });
    expect(config.redisUrl).toBe("redis://127.0.0.1:6379");
    expect(config.vaultKeys.current.id).toBe("k1");
  });

  it("reports bad values the same way", () => {
    expect(() => createVaultConfig({ REDIS_URL: "nope", VAULT_KEYS: "x" })).toThrow(
      /REDIS_URL: expected a redis:\/\/ or rediss:\/\/ URL[\s\S]*VAULT_KEYS: expected/,
    );
  });
});

describe("describeConfig", () => {
  it("keeps every secret out of the summary", () => {
    const config = createConfig({
      BOT_TOKEN: TOKEN,
      VAULT_KEYS: `k1:${KEY}`,
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://example.com/hook",
      WEBHOOK_SECRET: "webhook-secret-value",
      REDIS_URL: "redis://default:redis-password@redis.internal:6379/1",
      ALLOWED_USER_IDS: "5",
    });
    const summary = describeConfig(config);
    const text = JSON.stringify(summary);
    for (const secret of [TOKEN, "AAH-test_token", KEY, "webhook-secret-value", "redis-password"]) {
      expect(text).not.toContain(secret);
    }
    expect(summary).toMatchObject({
      mode: "webhook",
      botToken: "[set]",
      vaultKeys: "[set]",
      vaultKeyIds: ["k1"],
      webhookSecret: "[set]",
      webhookUrl: "https://example.com/hook",
      redisUrl: "redis://default:[set]@redis.internal:6379/1",
      allowedUserIds: [5],
    });
  });

  it("says when everyone is allowed and leaves a password-less Redis URL alone", () => {
    const summary = describeConfig(createConfig(BASE));
    expect(summary.allowedUserIds).toBe("everyone");
    expect(summary.redisUrl).toBe("redis://127.0.0.1:6379");
    expect(summary).not.toHaveProperty("webhookSecret");
  });
});
