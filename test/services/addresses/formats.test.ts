/** Address and memo shapes per asset: real addresses pass, near misses are refused with the reason. */
import { describe, expect, it } from "vitest";
import { addressShape, checkAddress, checkMemo, memoKind } from "../../../src/services/addresses/formats.ts";

const GOOD: Record<string, string[]> = {
  BTC: [
    "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297",
    "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
    "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
  ],
  ETH: ["0x52908400098527886E0F7030069857D2E4169EE7", "0xde709f2102306220921060314715629080e2fb77"],
  XRP: ["rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh"],
  SOL: ["7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"],
  LTC: ["ltc1qg82tp3mtpp4s3x6c0rr8vrlzz5ne8wz6lql80rj", "LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9"],
  DOGE: ["DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L"],
  TRX: ["TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL"],
  USDT: ["0x52908400098527886E0F7030069857D2E4169EE7", "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL"],
  DOT: ["15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5"],
};

describe("checkAddress", () => {
  it.each(Object.entries(GOOD).flatMap(([asset, list]) => list.map((a) => [asset, a] as const)))(
    "%s accepts %s",
    (asset, address) => {
      expect(checkAddress(asset, `  ${address}\n`)).toEqual({ address });
    },
  );

  it("reads an all-upper-case bech32 address in lower case", () => {
    expect(checkAddress("BTC", "BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ")).toEqual({
      address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    });
  });

  it("refuses the wrong shape for the asset, naming the expected one", () => {
    const shape = { code: "shape", shape: addressShape("BTC") };
    expect(checkAddress("BTC", "0x52908400098527886E0F7030069857D2E4169EE7")).toEqual({ problem: shape });
    // A base58 address cannot hold 0, O, I or l.
    expect(checkAddress("BTC", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0")).toEqual({ problem: shape });
    expect(checkAddress("ETH", "0x52908400098527886E0F7030069857D2E4169EE")).toMatchObject({
      problem: { code: "shape" },
    });
    expect(checkAddress("ETH", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toMatchObject({
      problem: { code: "shape" },
    });
    expect(checkAddress("XRP", "xEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh")).toMatchObject({
      problem: { code: "shape" },
    });
  });

  it("a bech32 address with a typo is told as a checksum mismatch, not as the wrong shape", () => {
    const typo = { problem: { code: "checksum", prefix: "bc1" } };
    // One character changed (q -> p, still of the bech32 alphabet): only the checksum can tell.
    expect(checkAddress("BTC", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp")).toEqual(typo);
    // Two neighbours swapped.
    expect(checkAddress("BTC", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5dmq")).toEqual(typo);
    // A character outside the bech32 alphabet (b, i, o, 1 are not in it), or one missing.
    expect(checkAddress("BTC", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb")).toEqual(typo);
    expect(checkAddress("BTC", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5md")).toEqual(typo);
    // Mixed case is no bech32 address either.
    expect(checkAddress("BTC", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdQ")).toEqual(typo);
    expect(checkAddress("BTC", "BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDP")).toEqual(typo);
    expect(checkAddress("LTC", "ltc1qg82tp3mtpp4s3x6c0rr8vrlzz5ne8wz6lql80rk")).toEqual({
      problem: { code: "checksum", prefix: "ltc1" },
    });
    // Starting otherwise, it is still the shape that is wrong.
    expect(checkAddress("BTC", "bx1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toMatchObject({
      problem: { code: "shape" },
    });
  });

  it("an asset of unknown format: only length and visible characters", () => {
    expect(checkAddress("ZZZ", "anything-goes:123")).toEqual({ address: "anything-goes:123" });
    expect(checkAddress("ZZZ", "two words")).toEqual({ problem: { code: "charset" } });
    expect(checkAddress("ZZZ", "аddress")).toEqual({ problem: { code: "charset" } }); // Cyrillic а
    expect(checkAddress("ZZZ", "x".repeat(256))).toEqual({ address: "x".repeat(256) });
    expect(checkAddress("ZZZ", "x".repeat(257))).toEqual({ problem: { code: "too_long", max: 256 } });
    expect(checkAddress("ZZZ", "   ")).toEqual({ problem: { code: "empty" } });
  });
});

describe("memos and tags", () => {
  it("knows which assets carry one", () => {
    expect(memoKind("BTC")).toBe("none");
    expect(memoKind("ETH")).toBe("none");
    expect(memoKind("XRP")).toBe("tag");
    expect(memoKind("XLM")).toBe("memo");
    expect(memoKind("ZZZ")).toBe("unknown");
  });

  it("a destination tag is a whole number up to 2^32 - 1", () => {
    expect(checkMemo("XRP", " 4294967295 ")).toEqual({ memo: "4294967295" });
    expect(checkMemo("XRP", "0")).toEqual({ memo: "0" });
    for (const bad of ["4294967296", "-1", "12a", "1.5", ""]) {
      expect(checkMemo("XRP", bad)).toEqual({ problem: { code: "tag" } });
    }
  });

  it("a memo is one line of at most 256 characters", () => {
    expect(checkMemo("XLM", "hello world")).toEqual({ memo: "hello world" });
    expect(checkMemo("XLM", "😀".repeat(256))).toEqual({ memo: "😀".repeat(256) });
    expect(checkMemo("XLM", "x".repeat(257))).toEqual({ problem: { code: "too_long", max: 256 } });
    expect(checkMemo("ZZZ", "line\nbreak")).toEqual({ problem: { code: "charset" } });
  });
});
