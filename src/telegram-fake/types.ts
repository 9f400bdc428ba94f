/** Types shared by the fake Telegram, the chat driver and the renderer. */
import type {
  Chat,
  ForceReply,
  InlineKeyboardMarkup,
  Message,
  MessageEntity,
  ReplyKeyboardMarkup,
  ReplyKeyboardRemove,
  User,
} from "grammy/types";
import type { ApiFailure } from "./api-error.ts";

/** Any reply_markup a send method accepts. */
export type ReplyMarkup = InlineKeyboardMarkup | ReplyKeyboardMarkup | ReplyKeyboardRemove | ForceReply;

/** A file part of a multipart request, before the fake stores it. */
export interface UploadedFile {
  /** The file name the client sent (grammY: the InputFile's filename, or one derived from the field). */
  filename: string;
  /** The part's content type, unless it was the meaningless application/octet-stream grammY always sends. */
  mimeType?: string;
  bytes: Uint8Array;
}

/** A file the bot sent, as the fake keeps it. */
export interface FakeFile {
  fileId: string;
  fileUniqueId: string;
  filename: string;
  /** Given by the client, else guessed from the extension like Telegram does. */
  mimeType: string;
  /** The uploaded bytes; empty for files sent by URL. */
  bytes: Uint8Array;
  size: number;
  /** Set when the bot sent the file by HTTP URL instead of uploading it. */
  url?: string;
}

/** One earlier version of an edited message. */
export interface MessageVersion {
  text: string;
  plainText: string;
  parseMode?: string;
  replyMarkup?: ReplyMarkup;
  /** The file it showed, when an editMessageMedia replaced it. */
  file?: FakeFile;
  /** When it was replaced, in ms since the epoch. */
  replacedAt: number;
}

/** A message in a chat, from a user or from the bot, in its current state. */
export interface ChatMessage {
  messageId: number;
  chatId: number;
  fromBot: boolean;
  /** Text as sent (with its HTML when parseMode is HTML); the caption for media; "" for media without one. */
  text: string;
  /** What the user sees: the text after entity parsing. */
  plainText: string;
  parseMode?: string;
  replyMarkup?: ReplyMarkup;
  media?: "document" | "photo";
  file?: FakeFile;
  /** Sent with disable_notification. */
  silent: boolean;
  deleted: boolean;
  /** Earlier versions, oldest first. */
  edits: MessageVersion[];
  /** The Telegram object as last returned to the bot (or delivered in an update). */
  message: Message;
}

/** An inline keyboard button, reduced to what a chat shows and a press needs. */
export interface OutputButton {
  text: string;
  /** callback_data, for buttons that send a callback query. */
  data?: string;
  url?: string;
}

/** What the bot made happen in a chat. */
export type OutputKind = "message" | "edit" | "delete" | "document" | "photo" | "callback_answer";

/** One visible effect of a bot call: a new message, an edit, a deletion, a file or a callback answer. */
export interface BotOutput {
  kind: OutputKind;
  chatId: number;
  /** The message concerned; for callback answers, the message whose button was pressed. */
  messageId: number;
  /** Text as sent (HTML source when parseMode is HTML), caption for files, the answer's text for callback answers. */
  text: string;
  /** The text as the user sees it. */
  plainText: string;
  parseMode?: string;
  /** The message's inline keyboard after the call; empty when it has none. */
  buttons: OutputButton[][];
  file?: FakeFile;
  /** Sent with disable_notification. */
  silent?: boolean;
  /** A callback answer shown as an alert instead of a toast. */
  alert?: boolean;
}

/** One Bot API call the fake received. */
export interface RecordedCall {
  method: string;
  /** Decoded payload: JSON as is; multipart fields parsed, uploaded files as UploadedFile objects. */
  payload: Record<string, unknown>;
  /** Arrival time in ms since the epoch. */
  at: number;
  /** The answer; undefined while a long poll is pending or when the request was aborted. */
  response?: { ok: true; result: unknown } | ({ ok: false } & ApiFailure);
  /** The visible effect of a successful call, if it had one. */
  output?: BotOutput;
}

/** A user and their private chat with the bot. */
export interface Participant {
  user: User;
  chat: Chat;
}

/** Text after parse_mode processing. */
export interface FormattedText {
  plainText: string;
  entities: MessageEntity[];
}
