/**
 * Key rotation end to end: users connect under vault key k1; `vault:rotate` (its CLI entry) runs with
 * "k2,k1"; a bot started with only k2 still reads every user's key, so k1 can be retired.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { createConfig } from "../../src/config.ts";
import { createLogger } from "../../src/logger.ts";
import { ChatDriver, FAKE_API_ROOT } from "../../src/telegram-fake/index.ts";
import { runRotateCli } from "../../src/vault/rotate-cli.ts";
import { startTestBot } from "../support/bot.ts";

const tb = await startTestBot();

describe("vault key rotation", () => {
  it("re-encrypts every record under the newest key; the old key can then be retired", async () => {
    const users = [tb.chat(), tb.chat()];
    for (const [i, chat] of users.entries()) {
      await tb.app.deps.accounts.connect(chat.user.id, tb.ex.account({ AUD: `${100 + i}` }).readWriteKey);
    }
    const k2 = `k2:${randomBytes(32).toString("base64")}`;
    const lines: string[] = [];
    const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const status = await runRotateCli(
      { REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379", VAULT_KEYS: `${k2},${tb.vaultKeys}` },
      { out, prefix: `${tb.prefix}vault:` },
    );
    expect(status).toBe(0);
    expect(lines).toEqual(["rotated 2, already current 0, failed 0"]);
    // The keys' fingerprints (which recognise a pasted key) moved to k2 with them.
    for (const chat of users) {
      const fingerprint = await tb.redis.hget(`${tb.prefix}vault:user:${chat.user.id}`, "api_key:fp");
      expect(fingerprint).toMatch(/^f1\.k2\./);
    }

    // A bot that knows only k2.
    const config = createConfig({
      BOT_TOKEN: tb.fake.token,
      TELEGRAM_API_ROOT: FAKE_API_ROOT,
      EXCHANGE_BASE_URL: tb.ex.url,
      VAULT_KEYS: k2,
    });
    const app = createApp({
      config,
      logger: createLogger({ level: "silent" }),
      redis: tb.redis,
      keyPrefix: tb.prefix,
      telegramFetch: tb.fake.fetch,
      botInfo: tb.fake.botInfo,
    });
    for (const [i, chat] of users.entries()) {
      const driver = new ChatDriver(tb.fake, (u) => app.bot.handleUpdate(u), {
        user: chat.user,
        chat: chat.chat,
      });
      expect((await driver.send("/balance")).at(-1)?.plainText).toContain(`AUD cash: $${100 + i}.00`);
    }
    await app.close();
  });
});
