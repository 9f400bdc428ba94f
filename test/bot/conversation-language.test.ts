/**
 * Translations inside conversations (the real conversations plugin, in-memory storage): every context
 * translates in the user's language read outside, asked once per conversation (at its entry), not once
 * per update; the language entered in holds to the end, and the next conversation reads it afresh.
 */
import { type Conversation, conversations, createConversation } from "@grammyjs/conversations";
import { Composer, Context } from "grammy";
import { describe, expect, it } from "vitest";
import type { BotContext, ConversationContext } from "../../src/bot/context.ts";
import { conversationLanguage } from "../../src/bot/pipeline/conversation-language.ts";
import { createI18n } from "../../src/bot/pipeline/i18n.ts";
import { mapConversationStorage } from "../support/conversation-storage.ts";

const i18n = createI18n();

function harness() {
  const store = new Map<string, unknown>();
  const said: string[] = [];
  let language = "zh";
  let asked = 0;
  const languageOf = conversationLanguage(i18n);
  const composer = new Composer<BotContext>();
  // Outside: the user's language as the session gives it, counting each time it is read.
  composer.use((ctx, next) => {
    ctx.i18n = {
      getLocale: async () => {
        asked++;
        return language;
      },
    } as BotContext["i18n"];
    return next();
  });
  composer.use(
    conversations<BotContext, ConversationContext>({
      storage: mapConversationStorage(store),
      plugins: (conversation) => [languageOf(conversation)],
    }),
  );
  const steps = async (
    conversation: Conversation<BotContext, ConversationContext>,
    ctx: ConversationContext,
  ) => {
    said.push(`${await ctx.i18n.getLocale()}: ${ctx.t("trade-pick-buy")}`);
    for (let step = 0; step < 2; step++) {
      const next = await conversation.waitFor("message:text");
      said.push(`${await next.i18n.getLocale()}: ${next.t("button-cancel")}`);
    }
  };
  composer.use(createConversation(steps, "steps"));
  composer.command("go", (ctx) => ctx.conversation.enter("steps"));
  let id = 1;
  const send = (text: string) => {
    const entities = text.startsWith("/") ? [{ type: "bot_command", offset: 0, length: text.length }] : [];
    const update = {
      update_id: id++,
      message: {
        message_id: id,
        date: 0,
        chat: { id: 7, type: "private" },
        from: { id: 7, language_code: "en" },
        text,
        entities,
      },
    };
    const ctx = new Context(update as never, {} as never, { username: "bot" } as never) as BotContext;
    return composer.middleware()(ctx, async () => undefined);
  };
  const ops = () => JSON.stringify(store.get("7") ?? "").match(/\\?"payload\\?":\\?"external/g)?.length ?? 0;
  return {
    said,
    send,
    asked: () => asked,
    ops,
    choose: (code: string) => {
      language = code;
    },
  };
}

describe("conversationLanguage", () => {
  it("translates every step in the user's language, read outside once per conversation", async () => {
    const { said, send, asked, ops } = harness();
    // (Each update replays the steps before it: the last line said is the update's own.)
    await send("/go");
    expect(said.at(-1)).toBe(`zh: ${i18n.t("zh", "trade-pick-buy")}`);
    await send("a");
    expect(said.at(-1)).toBe(`zh: ${i18n.t("zh", "button-cancel")}`);
    // Replayed once over by now, yet the language was read once, and one external is on record.
    expect(ops()).toBe(1);
    await send("b");
    expect(said.at(-1)).toBe(`zh: ${i18n.t("zh", "button-cancel")}`);
    expect(i18n.t("zh", "button-cancel")).not.toBe(i18n.t("en", "button-cancel"));
    expect(asked()).toBe(1);
  });

  it("keeps the language a conversation was entered in; the next one reads it afresh", async () => {
    const { said, send, asked, choose } = harness();
    await send("/go");
    choose("en");
    await send("a");
    await send("b");
    expect(said.at(-1)).toBe(`zh: ${i18n.t("zh", "button-cancel")}`);
    await send("/go");
    expect(said.at(-1)).toBe(`en: ${i18n.t("en", "trade-pick-buy")}`);
    expect(asked()).toBe(2);
  });
});
