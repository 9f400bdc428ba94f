/**
 * Public market data: the ticker (every asset in one call) and the asset list. No key needed.
 */
import { ASSETS } from "../assets.ts";
import { json } from "../http-utils.ts";
import type { Router } from "../router.ts";

/** Registers GET /api/public/broker/ticker/ and GET /api/public/broker/assets/. */
export function registerPublicRoutes(router: Router): void {
  router.public("GET", "/api/public/broker/ticker/", (req) => json(200, req.sb.market.ticker()));
  router.public("GET", "/api/public/broker/assets/", () =>
    json(
      200,
      ASSETS.map((a) => ({ code: a.code, name: a.name })),
    ),
  );
}
