/**
 * The webhook server in front of the real bot: only POSTs to the webhook path with the right secret
 * header and a body of at most 1 MiB reach grammY; the health check reports what `healthy` says; the webhook
 * is set as configured; and webhook mode cannot start without its secret.
 */
import { spawnSync } from "node:child_process";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { Update } from "grammy/types";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ALLOWED_UPDATES } from "../../src/bot/create-bot.ts";
import { ConfigError, createConfig } from "../../src/config.ts";
import { createHttpServer, WEBHOOK_BODY_LIMIT } from "../../src/server/http-server.ts";
import { webhookRegistration } from "../../src/server/webhook-registration.ts";
import { startTestBot } from "../support/bot.ts";

const tb = await startTestBot();
const SECRET = "w3bh00k_Secret-token";
const PATH = "/telegram/hook";
let health: () => Promise<boolean> = async () => true;

const server: Server = createHttpServer({
  bot: tb.app.bot,
  webhookPath: PATH,
  secret: SECRET,
  healthy: () => health(),
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let nextUserId = 9_100_000 + Math.floor(Math.random() * 1000) * 1000;

beforeEach(() => {
  health = async () => true;
});

/** A /help update from a new user: the bot answers it with one sendMessage. */
function helpUpdate(): { update: Update; chatId: number } {
  const { user, chat } = tb.fake.privateChat(nextUserId++);
  return { update: tb.fake.userText(user, chat, "/help"), chatId: chat.id };
}

function post(path: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

const withSecret = { "X-Telegram-Bot-Api-Secret-Token": SECRET };

describe("webhook endpoint", () => {
  it("an update with the right secret is processed before the answer", async () => {
    const { update, chatId } = helpUpdate();
    const response = await post(PATH, JSON.stringify(update), withSecret);
    expect(response.status).toBe(200);
    await response.text();
    const reply = tb.fake.callsTo("sendMessage").find((call) => call.payload.chat_id === chatId);
    expect(reply?.output?.plainText).toContain("Commands");
  });

  it("an inline query is answered in the webhook's own answer (a webhook reply): no call of its own", async () => {
    const { user } = tb.fake.privateChat(nextUserId++);
    const update = tb.fake.inlineQuery(user, "btc");
    const id = update.inline_query?.id;
    const response = await post(PATH, JSON.stringify(update), withSecret);
    expect(response.status).toBe(200);
    const reply = JSON.parse(await response.text()) as {
      method: string;
      inline_query_id: string;
      results: { id: string }[];
    };
    expect(reply.method).toBe("answerInlineQuery");
    expect(reply.inline_query_id).toBe(id);
    expect(reply.results.length).toBeGreaterThan(0);
    expect(tb.fake.callsTo("answerInlineQuery").some((call) => call.payload.inline_query_id === id)).toBe(
      false,
    );
  });

  it.each([
    ["missing", {}],
    ["wrong", { "X-Telegram-Bot-Api-Secret-Token": "w3bh00k_Secret-tokeN" }],
    ["too short", { "X-Telegram-Bot-Api-Secret-Token": "w3bh00k" }],
    ["too long", { "X-Telegram-Bot-Api-Secret-Token": `${SECRET}x` }],
    ["empty", { "X-Telegram-Bot-Api-Secret-Token": "" }],
  ])("a %s secret header gets 401 and the update is not processed", async (_name, headers) => {
    const { update } = helpUpdate();
    const before = tb.fake.calls.length;
    const response = await post(PATH, JSON.stringify(update), headers);
    expect(response.status).toBe(401);
    await response.text();
    expect(tb.fake.calls.length).toBe(before);
  });

  it("other paths and methods get 404, even with the secret", async () => {
    const { update } = helpUpdate();
    const before = tb.fake.calls.length;
    for (const path of ["/", "/telegram", `${PATH}/`, `${PATH}x`, "/healthz"]) {
      const response = await post(path, JSON.stringify(update), withSecret);
      expect(response.status, path).toBe(404);
      await response.text();
    }
    const get = await fetch(`${base}${PATH}`, { headers: withSecret });
    expect(get.status).toBe(404);
    await get.text();
    expect(tb.fake.calls.length).toBe(before);
  });

  it("a query string does not change the path", async () => {
    const { update, chatId } = helpUpdate();
    const response = await post(`${PATH}?x=1`, JSON.stringify(update), withSecret);
    expect(response.status).toBe(200);
    await response.text();
    expect(tb.fake.callsTo("sendMessage").some((call) => call.payload.chat_id === chatId)).toBe(true);
  });

  it("a body that is not JSON is acknowledged (so Telegram does not retry it) and does nothing", async () => {
    const before = tb.fake.calls.length;
    const response = await post(PATH, "{not json", withSecret);
    expect(response.status).toBe(200);
    await response.text();
    expect(tb.fake.calls.length).toBe(before);
  });

  it("a body over the limit gets 413 and is not processed, its length declared or streamed", async () => {
    const { update } = helpUpdate();
    const before = tb.fake.calls.length;
    // Valid JSON (trailing spaces), so only the size can refuse it.
    const oversized = new TextEncoder().encode(JSON.stringify(update) + " ".repeat(WEBHOOK_BODY_LIMIT));
    const declared = await post(PATH, new TextDecoder().decode(oversized), withSecret);
    expect(declared.status).toBe(413);
    await declared.text();
    // Chunked, without a content-length: counted as it arrives.
    const streamed = await fetch(`${base}${PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...withSecret },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < oversized.length; at += 64 * 1024) {
            controller.enqueue(oversized.subarray(at, at + 64 * 1024));
          }
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    await streamed.text();
    expect(tb.fake.calls.length).toBe(before);
  });

  it("a body of exactly the limit is processed", async () => {
    const { update, chatId } = helpUpdate();
    const json = JSON.stringify(update);
    const body = json + " ".repeat(WEBHOOK_BODY_LIMIT - Buffer.byteLength(json));
    expect(Buffer.byteLength(body)).toBe(WEBHOOK_BODY_LIMIT);
    const response = await post(PATH, body, withSecret);
    expect(response.status).toBe(200);
    await response.text();
    expect(tb.fake.callsTo("sendMessage").some((call) => call.payload.chat_id === chatId)).toBe(true);
  });

  it("an update whose reply Telegram refuses still gets 200, and the user an apology", async () => {
    const { update, chatId } = helpUpdate();
    tb.fake.failNext("sendMessage", { error_code: 400, description: "Bad Request: something odd" });
    const response = await post(PATH, JSON.stringify(update), withSecret);
    expect(response.status).toBe(200);
    await response.text();
    const sent = tb.fake.callsTo("sendMessage").filter((call) => call.payload.chat_id === chatId);
    expect(sent.map((call) => call.response?.ok)).toEqual([false, true]);
    expect(sent[1]?.output?.plainText).toContain("Something went wrong");
  });
});

describe("health check", () => {
  it("GET /healthz is 200 {status: ok} when healthy", async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("is 503 when healthy() says false", async () => {
    health = async () => false;
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable" });
  });

  it("is 503 when healthy() throws", async () => {
    health = async () => {
      throw new Error("redis down");
    };
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable" });
  });

  it("does not need the webhook secret and ignores a query string", async () => {
    const response = await fetch(`${base}/healthz?probe=1`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

describe("webhook configuration", () => {
  const base = {
    BOT_TOKEN: "123456:AAH-test_token",
    VAULT_KEYS: tb.vaultKeys,
    BOT_MODE: "webhook",
    WEBHOOK_URL: "https://bot.example.com/telegram/hook",
  };

  it("without WEBHOOK_SECRET (the URL given) fails naming only WEBHOOK_SECRET", () => {
    let error: unknown;
    try {
      createConfig(base);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.variable)).toEqual(["WEBHOOK_SECRET"]);
    expect((error as ConfigError).message).toContain("WEBHOOK_SECRET is required");
  });

  it("the webhook is set with its secret, the updates the bot reads, and the configured connections", async () => {
    const config = createConfig({ ...base, WEBHOOK_SECRET: SECRET });
    if (config.mode !== "webhook") throw new Error("expected webhook mode");
    await tb.app.bot.api.setWebhook(config.webhookUrl, webhookRegistration(config));
    try {
      expect(tb.fake.webhook).toEqual({
        url: base.WEBHOOK_URL,
        secretToken: SECRET,
        allowedUpdates: [...ALLOWED_UPDATES],
        maxConnections: 100,
      });
      const fewer = createConfig({ ...base, WEBHOOK_SECRET: SECRET, WEBHOOK_MAX_CONNECTIONS: "25" });
      if (fewer.mode !== "webhook") throw new Error("expected webhook mode");
      await tb.app.bot.api.setWebhook(fewer.webhookUrl, webhookRegistration(fewer));
      expect(await tb.app.bot.api.getWebhookInfo()).toMatchObject({ max_connections: 25 });
    } finally {
      await tb.app.bot.api.deleteWebhook();
    }
  });

  it("main refuses to start in webhook mode without WEBHOOK_SECRET: exit code 2, the variable named", () => {
    const main = fileURLToPath(new URL("../../src/main.ts", import.meta.url));
    // Only what main reads: it must fail on the configuration, before touching Redis or Telegram.
    const result = spawnSync(process.execPath, ["--experimental-strip-types", "--no-warnings", main], {
      env: { PATH: process.env.PATH ?? "", ...base, REDIS_URL: "redis://127.0.0.1:1" },
      encoding: "utf8",
      // Generous: a cold Node start with type stripping takes well under a second, slow CI a few.
      timeout: 20_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("WEBHOOK_SECRET is required");
    expect(result.stderr).not.toContain(base.VAULT_KEYS.split(":")[1] as string);
    expect(result.stdout).toBe("");
  });
});
