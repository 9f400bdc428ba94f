/**
 * Tells the user what became of a placed swap, from the background watcher: the "processing" message is
 * edited to the news; when it cannot be edited (deleted, too old) the news comes as a new message, so it
 * is never lost. A result found late also arrives as a new message, so the phone notifies.
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { GaveUpReason, SwapTarget, SwapUpdate } from "../../services/swaps/watcher.ts";
import type { BotContext } from "../context.ts";
import { isNotModified } from "../pipeline/telegram-errors.ts";
import { renderSwapResult } from "./format.ts";

/** The message of each way a follow-up stops without a final status. */
const GAVE_UP: Record<GaveUpReason, string> = {
  not_final: "swap-gave-up",
  unreadable: "swap-gave-up-unreadable",
  disconnected: "swap-gave-up-disconnected",
};

/** Creates the watcher's `notify` callback over the bot's API. */
export function createSwapNotifier(api: Api, i18n: I18n<BotContext>) {
  return async (target: SwapTarget, update: SwapUpdate): Promise<void> => {
    const t: BotContext["t"] = (key, variables) => i18n.t(target.locale, key, variables);
    const send = async (text: string) => {
      await api.sendMessage(target.chatId, text);
    };
    /** Edits the swap's message; true when the text went out as a new message instead. */
    const edit = async (text: string): Promise<boolean> => {
      try {
        await api.editMessageText(target.chatId, target.messageId, text);
        return false;
      } catch (error) {
        // Already showing it (a retried job): fine. Any other failure: the news must still arrive.
        if (isNotModified(error)) return false;
        await send(text);
        return true;
      }
    };
    switch (update.kind) {
      case "still_processing":
        await edit(t("swap-still-processing", { id: update.swapId }));
        return;
      case "found":
        await edit(t("swap-found", { id: update.swapId }));
        return;
      case "not_found":
        await edit(t(update.checked ? "swap-not-found" : "swap-search-failed"));
        return;
      case "gave_up":
        await send(t(GAVE_UP[update.reason], { id: update.swapId }));
        return;
      case "settled": {
        const text = renderSwapResult(update.swap, t, target.locale);
        const sentAsNew = await edit(text);
        if (update.late && !sentAsNew) await send(text);
      }
    }
  };
}
