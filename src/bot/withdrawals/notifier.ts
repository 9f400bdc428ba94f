/**
 * Tells the user what became of a withdrawal, from the background watcher: each status change arrives
 * as a new message (so the phone notifies; a withdrawal may take hours), with what it means. A
 * withdrawal found after its create answer was lost is announced on the Confirm message, and its 2FA
 * code is asked for there.
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import { WITHDRAWAL_STATUS } from "../../exchange/index.ts";
import type { CodeWaits } from "../../services/withdrawals/code-waits.ts";
import type {
  WithdrawalGaveUp,
  WithdrawalTarget,
  WithdrawalUpdate,
} from "../../services/withdrawals/watcher.ts";
import type { BotContext } from "../context.ts";
import { isNotModified } from "../pipeline/telegram-errors.ts";
import { renderStatusNews } from "./format.ts";
import { startCodeWait } from "./two-factor.ts";

/** The message of each way a follow-up stops without a final status. */
const GAVE_UP: Record<WithdrawalGaveUp, string> = {
  not_final: "wd-gave-up",
  unreadable: "wd-gave-up-unreadable",
  disconnected: "wd-gave-up-disconnected",
};

/** Creates the watcher's `notify` callback over the bot's API. */
export function createWithdrawalNotifier(api: Api, i18n: I18n<BotContext>, codeWaits: CodeWaits) {
  return async (target: WithdrawalTarget, update: WithdrawalUpdate): Promise<void> => {
    const t: BotContext["t"] = (key, variables) => i18n.t(target.locale, key, variables);
    const send = async (text: string) => {
      await api.sendMessage(target.chatId, text);
    };
    const edit = async (text: string) => {
      try {
        await api.editMessageText(target.chatId, target.messageId, text);
      } catch (error) {
        // Already showing it (a retried job): fine. Any other failure: the news must still arrive.
        if (!isNotModified(error)) await send(text);
      }
    };
    switch (update.kind) {
      case "status":
        await send(renderStatusNews(update.withdrawal, update.asset, update.firstTime, t, target.locale));
        return;
      case "not_authorized":
        await send(t("wd-not-authorized", { id: update.withdrawalId }));
        return;
      case "gave_up":
        await send(t(GAVE_UP[update.reason], { id: update.withdrawalId }));
        return;
      case "found": {
        const { id } = update.withdrawal;
        // Authorized meanwhile (elsewhere): nothing to ask, only its state to tell.
        if (update.withdrawal.status !== WITHDRAWAL_STATUS.DRAFT) {
          const news = renderStatusNews(update.withdrawal, update.asset, update.firstTime, t, target.locale);
          await edit(`${t("wd-found", { id })}\n${news}`);
          return;
        }
        await startCodeWait(codeWaits, target, { id, asset: update.asset, firstTime: update.firstTime });
        await edit(`${t("wd-found", { id })}\n${t("wd-ask-code", { id })}`);
        return;
      }
      case "not_found":
        await edit(t(update.checked ? "wd-not-found" : "wd-search-failed"));
    }
  };
}
