/**
 * Hand-made malformed and unusual updates, the kind Telegram seldom or never sends but a webhook or a
 * replay could deliver: none may make handleUpdate throw, none may make the bot send something Telegram
 * refuses, and the meaningful ones get the right localized answer.
 */
import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import type { RecordedCall } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";

const tb = await startTestBot();

let nextUpdateId = 900_000;
let nextUserId = 5_000_000 + Math.floor(Math.random() * 1000) * 1000;

/** A lone UTF-16 surrogate: text Telegram cannot take as UTF-8 (the fake does not check this). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Every text a call sends to the user. */
function sentTexts(call: RecordedCall): string[] {
  return ["text", "caption"].flatMap((field) => {
    const value = call.payload[field];
    return typeof value === "string" ? [value] : [];
  });
}

/**
 * Runs one update through the real bot and returns the Bot API calls it made. Fails the test when
 * handleUpdate rejects, when Telegram refused a call, or when a text is not valid Unicode.
 */
async function deliver(update: Update): Promise<RecordedCall[]> {
  const start = tb.fake.calls.length;
  await expect(tb.app.bot.handleUpdate(update)).resolves.toBeUndefined();
  const calls = tb.fake.calls.slice(start);
  const refused = calls.filter((call) => call.response?.ok === false);
  expect(
    refused.map((call) => `${call.method}: ${call.response?.ok === false ? call.response.description : ""}`),
  ).toEqual([]);
  for (const call of calls) {
    for (const text of sentTexts(call))
      expect(LONE_SURROGATE.test(text), `${call.method}: ${text}`).toBe(false);
  }
  return calls;
}

/** The visible outputs of some calls, as the user sees them. */
function seen(calls: RecordedCall[]): string[] {
  return calls.flatMap((call) => (call.output ? [call.output.plainText] : []));
}

const COMMANDS_ONLY = "I can only read text here. /help lists what I can do.";

function user() {
  return tb.fake.privateChat(nextUserId++, { firstName: "Mal" });
}

function seconds(): number {
  return Math.floor(Date.now() / 1000);
}

describe("malformed updates", () => {
  it("an update with no content at all is ignored", async () => {
    const calls = await deliver({ update_id: nextUpdateId++ } as Update);
    expect(calls).toEqual([]);
  });

  it("a message without `from` (as in an anonymous admin post) is ignored", async () => {
    const { chat } = user();
    const update = {
      update_id: nextUpdateId++,
      message: {
        message_id: 1,
        date: seconds(),
        chat,
        text: "/balance",
        entities: [{ type: "bot_command", offset: 0, length: 8 }],
      },
    } as unknown as Update;
    expect(await deliver(update)).toEqual([]);
  });

  it("a message from a bot user is ignored, even a command", async () => {
    const { chat } = user();
    const update = tb.fake.userText(
      { id: 123_456, is_bot: true, first_name: "OtherBot", username: "other_bot" },
      chat,
      "/start",
    );
    expect(await deliver(update)).toEqual([]);
  });

  it("a message with no chat does not escape the error boundary", async () => {
    const { user: from } = user();
    const update = {
      update_id: nextUpdateId++,
      message: {
        message_id: 1,
        date: seconds(),
        from,
        text: "/help",
        entities: [{ type: "bot_command", offset: 0, length: 5 }],
      },
    } as unknown as Update;
    // There is no chat to answer in: nothing can be sent, and nothing may throw.
    expect(await deliver(update)).toEqual([]);
  });

  it("an inline query with markup in its text gets cards for the assets named, the text never echoed", async () => {
    const { user: from } = user();
    const update = tb.fake.inlineQuery(from, "<b>btc</b> & eth");
    const calls = await deliver(update);
    expect(calls.map((c) => c.method)).toEqual(["answerInlineQuery"]);
    expect(calls[0]?.response?.ok).toBe(true);
    const results = calls[0]?.payload.results as { id: string }[];
    expect(results.map((r) => r.id)).toEqual(["ETH"]);
    expect(JSON.stringify(calls[0]?.payload)).not.toContain("<b>btc");
  });

  it("a sticker-only message gets the 'commands only' answer", async () => {
    const { user: from, chat } = user();
    const update = {
      update_id: nextUpdateId++,
      message: {
        message_id: 1,
        date: seconds(),
        chat,
        from,
        sticker: {
          file_id: "CAACAgIAAxkBAAIBsticker",
          file_unique_id: "AgADsticker",
          type: "regular",
          width: 512,
          height: 512,
          is_animated: false,
          is_video: false,
        },
      },
    } as Update;
    expect(seen(await deliver(update))).toEqual([COMMANDS_ONLY]);
  });

  it("a photo, with or without a caption that looks like a command, is not run as a command", async () => {
    const { user: from, chat } = user();
    expect(seen(await deliver(tb.fake.userPhoto(from, chat)))).toEqual([COMMANDS_ONLY]);
    expect(seen(await deliver(tb.fake.userPhoto(from, chat, "/balance <b>")))).toEqual([COMMANDS_ONLY]);
  });

  it("a photo right after a bare /connect is not taken as the key, and the wait goes on", async () => {
    const { user: from, chat } = user();
    const account = tb.ex.account();
    expect(seen(await deliver(tb.fake.userText(from, chat, "/connect"))).join("\n")).toContain(
      "Send me your API key",
    );
    const photo = await deliver(tb.fake.userPhoto(from, chat, "a caption"));
    expect(photo.map((call) => call.method)).not.toContain("deleteMessage");
    const outputs = seen(await deliver(tb.fake.userText(from, chat, account.readOnlyKey)));
    expect(outputs.at(-1)).toContain("read-only");
    expect(await tb.app.deps.accounts.isConnected(from.id)).toBe(true);
  });

  it("an edited message is not run again as a command", async () => {
    const { user: from, chat } = user();
    expect(seen(await deliver(tb.fake.userText(from, chat, "hello"))).join("\n")).toContain(
      "I don't understand hello",
    );
    const messageId = tb.fake.messages(chat.id).find((m) => !m.fromBot)?.messageId as number;
    expect(await deliver(tb.fake.editedText(from, chat, messageId, "/help"))).toEqual([]);
  });

  it("a callback query without its message (inline-mode shape) is answered, not crashed on", async () => {
    const { user: from, chat } = user();
    await deliver(tb.fake.userText(from, chat, "/help"));
    const botMessage = tb.fake.visible(chat.id).at(-1)?.messageId as number;
    const update = tb.fake.callback(from, chat, botMessage, "bal:refresh");
    delete update.callback_query?.message;
    const calls = await deliver(update);
    expect(calls.map((call) => call.method)).toEqual(["answerCallbackQuery"]);
    expect(seen(calls)).toEqual(["That button has expired. Send the command again."]);
    expect(tb.fake.unansweredCallbacks()).not.toContain(update.callback_query?.id);
  });

  it("a callback query without data (a game button) gets the expired-button answer", async () => {
    const { user: from, chat } = user();
    await deliver(tb.fake.userText(from, chat, "/help"));
    const botMessage = tb.fake.visible(chat.id).at(-1)?.messageId as number;
    const update = tb.fake.callback(from, chat, botMessage, "unused");
    const query = update.callback_query as { data?: string; game_short_name?: string };
    delete query.data;
    query.game_short_name = "snake";
    const calls = await deliver(update);
    expect(seen(calls)).toEqual(["That button has expired. Send the command again."]);
  });

  it("/price with 4096 '<' is answered with the argument shortened and escaped", async () => {
    const { user: from, chat } = user();
    const calls = await deliver(tb.fake.userText(from, chat, `/price ${"<".repeat(4096)}`));
    const reply = seen(calls);
    expect(reply).toHaveLength(1);
    expect(reply[0]).toContain(`I don't know ${"<".repeat(12)}….\n/price all lists every asset.`);
    expect(reply[0]?.length).toBeLessThan(200);
  });

  it("/price with long codes of emoji shortens them without splitting a character", async () => {
    const { user: from, chat } = user();
    // Each code is 41 UTF-16 units: a cut by units at an even count leaves half an emoji after the x.
    const code = `x${"😀".repeat(20)}`;
    const calls = await deliver(tb.fake.userText(from, chat, `/price ${code} y${code}`));
    expect(seen(calls).join("\n")).toMatch(/I don't know X(😀)+…\.\nI don't know YX(😀)+…\./u);
  });

  it("an invalid time zone of emoji is quoted back without splitting a character", async () => {
    const { user: from, chat } = user();
    await deliver(tb.fake.userText(from, chat, "/settings"));
    const menu = tb.fake.visible(chat.id).at(-1)?.messageId as number;
    await deliver(tb.fake.callback(from, chat, menu, "set:tz"));
    const answer = seen(await deliver(tb.fake.userText(from, chat, `x${"😀".repeat(50)}`)));
    expect(answer.join("\n")).toMatch(/I don't know the time zone “x(😀)+…”/u);
    expect(seen(await deliver(tb.fake.userText(from, chat, "/cancel")))).toEqual([
      "Cancelled. Nothing was changed.",
    ]);
  });

  it("trade commands quote bad input back without splitting a character", async () => {
    const { user: from, chat } = user();
    const account = tb.ex.account({ AUD: "1000" });
    await tb.app.deps.accounts.connect(from.id, account.readWriteKey);
    // Odd lengths put a character across the cut (12 for an asset, 40 for an amount).
    const amount = seen(await deliver(tb.fake.userText(from, chat, `/buy BTC x${"😀".repeat(30)}`)));
    expect(amount.join("\n")).toMatch(/^“x(😀)+” is not an amount/u);
    const asset = seen(await deliver(tb.fake.userText(from, chat, `/swap x${"😀".repeat(10)} ETH 10`)));
    expect(asset.join("\n")).toMatch(/I don't know the asset X(😀)+/u);
    // And inside the guided trade, at the amount question.
    expect(seen(await deliver(tb.fake.userText(from, chat, "/buy"))).join("\n")).toContain(
      "What would you like to buy?",
    );
    await deliver(tb.fake.userText(from, chat, "BTC"));
    const answer = seen(await deliver(tb.fake.userText(from, chat, `x${"😀".repeat(30)}`)));
    expect(answer.join("\n")).toMatch(/^“x(😀)+…?” is not an amount/u);
    await deliver(tb.fake.userText(from, chat, "/cancel"));
    // The one estimate is /connect's permission probe: none of the bad input was priced.
    expect(
      (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as object,
    ).toMatchObject({ writes: { "/api/private/swaps/estimate/": 1 } });
  });

  it("Change amount on a quote the next command voided is told it expired; the guided trade goes on", async () => {
    const { user: from, chat } = user();
    const account = tb.ex.account({ AUD: "1000", ETH: "1" });
    await tb.app.deps.accounts.connect(from.id, account.readWriteKey);
    await deliver(tb.fake.userText(from, chat, "/buy BTC 10"));
    const quote = tb.fake.visible(chat.id).at(-1);
    const change = quote?.message.reply_markup?.inline_keyboard
      .flat()
      .flatMap((b) => ("callback_data" in b && b.callback_data.endsWith(":a") ? [b.callback_data] : []))[0];
    expect(change).toBeDefined();
    // A second, guided trade is waiting for its asset when the old quote's button is pressed: /sell
    // voided the quote.
    expect(seen(await deliver(tb.fake.userText(from, chat, "/sell"))).join("\n")).toContain(
      "What would you like to sell?",
    );
    await deliver(tb.fake.callback(from, chat, quote?.messageId as number, change as string));
    const answer = tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined;
    expect(answer?.text).toContain("expired");
    expect(seen(await deliver(tb.fake.userText(from, chat, "ETH"))).at(-1)).toContain(
      "How much ETH would you like to sell?",
    );
  });

  it("an unknown command gets the localized 'unknown command' answer", async () => {
    const { user: from, chat } = user();
    expect(seen(await deliver(tb.fake.userText(from, chat, "/frobnicate now")))).toEqual([
      "I don't know that command. /help lists what I can do.",
    ]);
    const zh = tb.fake.privateChat(nextUserId++, { languageCode: "zh-hans" });
    const answer = seen(await deliver(tb.fake.userText(zh.user, zh.chat, "/frobnicate")));
    expect(answer).toHaveLength(1);
    expect(answer[0]).not.toContain("I don't know");
  });

  it("a user whose name is HTML is welcomed with the name escaped", async () => {
    const participant = tb.fake.privateChat(nextUserId++, { firstName: "<b>Eve</b> & <script>" });
    const calls = await deliver(tb.fake.userText(participant.user, participant.chat, "/start"));
    expect(seen(calls)[0]).toContain("Welcome, <b>Eve</b> & <script>!");
  });

  it("a user without a language code and with an unknown one gets English", async () => {
    const participant = tb.fake.privateChat(nextUserId++);
    const update = tb.fake.userText(participant.user, participant.chat, "/cancel");
    delete update.message?.from?.language_code;
    expect(seen(await deliver(update))).toEqual(["There is nothing to cancel."]);
    const klingon = tb.fake.privateChat(nextUserId++, { languageCode: "tlh" });
    expect(seen(await deliver(tb.fake.userText(klingon.user, klingon.chat, "/cancel")))).toEqual([
      "There is nothing to cancel.",
    ]);
  });
});
