/**
 * Per-chat sequencing with /cancel allowed to jump the queue, on plain middleware calls: each "update"
 * records when it starts and finishes, and waits on a gate the test opens, so no timing is involved.
 */
import type { Context } from "grammy";
import { describe, expect, it } from "vitest";
import { sequentializeUpdates } from "../../src/bot/pipeline/sequencing.ts";

interface Fake {
  key: string;
  urgent: boolean;
}

function harness() {
  const events: string[] = [];
  const middleware = sequentializeUpdates<Context & Fake>(
    (ctx) => [ctx.key],
    (ctx) => ctx.urgent,
  );
  /** Delivers an update named `name`; it finishes when its gate is opened. */
  function deliver(name: string, options: { urgent?: boolean; key?: string } = {}) {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const ctx = { key: options.key ?? "u1", urgent: options.urgent ?? false } as Context & Fake;
    const done = middleware(ctx, async () => {
      events.push(`${name} starts`);
      await gate;
      events.push(`${name} ends`);
    });
    return { open, done };
  }
  return { events, deliver };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("sequentializeUpdates", () => {
  it("runs one update at a time per key, in order; other keys run beside", async () => {
    const { events, deliver } = harness();
    const a = deliver("a");
    const b = deliver("b");
    const other = deliver("other", { key: "u2" });
    await settle();
    expect(events).toEqual(["a starts", "other starts"]);
    a.open();
    await a.done;
    await settle();
    expect(events).toContain("b starts");
    b.open();
    other.open();
    await Promise.all([b.done, other.done]);
  });

  it("an urgent update does not wait behind a running one, and later updates wait for both", async () => {
    const { events, deliver } = harness();
    const slow = deliver("slow");
    const cancel = deliver("cancel", { urgent: true });
    const after = deliver("after");
    await settle();
    expect(events).toEqual(["slow starts", "cancel starts"]);
    cancel.open();
    await cancel.done;
    await settle();
    // The slow one still runs: the next update waits for it too.
    expect(events).toEqual(["slow starts", "cancel starts", "cancel ends"]);
    slow.open();
    await slow.done;
    await settle();
    expect(events.at(-1)).toBe("after starts");
    after.open();
    await after.done;
  });

  it("a double /cancel cannot race itself: the second waits for the first", async () => {
    const { events, deliver } = harness();
    const slow = deliver("slow");
    const first = deliver("cancel1", { urgent: true });
    const second = deliver("cancel2", { urgent: true });
    await settle();
    expect(events).toEqual(["slow starts", "cancel1 starts"]);
    first.open();
    await first.done;
    await settle();
    expect(events.at(-1)).toBe("cancel2 starts");
    second.open();
    slow.open();
    await Promise.all([second.done, slow.done]);
  });

  it("a failed update does not stop the ones after it, and its error reaches its caller", async () => {
    const middleware = sequentializeUpdates<Context & Fake>(
      (ctx) => [ctx.key],
      () => false,
    );
    const ctx = { key: "u1", urgent: false } as Context & Fake;
    const failing = middleware(ctx, async () => {
      throw new Error("boom");
    });
    let ran = false;
    const next = middleware(ctx, async () => {
      ran = true;
    });
    await expect(failing).rejects.toThrow("boom");
    await next;
    expect(ran).toBe(true);
  });
});
