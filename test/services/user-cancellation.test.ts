/** The user's cancel scopes on real Redis; two registries stand for two processes sharing it. */
import { describe, expect, it } from "vitest";
import { withReadAhead } from "../../src/services/runtime/update-reads.ts";
import { createUserCancellation, WriteCancelled } from "../../src/services/runtime/user-cancellation.ts";
import { redisWithPrefixes } from "../support/redis-prefixes.ts";

const { redis, prefix: prefixFor } = redisWithPrefixes();
const prefix = prefixFor("cancel");

describe("user cancellation", () => {
  it("/cancel aborts the user's other scopes in this process, not its own nor other users'", async () => {
    const registry = createUserCancellation({ redis, prefix, otherInstances: true });
    const slow = await registry.open(1);
    const stranger = await registry.open(2);
    const cancel = await registry.open(1);
    expect(await cancel.cancelOthers()).toEqual({ interrupted: 1 });
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
    expect(await cancel.cancelOthers()).toEqual({ interrupted: 0 });
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
      expect(await cancel.cancelOthers()).toEqual({ interrupted: 1 });
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
    expect(await cancel.cancelOthers()).toEqual({ interrupted: 1 });
    expect(await slow.cancelled()).toBe(true);
    expect(await cancel.cancelled()).toBe(false);
    for (const scope of [slow, other, cancel]) scope.close();
  });

  it("tells /cancel when a write is being sent, then once that it was sent; forgets closed scopes", async () => {
    const registry = createUserCancellation({ redis, prefix, otherInstances: true });
    const confirm = await registry.open(4);
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const begun = new Promise<void>((resolve) => {
      started = resolve;
    });
    const placing = confirm.writing("trade", () => {
      started();
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    // The write is recorded as being sent before its work starts.
    await begun;
    const cancel = await registry.open(4);
    expect(await cancel.cancelOthers()).toEqual({ interrupted: 1, writing: "trade" });
    release();
    await placing;
    confirm.close();
    cancel.close();
    // Sent a moment ago: the next /cancel hears of it once, then no more.
    const again = await registry.open(4);
    expect(await again.cancelOthers()).toEqual({ interrupted: 0, wrote: "trade" });
    again.close();
    const third = await registry.open(4);
    expect(await third.cancelOthers()).toEqual({ interrupted: 0 });
    third.close();
  });

  it("a write of an update that a /cancel overtook is never sent, on any process", async () => {
    const processA = createUserCancellation({ redis, prefix, otherInstances: true });
    const processB = createUserCancellation({ redis, prefix, otherInstances: true });
    const sent: string[] = [];
    for (const [name, cancelling] of [
      ["same process", processA],
      ["another process", processB],
    ] as const) {
      const confirm = await processA.open(9);
      const cancel = await cancelling.open(9);
      expect(await cancel.cancelOthers()).toEqual({ interrupted: cancelling === processA ? 1 : 0 });
      await expect(
        confirm.writing("alert", async () => {
          sent.push(name);
        }),
      ).rejects.toBeInstanceOf(WriteCancelled);
      confirm.close();
      cancel.close();
    }
    expect(sent).toEqual([]);
    // An update that began after the /cancel writes as usual.
    const later = await processA.open(9);
    await later.writing("alert", async () => {
      sent.push("later");
    });
    later.close();
    expect(sent).toEqual(["later"]);
  });

  it("a write and a /cancel racing: either the write is refused or /cancel hears of it (200 races)", async () => {
    const processA = createUserCancellation({ redis, prefix, otherInstances: true });
    const processB = createUserCancellation({ redis, prefix, otherInstances: true });
    const outcomes = { refused: 0, reported: 0 };
    for (let run = 0; run < 200; run++) {
      const userId = 100 + run;
      const confirm = await processA.open(userId);
      const cancel = await (run % 2 === 0 ? processA : processB).open(userId);
      let wrote = false;
      const [written, stopped] = await Promise.allSettled([
        confirm.writing("trade", async () => {
          wrote = true;
        }),
        cancel.cancelOthers(),
      ]);
      confirm.close();
      cancel.close();
      if (stopped.status !== "fulfilled") throw stopped.reason;
      const told = stopped.value.writing ?? stopped.value.wrote;
      if (written.status === "rejected") {
        expect(written.reason).toBeInstanceOf(WriteCancelled);
        expect(wrote).toBe(false);
        expect(told).toBeUndefined();
        outcomes.refused++;
      } else {
        // The write went: /cancel knew, so it never said that nothing changed.
        expect(told).toBe("trade");
        outcomes.reported++;
      }
    }
    expect(outcomes.refused + outcomes.reported).toBe(200);
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
    expect(await cancel.cancelOthers()).toEqual({ interrupted: 2 });
    expect([first, second, third, fourth].map((scope) => scope.signal.aborted)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    for (const scope of [third, first, cancel]) scope.close();
    const alone = await registry.open(5);
    expect(await alone.cancelOthers()).toEqual({ interrupted: 0 });
    alone.close();
  });
});
