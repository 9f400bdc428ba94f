/** Public market data: the ticker and the asset list. No key is sent. */
import type { Transport } from "./http.ts";
import { PublicAssetList, Ticker } from "./schemas.ts";

/** Operations on public market data. */
export function marketApi(http: Transport) {
  return {
    /** All assets' AUD prices in one call (`buy` = ask, `sell` = bid). Indicative; only an estimate binds. */
    ticker: async () => http.request("ticker.get", { schema: Ticker }),
    /** Every listed asset with its name. */
    assets: async () => http.request("assets.list", { schema: PublicAssetList }),
  };
}
