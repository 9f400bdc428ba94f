/** The exchange API client: import from here outside `src/exchange/`. */
export * from "./client.ts";
export * from "./decimal.ts";
export * from "./errors.ts";
export type { PdfDocument, TransportLogger, TransportOptions } from "./http.ts";
export * from "./rate-limiter.ts";
export * from "./requests/address-book.ts";
export * from "./requests/price-triggers.ts";
export * from "./requests/recurring-buys.ts";
export * from "./requests/statements.ts";
export * from "./requests/swaps.ts";
export * from "./requests/transactions.ts";
// Named, so the collectors the area checks share (collectPage, collectTravelRule) stay inside src/exchange.
export {
  checkTravelRule,
  checkTravelRuleValue,
  TRAVEL_RULE_FIELDS,
  type TravelRule,
  type TravelRuleField,
  type TravelRuleValueProblem,
  travelRuleRequirements,
} from "./requests/travel-rule.ts";
export { checkAssetCode, checkId, checkPage, MAX_PAGE_SIZE, type PageParams } from "./requests/values.ts";
export * from "./requests/withdrawals.ts";
export * from "./schemas.ts";
export * from "./time.ts";
export * from "./write-outcome.ts";
