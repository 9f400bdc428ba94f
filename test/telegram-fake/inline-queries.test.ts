/** The fake's inline mode fails where Telegram would, so a bot's bad answers show up in tests. */
import { Api } from "grammy";
import type { InlineQueryResultArticle } from "grammy/types";
import { describe, expect, it } from "vitest";
import { FakeTelegram } from "../../src/telegram-fake/index.ts";

const article = (id: string, text = "<b>BTC</b>"): InlineQueryResultArticle => ({
  type: "article",
  id,
  title: id,
  input_message_content: { message_text: text, parse_mode: "HTML" },
});

function setUp() {
  const fake = new FakeTelegram();
  const api = new Api(fake.token, fake.clientOptions);
  const { user } = fake.privateChat(42);
  const queryId = () => fake.inlineQuery(user, "btc").inline_query?.id ?? "";
  return { fake, api, queryId };
}

describe("fake inline queries", () => {
  it("delivers the query with its text and accepts one answer", async () => {
    const { fake, api } = setUp();
    const update = fake.inlineQuery(fake.privateChat(7).user, "eth", "group");
    expect(update.inline_query).toMatchObject({ query: "eth", chat_type: "group", offset: "" });
    await expect(api.answerInlineQuery(update.inline_query?.id ?? "", [article("ETH")])).resolves.toBe(true);
    await expect(api.answerInlineQuery(update.inline_query?.id ?? "", [])).rejects.toThrow(
      /query ID is invalid/,
    );
  });

  it("refuses unknown queries, duplicate or empty ids, bad HTML and too many results", async () => {
    const { api, queryId } = setUp();
    await expect(api.answerInlineQuery("123", [])).rejects.toThrow(/query ID is invalid/);
    await expect(api.answerInlineQuery(queryId(), [article("A"), article("A")])).rejects.toThrow(/DUPLICATE/);
    await expect(api.answerInlineQuery(queryId(), [article("")])).rejects.toThrow(/RESULT_ID_INVALID/);
    await expect(api.answerInlineQuery(queryId(), [article("A", "<b>open")])).rejects.toThrow(/can't parse/);
    const many = Array.from({ length: 51 }, (_, i) => article(`A${i}`));
    await expect(api.answerInlineQuery(queryId(), many)).rejects.toThrow(/RESULTS_TOO_MUCH/);
    await expect(
      api.answerInlineQuery(queryId(), [], { button: { text: "Open", start_parameter: "bad param!" } }),
    ).rejects.toThrow(/START_PARAM_INVALID/);
  });
});
