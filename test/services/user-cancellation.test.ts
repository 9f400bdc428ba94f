/** The user's cancel scopes on real Redis; two registries stand for two processes sharing it. */
import { describe, expect, it } from "vitest";
import { withReadAhead } from "../../src/services/runtime/update-reads.ts";
import { createUserCancellation } from "../../src/services/runtime/user-cancellation.ts";
import { redisWithPrefixes } from "../support/redis-prefixes.ts";

const { redis, prefix: prefixFor } = redisWithPrefixes();
const prefix = prefixFor("cancel");

describe("user cancellation", () => {
  it("/cancel aborts the user's other scopes in this process, not its own nor other users'", async () => {
    const registry = createUserCancellation({ redis, prefix, otherInstances: true });
    const slow = await registry.open(1);
    const stranger = await registry.open(2);
    const cancel = await registry.open(1);
    expect(await cancel.cancelOthers()).toEqual({ interrupted: 1, writing: false });
    expect(slow.signal.aborted).toBe(true);
    expect(await slow.cancelled()).toBe(true);
    expect(cancel.signal.aborted).toBe(false);
    expect(await cancel.cancelled()).toBe(false);
    expect(stranger.signal.aborted).toBe(false);
    expect(await stranger.cancelled()).toBe(false);
    for (const scope of [slow, stranger, cancel]) scope.close();
  });

  it("a /cancel in another process is seen through Redis (no abort reaches across)", async () => {
    const processA = createUserCancellation({ redis, prefix, otherInstances: true });
    const processB = createUserCancellation({ redis, prefix, otherInstances: true });
    const slow = await processA.open(3);
    const cancel = await processB.open(3);
    expect(await cancel.cancelOthers()).toEqual({ interrupted: 0, writing: false });
    expect(slow.signal.aborted).toBe(false);
    expect(await slow.cancelled()).toBe(true);
    // An update that starts after the /cancel is not overtaken.
    const later = await processA.open(3);
    expect(await later.cancelled()).toBe(false);
    for (const scope of [slow, cancel, later]) scope.close();
  });

  it("opens at once with the generation read ahead, and sees a /cancel that came after it", async () => {
    const registry = createUserCancellation({ redis, prefix, otherInstances: true });
    expect(registry.openReadAhead(6)).toBeUndefined(); // outside an update: nothing read ahead
    await withReadAhead(redis, { keys: [registry.generationKey(6)] }, async () => {
      const scope = registry.openReadAhead(6);
      expect(scope).toBeDefined();
      // The generation was handed out once: a second scope would have to ask Redis.
      expect(registry.openReadAhead(6)).toBeUndefined();
      const cancel = await registry.open(6);
      expect(await cancel.cancelOthers()).toEqual({ interrupted: 1, writing: false });
      expect(await scope?.cancelled()).toBe(true);
      scope?.close();
      cancel.close();
    });
  });

  it("one instance (long polling) knows every /cancel itself: its checks ask no Redis", async () => {
    const registry = createUserCancellation({ redis, prefix, otherInstances: false });
    const slow = await registry.open(7);
    const other = await registry.open(8);
    // A bump no process of this bot made (there is none but this one) changes nothing here...
    await redis.incr(registry.generationKey(8));
    expect(await other.cancelled()).toBe(false);
    // ...while this process's own /cancel is known at once.
    const cancel = await registry.open(7);
    expect(await cancel.cancelOthers()).toEqual({ interrupted: 1, writing: false });
    expect(await slow.cancelled()).toBe(true);
    expect(await cancel.cancelled()).toBe(false);
    for (const scope of [slow, other, cancel]) scope.close();
  });

  it("tells /cancel when a write is being sent, and forgets closed scopes", async () => {
    const registry = createUserCancellation({ redis, prefix, otherInstances: true });
    const confirm = await registry.open(4);
    let release: () => void = () => undefined;
    const placing = confirm.writing(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const cancel = await registry.open(4);
    expect(await cancel.cancelOthers()).toEqual({ interrupted: 1, writing: true });
    release();
    await placing;
    confirm.close();
    cancel.close();
    const again = await registry.open(4);
    expect(await again.cancelOthers()).toEqual({ interrupted: 0, writing: false });
    again.close();
  });

  it("scopes closed in any order, or twice, leave exactly the open ones to interrupt", async () => {
    const registry = createUserCancellation({ redis, prefix, otherInstances: true });
    const [first, second, third, fourth] = [
      await registry.open(5),
      await registry.open(5),
      await registry.open(5),
      await registry.open(5),
    ] as const;
    second.close(); // in the middle
    fourth.close(); // the newest
    fourth.close(); // twice: nothing changes
    const cancel = await registry.open(5);
    expect(await cancel.cancelOthers()).toEqual({ interrupted: 2, writing: false });
    expect([first, second, third, fourth].map((scope) => scope.signal.aborted)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    for (const scope of [third, first, cancel]) scope.close();
    const alone = await registry.open(5);
    expect(await alone.cancelOthers()).toEqual({ interrupted: 0, writing: false });
    alone.close();
  });
});
