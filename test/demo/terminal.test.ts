/**
 * The terminal loop with a stand-in chat: lines are handled one at a time and in order, outputs that
 * arrive after a handler returned are still printed, and a failing handler does not end the chat.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { Bot, InputFile } from "grammy";
import { afterAll, describe, expect, it } from "vitest";
import { createStyle } from "../../src/demo/output.ts";
import { startChat } from "../../src/demo/terminal.ts";
import { type BotOutput, ChatDriver, FakeTelegram } from "../../src/telegram-fake/index.ts";

const message = (messageId: number, text: string, fields: Partial<BotOutput> = {}): BotOutput => ({
  kind: "message",
  chatId: 1,
  messageId,
  text,
  plainText: text,
  buttons: [],
  ...fields,
});

/** A chat whose bot answers "echo: <text>", fails on "boom", and edits "slow" replies later. */
function standIn() {
  const listeners = new Set<(output: BotOutput) => void>();
  const emit = (output: BotOutput) => {
    for (const listener of listeners) listener(output);
  };
  const log: string[] = [];
  let nextId = 1;
  return {
    log,
    driver: {
      async send(text: string): Promise<BotOutput[]> {
        log.push(`start ${text}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        log.push(`end ${text}`);
        if (text === "boom") throw new Error("Redis went away");
        const reply = message(nextId++, `echo: ${text}`, {
          buttons: [[{ text: "Again", data: "again" }]],
        });
        emit(reply);
        if (text === "slow")
          setTimeout(
            () => emit({ ...reply, kind: "edit", plainText: "done later", text: "done later" }),
            300,
          );
        return [reply];
      },
      async press(ref: string | { messageId: number; data: string }): Promise<BotOutput[]> {
        log.push(`press ${JSON.stringify(ref)}`);
        return [];
      },
      onOutput(listener: (output: BotOutput) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}

describe("startChat", () => {
  it("handles piped lines in order, prints late outputs and survives a failure", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let printed = "";
    output.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
    });
    const chat = standIn();
    const session = startChat({
      driver: chat.driver,
      input,
      output,
      interactive: false,
      style: createStyle(false),
      outputDir: "unused",
      // Longer than the stand-in's 300 ms background edit.
      quietMs: 800,
    });
    input.end("hello\nboom\nslow\n#1\n#7\n");

    expect(await session.finished).toBe("end");
    session.close();
    expect(chat.log).toEqual([
      "start hello",
      "end hello",
      "start boom",
      "end boom",
      "start slow",
      "end slow",
      'press {"messageId":2,"data":"again"}',
    ]);
    expect(printed).toContain("you › hello\n\n  │ echo: hello\n  │ [1] Again\n");
    expect(printed).toContain("The bot failed: Redis went away");
    expect(printed).toContain("  │ done later");
    expect(printed).toContain("pressed [Again]\n  (nothing changed)");
    expect(printed).toContain("The newest message with buttons has 1: use #1.");
  });

  it("/quit ends the chat without handling the lines after it", async () => {
    const input = new PassThrough();
    const chat = standIn();
    const session = startChat({
      driver: chat.driver,
      input,
      output: new PassThrough(),
      interactive: false,
      style: createStyle(false),
      outputDir: "unused",
    });
    input.write("hello\n/quit\nnever\n");
    expect(await session.finished).toBe("quit");
    session.close();
    expect(chat.log).toEqual(["start hello", "end hello"]);
  });
});

describe("startChat with a grammY bot on the fake Telegram", () => {
  const dir = mkdtempSync(join(tmpdir(), "surge-demo-chat-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("saves documents and prints an edit a background job makes after the handler returned", async () => {
    const fake = new FakeTelegram();
    const bot = new Bot(fake.token, { botInfo: fake.botInfo, client: fake.clientOptions });
    bot.command("statement", (ctx) =>
      ctx.replyWithDocument(new InputFile(Buffer.from("a,b\n1,2\n"), "statement.csv"), { caption: "Yours" }),
    );
    bot.command("chart", async (ctx) => {
      const png = (n: number) => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, n]);
      const photo = await ctx.replyWithPhoto(new InputFile(png(1), "chart.png"), { caption: "Chart" });
      await ctx.api.editMessageMedia(ctx.chat.id, photo.message_id, {
        type: "photo",
        media: new InputFile(png(2), "chart.png"),
        caption: "Chart again",
      });
      // An edit of the keyboard alone keeps the file: nothing new to save.
      await ctx.api.editMessageReplyMarkup(ctx.chat.id, photo.message_id, {
        reply_markup: { inline_keyboard: [[{ text: "Refresh", callback_data: "r" }]] },
      });
    });
    bot.command("swap", async (ctx) => {
      const status = await ctx.reply("Swap pending…");
      setTimeout(() => void bot.api.editMessageText(ctx.chat.id, status.message_id, "Swap done"), 500);
    });
    const driver = new ChatDriver(fake, (update) => bot.handleUpdate(update), fake.privateChat(42));
    const input = new PassThrough();
    const output = new PassThrough();
    let printed = "";
    output.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
    });
    const session = startChat({
      driver,
      input,
      output,
      interactive: false,
      style: createStyle(false),
      outputDir: dir,
      // Longer than the bot's 500 ms background edit.
      quietMs: 1000,
    });
    input.end("/statement\n/statement\n/chart\n/swap\n");

    expect(await session.finished).toBe("end");
    session.close();
    driver.close();
    expect(printed).toContain("📎 statement.csv (8 bytes)\n  │ Yours");
    expect(readFileSync(join(dir, "statement.csv"), "utf8")).toBe("a,b\n1,2\n");
    expect(readFileSync(join(dir, "statement-2.csv"), "utf8")).toBe("a,b\n1,2\n");
    expect(printed).toMatch(/saved to .*statement-2\.csv/);
    // The photo, and the picture an edit put in its place; the keyboard edit saved nothing.
    expect([...readFileSync(join(dir, "chart.png"))].at(-1)).toBe(1);
    expect([...readFileSync(join(dir, "chart-2.png"))].at(-1)).toBe(2);
    expect(printed.match(/saved to .*chart/g)).toHaveLength(2);
    expect(printed).toMatch(/Swap pending…[\s\S]*\(edited #\d+\)\n {2}│ Swap done/);
  });
});
