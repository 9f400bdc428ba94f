/**
 * The guided flows' ids, for `ctx.conversation.enter` and for saying which flow a user left
 * (flow-left.ts): one list below every feature, so the flow kit names them without importing a feature.
 */
import type { TradeKind } from "../../services/swaps/quotes.ts";

export const ADDRESS_CONVERSATION = "address-add";
export const ALERT_CONVERSATION = "alert";
export const ALERT_EDIT_CONVERSATION = "alert-edit";
export const DCA_CREATE_CONVERSATION = "dca-create";
export const DCA_EDIT_CONVERSATION = "dca-edit";
export const MARKET_EDIT_CONVERSATION = "market-edit";
export const PORTFOLIO_EDIT_CONVERSATION = "portfolio-edit";
export const STATEMENT_CONVERSATION = "statement-dates";
export const TIMEZONE_CONVERSATION = "timezone";
export const TRADE_CONVERSATION = "trade";
export const WITHDRAW_CONVERSATION = "withdraw";

/** The trade flow's entry arguments: the kind, and the assets when already known (e.g. after "Change amount"). */
export interface TradeArgs {
  kind: TradeKind;
  src?: string;
  dst?: string;
}
