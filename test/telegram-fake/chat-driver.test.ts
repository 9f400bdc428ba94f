import {
  type Conversation,
  type ConversationFlavor,
  conversations,
  createConversation,
} from "@grammyjs/conversations";
import { Bot, type Context, InlineKeyboard, InputFile } from "grammy";
import { describe, expect, it } from "vitest";
import { ChatDriver, FakeTelegram } from "../../src/telegram-fake/index.ts";

type BotContext = ConversationFlavor<Context>;

/** A small bot: a price message with Refresh/Cancel, a background job, a statement file and a conversation. */
function createTestBot(fake: FakeTelegram) {
  const bot = new Bot<BotContext>(fake.token, { botInfo: fake.botInfo, client: fake.clientOptions });
  let price = 100;
  const keyboard = () => new InlineKeyboard().text("Refresh", "refresh").text("Cancel", "cancel");
  bot.use(conversations());
  bot.use(
    createConversation(async (conversation: Conversation<BotContext, Context>, ctx: Context) => {
      await ctx.reply("Which coin?");
      const answer = await conversation.waitFor("message:text");
      await answer.reply(`You chose <b>${answer.message.text.toUpperCase()}</b>`, { parse_mode: "HTML" });
    }, "pick"),
  );
  bot.command("pick", (ctx) => ctx.conversation.enter("pick"));
  bot.command("price", (ctx) => ctx.reply(`BTC: ${price}`, { reply_markup: keyboard() }));
  bot.callbackQuery("refresh", async (ctx) => {
    price += 1;
    await ctx.editMessageText(`BTC: ${price}`, { reply_markup: keyboard() });
    await ctx.answerCallbackQuery("Updated");
  });
  bot.callbackQuery("cancel", async (ctx) => {
    await ctx.deleteMessage();
    await ctx.answerCallbackQuery();
  });
  bot.command("swap", async (ctx) => {
    const status = await ctx.reply("Swap pending…");
    // A background job finishes later and edits the message, like the swap status poller.
    setTimeout(() => void bot.api.editMessageText(ctx.chat.id, status.message_id, "Swap done ✅"), 50);
  });
  bot.command("statement", (ctx) =>
    ctx.replyWithDocument(new InputFile(Buffer.from("a,b\n1,2\n"), "statement.csv"), {
      caption: "Your statement",
    }),
  );
  return bot;
}

function setup() {
  const fake = new FakeTelegram();
  const bot = createTestBot(fake);
  const driver = new ChatDriver(
    fake,
    (update) => bot.handleUpdate(update),
    fake.privateChat(42, { firstName: "Alice" }),
  );
  return { fake, driver };
}

describe("ChatDriver", () => {
  it("reads like a chat: send, press, edit, answer, delete", async () => {
    const { fake, driver } = setup();
    const [shown] = await driver.send("/price");
    expect(shown).toMatchObject({
      kind: "message",
      text: "BTC: 100",
      buttons: [
        [
          { text: "Refresh", data: "refresh" },
          { text: "Cancel", data: "cancel" },
        ],
      ],
    });

    const refreshed = await driver.press("Refresh");
    expect(refreshed.map((o) => [o.kind, o.messageId, o.text])).toEqual([
      ["edit", shown?.messageId, "BTC: 101"],
      ["callback_answer", shown?.messageId, "Updated"],
    ]);
    expect(driver.lastMessage()).toMatchObject({ text: "BTC: 101" });

    const cancelled = await driver.press({ messageId: shown?.messageId ?? 0, data: "cancel" });
    expect(cancelled.map((o) => o.kind)).toEqual(["delete", "callback_answer"]);
    expect(driver.lastMessage()).toBeUndefined();
    expect(fake.unansweredCallbacks()).toEqual([]);
    expect(driver.transcript()).toBe(
      [
        "> /price",
        "< #2 BTC: 100",
        "    [Refresh] [Cancel]",
        "> [Refresh]",
        "< #2 (edited) BTC: 101",
        "    [Refresh] [Cancel]",
        "< (answer) Updated",
        "> [Cancel]",
        "< #2 (deleted)",
        "< (answer)",
      ].join("\n"),
    );
  });

  it("says which buttons exist when the pressed one does not", async () => {
    const { driver } = setup();
    await driver.send("/price");
    await expect(driver.press("Confirm")).rejects.toThrow(
      'no button "Confirm"; buttons on screen:\n#2: [Refresh] (refresh) [Cancel] (cancel)',
    );
  });

  it("waits for outputs of background tasks", async () => {
    const { driver } = setup();
    const outputs = await driver.send("/swap");
    expect(outputs.map((o) => o.text)).toEqual(["Swap pending…"]);
    const done = await driver.waitForOutput((o) => o.kind === "edit", 1000);
    expect(done).toMatchObject({ messageId: outputs[0]?.messageId, text: "Swap done ✅" });
    await expect(driver.waitForOutput((o) => o.kind === "edit", 100)).rejects.toThrow(
      /no matching bot output within 100 ms/,
    );
  });

  it("returns documents with their file", async () => {
    const { driver } = setup();
    const [document] = await driver.send("/statement");
    expect(document).toMatchObject({
      kind: "document",
      text: "Your statement",
      file: { filename: "statement.csv" },
    });
    expect(Buffer.from(document?.file?.bytes ?? []).toString()).toBe("a,b\n1,2\n");
  });

  it("sees calls made inside conversations", async () => {
    const { driver } = setup();
    expect((await driver.send("/pick")).map((o) => o.text)).toEqual(["Which coin?"]);
    const [reply] = await driver.send("btc");
    expect(reply).toMatchObject({
      text: "You chose <b>BTC</b>",
      plainText: "You chose BTC",
      parseMode: "HTML",
    });
  });
});
