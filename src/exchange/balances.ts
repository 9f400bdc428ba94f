/** Balances: every asset in one call, or one asset. */
import type { Transport } from "./http.ts";
import { checkAssetCode } from "./requests/values.ts";
import { AllBalances, Balance } from "./schemas.ts";

/** Operations on balances. */
export function balancesApi(http: Transport) {
  return {
    /** Every asset's total, keyed by upper-case asset code (AUD included). */
    all: async () => http.request("balances.all", { schema: AllBalances }),
    /** One asset's total. */
    get: async (asset: string) =>
      http.request("balances.get", { params: { asset: checkAssetCode(asset) }, schema: Balance }),
  };
}
