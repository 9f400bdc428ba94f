/**
 * The Bot API methods that change what a chat shows: sending text, documents and photos, editing (text,
 * markup, media), deleting,
 * chat actions and callback answers. Each checks its input like Telegram and fails the same way.
 */
import type { Message, MessageEntity } from "grammy/types";
import { badRequest } from "./api-error.ts";
import type { ChatRecord } from "./chat-state.ts";
import type { FakeContext, Handled, MethodHandler } from "./context.ts";
import { formatText } from "./formatting.ts";
import { checkReplyMarkup, sameInlineMarkup } from "./markup.ts";
import { botAsUser, outputOf, withContent } from "./outputs.ts";
import type { ChatMessage, FakeFile, FormattedText, ReplyMarkup } from "./types.ts";

const CHAT_ACTIONS = new Set([
  "typing",
  "upload_photo",
  "record_video",
  "upload_video",
  "record_voice",
  "upload_voice",
  "upload_document",
  "choose_sticker",
  "find_location",
  "record_video_note",
  "upload_video_note",
]);
const NOT_MODIFIED =
  "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";
// The fake does not decode images, so every photo reports one plausible size.
const PHOTO_SIDE = 512;

const seconds = (ms: number): number => Math.floor(ms / 1000);

/** The message a reply_parameters / reply_to_message_id parameter points at, checked like Telegram. */
function replyTarget(
  ctx: FakeContext,
  record: ChatRecord,
  payload: Record<string, unknown>,
): Message | undefined {
  const parameters = payload.reply_parameters as
    | { message_id?: unknown; allow_sending_without_reply?: unknown }
    | undefined;
  const id = parameters?.message_id ?? payload.reply_to_message_id;
  if (id === undefined) return undefined;
  const target = ctx.chats.visibleMessage(record, id);
  if (target !== undefined) return target.message;
  if (parameters?.allow_sending_without_reply === true || payload.allow_sending_without_reply === true)
    return undefined;
  throw badRequest("message to be replied not found");
}

interface NewMessage {
  sourceText: string;
  formatted: FormattedText;
  media?: { kind: "document" | "photo"; file: FakeFile; fields: Partial<Message> };
}

/** Adds a bot message to the chat a send method names and returns it with its output. */
function send(ctx: FakeContext, payload: Record<string, unknown>, content: NewMessage): Handled {
  const record = ctx.chats.resolve(payload.chat_id);
  const markup = checkReplyMarkup(payload.reply_markup);
  const replyTo = replyTarget(ctx, record, payload);
  const silent = payload.disable_notification === true;
  const parseMode = typeof payload.parse_mode === "string" ? payload.parse_mode : undefined;
  const message = ctx.chats.add(record, (messageId) => ({
    messageId,
    chatId: record.chat.id,
    fromBot: true,
    text: content.sourceText,
    plainText: content.formatted.plainText,
    ...(parseMode === undefined ? {} : { parseMode }),
    ...(markup === undefined ? {} : { replyMarkup: markup }),
    ...(content.media === undefined ? {} : { media: content.media.kind, file: content.media.file }),
    silent,
    deleted: false,
    edits: [],
    message: withContent(
      {
        message_id: messageId,
        from: botAsUser(ctx.bot),
        chat: record.chat,
        date: seconds(ctx.now()),
        ...(replyTo === undefined ? {} : { reply_to_message: { ...replyTo, reply_to_message: undefined } }),
        ...content.media?.fields,
      },
      content.formatted.plainText,
      content.formatted.entities,
      markup,
    ),
  }));
  return { result: message.message, output: outputOf(message, content.media?.kind ?? "message") };
}

/** The bot message an edit method names, or the 400 Telegram gives. */
function editable(ctx: FakeContext, payload: Record<string, unknown>): ChatMessage {
  if (payload.inline_message_id !== undefined) throw badRequest("message to edit not found");
  const record = ctx.chats.resolve(payload.chat_id);
  const message = ctx.chats.visibleMessage(record, payload.message_id);
  if (message === undefined) throw badRequest("message to edit not found");
  if (!message.fromBot) throw badRequest("message can't be edited");
  return message;
}

/** A new file for a media message (editMessageMedia), with the Message fields that show it. */
interface NewMedia {
  kind: "document" | "photo";
  file: FakeFile;
  fields: Partial<Message>;
}

/** Replaces a message's content (and its file, for editMessageMedia), keeping the old version in its history. */
function applyEdit(
  ctx: FakeContext,
  message: ChatMessage,
  next: {
    text: string;
    formatted: FormattedText;
    parseMode: string | undefined;
    markup: ReplyMarkup | undefined;
    media?: NewMedia;
  },
): Handled {
  const entities: MessageEntity[] = message.message.entities ?? message.message.caption_entities ?? [];
  if (
    (next.media === undefined || next.media.file.fileId === message.file?.fileId) &&
    next.formatted.plainText === message.plainText &&
    JSON.stringify(next.formatted.entities) === JSON.stringify(entities) &&
    sameInlineMarkup(next.markup, message.replyMarkup)
  ) {
    throw badRequest(NOT_MODIFIED);
  }
  const { edits, text, plainText, parseMode, replyMarkup, file } = message;
  edits.push({
    text,
    plainText,
    ...(parseMode === undefined ? {} : { parseMode }),
    ...(replyMarkup === undefined ? {} : { replyMarkup }),
    ...(next.media === undefined || file === undefined ? {} : { file }),
    replacedAt: ctx.now(),
  });
  message.text = next.text;
  message.plainText = next.formatted.plainText;
  message.parseMode = next.parseMode;
  message.replyMarkup = next.markup;
  let base = message.message;
  if (next.media !== undefined) {
    const { photo: _photo, document: _document, ...rest } = base;
    base = { ...rest, ...next.media.fields };
    message.media = next.media.kind;
    message.file = next.media.file;
  }
  message.message = {
    ...withContent(base, next.formatted.plainText, next.formatted.entities, next.markup),
    edit_date: seconds(ctx.now()),
  };
  return { result: message.message, output: outputOf(message, "edit") };
}

/** Edits only accept inline keyboards. */
function editMarkup(value: unknown): ReplyMarkup | undefined {
  const markup = checkReplyMarkup(value);
  if (markup !== undefined && !("inline_keyboard" in markup)) throw badRequest("inline keyboard expected");
  return markup;
}

const sendMessage: MethodHandler = (payload, ctx) =>
  send(ctx, payload, {
    sourceText: String(payload.text ?? ""),
    formatted: formatText(payload.text, payload.parse_mode, "text"),
  });

/** The Message fields showing a document. */
function documentFields(file: FakeFile): Partial<Message> {
  return {
    document: {
      file_id: file.fileId,
      file_unique_id: file.fileUniqueId,
      file_name: file.filename,
      mime_type: file.mimeType,
      file_size: file.size,
    },
  };
}

/** Accepts a photo parameter like Telegram: an upload must be an image. Returns it with its Message fields. */
function acceptPhoto(ctx: FakeContext, value: unknown): NewMedia {
  const upload = value as { bytes?: unknown } | undefined;
  if (upload?.bytes instanceof Uint8Array && upload.bytes.byteLength > 0 && !isImage(upload.bytes)) {
    throw badRequest("IMAGE_PROCESS_FAILED");
  }
  const file = ctx.files.accept(value, "photo");
  const size = {
    file_id: file.fileId,
    file_unique_id: file.fileUniqueId,
    width: PHOTO_SIDE,
    height: PHOTO_SIDE,
    file_size: file.size,
  };
  return { kind: "photo", file, fields: { photo: [size] } };
}

const sendDocument: MethodHandler = (payload, ctx) => {
  ctx.chats.resolve(payload.chat_id);
  const formatted = formatText(payload.caption, payload.parse_mode, "caption");
  const file = ctx.files.accept(payload.document, "document");
  return send(ctx, payload, {
    sourceText: String(payload.caption ?? ""),
    formatted,
    media: { kind: "document", file, fields: documentFields(file) },
  });
};

const sendPhoto: MethodHandler = (payload, ctx) => {
  ctx.chats.resolve(payload.chat_id);
  const formatted = formatText(payload.caption, payload.parse_mode, "caption");
  return send(ctx, payload, {
    sourceText: String(payload.caption ?? ""),
    formatted,
    media: acceptPhoto(ctx, payload.photo),
  });
};

/** Whether bytes start like a JPEG, PNG, GIF or WebP image (Telegram refuses other photo uploads). */
function isImage(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 12));
  return (
    (head[0] === 0xff && head[1] === 0xd8) ||
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
    head.subarray(0, 4).toString("latin1") === "GIF8" ||
    (head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP")
  );
}

const editMessageText: MethodHandler = (payload, ctx) => {
  const message = editable(ctx, payload);
  if (message.media !== undefined) throw badRequest("there is no text in the message to edit");
  return applyEdit(ctx, message, {
    text: String(payload.text ?? ""),
    formatted: formatText(payload.text, payload.parse_mode, "text"),
    parseMode: typeof payload.parse_mode === "string" ? payload.parse_mode : undefined,
    // Like Telegram, an edit without reply_markup removes the keyboard.
    markup: editMarkup(payload.reply_markup),
  });
};

const editMessageReplyMarkup: MethodHandler = (payload, ctx) => {
  const message = editable(ctx, payload);
  return applyEdit(ctx, message, {
    text: message.text,
    formatted: {
      plainText: message.plainText,
      entities: message.message.entities ?? message.message.caption_entities ?? [],
    },
    parseMode: message.parseMode,
    markup: editMarkup(payload.reply_markup),
  });
};

/**
 * Replaces the photo or document of a media message (an InputMedia of type photo or document, its file
 * uploaded through attach://, or a file id or URL) with its new caption; like Telegram, a caption or
 * keyboard left out is removed, and a text message cannot become a media message.
 */
const editMessageMedia: MethodHandler = (payload, ctx) => {
  const message = editable(ctx, payload);
  if (message.media === undefined) throw badRequest("there is no media in the message to edit");
  const media = payload.media;
  if (typeof media !== "object" || media === null)
    throw badRequest("can't parse InputMedia: media not found");
  const input = media as Record<string, unknown>;
  let next: NewMedia;
  if (input.type === "photo") next = acceptPhoto(ctx, input.media);
  else if (input.type === "document") {
    const file = ctx.files.accept(input.media, "document");
    next = { kind: "document", file, fields: documentFields(file) };
  } else throw badRequest("can't parse InputMedia: unsupported media type");
  return applyEdit(ctx, message, {
    text: String(input.caption ?? ""),
    formatted: formatText(input.caption, input.parse_mode, "caption"),
    parseMode: typeof input.parse_mode === "string" ? input.parse_mode : undefined,
    markup: editMarkup(payload.reply_markup),
    media: next,
  });
};

const deleteMessage: MethodHandler = (payload, ctx) => {
  const record = ctx.chats.resolve(payload.chat_id);
  const message = ctx.chats.visibleMessage(record, payload.message_id);
  if (message === undefined) throw badRequest("message to delete not found");
  message.deleted = true;
  return { result: true, output: outputOf(message, "delete") };
};

const sendChatAction: MethodHandler = (payload, ctx) => {
  ctx.chats.resolve(payload.chat_id);
  if (typeof payload.action !== "string" || !CHAT_ACTIONS.has(payload.action)) {
    throw badRequest("wrong parameter action in request");
  }
  return { result: true };
};

const answerCallbackQuery: MethodHandler = (payload, ctx) => {
  const { chatId, messageId } = ctx.chats.answerQuery(payload.callback_query_id);
  const text = typeof payload.text === "string" ? payload.text : "";
  return {
    result: true,
    output: {
      kind: "callback_answer",
      chatId,
      messageId,
      text,
      plainText: text,
      buttons: [],
      alert: payload.show_alert === true,
    },
  };
};

/** The message methods by Bot API name. */
export const MESSAGE_METHODS: Readonly<Record<string, MethodHandler>> = {
  sendMessage,
  sendDocument,
  sendPhoto,
  editMessageText,
  editMessageReplyMarkup,
  editMessageMedia,
  deleteMessage,
  sendChatAction,
  answerCallbackQuery,
};
