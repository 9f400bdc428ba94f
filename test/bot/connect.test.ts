/**
 * Connecting a key, as a chat: the message is deleted, the key checked and stored encrypted, bound to
 * its user; read-only and invalid keys are explained; the key never reaches logs or Redis in plain text.
 */
import { describe, expect, it } from "vitest";
import { startTestBot } from "../support/bot.ts";

const tb = await startTestBot();

describe("/connect", () => {
  it("/connect KEY: the message is deleted at once, the key checked and stored encrypted", async () => {
    const chat = tb.chat();
    const account = tb.ex.account({ AUD: "100" });
    const outputs = await chat.send(`/connect ${account.readWriteKey}`);
    expect(outputs[0]?.kind).toBe("delete");
    const final = outputs.at(-1);
    expect(final?.plainText).toContain("Connected. This key can trade.");
    expect(final?.plainText).toContain("deleted your message");
    const dump = await tb.dumpRedis();
    expect(dump).not.toContain(account.readWriteKey);
    expect(dump).toContain("vault:user:");
  });

  it("a bare /connect takes the next message as the key", async () => {
    const chat = tb.chat();
    const account = tb.ex.account();
    const ask = await chat.send("/connect");
    expect(ask.at(-1)?.plainText).toContain("Send me your API key");
    const outputs = await chat.send(account.readOnlyKey);
    expect(outputs[0]?.kind).toBe("delete");
    expect(outputs.at(-1)?.plainText).toContain("read-only");
    const balance = await chat.send("/balance");
    expect(balance.at(-1)?.plainText).toContain("Total value");
  });

  it("an invalid key is refused and nothing is stored", async () => {
    const chat = tb.chat();
    const outputs = await chat.send("/connect sbx_rw_ffffffffffffffffffffffffffffffff");
    expect(outputs.at(-1)?.plainText).toContain("did not accept that key");
    const balance = await chat.send("/balance");
    expect(balance.at(-1)?.plainText).toContain("not connected an API key");
  });

  it("text that cannot be a key is refused before the exchange is asked", async () => {
    const chat = tb.chat();
    await chat.send("/connect");
    const outputs = await chat.send("short key");
    expect(outputs[0]?.kind).toBe("delete");
    expect(outputs.at(-1)?.plainText).toContain("does not look like an API key");
  });

  it("the exchange down: said plainly, nothing stored", async () => {
    const chat = tb.chat();
    const account = tb.ex.account();
    await tb.ex.control("POST", "/_sandbox/faults", {
      path_prefix: "/api/private/profile/brief/",
      status: 503,
      count: 10,
    });
    const outputs = await chat.send(`/connect ${account.readWriteKey}`);
    await tb.ex.control("DELETE", "/_sandbox/faults");
    expect(outputs.at(-1)?.plainText).toContain("had a problem (error 503)");
    expect((await chat.send("/balance")).at(-1)?.plainText).toContain("not connected");
  });

  it("/disconnect asks first; the confirm button works once", async () => {
    const chat = tb.chat();
    const account = tb.ex.account();
    await chat.send(`/connect ${account.readWriteKey}`);
    const ask = await chat.send("/disconnect");
    expect(
      ask
        .at(-1)
        ?.buttons.flat()
        .map((b) => b.text),
    ).toEqual(["Yes, remove it", "Cancel"]);
    const done = await chat.press("Yes, remove it");
    expect(done.some((o) => o.plainText.includes("Your API key was removed."))).toBe(true);
    expect((await chat.send("/balance")).at(-1)?.plainText).toContain("not connected");
  });

  it("a key copied to another user's record does not decrypt", async () => {
    const alice = tb.chat();
    const bob = tb.chat();
    const account = tb.ex.account({ AUD: "55" });
    await alice.send(`/connect ${account.readWriteKey}`);
    await bob.send(`/connect ${tb.ex.account().readWriteKey}`);
    const aliceKey = `${tb.prefix}vault:user:${alice.user.id}`;
    const bobKey = `${tb.prefix}vault:user:${bob.user.id}`;
    const record = await tb.redis.hget(aliceKey, "api_key");
    expect(record).toBeTruthy();
    await tb.redis.hset(bobKey, "api_key", record as string);
    const outputs = await bob.send("/balance");
    expect(outputs.at(-1)?.plainText).toContain("could not be read");
    expect(outputs.at(-1)?.plainText).not.toContain("55");
  });

  it("the key never appears in logs or in any Redis value", async () => {
    const chat = tb.chat();
    const account = tb.ex.account({ AUD: "10" });
    await chat.send(`/connect ${account.readWriteKey}`);
    await chat.send("/balance");
    await chat.send("/connect");
    await chat.send(account.readOnlyKey);
    expect(tb.logs.length).toBeGreaterThan(0);
    const logs = tb.logs.join("\n");
    for (const secret of [
      account.readWriteKey,
      account.readOnlyKey,
      tb.vaultKeys.split(":")[1] as string,
      tb.fake.token,
    ]) {
      expect(logs).not.toContain(secret);
      expect(await tb.dumpRedis()).not.toContain(secret);
    }
  });
});
