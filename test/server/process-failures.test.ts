/**
 * The real process (`src/main.ts`, long polling, health server on PORT, a private Redis) through failures
 * of every kind: an exchange error, a Telegram send failing, an exception in a handler (a key that does
 * not decrypt), the session read failing (Redis stopped, then started again: the bot serves again and
 * the health check follows), fetching updates failing, and finally the token refused (polling cannot go
 * on: the process logs it and exits). Every failure the user can see gets an answer. Then the whole
 * output (stdout and stderr) is searched for the bot token, the vault key and the API keys, and every
 * line must be pino's JSON: nothing may be printed around the logger (grammY's and the runner's default
 * handlers print the update context, and with it the token).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { FakeTelegram, type RecordedCall } from "../../src/telegram-fake/index.ts";
import { startTestExchange } from "../support/exchange.ts";
import { freePort, serveFake } from "../support/process.ts";
import { startPrivateRedis } from "../support/redis-server.ts";

// Starting Node and the app on a loaded 2-core machine can take seconds, and exchange reads are retried
// with backoff before an error is shown; 30 s per step keeps this robust.
const BOUND_MS = 30_000;

const ex = await startTestExchange();
const fake = new FakeTelegram();
const { server: telegramServer, url: telegramUrl } = await serveFake(fake);
const redisServer = await startPrivateRedis({ appendOnly: false });
const healthPort = await freePort();
const vaultKey = randomBytes(32).toString("base64");
const redis = new Redis(redisServer.url, { maxRetriesPerRequest: 1 });
redis.on("error", () => undefined); // the test stops this server on purpose
let child: ChildProcess | undefined;
afterAll(async () => {
  if (child?.exitCode === null) child.kill("SIGKILL");
  redis.disconnect();
  await new Promise((resolve) => telegramServer.close(resolve));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + BOUND_MS;
  for (;;) {
    const found = await probe();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${BOUND_MS} ms`);
    await sleep(50);
  }
}

/** Sends `text` as `participant` and waits for a message (or edit) in that chat whose text matches. */
async function exchange(
  participant: ReturnType<FakeTelegram["privateChat"]>,
  text: string,
  expected: RegExp,
): Promise<RecordedCall> {
  const before = fake.calls.length;
  fake.push(fake.userText(participant.user, participant.chat, text));
  return until(`a reply to "${text.slice(0, 12)}" matching ${expected}`, () =>
    fake.calls
      .slice(before)
      .find(
        (call) =>
          (call.method === "sendMessage" || call.method === "editMessageText") &&
          call.response?.ok === true &&
          call.payload.chat_id === participant.chat.id &&
          expected.test(call.output?.plainText ?? ""),
      ),
  );
}

async function health(): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${healthPort}/healthz`).catch(() => undefined);
  await response?.text();
  return response?.status ?? 0;
}

describe("the bot process under failures", () => {
  it("answers every failure it can, keeps serving, and prints no secret and nothing outside pino", async () => {
    let stdout = "";
    let stderr = "";
    const started = spawn(process.execPath, ["--no-warnings=ExperimentalWarning", "src/main.ts"], {
      env: {
        PATH: process.env.PATH ?? "",
        BOT_TOKEN: fake.token,
        TELEGRAM_API_ROOT: telegramUrl,
        EXCHANGE_BASE_URL: ex.url,
        REDIS_URL: redisServer.url,
        VAULT_KEYS: `k1:${vaultKey}`,
        PORT: String(healthPort),
        LOG_LEVEL: "debug",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = started;
    started.stdout?.on("data", (data) => {
      stdout += String(data);
    });
    started.stderr?.on("data", (data) => {
      stderr += String(data);
    });
    const exited = new Promise<number | null>((resolve) => started.once("exit", (code) => resolve(code)));

    const base = Number.parseInt(randomUUID().slice(0, 6), 16) + 1;
    const alice = fake.privateChat(base, { firstName: "Alice" });
    const bob = fake.privateChat(base + 1, { firstName: "Bob" });
    const aliceAccount = ex.account({ AUD: "100" });
    const bobAccount = ex.account({ AUD: "100" });

    await exchange(alice, "/help", /\/balance/);
    expect(await health()).toBe(200);
    await exchange(alice, `/connect ${aliceAccount.readWriteKey}`, /Connected/);
    await exchange(bob, `/connect ${bobAccount.readWriteKey}`, /Connected/);

    // An exchange error: every API call answers 500.
    await ex.control("POST", "/_sandbox/faults", { path_prefix: "/api/", status: 500, count: 1000 });
    await exchange(alice, "/balance", /exchange had a problem/);
    await ex.control("DELETE", "/_sandbox/faults");

    // A Telegram send failing: the answer is refused, the apology goes through.
    fake.failNext("sendMessage", { error_code: 400, description: "Bad Request: message is too long" });
    await exchange(alice, "/help", /Something went wrong/);

    // An exception in a handler: Bob's record replaced by Alice's, which does not decrypt for him.
    const record = await redis.hget(`vault:user:${alice.user.id}`, "api_key");
    expect(record).toBeTruthy();
    await redis.hset(`vault:user:${bob.user.id}`, "api_key", record as string);
    await exchange(bob, "/balance", /could not be read/);

    // The session read failing: Redis stopped. The health check says so; the user hears it.
    await redisServer.stop();
    await until("the health check failing", async () => (await health()) === 503 || undefined);
    await exchange(alice, "/help", /storage is briefly unavailable/);
    await redisServer.start();
    await until("the health check recovering", async () => (await health()) === 200 || undefined);
    await exchange(alice, "/help", /\/balance/);

    // Fetching updates failing (with an error the transport does not retry, so the runner does), then
    // the token refused. (An update ends the long poll in progress, so the next one meets the failure.)
    fake.failNext("getUpdates", { error_code: 400, description: "Bad Request: injected" });
    await exchange(alice, "/help", /\/balance/);
    await until("the failed fetch logged", () => stdout.includes("fetching updates failed") || undefined);
    fake.failNext("getUpdates", { error_code: 401 });
    fake.push(fake.userText(alice.user, alice.chat, "/help"));
    const code = await Promise.race([exited, sleep(BOUND_MS).then(() => "timeout")]);
    expect(code, stdout.split("\n").slice(-8).join("\n")).toBe(1);

    const output = `${stdout}\n${stderr}`;
    const secrets = {
      token: fake.token,
      tokenSecret: fake.token.split(":")[1] as string,
      vaultKey,
      aliceKey: aliceAccount.readWriteKey,
      bobKey: bobAccount.readWriteKey,
    };
    for (const [name, secret] of Object.entries(secrets)) expect(output.includes(secret), name).toBe(false);
    expect(stderr).toBe("");
    const lines = stdout.split("\n").filter((line) => line.trim() !== "");
    const entries = lines.map((line) => JSON.parse(line) as { msg?: string; err?: { name?: string } });
    const failures = entries.filter((entry) => entry.msg === "update failed").map((entry) => entry.err?.name);
    expect(failures).toEqual(
      expect.arrayContaining(["GrammyError", "VaultDecryptError", "MaxRetriesPerRequestError"]),
    );
    const messages = entries.map((entry) => entry.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        "redis connection lost; reconnecting",
        "redis connection restored",
        "fetching updates failed",
        "polling stopped",
        "stopped",
      ]),
    );
  }, 180_000);
});
