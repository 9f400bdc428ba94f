/**
 * Builders of the updates a bot receives. Each registers what the user did in the chat state (so the bot's
 * replies, edits and deletions of user messages work) and returns the Update; it does not deliver it.
 */
import type { Chat, ChatMember, Message, MessageEntity, Update, User, UserFromGetMe } from "grammy/types";
import type { ChatRecord, ChatStore } from "./chat-state.ts";
import type { InlineQueries } from "./inline-queries.ts";
import { botAsUser } from "./outputs.ts";
import type { ChatMessage, Participant } from "./types.ts";

/** How a test user looks; anything left out gets a plain default. */
export interface UserOptions {
  firstName?: string;
  lastName?: string;
  username?: string;
  /** IETF language tag; default "en". */
  languageCode?: string;
}

/** The kind of chat an inline query was typed in. */
export type InlineChatType = "sender" | "private" | "group" | "supergroup" | "channel";

/** Options of a user's text message. */
export interface TextOptions {
  /** The message this one replies to. */
  replyTo?: number;
}

// Update narrows message types by chat kind; the builders set chat and from to match.
type UserMessage = Message & Update.NonChannel;

/** An @username as Telegram recognises one (5 to 32 letters, digits and _), not inside a word or command. */
const MENTION = /(?<![\w@/])@[A-Za-z][A-Za-z0-9_]{4,31}\b/g;
// A command at the start of a text, with an optional @botname suffix; Telegram's limits on both.
const COMMAND = /^\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?/;

/** Builds updates with increasing update_id. */
export class UpdateFactory {
  private readonly chats: ChatStore;
  private readonly inlineQueries: InlineQueries;
  private readonly bot: UserFromGetMe;
  private readonly now: () => number;
  private lastUpdateId: number;

  /**
   * @param chats where user messages are registered
   * @param inlineQueries where inline queries are opened
   * @param bot the bot, as shown in chat member updates
   * @param now the fake's clock in ms
   * @param firstUpdateId update_id of the first update built
   */
  constructor(
    chats: ChatStore,
    inlineQueries: InlineQueries,
    bot: UserFromGetMe,
    now: () => number,
    firstUpdateId: number,
  ) {
    this.chats = chats;
    this.inlineQueries = inlineQueries;
    this.bot = bot;
    this.now = now;
    this.lastUpdateId = firstUpdateId - 1;
  }

  /** A user and their private chat (same id), registered so the bot may write to it. */
  privateChat(userId: number, options: UserOptions = {}): Participant {
    if (userId <= 0) throw new Error(`user ids are positive, got ${userId}`);
    const names = {
      first_name: options.firstName ?? `User${userId}`,
      ...(options.lastName === undefined ? {} : { last_name: options.lastName }),
      ...(options.username === undefined ? {} : { username: options.username }),
    };
    const user: User = { id: userId, is_bot: false, ...names, language_code: options.languageCode ?? "en" };
    const chat: Chat.PrivateChat = { id: userId, type: "private", ...names };
    this.chats.register(chat);
    return { user, chat };
  }

  /** A basic group (negative id), registered. */
  groupChat(id: number, title = "Test group"): Chat.GroupChat {
    if (id >= 0) throw new Error(`group ids are negative, got ${id}`);
    const chat: Chat.GroupChat = { id, type: "group", title };
    this.chats.register(chat);
    return chat;
  }

  /** A channel (negative id, like -1001234567890), registered. */
  channelChat(id: number, title = "Test channel", username?: string): Chat.ChannelChat {
    if (id >= 0) throw new Error(`channel ids are negative, got ${id}`);
    const chat: Chat.ChannelChat = {
      id,
      type: "channel",
      title,
      ...(username === undefined ? {} : { username }),
    };
    this.chats.register(chat);
    return chat;
  }

  /** A user's text message; a leading /command (with an optional @botname) gets its bot_command entity. */
  userText(user: User, chat: Chat, text: string, options: TextOptions = {}): Update {
    const command = COMMAND.exec(text)?.[0];
    const entities: MessageEntity[] =
      command === undefined ? [] : [{ type: "bot_command", offset: 0, length: command.length }];
    // As Telegram marks them: every @username in the text is a mention.
    for (const mention of text.matchAll(MENTION)) {
      entities.push({ type: "mention", offset: mention.index, length: mention[0].length });
    }
    const record = this.chats.register(chat);
    const replyTo =
      options.replyTo === undefined ? undefined : this.existing(record, options.replyTo).message;
    const message = this.addUserMessage(record, text, (base) => ({
      ...base,
      from: user,
      text,
      ...(entities.length === 0 ? {} : { entities }),
      ...(replyTo === undefined ? {} : { reply_to_message: { ...replyTo, reply_to_message: undefined } }),
    }));
    return { update_id: this.nextId(), message: message.message as UserMessage };
  }

  /** A press of an inline button on message `messageId` sending `data`; opens a callback query to answer. */
  callback(user: User, chat: Chat, messageId: number, data: string): Update {
    const record = this.chats.register(chat);
    const message = this.existing(record, messageId);
    return {
      update_id: this.nextId(),
      callback_query: {
        id: this.chats.openQuery(chat.id, messageId),
        from: user,
        message: message.message,
        chat_instance: String(Math.abs(chat.id) * 10 + 7),
        data,
      },
    };
  }

  /** The user types `query` after the bot's name; opens an inline query to answer. */
  inlineQuery(user: User, query: string, chatType: InlineChatType = "private"): Update {
    return {
      update_id: this.nextId(),
      inline_query: { id: this.inlineQueries.open(), from: user, query, offset: "", chat_type: chatType },
    };
  }

  /** The user edits their earlier text message. */
  editedText(user: User, chat: Chat, messageId: number, text: string): Update {
    const message = this.existing(this.chats.register(chat), messageId);
    if (message.fromBot || message.media !== undefined)
      throw new Error(`message #${messageId} is not a user's text`);
    message.edits.push({ text: message.text, plainText: message.plainText, replacedAt: this.now() });
    message.text = text;
    message.plainText = text;
    const { entities: _entities, ...rest } = message.message;
    message.message = { ...rest, from: user, text, edit_date: this.seconds() };
    return { update_id: this.nextId(), edited_message: message.message as UserMessage & Update.Edited };
  }

  /** A user's photo without text (an optional caption only). */
  userPhoto(user: User, chat: Chat, caption?: string): Update {
    const record = this.chats.register(chat);
    const message = this.addUserMessage(record, caption ?? "", (base) => ({
      ...base,
      from: user,
      photo: [90, 800].map((side) => ({
        file_id: `AgACAgIAAxkBAAUser${base.message_id}x${side}`,
        file_unique_id: `AQADUser${base.message_id}x${side}`,
        width: side,
        height: side,
        file_size: side * 40,
      })),
      ...(caption === undefined ? {} : { caption }),
    }));
    message.media = "photo";
    return { update_id: this.nextId(), message: message.message as UserMessage };
  }

  /** A post in a channel where the bot is an admin. */
  channelPost(channel: Chat.ChannelChat, text: string): Update {
    const record = this.chats.register(channel);
    const message = this.addUserMessage(record, text, (base) => ({ ...base, sender_chat: channel, text }));
    return { update_id: this.nextId(), channel_post: message.message as Message & Update.Channel };
  }

  /**
   * The bot's membership changed: "kicked" when a user blocks the bot (or a group removes it), "member" when
   * it is unblocked or added. The fake then refuses or allows messages to that chat like Telegram.
   */
  myChatMember(user: User, chat: Chat, status: "member" | "kicked"): Update {
    const record = this.chats.register(chat);
    record.blocked = status === "kicked";
    const bot = botAsUser(this.bot);
    const member = (s: "member" | "kicked"): ChatMember =>
      s === "member" ? { status: "member", user: bot } : { status: "kicked", user: bot, until_date: 0 };
    return {
      update_id: this.nextId(),
      my_chat_member: {
        chat,
        from: user,
        date: this.seconds(),
        old_chat_member: member(status === "member" ? "kicked" : "member"),
        new_chat_member: member(status),
      },
    };
  }

  private nextId(): number {
    this.lastUpdateId += 1;
    return this.lastUpdateId;
  }

  private seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /** A message the user can still see, or an error naming the test's mistake. */
  private existing(record: ChatRecord, messageId: number): ChatMessage {
    const message = this.chats.visibleMessage(record, messageId);
    if (message === undefined) throw new Error(`chat ${record.chat.id} has no visible message #${messageId}`);
    return message;
  }

  private addUserMessage(
    record: ChatRecord,
    text: string,
    build: (base: { message_id: number; chat: Chat; date: number }) => Message,
  ): ChatMessage {
    return this.chats.add(record, (messageId) => ({
      messageId,
      chatId: record.chat.id,
      fromBot: false,
      text,
      plainText: text,
      silent: false,
      deleted: false,
      edits: [],
      message: build({ message_id: messageId, chat: record.chat, date: this.seconds() }),
    }));
  }
}
