/**
 * Tells the user what became of a placed swap, from the background watcher: the "processing" message is
 * edited to the result; a result found late also arrives as a new message, so the phone notifies.
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { SwapUpdate, SwapWatch } from "../../services/swaps/watcher.ts";
import type { BotContext } from "../context.ts";
import { isNotModified } from "../telegram-errors.ts";
import { renderSwapResult } from "./format.ts";

/** Creates the watcher's `notify` callback over the bot's API. */
export function createSwapNotifier(api: Api, i18n: I18n<BotContext>) {
  return async (watch: SwapWatch, update: SwapUpdate): Promise<void> => {
    const t: BotContext["t"] = (key, variables) => i18n.t(watch.locale, key, variables);
    const edit = async (text: string) => {
      try {
        await api.editMessageText(watch.chatId, watch.messageId, text);
      } catch (error) {
        // Already showing it (a retried job): fine. Anything else is retried by the job.
        if (!isNotModified(error)) throw error;
      }
    };
    if (update.kind === "still_processing") {
      await edit(t("swap-still-processing", { id: watch.swapId }));
    } else if (update.kind === "gave_up") {
      await api.sendMessage(watch.chatId, t("swap-gave-up", { id: watch.swapId }));
    } else {
      const text = renderSwapResult(update.swap, t, watch.locale);
      await edit(text);
      if (update.late) await api.sendMessage(watch.chatId, text);
    }
  };
}
