/**
 * Every path of the exchange API in one table. The spec (`shared/spec/exchange-api.md`) names most of
 * them; the rest come from `real-api-notes.md` and `docs/wire-contract.md`. When the real service turns
 * out to differ, this table is the one place to change.
 */

/** HTTP methods the API uses. */
export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** One operation: its method, path template (`{asset}`, `{id}`) and whether it needs the API key. */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: "private" | "public";
  /** A POST that changes nothing (an estimate): sent again after a 429 like a read. */
  readonly changesNothing?: true;
}

const privateGet = (path: string): Endpoint => ({ method: "GET", path, auth: "private" });
const privatePost = (path: string): Endpoint => ({ method: "POST", path, auth: "private" });
const privatePatch = (path: string): Endpoint => ({ method: "PATCH", path, auth: "private" });
const privateDelete = (path: string): Endpoint => ({ method: "DELETE", path, auth: "private" });
const publicGet = (path: string): Endpoint => ({ method: "GET", path, auth: "public" });

const ADDRESS_BOOK = "/api/private/v2/wallet/address-book/";
const WITHDRAWALS = "/api/private/v2/wallet/{asset}/withdrawals/";
const SWAPS = "/api/private/swaps/";
const SCHEDULES = "/api/private/broker/schedules/";
const TRIGGERS = "/api/private/broker/price-triggers/";

/** The endpoint table. Keys are the operation names used in logs and errors. */
export const ENDPOINTS = {
  // Public market data (no key).
  "ticker.get": publicGet("/api/public/broker/ticker/"),
  "assets.list": publicGet("/api/public/broker/assets/"),

  // Profile: the cheap call that checks a key (real-api-notes).
  "profile.brief": privateGet("/api/private/profile/brief/"),

  // Address book (list/retrieve/delete follow the service's REST router; see the wire contract).
  "addressBook.create": privatePost(ADDRESS_BOOK),
  "addressBook.list": privateGet(ADDRESS_BOOK),
  "addressBook.get": privateGet(`${ADDRESS_BOOK}{id}/`),
  "addressBook.delete": privateDelete(`${ADDRESS_BOOK}{id}/`),
  "addressBook.resendConfirmation": privatePost(`${ADDRESS_BOOK}{id}/resend_confirmation/`),

  // Withdrawals.
  "withdrawals.create": privatePost(WITHDRAWALS),
  "withdrawals.authorize": privatePost(`${WITHDRAWALS}{id}/authorize/`),
  "withdrawals.list": privateGet(WITHDRAWALS),
  "withdrawals.get": privateGet(`${WITHDRAWALS}{id}/`),

  // Swaps.
  "swaps.estimate": { ...privatePost(`${SWAPS}estimate/`), changesNothing: true },
  "swaps.create": privatePost(SWAPS),
  "swaps.list": privateGet(SWAPS),
  "swaps.get": privateGet(`${SWAPS}{id}/`),

  // Recurring buys (the spec's PATCH, not the docs' PUT).
  "recurringBuys.list": privateGet(SCHEDULES),
  "recurringBuys.create": privatePost(SCHEDULES),
  "recurringBuys.get": privateGet(`${SCHEDULES}{id}/`),
  "recurringBuys.update": privatePatch(`${SCHEDULES}{id}/`),
  "recurringBuys.delete": privateDelete(`${SCHEDULES}{id}/`),

  // Price triggers.
  "priceTriggers.list": privateGet(TRIGGERS),
  "priceTriggers.create": privatePost(TRIGGERS),
  "priceTriggers.get": privateGet(`${TRIGGERS}{id}/`),
  "priceTriggers.update": privatePatch(`${TRIGGERS}{id}/`),
  "priceTriggers.delete": privateDelete(`${TRIGGERS}{id}/`),

  // Portfolio and balances.
  "portfolio.stats": privateGet("/api/private/v2/wallet-stats/"),
  "balances.all": privateGet("/api/private/balances/"),
  "balances.get": privateGet("/api/private/balances/{asset}/"),

  // History, invoices, statements.
  "transactions.list": privateGet("/api/private/wallet/all-transactions/"),
  "transactions.invoice": privateGet("/api/private/wallet/all-transactions/{id}/invoice/"),
  "walletTransactions.list": privateGet("/api/private/v2/wallet/{asset}/wallet-transactions/"),
  "walletTransactions.invoice": privateGet(
    "/api/private/v2/wallet/{asset}/wallet-transactions/{id}/invoice/",
  ),
  "statements.pdf": privateGet("/api/private/account-statement/pdf/"),
} as const satisfies Record<string, Endpoint>;

/** The name of an operation in {@link ENDPOINTS}. */
export type EndpointName = keyof typeof ENDPOINTS;

/** Values for a path template's placeholders. */
export type PathParams = Readonly<Record<string, string | number>>;

/**
 * Fills a path template. Every placeholder must be given; values are URL-encoded so an id or asset code
 * can never change the path's shape.
 */
export function buildPath(template: string, params: PathParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}

/** Whether an HTTP method only reads (counts against the read budget and may be retried freely). */
export function isReadMethod(method: HttpMethod): boolean {
  return method === "GET";
}
