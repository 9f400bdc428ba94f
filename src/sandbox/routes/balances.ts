/**
 * Balances: all assets in one map, or one asset. Totals are plain decimals without trailing zeros ("0"
 * for a listed asset never held).
 */
import { ASSETS, isKnownAsset, normaliseAssetCode } from "../assets.ts";
import { FIAT } from "../decimal.ts";
import { json, notFound } from "../http-utils.ts";
import { balanceOf } from "../ledger.ts";
import type { Router } from "../router.ts";

/** Registers GET /api/private/balances/ and GET /api/private/balances/{asset}/. */
export function registerBalanceRoutes(router: Router): void {
  router.private("GET", "/api/private/balances/", ({ account }) => {
    const out: Record<string, { total: string }> = {};
    for (const code of [FIAT, ...ASSETS.map((a) => a.code)])
      out[code] = { total: balanceOf(account, code).toFixed() };
    return json(200, out);
  });
  router.private("GET", "/api/private/balances/{asset}/", ({ account, params }) => {
    const code = normaliseAssetCode(params.asset ?? "");
    if (!isKnownAsset(code)) throw notFound();
    return json(200, { total: balanceOf(account, code).toFixed() });
  });
}
