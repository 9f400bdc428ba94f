/**
 * The bench's model of Telegram's webhook delivery (bench/support/webhook-delivery.ts): one update per chat
 * in flight, at most `connections` in all, and a chat with one message not kept behind another chat's flood.
 */
import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { callbackUpdate, inlineUpdate, textUpdate } from "../../bench/support/updates.ts";
import { createWebhookDelivery, deliveryQueue } from "../../bench/support/webhook-delivery.ts";

/** A webhook whose answers the test gives: what was sent, in order, and the answers still owed. */
function webhook() {
  const sent: Update[] = [];
  const owed: { update: Update; answer(error?: Error): void }[] = [];
  const send = (update: Update) =>
    new Promise<void>((resolve, reject) => {
      sent.push(update);
      owed.push({ update, answer: (error) => (error === undefined ? resolve() : reject(error)) });
    });
  /** Answers the oldest update in flight of `chat` (any, without). */
  const answer = async (chat?: number, error?: Error) => {
    const at = owed.findIndex((o) => chat === undefined || o.update.message?.chat.id === chat);
    const [owedOne] = owed.splice(at, 1);
    owedOne?.answer(error);
    // Lets the delivery take its next step.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { sent, owed, send, answer };
}

const textOf = (update: Update | undefined) => update?.message?.text;

describe("webhook delivery as Telegram's", () => {
  it("keys messages by chat, presses and inline queries by user, apart", () => {
    expect(deliveryQueue(textUpdate(7, "hi"))).toBe("chat:7");
    expect(deliveryQueue(callbackUpdate(7, 1, "x"))).toBe("press:7");
    expect(deliveryQueue(inlineUpdate(7, "btc"))).toBe("inline:7");
  });

  it("sends one update of a chat at a time, in order, and the chat's next once it was answered", async () => {
    const hook = webhook();
    const delivery = createWebhookDelivery(40, hook.send);
    const posted = ["a", "b", "c"].map((text) => delivery.post(textUpdate(1, text)));
    expect(hook.sent.map(textOf)).toEqual(["a"]);
    await hook.answer(1);
    expect(hook.sent.map(textOf)).toEqual(["a", "b"]);
    await hook.answer(1);
    await hook.answer(1);
    await Promise.all(posted);
    expect(hook.sent.map(textOf)).toEqual(["a", "b", "c"]);
  });

  it("has at most `connections` in flight across chats", async () => {
    const hook = webhook();
    const delivery = createWebhookDelivery(2, hook.send);
    const posted = [1, 2, 3, 4].map((chat) => delivery.post(textUpdate(chat, `from ${chat}`)));
    expect(hook.owed).toHaveLength(2);
    await hook.answer(2);
    expect(hook.owed.map((o) => o.update.message?.chat.id)).toEqual([1, 3]);
    for (let i = 0; i < 3; i++) await hook.answer();
    await Promise.all(posted);
    expect(hook.sent).toHaveLength(4);
  });

  it("sends a chat's one message before the rest of another chat's flood that came first", async () => {
    const hook = webhook();
    const delivery = createWebhookDelivery(2, hook.send);
    const flood = Array.from({ length: 50 }, (_, i) => delivery.post(textUpdate(1, `flood ${i}`)));
    const one = delivery.post(textUpdate(2, "balance"));
    // The flood holds one connection; the other chat's message takes the second at once.
    expect(hook.sent.map(textOf)).toEqual(["flood 0", "balance"]);
    await hook.answer(2);
    await one;
    for (let i = 0; i < 50; i++) await hook.answer(1);
    await Promise.all(flood);
    expect(hook.sent.filter((u) => u.message?.chat.id === 1).map(textOf)).toEqual(
      Array.from({ length: 50 }, (_, i) => `flood ${i}`),
    );
  });

  it("fails the post of an update the webhook failed, and goes on with the chat's next", async () => {
    const hook = webhook();
    const delivery = createWebhookDelivery(1, hook.send);
    const first = delivery.post(textUpdate(1, "a"));
    const second = delivery.post(textUpdate(1, "b"));
    const failed = expect(first).rejects.toThrow("500");
    await hook.answer(1, new Error("the webhook answered 500"));
    await failed;
    expect(hook.sent.map(textOf)).toEqual(["a", "b"]);
    await hook.answer(1);
    await expect(second).resolves.toBeUndefined();
  });
});
