import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { autoRetry } from "@grammyjs/auto-retry";
import { Bot, GrammyError, InputFile } from "grammy";
import type { Message } from "grammy/types";
import { describe, expect, it } from "vitest";
import { FAKE_API_ROOT, FakeTelegram, type UploadedFile } from "../../src/telegram-fake/index.ts";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function setup() {
  const fake = new FakeTelegram();
  const bot = new Bot(fake.token, { botInfo: fake.botInfo, client: fake.clientOptions });
  const alice = fake.privateChat(42, { firstName: "Alice", username: "alice", languageCode: "en" });
  return { fake, bot, alice, chatId: alice.chat.id };
}

/** The GrammyError a call fails with. */
async function failure(call: Promise<unknown>): Promise<GrammyError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof GrammyError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe("FakeTelegram with a real grammY bot", () => {
  it("delivers commands to handlers and records replies with increasing message ids", async () => {
    const { fake, bot, alice, chatId } = setup();
    const seen: string[] = [];
    bot.command("start", async (ctx) => {
      seen.push(ctx.match);
      await ctx.reply("Welcome");
      await ctx.reply("Second");
    });
    bot.on("message:text", (ctx) => ctx.reply(`echo ${ctx.message.text}`));

    await bot.handleUpdate(fake.userText(alice.user, alice.chat, "/start ref42"));
    await bot.handleUpdate(fake.userText(alice.user, alice.chat, "/start@surge_test_bot"));
    await bot.handleUpdate(fake.userText(alice.user, alice.chat, "/start@other_bot"));

    expect(seen).toEqual(["ref42", ""]);
    const replies = fake
      .callsTo("sendMessage")
      .map((call) => call.response?.ok && (call.response.result as Message));
    expect(replies.map((m) => m && [m.message_id, m.text])).toEqual([
      [2, "Welcome"],
      [3, "Second"],
      [5, "Welcome"],
      [6, "Second"],
      [8, "echo /start@other_bot"],
    ]);
    expect(fake.lastCall("sendMessage")?.payload).toEqual({ chat_id: 42, text: "echo /start@other_bot" });
    const first = replies[0];
    expect(first && { from: first.from?.username, chat: first.chat.id, date: typeof first.date }).toEqual({
      from: "surge_test_bot",
      chat: 42,
      date: "number",
    });
    expect(fake.visible(chatId).map((m) => [m.messageId, m.fromBot])).toHaveLength(8);
    fake.clear();
    expect(fake.calls).toEqual([]);
  });

  it("fails edits, deletions and callback answers the way Telegram does", async () => {
    const { fake, bot, alice, chatId } = setup();
    const sent = await bot.api.sendMessage(chatId, "Price: 1", {
      reply_markup: { inline_keyboard: [[{ text: "Refresh", callback_data: "refresh" }]] },
    });

    expect((await failure(bot.api.editMessageText(chatId, 999, "x"))).description).toBe(
      "Bad Request: message to edit not found",
    );
    const same = await failure(
      bot.api.editMessageText(chatId, sent.message_id, "Price: 1", { reply_markup: sent.reply_markup }),
    );
    expect(same.error_code).toBe(400);
    expect(same.description).toMatch(/^Bad Request: message is not modified/);

    // An edit without reply_markup removes the keyboard, so it is a change.
    const edited = await bot.api.editMessageText(chatId, sent.message_id, "Price: 1");
    expect(edited).toMatchObject({ text: "Price: 1", edit_date: expect.any(Number) });
    expect(edited === true ? undefined : edited.reply_markup).toBeUndefined();
    const state = fake.messages(chatId).find((m) => m.messageId === sent.message_id);
    expect(state?.edits.map((e) => e.replyMarkup !== undefined)).toEqual([true]);

    const user = fake.userText(alice.user, alice.chat, "my secret key");
    const userMessageId = user.message?.message_id ?? 0;
    expect((await failure(bot.api.editMessageText(chatId, userMessageId, "x"))).description).toBe(
      "Bad Request: message can't be edited",
    );
    await expect(bot.api.deleteMessage(chatId, userMessageId)).resolves.toBe(true);
    expect((await failure(bot.api.deleteMessage(chatId, userMessageId))).description).toBe(
      "Bad Request: message to delete not found",
    );
    expect(fake.visible(chatId).map((m) => m.messageId)).toEqual([sent.message_id]);

    const press = fake.callback(alice.user, alice.chat, sent.message_id, "refresh");
    const queryId = press.callback_query?.id ?? "";
    expect(fake.unansweredCallbacks()).toEqual([queryId]);
    await expect(bot.api.answerCallbackQuery(queryId, { text: "Done" })).resolves.toBe(true);
    const again = await failure(bot.api.answerCallbackQuery(queryId));
    expect(again.description).toBe(
      "Bad Request: query is too old and response timeout expired or query ID is invalid",
    );
    expect((await failure(bot.api.answerCallbackQuery("123"))).error_code).toBe(400);
    expect(fake.unansweredCallbacks()).toEqual([]);

    expect((await failure(bot.api.sendMessage(777, "hi"))).description).toBe("Bad Request: chat not found");
    const raw = bot.api.raw as unknown as Record<string, (payload: object) => Promise<unknown>>;
    const unknown = await failure(raw.sendTelepathy?.({ chat_id: chatId }) ?? Promise.resolve());
    expect([unknown.error_code, unknown.description]).toEqual([404, "Not Found"]);
  });

  it("checks text length, emptiness, parse mode and keyboards", async () => {
    const { bot, chatId } = setup();
    expect((await failure(bot.api.sendMessage(chatId, ""))).description).toBe(
      "Bad Request: message text is empty",
    );
    expect((await failure(bot.api.sendMessage(chatId, "<b> </b>", { parse_mode: "HTML" }))).description).toBe(
      "Bad Request: message text is empty",
    );
    expect((await failure(bot.api.sendMessage(chatId, "x".repeat(4097)))).description).toBe(
      "Bad Request: message is too long",
    );
    // The limit applies to the text after entity parsing.
    await expect(
      bot.api.sendMessage(chatId, `<b>${"x".repeat(4096)}</b>`, { parse_mode: "HTML" }),
    ).resolves.toMatchObject({
      entities: [{ type: "bold", offset: 0, length: 4096 }],
    });
    const longData = { inline_keyboard: [[{ text: "Go", callback_data: "x".repeat(65) }]] };
    expect((await failure(bot.api.sendMessage(chatId, "hi", { reply_markup: longData }))).description).toBe(
      "Bad Request: BUTTON_DATA_INVALID",
    );
    const textOnly = { inline_keyboard: [[{ text: "Go" }]] } as unknown as typeof longData;
    expect((await failure(bot.api.sendMessage(chatId, "hi", { reply_markup: textOnly }))).description).toBe(
      "Bad Request: text buttons are unallowed in the inline keyboard",
    );
  });

  it("rejects invalid HTML like Telegram and returns plain text with entities for valid HTML", async () => {
    const { fake, bot, chatId } = setup();
    const bare = await failure(bot.api.sendMessage(chatId, "1 < 2", { parse_mode: "HTML" }));
    expect(bare.description).toBe(
      'Bad Request: can\'t parse entities: Unsupported start tag "" at byte offset 2',
    );
    const amp = await failure(bot.api.sendMessage(chatId, "AT&T", { parse_mode: "HTML" }));
    expect(amp.description).toMatch(/^Bad Request: can't parse entities: .*"&".* at byte offset 2$/);
    const unclosed = await failure(bot.api.sendMessage(chatId, "<b>bold", { parse_mode: "HTML" }));
    expect(unclosed.description).toBe(
      "Bad Request: can't parse entities: Can't find end tag corresponding to start tag \"b\"",
    );
    // Without parse_mode the same text is fine.
    await expect(bot.api.sendMessage(chatId, "1 < 2 & AT&T")).resolves.toMatchObject({
      text: "1 < 2 & AT&T",
    });

    const ok = await bot.api.sendMessage(
      chatId,
      '<b>Buy</b> 1 BTC &lt;&gt; <a href="https://x.test/?a=1&amp;b=2">AUD</a>',
      {
        parse_mode: "HTML",
      },
    );
    expect(ok).toMatchObject({
      text: "Buy 1 BTC <> AUD",
      entities: [
        { type: "bold", offset: 0, length: 3 },
        { type: "text_link", offset: 13, length: 3, url: "https://x.test/?a=1&b=2" },
      ],
    });
    const edit = await failure(
      bot.api.editMessageText(chatId, ok.message_id, "<i>x</b>", { parse_mode: "HTML" }),
    );
    expect(edit.description).toMatch(/^Bad Request: can't parse entities: Unmatched end tag/);
    expect(fake.visible(chatId).at(-1)?.text).toContain("<b>Buy</b>");
  });

  it("captures uploads from a Buffer, a stream and a path with their names and bytes", async () => {
    const { fake, bot, chatId } = setup();
    const dir = await mkdtemp(join(tmpdir(), "fake-telegram-"));
    await writeFile(join(dir, "statement.pdf"), "%PDF-1.4 fake");

    const fromBuffer = await bot.api.sendDocument(
      chatId,
      new InputFile(Buffer.from("date,amount\n"), "trades.csv"),
      {
        caption: "Your <b>trades</b>",
        parse_mode: "HTML",
      },
    );
    await bot.api.sendDocument(
      chatId,
      new InputFile(Readable.from([Buffer.from("ab"), Buffer.from("cd")]), "s.txt"),
    );
    await bot.api.sendDocument(chatId, new InputFile(join(dir, "statement.pdf")));

    const files = fake.callsTo("sendDocument").map((call) => call.payload.document as UploadedFile);
    expect(files.map((f) => [f.filename, Buffer.from(f.bytes).toString()])).toEqual([
      ["trades.csv", "date,amount\n"],
      ["s.txt", "abcd"],
      ["statement.pdf", "%PDF-1.4 fake"],
    ]);
    expect(fake.callsTo("sendDocument")[0]?.payload).toMatchObject({ chat_id: chatId, parse_mode: "HTML" });
    expect(fromBuffer).toMatchObject({
      caption: "Your trades",
      caption_entities: [{ type: "bold", offset: 5, length: 6 }],
      document: { file_name: "trades.csv", mime_type: "text/csv", file_size: 12 },
    });
    expect(fake.callsTo("sendDocument")[2]?.output?.file).toMatchObject({
      mimeType: "application/pdf",
      size: 13,
    });

    // A file id sent before can be sent again without uploading.
    const resent = await bot.api.sendDocument(chatId, fromBuffer.document.file_id);
    expect(resent.document.file_name).toBe("trades.csv");
    expect((await failure(bot.api.sendDocument(chatId, "no-such-file-id"))).description).toBe(
      "Bad Request: wrong file identifier/HTTP URL specified",
    );
    expect(
      (await failure(bot.api.sendDocument(chatId, new InputFile(Buffer.alloc(0), "e.txt")))).description,
    ).toBe("Bad Request: file must be non-empty");
  });

  it("sends photos and refuses uploads that are not images", async () => {
    const { fake, bot, chatId } = setup();
    const photo = await bot.api.sendPhoto(chatId, new InputFile(PNG, "chart.png"), { caption: "BTC" });
    expect(photo).toMatchObject({
      caption: "BTC",
      photo: [{ width: expect.any(Number), file_size: PNG.length }],
    });
    expect(fake.lastCall("sendPhoto")?.output).toMatchObject({
      kind: "photo",
      file: { filename: "chart.png" },
    });
    const notImage = await failure(bot.api.sendPhoto(chatId, new InputFile(Buffer.from("%PDF"), "x.png")));
    expect(notImage.description).toBe("Bad Request: IMAGE_PROCESS_FAILED");
  });

  it("decodes FormData and URL-encoded bodies from other clients", async () => {
    const { fake, chatId } = setup();
    const form = new FormData();
    form.set("chat_id", String(chatId));
    form.set("caption", "123");
    form.set(
      "reply_markup",
      JSON.stringify({ inline_keyboard: [[{ text: "Open", url: "https://x.test" }]] }),
    );
    form.set("document", new Blob([Buffer.from("hello")], { type: "text/plain" }), "hello.txt");
    const url = `${FAKE_API_ROOT}/bot${fake.token}/sendDocument`;
    const answer = (await (await fake.fetch(url, { method: "POST", body: form })).json()) as { ok: boolean };
    expect(answer).toMatchObject({
      ok: true,
      result: { caption: "123", document: { file_name: "hello.txt" } },
    });
    expect(fake.lastCall("sendDocument")?.payload.document).toMatchObject({
      filename: "hello.txt",
      mimeType: "text/plain",
    });

    const encoded = new URLSearchParams({ chat_id: String(chatId), text: "42" });
    const plain = await fake.fetch(`${FAKE_API_ROOT}/bot${fake.token}/sendMessage`, {
      method: "POST",
      body: encoded,
    });
    expect(await plain.json()).toMatchObject({ ok: true, result: { text: "42" } });

    const wrongToken = await fake.fetch(`${FAKE_API_ROOT}/bot1:wrong/getMe`, { method: "POST" });
    expect([wrongToken.status, await wrongToken.json()]).toEqual([
      401,
      { ok: false, error_code: 401, description: "Unauthorized" },
    ]);
  });

  it("stores commands per scope and language, and webhook settings", async () => {
    const { fake, bot, chatId } = setup();
    await bot.api.setMyCommands([{ command: "start", description: "Start" }]);
    await bot.api.setMyCommands([{ command: "start", description: "Starten" }], { language_code: "de" });
    await bot.api.setMyCommands([{ command: "admin", description: "Admin" }], {
      scope: { type: "chat", chat_id: chatId },
    });
    expect(await bot.api.getMyCommands({ language_code: "de" })).toEqual([
      { command: "start", description: "Starten" },
    ]);
    expect(fake.commands({ type: "chat", chat_id: chatId })).toEqual([
      { command: "admin", description: "Admin" },
    ]);
    expect(await bot.api.getMyCommands({ language_code: "fr" })).toEqual([]);
    const invalid = await failure(bot.api.setMyCommands([{ command: "Bad-Command", description: "x" }]));
    expect(invalid.description).toBe("Bad Request: BOT_COMMAND_INVALID");

    await bot.api.setWebhook("https://bot.example.com/hook", { secret_token: "s3cret" });
    expect(fake.webhook).toMatchObject({ url: "https://bot.example.com/hook", secretToken: "s3cret" });
    expect(await bot.api.getWebhookInfo()).toMatchObject({
      url: "https://bot.example.com/hook",
      pending_update_count: 0,
    });
    expect((await failure(bot.api.getUpdates())).error_code).toBe(409);
    expect((await failure(bot.api.setWebhook("http://insecure.test"))).description).toMatch(/HTTPS URL/);
    for (const max_connections of [0, 101, 2.5])
      expect(
        (await failure(bot.api.setWebhook("https://bot.example.com/hook", { max_connections }))).description,
      ).toMatch(/max_connections must be an integer from 1 to 100/);
    expect(fake.webhook).toMatchObject({ secretToken: "s3cret", maxConnections: 40 });
    await bot.api.deleteWebhook();
    expect(await bot.api.getWebhookInfo()).toMatchObject({ url: "" });
    await expect(bot.api.getMe()).resolves.toEqual(fake.botInfo);
    await expect(bot.api.close()).resolves.toBe(true);
  });

  it("refuses messages to a user who blocked the bot", async () => {
    const { fake, bot, alice, chatId } = setup();
    const blocked = fake.myChatMember(alice.user, alice.chat, "kicked");
    expect(blocked.my_chat_member?.new_chat_member.status).toBe("kicked");
    const error = await failure(bot.api.sendMessage(chatId, "Price alert"));
    expect([error.error_code, error.description]).toEqual([403, "Forbidden: bot was blocked by the user"]);
    fake.myChatMember(alice.user, alice.chat, "member");
    await expect(bot.api.sendMessage(chatId, "Welcome back")).resolves.toMatchObject({
      text: "Welcome back",
    });
  });

  it("injects failures: auto-retry waits out a 429 and the call then succeeds", async () => {
    const { fake, bot, chatId } = setup();
    bot.api.config.use(autoRetry({ maxRetryAttempts: 3 }));
    fake.failNext("sendMessage", { error_code: 429, parameters: { retry_after: 1 } });
    const started = Date.now();
    await expect(bot.api.sendMessage(chatId, "hello")).resolves.toMatchObject({ text: "hello" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.callsTo("sendMessage").map((call) => call.response)).toEqual([
      {
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 1",
        parameters: { retry_after: 1 },
      },
      { ok: true, result: expect.objectContaining({ text: "hello" }) },
    ]);
    // Injected failures do not touch chat state: only the retry made a message.
    expect(fake.visible(chatId)).toHaveLength(1);
  });

  it("injects server errors a bot without auto-retry sees", async () => {
    const { fake, bot, chatId } = setup();
    fake.failNext("sendMessage", { error_code: 500 }, 2);
    expect((await failure(bot.api.sendMessage(chatId, "a"))).description).toBe("Internal Server Error");
    expect((await failure(bot.api.sendMessage(chatId, "b"))).error_code).toBe(500);
    await expect(bot.api.sendMessage(chatId, "c")).resolves.toMatchObject({ message_id: 1 });
  });

  it("builds odd updates a bot must survive", async () => {
    const { fake, bot, alice, chatId } = setup();
    const kinds: string[] = [];
    bot.on("edited_message", () => void kinds.push("edited"));
    bot.on("message:photo", () => void kinds.push("photo"));
    bot.on("channel_post", () => void kinds.push("channel"));
    bot.on("message", () => void kinds.push("message"));
    const text = fake.userText(alice.user, alice.chat, "hello");
    const updates = [
      text,
      fake.editedText(alice.user, alice.chat, text.message?.message_id ?? 0, "hello!"),
      fake.userPhoto(alice.user, alice.chat),
      fake.channelPost(fake.channelChat(-1001234567890, "News"), "post"),
      fake.userText(alice.user, fake.groupChat(-555), "/start@surge_test_bot"),
    ];
    for (const update of updates) await bot.handleUpdate(update);
    expect(kinds).toEqual(["message", "edited", "photo", "channel", "message"]);
    expect(updates.map((u) => u.update_id)).toEqual([1000, 1001, 1002, 1003, 1004]);
    expect(updates[2]?.message?.text).toBeUndefined();
    expect(fake.messages(chatId)[0]).toMatchObject({ text: "hello!", edits: [{ text: "hello" }] });
    expect(updates[4]?.message?.entities).toEqual([{ type: "bot_command", offset: 0, length: 21 }]);
  });
});
