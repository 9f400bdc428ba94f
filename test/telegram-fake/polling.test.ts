import { run } from "@grammyjs/runner";
import { Bot, GrammyError } from "grammy";
import { describe, expect, it } from "vitest";
import { FakeTelegram } from "../../src/telegram-fake/index.ts";

function setup() {
  const fake = new FakeTelegram();
  const bot = new Bot(fake.token, { botInfo: fake.botInfo, client: fake.clientOptions });
  const alice = fake.privateChat(42);
  return { fake, bot, alice };
}

/** Resolves once `check` holds, polling every few ms. */
async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("getUpdates long polling", () => {
  it("lets bot.start() process a pushed update and bot.stop() end at once", async () => {
    const { fake, bot, alice } = setup();
    bot.on("message:text", (ctx) => ctx.reply(`got ${ctx.message.text}`));
    const polling = bot.start();
    // bot.start() parks in a 30 s long poll; a pushed update must end it early.
    await until(() => fake.callsTo("getUpdates").length > 0);
    fake.push(fake.userText(alice.user, alice.chat, "hello"));
    await until(() => fake.callsTo("sendMessage").length > 0);
    expect(fake.lastCall("sendMessage")?.response).toMatchObject({ ok: true, result: { text: "got hello" } });

    const stopping = Date.now();
    await bot.stop();
    await polling;
    expect(Date.now() - stopping).toBeLessThan(500);
    expect(fake.callsTo("deleteWebhook")).toHaveLength(1);
    // stop() confirmed the handled update, so nothing is left for the next run.
    expect(fake.pendingUpdates).toBe(0);
  });

  it("keeps updates until an offset confirms them and honours limit and negative offsets", async () => {
    const { fake, bot, alice } = setup();
    for (const text of ["a", "b", "c"]) fake.push(fake.userText(alice.user, alice.chat, text));
    const texts = (updates: { message?: { text?: string } }[]) => updates.map((u) => u.message?.text);
    expect(texts(await bot.api.getUpdates({ limit: 2 }))).toEqual(["a", "b"]);
    expect(texts(await bot.api.getUpdates())).toEqual(["a", "b", "c"]);
    expect(texts(await bot.api.getUpdates({ offset: 1001 }))).toEqual(["b", "c"]);
    expect(texts(await bot.api.getUpdates({ offset: -1 }))).toEqual(["c"]);
    expect(fake.pendingUpdates).toBe(1);
  });

  it("waits up to the timeout, and returns early when an update arrives", async () => {
    const { fake, bot, alice } = setup();
    let started = Date.now();
    expect(await bot.api.getUpdates({ timeout: 1 })).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);

    started = Date.now();
    setTimeout(() => fake.push(fake.userText(alice.user, alice.chat, "late")), 50);
    const updates = await bot.api.getUpdates({ timeout: 10 });
    expect(updates.map((u) => u.message?.text)).toEqual(["late"]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("ends an older pending poll with 409 when another one starts", async () => {
    const { bot } = setup();
    const older = bot.api.getUpdates({ timeout: 10 }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(bot.api.getUpdates({ timeout: 0 })).resolves.toEqual([]);
    const error = await older;
    expect(error).toBeInstanceOf(GrammyError);
    expect((error as GrammyError).description).toMatch(/^Conflict: terminated by other getUpdates request/);
  });

  it("aborts a pending poll cleanly when its signal fires", async () => {
    const { fake, bot } = setup();
    const controller = new AbortController();
    // grammY types its signal parameter with the abort-controller polyfill; a native signal works the same.
    const signal = controller.signal as unknown as Parameters<typeof bot.api.getUpdates>[1];
    const poll = bot.api.getUpdates({ timeout: 30 }, signal);
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    await expect(poll).rejects.toThrow();
    expect(fake.lastCall("getUpdates")?.response).toBeUndefined();
  });

  it("serves @grammyjs/runner", async () => {
    const { fake, bot, alice } = setup();
    bot.on("message:text", (ctx) => ctx.reply("ok"));
    const runner = run(bot);
    fake.push(fake.userText(alice.user, alice.chat, "one"));
    fake.push(fake.userText(alice.user, alice.chat, "two"));
    await until(() => fake.callsTo("sendMessage").length === 2);
    const stopping = Date.now();
    await runner.stop();
    expect(Date.now() - stopping).toBeLessThan(500);
  });
});
