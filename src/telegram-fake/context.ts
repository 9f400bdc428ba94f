/** The shape of the fake's Bot API method handlers and the state they share. */
import type { UserFromGetMe } from "grammy/types";
import type { BotSettings } from "./bot-settings.ts";
import type { ChatStore } from "./chat-state.ts";
import type { FileStore } from "./files.ts";
import type { InlineQueries } from "./inline-queries.ts";
import type { BotOutput } from "./types.ts";
import type { AbortSignalLike, UpdateQueue } from "./update-queue.ts";

/** What a method handler reads and changes. */
export interface FakeContext {
  bot: UserFromGetMe;
  chats: ChatStore;
  files: FileStore;
  inlineQueries: InlineQueries;
  settings: BotSettings;
  updates: UpdateQueue;
  /** The fake's clock in ms since the epoch. */
  now(): number;
  /** The request's abort signal, for long polls. */
  signal?: AbortSignalLike;
}

/** A method's result, and its visible effect if it has one. */
export interface Handled {
  result: unknown;
  output?: BotOutput;
}

/** A Bot API method of the fake; it throws FakeApiError for the failures Telegram would answer. */
export type MethodHandler = (
  payload: Record<string, unknown>,
  ctx: FakeContext,
) => Handled | Promise<Handled>;
