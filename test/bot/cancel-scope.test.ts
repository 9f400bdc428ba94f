/**
 * The state guard: an update overtaken by the user's /cancel does not save its session or conversation
 * state over what /cancel wrote; /cancel's own writes and other users' go through.
 */
import { describe, expect, it } from "vitest";
import type { BotContext, BotDeps } from "../../src/bot/context.ts";
import { cancelScopes, guardStateWrites } from "../../src/bot/pipeline/cancel-scope.ts";
import { createRedisStorage } from "../../src/services/runtime/redis-storage.ts";
import { withReadAhead } from "../../src/services/runtime/update-reads.ts";
import { createUserCancellation } from "../../src/services/runtime/user-cancellation.ts";
import { deferred } from "../support/deferred.ts";
import { redisWithPrefixes } from "../support/redis-prefixes.ts";

const { redis, prefix: prefixFor } = redisWithPrefixes();
const prefix = prefixFor("cancel-scope");

const deps = {
  cancellation: createUserCancellation({ redis, prefix: `${prefix}gen:`, otherInstances: true }),
} as BotDeps;
const middleware = cancelScopes(deps);
const storage = guardStateWrites(createRedisStorage<{ step: string }>({ redis, prefix: `${prefix}state:` }));

/** Runs `work` as an update of `userId`, inside its cancel scope. */
async function update(userId: number, work: (ctx: BotContext) => Promise<void>): Promise<void> {
  const ctx = { from: { id: userId } } as BotContext;
  await middleware(ctx, () => work(ctx));
}

describe("guardStateWrites", () => {
  it("the cancel wins: the overtaken update's later write and delete are skipped", async () => {
    const { promise: paused, resolve: resume } = deferred();
    const { promise: running, resolve: started } = deferred();
    const slow = update(10, async () => {
      await storage.write("u10", { step: "asking" });
      started();
      await paused; // the slow step
      await storage.write("u10", { step: "after the slow step" });
      await storage.delete("other-key");
    });
    await running;
    await storage.write("other-key", { step: "kept" });
    await update(10, async (ctx) => {
      await ctx.cancelScope.cancelOthers();
      await storage.delete("u10");
    });
    resume();
    await slow;
    expect(await storage.read("u10")).toBeUndefined();
    expect(await storage.read("other-key")).toEqual({ step: "kept" });
  });

  it("writes of updates not overtaken go through, inside and outside a scope", async () => {
    await update(11, async () => {
      await storage.write("u11", { step: "one" });
    });
    expect(await storage.read("u11")).toEqual({ step: "one" });
    await storage.write("u11", { step: "two" });
    expect(await storage.read("u11")).toEqual({ step: "two" });
  });

  it("inside the read-ahead's frame, the scope joins it: reads ahead still served, overtaken writes skipped", async () => {
    const state = createRedisStorage<{ step: string }>({ redis, prefix: `${prefix}state:` });
    await state.write("u12", { step: "read ahead" });
    const reads = { keys: [state.redisKey?.("u12") as string, deps.cancellation.generationKey(12)] };
    const { promise: paused, resolve: resume } = deferred();
    const { promise: atPause, resolve: reached } = deferred();
    const seen: unknown[] = [];
    const slow = withReadAhead(redis, reads, () =>
      update(12, async () => {
        // Changed after the read-ahead: the read takes the value read ahead, not Redis's.
        await redis.set(`${prefix}state:u12`, JSON.stringify({ step: "changed" }));
        seen.push(await guardStateWrites(state).read("u12"));
        reached();
        await paused;
        await storage.write("u12", { step: "after the cancel" });
      }),
    );
    await atPause;
    await update(12, async (ctx) => {
      await ctx.cancelScope.cancelOthers();
    });
    resume();
    await slow;
    expect(seen).toEqual([{ step: "read ahead" }]);
    expect(await state.read("u12")).toEqual({ step: "changed" });
  });
});
