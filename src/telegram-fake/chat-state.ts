/** What the fake remembers about chats: the chats it knows, their messages, blocks and open callback queries. */
import type { Chat } from "grammy/types";
import { badRequest, forbidden } from "./api-error.ts";
import type { ChatMessage } from "./types.ts";

/** One chat and its messages. */
export interface ChatRecord {
  chat: Chat;
  /** Every message ever in the chat, deleted ones included, in order. */
  messages: ChatMessage[];
  lastMessageId: number;
  /** The user blocked the bot, or the bot was removed from the group. */
  blocked: boolean;
}

/** A callback query the bot has to answer. */
interface OpenQuery {
  chatId: number;
  messageId: number;
  answered: boolean;
}

const BLOCKED_REASONS: Readonly<Record<Chat["type"], string>> = {
  private: "bot was blocked by the user",
  group: "bot was kicked from the group chat",
  supergroup: "bot was kicked from the supergroup chat",
  channel: "bot is not a member of the channel chat",
};

/** Chats, messages and callback queries, with the lookups the Bot API methods fail on. */
export class ChatStore {
  private readonly chats = new Map<number, ChatRecord>();
  private readonly queries = new Map<string, OpenQuery>();
  private queryCount = 0;

  /** Makes a chat known (the bot can only write to chats it has seen); keeps its messages if known. */
  register(chat: Chat): ChatRecord {
    const known = this.chats.get(chat.id);
    if (known !== undefined) {
      known.chat = chat;
      return known;
    }
    const record: ChatRecord = { chat, messages: [], lastMessageId: 0, blocked: false };
    this.chats.set(chat.id, record);
    return record;
  }

  /** The chat with this id, if known. */
  find(chatId: number): ChatRecord | undefined {
    return this.chats.get(chatId);
  }

  /** The chat a chat_id parameter names (an id, a numeric string or a public @username), or the 400/403 Telegram gives. */
  resolve(chatId: unknown): ChatRecord {
    let record: ChatRecord | undefined;
    if (typeof chatId === "number") record = this.chats.get(chatId);
    else if (typeof chatId === "string" && /^-?\d+$/.test(chatId)) record = this.chats.get(Number(chatId));
    else if (typeof chatId === "string" && chatId.startsWith("@")) {
      const username = chatId.slice(1).toLowerCase();
      // Telegram resolves usernames of public groups and channels only.
      record = [...this.chats.values()].find(
        (r) => r.chat.type !== "private" && r.chat.username?.toLowerCase() === username,
      );
    } else if (chatId === undefined || chatId === "") throw badRequest("chat_id is empty");
    if (record === undefined) throw badRequest("chat not found");
    if (record.blocked) throw forbidden(BLOCKED_REASONS[record.chat.type]);
    return record;
  }

  /** Adds a message with the chat's next id; `build` gets that id. */
  add(record: ChatRecord, build: (messageId: number) => ChatMessage): ChatMessage {
    record.lastMessageId += 1;
    const message = build(record.lastMessageId);
    record.messages.push(message);
    return message;
  }

  /** A message of a chat that is still there. */
  visibleMessage(record: ChatRecord, messageId: unknown): ChatMessage | undefined {
    return record.messages.find((m) => m.messageId === messageId && !m.deleted);
  }

  /** Opens a callback query for a button press and returns its id. */
  openQuery(chatId: number, messageId: number): string {
    this.queryCount += 1;
    // Real ids are long decimal strings.
    const id = `${8_000_000_000_000 + this.queryCount}`;
    this.queries.set(id, { chatId, messageId, answered: false });
    return id;
  }

  /** Marks a callback query answered; fails like Telegram when it is unknown or already answered. */
  answerQuery(id: unknown): { chatId: number; messageId: number } {
    const query = typeof id === "string" ? this.queries.get(id) : undefined;
    if (query === undefined || query.answered) {
      throw badRequest("query is too old and response timeout expired or query ID is invalid");
    }
    query.answered = true;
    return query;
  }

  /** Ids of callback queries the bot has not answered (the user still sees a spinner on the button). */
  unansweredQueries(): string[] {
    return [...this.queries].filter(([, query]) => !query.answered).map(([id]) => id);
  }
}
