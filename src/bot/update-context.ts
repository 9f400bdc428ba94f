/**
 * The bot's context class: grammY's Context with `ctx.log`, and with the shortcuts every middleware asks
 * for (`ctx.from`, `ctx.chat`, `ctx.msg`) worked out once per update. grammY computes each of them on
 * every read by trying a dozen kinds of update in turn, and an update is asked for its sender and chat
 * a couple of dozen times on its way through the bot. The update never changes while it is handled.
 */
import { Context } from "grammy";
import type { Logger } from "pino";
import { loggerForUpdate } from "../logger.ts";

const UNSET = Symbol("unset");

/** The class, with `logger` as the parent of each update's logger. */
export function updateContextClass(logger: Logger) {
  return class UpdateContext extends Context {
    #log: Logger | undefined;
    #from: Context["from"] | typeof UNSET = UNSET;
    #chat: Context["chat"] | typeof UNSET = UNSET;
    #msg: Context["msg"] | typeof UNSET = UNSET;

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
  };
}
