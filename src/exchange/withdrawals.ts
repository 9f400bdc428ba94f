/**
 * Crypto withdrawals to confirmed address book entries: create, then authorize with the 2FA code.
 * A first-time address also waits for the emailed confirmation before it is released.
 */
import type { Transport } from "./http.ts";
import { iteratePages } from "./pagination.ts";
import { checkAssetCode, checkId, checkPage, type PageParams } from "./requests/values.ts";
import {
  checkWithdrawalAuthorize,
  checkWithdrawalCreate,
  type WithdrawalCreateRequest,
} from "./requests/withdrawals.ts";
import { paginated, Withdrawal } from "./schemas.ts";

const WithdrawalPage = paginated(Withdrawal);

/** Operations on withdrawals of one asset at a time (the asset is part of every path). */
export function withdrawalsApi(http: Transport) {
  const list = async (asset: string, query: PageParams = {}) =>
    http.request("withdrawals.list", {
      params: { asset: checkAssetCode(asset) },
      query: { ...checkPage(query.page, query.page_size) },
      schema: WithdrawalPage,
    });
  return {
    /** Creates a withdrawal of `amount` to a confirmed address book entry. */
    create: async (asset: string, request: WithdrawalCreateRequest) =>
      http.request("withdrawals.create", {
        params: { asset: checkAssetCode(asset) },
        body: checkWithdrawalCreate(request),
        schema: Withdrawal,
      }),
    /** Authorizes a withdrawal with the two-factor code (`token`). The code is sent, never kept or logged. */
    authorize: async (asset: string, id: number, token: string) =>
      http.request("withdrawals.authorize", {
        params: { asset: checkAssetCode(asset), id: checkId(id) },
        body: checkWithdrawalAuthorize({ token }),
        schema: undefined,
      }),
    /** One page of past withdrawals of an asset. */
    list,
    /** Every withdrawal of an asset, page by page. */
    iterate: (asset: string, query: Omit<PageParams, "page"> = {}) =>
      iteratePages((page) => list(asset, { ...query, page })),
    /** One withdrawal. */
    get: async (asset: string, id: number) =>
      http.request("withdrawals.get", {
        params: { asset: checkAssetCode(asset), id: checkId(id) },
        schema: Withdrawal,
      }),
  };
}
