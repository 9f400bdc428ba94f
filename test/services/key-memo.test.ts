import { describe, expect, it } from "vitest";
import { memoKeys } from "../../src/redis/key-memo.ts";

describe("memoKeys", () => {
  it("builds a key once per input while remembered, and again after a thousand others", () => {
    const built: number[] = [];
    const keyOf = memoKeys((userId: number) => {
      built.push(userId);
      return `user:${userId}`;
    });
    expect(keyOf(42)).toBe("user:42");
    expect(keyOf(42)).toBe("user:42");
    expect(keyOf(7)).toBe("user:7");
    expect(built).toEqual([42, 7]);
    for (let id = 1000; id < 2100; id++) keyOf(id);
    built.length = 0;
    // Forgotten when the table started afresh: built again, same text.
    expect(keyOf(42)).toBe("user:42");
    expect(built).toEqual([42]);
  });

  it("takes string inputs too", () => {
    let calls = 0;
    const redisKey = memoKeys((key: string) => {
      calls++;
      return `session:${key}`;
    });
    expect(redisKey("user:1")).toBe("session:user:1");
    expect(redisKey(["user", "1"].join(":"))).toBe("session:user:1");
    expect(calls).toBe(1);
  });
});
