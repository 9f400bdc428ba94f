/**
 * The bot's context class: grammY's Context with `ctx.log`, and with the shortcuts every middleware asks
 * for (`ctx.from`, `ctx.chat`, `ctx.msg`) worked out once per update. grammY computes each of them on
 * every read by trying a dozen kinds of update in turn, and an update is asked for its sender and chat
 * a couple of dozen times on its way through the bot. The update never changes while it is handled.
 *
 * It also carries `ctx.t` and `ctx.i18n` (the i18n plugin's flavour), made when first used and the
 * language worked out then: the plugin's middleware built half a dozen closures and awaited the language
 * for every update, though many translate one message or none.
 */
import type { I18n, I18nFlavor, TranslateFunction } from "@grammyjs/i18n";
import { Context } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "pino";
import { loggerForUpdate } from "../../logger.ts";
import type { BotContext } from "../context.ts";
import { i18nFlavour, updateLanguage } from "./i18n.ts";

const UNSET = Symbol("unset");

/**
 * Lower-cases the leading command of a message ("/Balance" -> "/balance", "/PRICE btc" -> "/price btc"):
 * grammY matches commands case-sensitively, and a phone's keyboard often capitalises the first letter.
 * Only the command changes (its arguments are kept as typed); nothing is allocated unless it has a capital.
 */
function lowerCaseCommand(update: Update): void {
  const message = update.message;
  const entity = message?.entities?.[0];
  if (entity?.type !== "bot_command" || entity.offset !== 0 || message?.text === undefined) return;
  const text = message.text;
  for (let i = 1; i < entity.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) {
      message.text = text.substring(0, entity.length).toLowerCase() + text.substring(entity.length);
      return;
    }
  }
}

/**
 * The class, with `logger` as the parent of each update's logger and `i18n` the translations of
 * `ctx.t`.
 */
export function updateContextClass(logger: Logger, i18n: I18n<BotContext>) {
  return class UpdateContext extends Context {
    #log: Logger | undefined;
    /** The language `ctx.t` uses: the update's (see updateLanguage) unless a handler chose another. */
    #locale: string | undefined;
    #i18n: I18nFlavor["i18n"] | undefined;
    #t: TranslateFunction | undefined;
    #from: Context["from"] | typeof UNSET = UNSET;
    #chat: Context["chat"] | typeof UNSET = UNSET;
    #msg: Context["msg"] | typeof UNSET = UNSET;

    constructor(...args: ConstructorParameters<typeof Context>) {
      super(...args);
      lowerCaseCommand(this.update);
    }

    /**
     * The update's logger, built on first use: most updates log nothing, and a pino child (its bindings
     * serialized and redacted) would cost more than the rest of a simple update.
     */
    get log(): Logger {
      this.#log ??= loggerForUpdate(logger, {
        updateId: this.update.update_id,
        ...(this.from ? { userId: this.from.id } : {}),
        ...(this.chat ? { chatId: this.chat.id } : {}),
      });
      return this.#log;
    }

    set log(value: Logger) {
      this.#log = value;
    }

    override get from(): Context["from"] {
      if (this.#from === UNSET) this.#from = super.from;
      return this.#from;
    }

    override get chat(): Context["chat"] {
      if (this.#chat === UNSET) this.#chat = super.chat;
      return this.#chat;
    }

    override get msg(): Context["msg"] {
      if (this.#msg === UNSET) this.#msg = super.msg;
      return this.#msg;
    }

    /**
     * The message `key` in the update's language, as a function of its own (handlers pass `ctx.t` on),
     * made when first asked for.
     */
    get t(): TranslateFunction {
      this.#t ??= (key, variables) => {
        this.#locale ??= updateLanguage(this as unknown as BotContext);
        return i18n.t(this.#locale, key, variables);
      };
      return this.#t;
    }

    /** The same as `t`, by the i18n plugin's other name. */
    get translate(): TranslateFunction {
      return this.t;
    }

    /**
     * Handles the rest of the update as `update` instead (a typed answer taken as the press of a button,
     * a plain request as its command: bot/listen/): the shortcuts worked out from the old one are dropped.
     */
    replaceUpdate(update: Update): void {
      (this as { update: Update }).update = update;
      this.#from = UNSET;
      this.#chat = UNSET;
      this.#msg = UNSET;
    }

    /** The i18n plugin's `ctx.i18n`, made for the few updates that ask for it. */
    get i18n(): I18nFlavor["i18n"] {
      this.#i18n ??= i18nFlavour(
        i18n,
        () => updateLanguage(this as unknown as BotContext),
        (locale) => {
          this.#locale = locale;
        },
      );
      return this.#i18n;
    }
  };
}
