/** Assets by name: codes, names in any case, aliases, Chinese names, near misses and nonsense. */
import { describe, expect, it } from "vitest";
import { assetsOf } from "../../../src/bot/flow-kit/asset-input.ts";
import { createI18n } from "../../../src/bot/pipeline/i18n.ts";
import { ASSETS } from "../../../src/sandbox/assets.ts";
import {
  closestAssets,
  describeAssets,
  parseAliases,
  resolveAsset,
} from "../../../src/services/market/asset-names.ts";

// The sandbox's list (as the exchange's public asset data gives it) with the locale files' aliases.
const listed = new Map(ASSETS.map((a) => [a.code, a.name]));
const i18n = createI18n();
const directory = assetsOf({ i18n: { fluent: i18n.fluent } as never }, listed);
const withFiat = assetsOf({ i18n: { fluent: i18n.fluent } as never }, listed, { fiat: true });

describe("resolveAsset", () => {
  it.each([
    ["BTC", "BTC"],
    ["btc", "BTC"],
    [" Btc ", "BTC"],
    ["bitcoin", "BTC"],
    ["BITCOIN", "BTC"],
    ["Bitcoin", "BTC"],
    ["xbt", "BTC"],
    ["ethereum", "ETH"],
    ["ether", "ETH"],
    ["eth", "ETH"],
    ["usd coin", "USDC"],
    ["USD  Coin", "USDC"],
    ["tether", "USDT"],
    ["dogecoin", "DOGE"],
    ["xrp", "XRP"],
    ["比特币", "BTC"],
    ["以太坊", "ETH"],
    ["莱特币", "LTC"],
    ["瑞波币", "XRP"],
    ["狗狗币", "DOGE"],
    ["ＢＴＣ", "BTC"], // full-width, as some Chinese keyboards type it
  ])("%j is %s", (word, code) => {
    expect(resolveAsset(directory, word)).toEqual({ found: true, code });
  });

  it.each([
    ["bitcon", "BTC"],
    ["bitcoins!", "BTC"],
    ["etherium", "ETH"],
    ["litecon", "LTC"],
    ["solana coin", "SOL"],
    ["比特比", "BTC"],
    ["dogg", "DOGE"],
    ["btcc", "BTC"],
  ])("%j is unrecognised, %s first among the closest", (word, first) => {
    const match = resolveAsset(directory, word);
    expect(match.found).toBe(false);
    expect(!match.found && match.closest[0]).toBe(first);
  });

  it("'bitcoin'-like words never suggest Litecoin before Bitcoin", () => {
    for (const word of ["bitcon", "bitcoim", "bitcoinn", "bitcion"]) {
      const closest = closestAssets(directory, word);
      expect(closest[0], word).toBe("BTC");
    }
  });

  it("an exact name ranks first among names it starts ('bitcoin' before 'Bitcoin Cash')", () => {
    const withCash = assetsOf(
      { i18n: { fluent: i18n.fluent } as never },
      new Map([...listed, ["BCH", "Bitcoin Cash"]]),
    );
    expect(closestAssets(withCash, "bitcoin").slice(0, 2)).toEqual(["BTC", "BCH"]);
    expect(resolveAsset(withCash, "bitcoin cash")).toEqual({ found: true, code: "BCH" });
    expect(closestAssets(withCash, "ethh")).toEqual(["ETH"]);
    expect(closestAssets(withCash, "b")).toEqual(["BCH", "BNB", "BTC"]);
  });

  it.each(["qwertyuiop", "zzz", "hello world", "x".repeat(100), "", "   "])(
    "%j is unrecognised with nothing close",
    (word) => {
      expect(resolveAsset(directory, word)).toEqual({ found: false, closest: [] });
    },
  );

  it("AUD only where asked for (the exchange lists crypto only)", () => {
    expect(resolveAsset(directory, "aud").found).toBe(false);
    expect(resolveAsset(withFiat, "aud")).toEqual({ found: true, code: "AUD" });
    expect(resolveAsset(withFiat, "澳元")).toEqual({ found: true, code: "AUD" });
    expect(resolveAsset(withFiat, "bitcoin")).toEqual({ found: true, code: "BTC" });
  });

  it("aliases of an asset that is not listed name nothing", () => {
    const small = assetsOf({ i18n: { fluent: i18n.fluent } as never }, new Map([["ETH", "Ethereum"]]));
    expect(resolveAsset(small, "比特币")).toEqual({ found: false, closest: [] });
    expect(resolveAsset(small, "以太坊")).toEqual({ found: true, code: "ETH" });
  });

  it("a code wins over another asset's name or alias", () => {
    const clash = assetsOf(
      { i18n: { fluent: i18n.fluent } as never },
      new Map([
        ["BTC", "Bitcoin"],
        ["XBT", "Other"],
      ]),
    );
    expect(resolveAsset(clash, "xbt")).toEqual({ found: true, code: "XBT" });
  });
});

describe("helpers", () => {
  it("parses the locale files' alias lines", () => {
    expect(parseAliases("BTC: Bitcoins, XBT\n\nno colon here\neth:ether\n")).toEqual(
      new Map([
        ["BTC", ["bitcoins", "xbt"]],
        ["ETH", ["ether"]],
      ]),
    );
  });

  it("describes suggestions with the exchange's names", () => {
    expect(describeAssets(directory, ["BTC", "XRP", "LTC"])).toBe("BTC (Bitcoin), XRP, LTC (Litecoin)");
  });
});
