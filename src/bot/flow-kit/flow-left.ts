/**
 * A guided flow left for another command (/price in the middle of adding an address) ends with a word:
 * which flow was left and how to start it again, before the command's own answer. Without it the next
 * answer to the flow's question would be read as a new request, with no word that the flow is over.
 */

import type { BotContext } from "../context.ts";
import {
  ADDRESS_CONVERSATION,
  ALERT_CONVERSATION,
  ALERT_EDIT_CONVERSATION,
  DCA_CREATE_CONVERSATION,
  DCA_EDIT_CONVERSATION,
  STATEMENT_CONVERSATION,
  TIMEZONE_CONVERSATION,
  TRADE_CONVERSATION,
  WITHDRAW_CONVERSATION,
} from "./conversation-ids.ts";

// Each conversation's variant of the "flow-left" message (locales/*.ftl).
const FLOWS: Readonly<Record<string, string>> = {
  [TRADE_CONVERSATION]: "trade",
  [TIMEZONE_CONVERSATION]: "timezone",
  [ALERT_CONVERSATION]: "alert",
  [ALERT_EDIT_CONVERSATION]: "alert-edit",
  [DCA_CREATE_CONVERSATION]: "dca-create",
  [DCA_EDIT_CONVERSATION]: "dca-edit",
  [STATEMENT_CONVERSATION]: "statement",
  [WITHDRAW_CONVERSATION]: "withdraw",
  [ADDRESS_CONVERSATION]: "address",
};

/** Says which flow the user left for another command, and how to start it again. */
export async function tellFlowLeft(ctx: BotContext, names: readonly string[]): Promise<void> {
  const flow = FLOWS[names[0] ?? ""] ?? "other";
  await ctx.reply(ctx.t("flow-left", { flow }));
}
