/** The command menu, with descriptions in every language. */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { BotContext } from "../context.ts";
import { LANGUAGES } from "../pipeline/i18n.ts";

/** Commands in menu order; each has a `cmd-<name>` description in the locale files. */
export const MENU_COMMANDS = [
  "balance",
  "portfolio",
  "price",
  "chart",
  "buy",
  "sell",
  "swap",
  "swaps",
  "alerts",
  "alert",
  "dca",
  "history",
  "statement",
  "withdraw",
  "withdrawals",
  "addresses",
  "connect",
  "disconnect",
  "settings",
  "cancel",
  "help",
  "start",
] as const;

/** Sets the menu for every language (and the default, in English). */
export async function setCommandMenu(api: Api, i18n: I18n<BotContext>): Promise<void> {
  const commandsIn = (language: string) =>
    MENU_COMMANDS.map((command) => ({ command, description: i18n.t(language, `cmd-${command}`) }));
  await api.setMyCommands(commandsIn("en"));
  for (const language of LANGUAGES) {
    await api.setMyCommands(commandsIn(language), { language_code: language });
  }
}
