/** editMessageMedia in the fake Telegram: a photo replaced by a new upload, as grammY sends it (multipart). */
import { Bot, GrammyError, InlineKeyboard, InputFile } from "grammy";
import { describe, expect, it } from "vitest";
import { FakeTelegram } from "../../src/telegram-fake/index.ts";

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (tail: number[]) => Buffer.from([...PNG_HEAD, ...tail]);

function setup() {
  const fake = new FakeTelegram();
  const bot = new Bot(fake.token, { botInfo: fake.botInfo, client: fake.clientOptions });
  const alice = fake.privateChat(42, { firstName: "Alice" });
  return { fake, bot, chatId: alice.chat.id };
}

async function failure(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof GrammyError) return error.description;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe("editMessageMedia", () => {
  it("replaces a photo's bytes and caption, keeps the old file in the history, and removes a left-out keyboard", async () => {
    const { fake, bot, chatId } = setup();
    const keyboard = new InlineKeyboard().text("Refresh", "r");
    const sent = await bot.api.sendPhoto(chatId, new InputFile(png([1, 2, 3]), "a.png"), {
      caption: "<b>old</b>",
      parse_mode: "HTML",
      reply_markup: keyboard,
    });
    const second = png([4, 5, 6, 7]);
    const edited = await bot.api.editMessageMedia(
      chatId,
      sent.message_id,
      { type: "photo", media: new InputFile(second, "b.png"), caption: "<i>new</i>", parse_mode: "HTML" },
      { reply_markup: keyboard },
    );
    expect(edited).toMatchObject({ caption: "new", photo: [{ file_size: second.length }] });
    const output = fake.lastCall("editMessageMedia")?.output;
    expect(output).toMatchObject({ kind: "edit", messageId: sent.message_id, plainText: "new" });
    expect(Buffer.from(output?.file?.bytes ?? []).equals(second)).toBe(true);
    expect(output?.buttons.flat().map((b) => b.text)).toEqual(["Refresh"]);
    const message = fake.visible(chatId).find((m) => m.messageId === sent.message_id);
    expect(message?.edits.at(-1)?.file?.filename).toBe("a.png");

    // Without a caption or reply_markup both are gone, like Telegram.
    const bare = await bot.api.editMessageMedia(chatId, sent.message_id, {
      type: "photo",
      media: new InputFile(png([8]), "c.png"),
    });
    expect(bare).not.toHaveProperty("caption");
    expect(bare).not.toHaveProperty("reply_markup");
  });

  it("refuses a text message, a photo that is not an image, and an unsupported type", async () => {
    const { bot, chatId } = setup();
    const text = await bot.api.sendMessage(chatId, "hello");
    expect(
      await failure(
        bot.api.editMessageMedia(chatId, text.message_id, {
          type: "photo",
          media: new InputFile(png([1]), "a.png"),
        }),
      ),
    ).toBe("Bad Request: there is no media in the message to edit");
    const photo = await bot.api.sendPhoto(chatId, new InputFile(png([1]), "a.png"));
    expect(
      await failure(
        bot.api.editMessageMedia(chatId, photo.message_id, {
          type: "photo",
          media: new InputFile(Buffer.from("%PDF-1.4"), "x.png"),
        }),
      ),
    ).toBe("Bad Request: IMAGE_PROCESS_FAILED");
    expect(
      await failure(
        bot.api.editMessageMedia(chatId, photo.message_id, {
          type: "video",
          media: new InputFile(png([1]), "v.mp4"),
        }),
      ),
    ).toBe("Bad Request: can't parse InputMedia: unsupported media type");
  });

  it("the same file id with the same caption is not a modification", async () => {
    const { bot, chatId } = setup();
    const photo = await bot.api.sendPhoto(chatId, new InputFile(png([1]), "a.png"), { caption: "x" });
    const fileId = photo.photo[0]?.file_id ?? "";
    expect(
      await failure(
        bot.api.editMessageMedia(chatId, photo.message_id, { type: "photo", media: fileId, caption: "x" }),
      ),
    ).toMatch(/message is not modified/);
  });
});
