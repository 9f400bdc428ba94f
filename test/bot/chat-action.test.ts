/** The chat action kept alive while the bot waits, on fake timers. */
import type { Context } from "grammy";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHAT_ACTION_DELAY_MS, withChatAction } from "../../src/bot/flow-kit/chat-action.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function fakeContext(fails = false) {
  const sent: number[] = [];
  const ctx = {
    chat: { id: 1, type: "private" },
    replyWithChatAction: async () => {
      sent.push(Date.now());
      if (fails) throw new Error("Too Many Requests");
      return true;
    },
  } as unknown as Context;
  return { ctx, sent };
}

describe("withChatAction", () => {
  it("sends the action once the work has taken the delay, then every interval until it ends, then stops", async () => {
    const { ctx, sent } = fakeContext();
    const start = Date.now();
    let finish: (value: string) => void = () => undefined;
    const work = new Promise<string>((resolve) => {
      finish = resolve;
    });
    const result = withChatAction(ctx, () => work, { intervalMs: 4000 });
    await vi.advanceTimersByTimeAsync(13_000);
    const first = CHAT_ACTION_DELAY_MS;
    expect(sent.map((at) => at - start)).toEqual([first, first + 4000, first + 8000, first + 12_000]);
    finish("done");
    expect(await result).toBe("done");
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent).toHaveLength(4);
  });

  it("work done before the delay sends no action at all", async () => {
    const { ctx, sent } = fakeContext();
    const quick = withChatAction(ctx, async () => "at once", { intervalMs: 4000 });
    expect(await quick).toBe("at once");
    const soon = withChatAction(ctx, () => new Promise((r) => setTimeout(() => r("soon"), 200)), {
      intervalMs: 4000,
      delayMs: 250,
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(await soon).toBe("soon");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual([]);
  });

  it("a failing chat action never fails the work, and a failing work still stops the action", async () => {
    const { ctx, sent } = fakeContext(true);
    let fail: (error: Error) => void = () => undefined;
    const work = new Promise<string>((_resolve, reject) => {
      fail = reject;
    });
    const result = withChatAction(ctx, () => work, { intervalMs: 100 });
    const settled = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(250);
    fail(new Error("exchange down"));
    expect(((await settled) as Error).message).toBe("exchange down");
    const count = sent.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(count);
  });
});
