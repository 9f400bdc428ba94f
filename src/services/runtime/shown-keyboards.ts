/**
 * The buttons the bot showed last in each private chat, so that a typed answer can press one of them
 * (bot/listen/typed-choices.ts). One small record per chat: the message, when, and each button's label and
 * data. It is kept a day; a keyboard of one button (Refresh) is not worth typing and is not recorded, and an
 * edit that takes the buttons off the recorded message forgets it.
 */
import { memoKeys } from "../../redis/key-memo.ts";
import type { RedisClient } from "../../redis/url.ts";
import { forgetReadAhead, peekReadAhead } from "./update-reads.ts";

/** One button: what it says and the callback data it sends. */
export interface ShownButton {
  label: string;
  data: string;
}

/** The buttons of a message the bot sent or edited. */
export interface ShownKeyboard {
  messageId: number;
  /** When it was shown (epoch ms). */
  at: number;
  buttons: ShownButton[];
}

/** How long a keyboard is remembered. */
const KEEP_SECONDS = 24 * 60 * 60;

// Deletes the record when it is of `messageId`: an edit of an older message leaves the newer one alone.
const FORGET = `
local raw = redis.call("GET", KEYS[1])
if raw and cjson.decode(raw).messageId == tonumber(ARGV[1]) then redis.call("DEL", KEYS[1]) end
`;

/** Options of {@link createShownKeyboards}. */
export interface ShownKeyboardsOptions {
  redis: RedisClient;
  prefix: string;
}

/** Creates the store of the last keyboard shown per chat. */
export function createShownKeyboards(options: ShownKeyboardsOptions) {
  const { redis, prefix } = options;
  const keyOf = memoKeys((chatId: number) => `${prefix}${chatId}`);
  return {
    /** The Redis key of a chat's record (read ahead with the update's other keys). */
    keyOf,

    /** Records the keyboard shown last in `chatId`. */
    async shown(chatId: number, keyboard: ShownKeyboard): Promise<void> {
      forgetReadAhead(keyOf(chatId));
      await redis.set(keyOf(chatId), JSON.stringify(keyboard), "EX", KEEP_SECONDS);
    },

    /** Forgets the chat's record if it is of `messageId` (its buttons were taken off). */
    async cleared(chatId: number, messageId: number): Promise<void> {
      forgetReadAhead(keyOf(chatId));
      await redis.eval(FORGET, 1, keyOf(chatId), String(messageId));
    },

    /** Forgets the chat's keyboard (/cancel: the buttons of a flow left are no answer to anything now). */
    async forget(chatId: number): Promise<void> {
      forgetReadAhead(keyOf(chatId));
      await redis.del(keyOf(chatId));
    },

    /**
     * The keyboard shown last in `chatId`, if any: read ahead with the update's other keys in a private chat
     * (most texts then cost no round trip of their own), else from Redis.
     */
    async last(chatId: number): Promise<ShownKeyboard | undefined> {
      const ahead = peekReadAhead(keyOf(chatId));
      return parseKeyboard(ahead !== undefined ? ahead : await redis.get(keyOf(chatId)));
    },
  };
}

/** A stored record back to a keyboard; undefined for nothing or anything malformed. */
export function parseKeyboard(raw: string | null | undefined): ShownKeyboard | undefined {
  if (typeof raw !== "string") return undefined;
  try {
    const value = JSON.parse(raw) as Partial<ShownKeyboard>;
    if (typeof value.messageId !== "number" || typeof value.at !== "number" || !Array.isArray(value.buttons))
      return undefined;
    const buttons = value.buttons.filter(
      (button): button is ShownButton =>
        typeof button?.label === "string" && typeof button?.data === "string",
    );
    return { messageId: value.messageId, at: value.at, buttons };
  } catch {
    return undefined;
  }
}

/** The store of shown keyboards. */
export type ShownKeyboards = ReturnType<typeof createShownKeyboards>;
