/**
 * The conversation layer with the real conversations plugin (in-memory storage): the conversations'
 * middlewares run for a user in a conversation, not for a user in none, and entering one still works;
 * for a user known to be in none (`idle`), the plugin itself runs only to enter a conversation.
 */
import { type Conversation, conversations, createConversation } from "@grammyjs/conversations";
import { Context, type Middleware } from "grammy";
import { describe, expect, it } from "vitest";
import type { BotContext } from "../../src/bot/context.ts";
import { conversationLayer } from "../../src/bot/pipeline/conversation-gate.ts";
import { BotComposer } from "../../src/bot/pipeline/fast-filter.ts";
import { mapConversationStorage } from "../support/conversation-storage.ts";

/** `idle`: whether the layer may take the user as in no conversation (when the store holds nothing). */
function harness(idle = false) {
  const store = new Map<string, unknown>();
  const said: string[] = [];
  let ran = 0;
  let pluginRan = 0;
  const counted =
    (middleware: Middleware<BotContext>): Middleware<BotContext> =>
    (ctx, next) => {
      ran++;
      return typeof middleware === "function" ? middleware(ctx, next) : middleware.middleware()(ctx, next);
    };
  const ask = async (conversation: Conversation<BotContext, Context>, ctx: Context) => {
    said.push(`asked ${ctx.message?.text}`);
    const answer = await conversation.waitFor("message:text");
    said.push(`answered ${answer.message.text}`);
  };
  const other = async (conversation: Conversation<BotContext, Context>) => {
    await conversation.wait();
  };
  const composer = new BotComposer<BotContext>();
  const plugin = conversations<BotContext, Context>({
    storage: mapConversationStorage(store),
  });
  const layer = conversationLayer({
    plugin: (ctx, next) => {
      pluginRan++;
      return plugin(ctx, next);
    },
    isIdle: (ctx) => idle && !store.has(String(ctx.from?.id)),
    installed: [counted(createConversation(ask, "ask")), counted(createConversation(other, "other"))],
  });
  composer.use(layer.plugin);
  composer.command("active", (ctx) => void said.push(`active ${JSON.stringify(ctx.conversation.active())}`));
  composer.command("twice", async (ctx) => {
    await ctx.conversation.enter("ask");
    await ctx.conversation
      .enter("other")
      .catch((error: Error) => void said.push(`refused: ${error.message}`));
  });
  composer.command("quit", async (ctx) => {
    await ctx.conversation.exitAll();
    said.push("quit");
  });
  composer.use(layer.gate);
  composer.command("ask", (ctx) => ctx.conversation.enter("ask"));
  composer.on("message:text", (ctx) => void said.push(`fallback ${ctx.message.text}`));
  let id = 1;
  const send = (text: string) => {
    const entities = text.startsWith("/") ? [{ type: "bot_command", offset: 0, length: text.length }] : [];
    const update = {
      update_id: id++,
      message: { message_id: id, date: 0, chat: { id: 7, type: "private" }, from: { id: 7 }, text, entities },
    };
    const ctx = new Context(update as never, {} as never, { username: "bot" } as never) as BotContext;
    return composer.middleware()(ctx, async () => undefined);
  };
  return { said, send, store, ran: () => ran, pluginRan: () => pluginRan };
}

describe("conversationLayer", () => {
  it("passes a user in no conversation on without running the conversations' middlewares", async () => {
    const { said, send, ran } = harness();
    await send("hello");
    expect(said).toEqual(["fallback hello"]);
    expect(ran()).toBe(0);
  });

  it("registers the conversations when one is entered, then hands them the next update", async () => {
    const { said, send, store, ran } = harness();
    await send("/ask");
    expect(said).toEqual(["asked /ask"]);
    // Registered (each middleware once) just before the plugin entered the conversation.
    expect(ran()).toBe(2);
    expect(store.size).toBe(1);
    await send("42");
    // (The plugin replays the conversation from its start, so its first step runs again.)
    expect(said.at(-1)).toBe("answered 42");
    // The conversation in progress took the update; the one after it was not asked.
    expect(ran()).toBe(3);
    // The conversation is over: back to the fallback, with no middleware run.
    await send("hello");
    expect(said.at(-1)).toBe("fallback hello");
    expect(ran()).toBe(3);
    expect(store.size).toBe(0);
  });

  it("for a user known to be in none: no plugin until one is entered, then the same conversation", async () => {
    const { said, send, store, ran, pluginRan } = harness(true);
    await send("hello");
    await send("/active");
    await send("/quit");
    expect(said).toEqual(["fallback hello", "active {}", "quit"]);
    expect(pluginRan()).toBe(0);
    expect(ran()).toBe(0);
    expect(store.size).toBe(0);

    await send("/ask");
    expect(said.at(-1)).toBe("asked /ask");
    // The plugin ran once, to enter; it registered both conversations and saved the state.
    expect(pluginRan()).toBe(1);
    expect(ran()).toBe(2);
    expect(store.size).toBe(1);
    // In a conversation: the plugin's controls see it, and the conversation takes the answer as before.
    await send("/active");
    expect(said.at(-1)).toBe('active {"ask":1}');
    await send("42");
    expect(said.at(-1)).toBe("answered 42");
    expect(pluginRan()).toBe(3);
    expect(store.size).toBe(0);
  });

  it("a user who leaves the conversation is known to be in none again", async () => {
    const { said, send, store, pluginRan } = harness(true);
    await send("/ask");
    // /quit comes before the conversations: the plugin's controls exit the one in progress.
    await send("/quit");
    expect(said).toEqual(["asked /ask", "quit"]);
    expect(pluginRan()).toBe(2);
    expect(store.size).toBe(0);
    await send("/active");
    expect(said.at(-1)).toBe("active {}");
    expect(pluginRan()).toBe(2);
  });

  it("entering is the update's last use of idle controls: a second enter is refused, the first saved", async () => {
    const { said, send, store, pluginRan } = harness(true);
    await send("/twice");
    expect(said[0]).toBe("asked /twice");
    expect(said[1]).toMatch(/^refused: .*(already completed|already entered)/);
    expect(pluginRan()).toBe(1);
    // Only the first conversation was saved.
    expect(JSON.stringify([...store.values()])).toContain('"ask"');
    expect(JSON.stringify([...store.values()])).not.toContain('"other"');
  });
});
