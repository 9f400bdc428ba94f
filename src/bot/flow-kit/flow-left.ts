/**
 * A guided flow left for another command (/price in the middle of adding an address) ends with a word:
 * which flow was left and how to start it again, before the command's own answer. Without it the next
 * answer to the flow's question would be read as a new request, with no word that the flow is over.
 */

import { ADDRESS_CONVERSATION } from "../addresses/add-flow.ts";
import { ALERT_CONVERSATION, ALERT_EDIT_CONVERSATION } from "../alerts/triggers/conversation.ts";
import type { BotContext } from "../context.ts";
import { DCA_CREATE_CONVERSATION, DCA_EDIT_CONVERSATION } from "../recurring/conversation.ts";
import { TIMEZONE_CONVERSATION } from "../settings/timezone-conversation.ts";
import { STATEMENT_CONVERSATION } from "../statements/conversation.ts";
import { TRADE_CONVERSATION } from "../swaps/conversation.ts";
import { WITHDRAW_CONVERSATION } from "../withdrawals/conversation.ts";

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
