/**
 * A key read the way a person sees it: in every one of 1,200 wrappings (punctuation of both languages,
 * markdown, URLs, invisible characters inside it, full-width letters), the key is among the candidates
 * the account service checks, and quoting the text back keeps no part of it. Ordinary answers give no
 * candidate at all.
 */
import { describe, expect, it } from "vitest";
import {
  hasKnownKeyFormat,
  keyCandidates,
  mayHoldKey,
  withoutKeyLikeRuns,
} from "../../../src/services/connect/pasted-keys.ts";
import { keyWrappings } from "../../support/key-wrappings.ts";

const KNOWN = `sbx_rw_${"0123456789abcdef".repeat(2)}`;
const UNKNOWN_FORMAT = "Canary7f3a9c21b84e4d0f9e6a5b3c2d1e0f9a";

describe("keys in wrappings", () => {
  it("has over a thousand distinct wrappings to try", () => {
    expect(keyWrappings(KNOWN).length).toBeGreaterThanOrEqual(1000);
  });

  for (const key of [KNOWN, UNKNOWN_FORMAT]) {
    it(`finds ${key === KNOWN ? "a key of the known format" : "a key of no known format"} in every wrapping`, () => {
      const missed = keyWrappings(key).filter(
        (text) => !mayHoldKey(text) || !keyCandidates(text).includes(key),
      );
      expect(missed).toEqual([]);
    });

    it(`quotes none of ${key === KNOWN ? "the known key" : "the other key"} back, whole or in part`, () => {
      const leaked = keyWrappings(key)
        .map(withoutKeyLikeRuns)
        .filter((quoted) => quoted.includes(key.slice(0, 8)) || quoted.includes(key.slice(-8)));
      expect(leaked).toEqual([]);
    });
  }

  it("the known format is recognised in every wrapping, so a user with no key connected is protected too", () => {
    expect(keyWrappings(KNOWN).every((text) => keyCandidates(text).some(hasKnownKeyFormat))).toBe(true);
  });

  it("ordinary answers and Chinese sentences hold no candidate, and are quoted back as they are", () => {
    for (const text of [
      "100",
      "0.05 btc",
      "buy 100 aud of eth",
      "每天买20澳元的eth",
      "改成200",
      "Jane Citizen",
    ]) {
      expect(keyCandidates(text)).toEqual([]);
      expect(withoutKeyLikeRuns(text)).toBe(text);
    }
  });
});
