import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, errorSummary, type LogLevel, loggerForUpdate, REDACTED } from "../src/logger.ts";

/** A logger writing into memory, and the lines written so far. */
function capture(level: LogLevel = "info") {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString("utf8"));
      done();
    },
  });
  const logger = createLogger({ level, destination });
  const text = (): string => chunks.join("");
  const lines = (): Record<string, unknown>[] =>
    text()
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, text, lines };
}

describe("errors in log lines", () => {
  it("an error logged whole shows class, message, stack, codes and cause, never its other properties", () => {
    const token = `123:CANARY-${randomUUID()}`;
    const { logger, text, lines } = capture();
    const cause = Object.assign(new Error("socket closed"), { code: "ECONNRESET", payload: { token } });
    const error = Object.assign(new Error("Call to 'sendMessage' failed!", { cause }), {
      name: "GrammyError",
      method: "sendMessage",
      error_code: 400,
      ctx: { api: { token, raw: {} }, update: { message: { text: token } } },
      payload: { chat_id: 1, text: token },
    });
    logger.error({ err: error }, "update failed");
    expect(text()).not.toContain(token);
    expect(lines()[0]?.err).toMatchObject({
      name: "GrammyError",
      message: "Call to 'sendMessage' failed!",
      method: "sendMessage",
      errorCode: 400,
      cause: { name: "Error", message: "socket closed", code: "ECONNRESET" },
    });
    expect(String((lines()[0]?.err as { stack?: string } | undefined)?.stack)).toContain("GrammyError");
  });

  it("a value thrown that is not an error is summarized as text", () => {
    expect(errorSummary("boom")).toEqual({ name: "string", message: "boom" });
  });
});

describe("createLogger", () => {
  it("writes JSON lines at or above its level", () => {
    const { logger, lines } = capture("info");
    logger.debug("hidden");
    logger.info({ answer: 42 }, "shown");
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatchObject({ msg: "shown", answer: 42, level: 30, name: "surge-bot" });
  });

  it("censors secrets wherever a careless log line puts them", () => {
    const canary = `CANARY-${randomUUID()}`;
    const { logger, text, lines } = capture();
    logger.info(
      {
        authorization: `Bearer ${canary}`,
        apiKey: canary,
        api_key: canary,
        key: canary,
        token: canary,
        botToken: canary,
        secret: canary,
        password: canary,
        code: "123456",
        totp: canary,
        headers: {
          authorization: `Bearer ${canary}`,
          cookie: canary,
          "x-telegram-bot-api-secret-token": canary,
        },
        req: { headers: { authorization: `Bearer ${canary}`, "x-telegram-bot-api-secret-token": canary } },
        user: { id: 5, apiKey: canary, apiSecret: canary },
        input: { credentials: { apiKey: canary, webhookSecret: canary } },
        err: Object.assign(new Error("request failed"), { code: "ECONNRESET" }),
      },
      "oops",
    );
    expect(text()).not.toContain(canary);
    expect(text()).not.toContain("123456");
    const [line] = lines();
    expect(line).toMatchObject({
      apiKey: REDACTED,
      code: REDACTED,
      headers: { authorization: REDACTED, cookie: REDACTED, "x-telegram-bot-api-secret-token": REDACTED },
      user: { id: 5, apiKey: REDACTED },
      input: { credentials: { apiKey: REDACTED } },
      // Error codes stay readable: only a top-level `code` is treated as a 2FA code.
      err: { message: "request failed", code: "ECONNRESET" },
      msg: "oops",
    });
  });

  it("censors secrets in child bindings", () => {
    const canary = `CANARY-${randomUUID()}`;
    const { logger, text } = capture();
    logger.child({ apiKey: canary, user: { token: canary } }).info("from child");
    expect(text()).toContain("from child");
    expect(text()).not.toContain(canary);
  });
});

describe("loggerForUpdate", () => {
  it("tags every line with the update, user and chat", () => {
    const { logger, lines } = capture();
    const log = loggerForUpdate(logger, { updateId: 900, userId: 5, chatId: -100 });
    log.info("one");
    log.child({ step: "menu" }).warn("two");
    loggerForUpdate(logger, { updateId: 901, userId: undefined }).info("three");
    expect(lines()).toMatchObject([
      { updateId: 900, userId: 5, chatId: -100, msg: "one" },
      { updateId: 900, userId: 5, step: "menu", msg: "two" },
      { updateId: 901, msg: "three" },
    ]);
    expect(lines()[2]).not.toHaveProperty("userId");
  });
});
