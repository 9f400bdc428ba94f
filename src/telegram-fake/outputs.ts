/** Views of chat messages as the bot's visible outputs, and the Telegram objects the fake returns for them. */
import type { Message, MessageEntity, User, UserFromGetMe } from "grammy/types";
import { echoedMarkup, inlineButtons } from "./markup.ts";
import type { BotOutput, ChatMessage, OutputKind, ReplyMarkup } from "./types.ts";

/** A message as a BotOutput of the given kind (its current text, buttons and file; a deleted one shows no buttons). */
export function outputOf(message: ChatMessage, kind: OutputKind): BotOutput {
  return {
    kind,
    chatId: message.chatId,
    messageId: message.messageId,
    text: message.text,
    plainText: message.plainText,
    ...(message.parseMode === undefined ? {} : { parseMode: message.parseMode }),
    buttons: kind === "delete" ? [] : inlineButtons(message.replyMarkup),
    ...(message.file === undefined ? {} : { file: message.file }),
    silent: message.silent,
  };
}

/** The bot as messages show it: a User, without getMe's extra fields. */
export function botAsUser(bot: UserFromGetMe): User {
  return { id: bot.id, is_bot: true, first_name: bot.first_name, username: bot.username };
}

/**
 * A Message with new text (or caption, for media) and markup, as Telegram returns it: entities only when
 * there are some, reply_markup only for a non-empty inline keyboard.
 */
export function withContent(
  message: Message,
  plainText: string,
  entities: MessageEntity[],
  markup: ReplyMarkup | undefined,
): Message {
  const {
    text: _text,
    entities: _entities,
    caption: _caption,
    caption_entities: _captionEntities,
    reply_markup: _markup,
    ...rest
  } = message;
  const isMedia = message.document !== undefined || message.photo !== undefined;
  const inline = echoedMarkup(markup);
  return {
    ...rest,
    ...(isMedia
      ? {
          ...(plainText === "" ? {} : { caption: plainText }),
          ...(entities.length === 0 ? {} : { caption_entities: entities }),
        }
      : { text: plainText, ...(entities.length === 0 ? {} : { entities }) }),
    ...(inline === undefined ? {} : { reply_markup: inline }),
  };
}
