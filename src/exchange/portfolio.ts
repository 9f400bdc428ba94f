/**
 * Portfolio statistics. They cover crypto only: the total portfolio value is these statistics plus the
 * AUD entry of the balances.
 */
import type { Transport } from "./http.ts";
import { collectPages, iteratePages } from "./pagination.ts";
import { checkAssetCode, checkPage, type PageParams } from "./requests/values.ts";
import { PortfolioStatistics, paginated } from "./schemas.ts";

const PortfolioPage = paginated(PortfolioStatistics);

/** Query of the statistics: `overall` fills the overall object; `asset` narrows to one asset. */
export interface PortfolioQuery extends PageParams {
  asset?: string;
  overall?: boolean;
}

/** Operations on portfolio statistics. */
export function portfolioApi(http: Transport) {
  /** One page of statistics. */
  const stats = async (query: PortfolioQuery = {}) =>
    http.request("portfolio.stats", {
      query: {
        ...checkPage(query.page, query.page_size),
        asset: query.asset === undefined ? undefined : checkAssetCode(query.asset),
        overall: query.overall,
      },
      schema: PortfolioPage,
    });
  return {
    stats,
    /** Every page's result (each page holds one: its `overall` and its share of the assets). */
    iterate: (query: Omit<PortfolioQuery, "page"> = {}) => iteratePages((page) => stats({ ...query, page })),
    /** Every page's result, collected. */
    all: (query: Omit<PortfolioQuery, "page"> = {}) => collectPages((page) => stats({ ...query, page })),
  };
}
