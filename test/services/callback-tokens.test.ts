/** Single-use tokens and each user's live set on real Redis: what voiding and consuming leave behind. */
import { describe, expect, it } from "vitest";
import { createCallbackTokens } from "../../src/services/runtime/callback-tokens.ts";
import { redisWithPrefixes } from "../support/redis-prefixes.ts";

const { redis, prefix: prefixFor } = redisWithPrefixes();
const prefix = prefixFor("cbtoken");
const tokens = createCallbackTokens({ redis, prefix });

describe("live confirmations", () => {
  it("voiding revokes every live token at once and returns where each was shown; used ones are left out", async () => {
    const quote = await tokens.issue(1, { action: "swap" }, 60, "quote-cancelled");
    const card = await tokens.issue(1, { action: "dca" }, 60);
    const used = await tokens.issue(1, { action: "alert-create" }, 60, "alerts-confirm-cancelled");
    const stranger = await tokens.issue(2, { action: "swap" }, 60, "quote-cancelled");
    await tokens.shown(1, quote, { chatId: 1, messageId: 10 });
    await tokens.shown(1, used, { chatId: 1, messageId: 12 });
    expect(await tokens.consume(1, used)).toEqual({ status: "ok", payload: { action: "alert-create" } });

    const voided = await tokens.voidAll(1);
    expect(voided.sort((a, b) => a.token.localeCompare(b.token))).toEqual(
      [
        {
          token: quote,
          payload: { action: "swap" },
          voidedKey: "quote-cancelled",
          shownAt: { chatId: 1, messageId: 10 },
        },
        { token: card, payload: { action: "dca" }, voidedKey: undefined, shownAt: undefined },
      ].sort((a, b) => a.token.localeCompare(b.token)),
    );
    expect(await tokens.consume(1, quote)).toEqual({ status: "expired" });
    expect(await tokens.consume(1, card)).toEqual({ status: "expired" });
    expect(await tokens.voidAll(1)).toEqual([]);
    // Another user's confirmations are theirs.
    expect(await tokens.consume(2, stranger)).toMatchObject({ status: "ok" });
  });

  it("a token used before it was recorded as shown stays out of the live set", async () => {
    const token = await tokens.issue(3, { action: "disconnect" }, 60, "cancelled");
    await tokens.consume(3, token);
    await tokens.shown(3, token, { chatId: 3, messageId: 1 });
    expect(await redis.get(tokens.liveKey(3))).toBeNull();
    expect(await tokens.voidAll(3)).toEqual([]);
  });

  it("a stranger's press neither uses the token nor takes it out of the owner's live set", async () => {
    const token = await tokens.issue(4, { action: "swap" }, 60);
    expect(await tokens.consume(5, token)).toEqual({ status: "not_owner" });
    expect((await tokens.voidAll(4)).map((v) => v.token)).toEqual([token]);
  });

  it("issuing drops entries whose token is gone, and the set lives as long as its longest token", async () => {
    const short = await tokens.issue(6, { action: "swap" }, 1);
    await redis.del(`${prefix}${short}`);
    await tokens.issue(6, { action: "swap" }, 600);
    expect(Object.keys(JSON.parse((await redis.get(tokens.liveKey(6))) as string))).toHaveLength(1);
    await tokens.issue(6, { action: "swap" }, 60);
    expect(await redis.ttl(tokens.liveKey(6))).toBeGreaterThan(500);
  });

  it("read ahead: a user with no live set may skip voiding; one with a live set may not", async () => {
    const withPeek = createCallbackTokens({
      redis,
      prefix,
      peekReadAhead: (key) => (key === withPeek.liveKey(7) ? null : undefined),
    });
    expect(withPeek.mayHaveLive(7)).toBe(false);
    expect(withPeek.mayHaveLive(8)).toBe(true);
    // Without a read-ahead nothing is known: void.
    expect(tokens.mayHaveLive(9)).toBe(true);
  });
});
