/**
 * An in-process Telegram Bot API for tests and the terminal demo. It plugs into grammY as the client's fetch
 * function, so it also sees the calls @grammyjs/conversations makes through its own Api objects:
 *
 *   const fake = new FakeTelegram();
 *   const bot = new Bot(fake.token, { botInfo: fake.botInfo, client: fake.clientOptions });
 *
 * It records every call, keeps each chat's messages, answers with realistic results and fails like Telegram.
 */
import type {
  BotCommand,
  BotCommandScope,
  Chat,
  ResponseParameters,
  Update,
  User,
  UserFromGetMe,
} from "grammy/types";
import { type ApiFailure, FakeApiError } from "./api-error.ts";
import { newBotIdentity } from "./bot-identity.ts";
import { BOT_METHODS } from "./bot-methods.ts";
import { BotSettings, commandsKey, type WebhookSettings } from "./bot-settings.ts";
import { ChatStore } from "./chat-state.ts";
import type { FakeContext, Handled, MethodHandler } from "./context.ts";
import { FileStore } from "./files.ts";
import { INLINE_METHODS } from "./inline-methods.ts";
import { InlineQueries } from "./inline-queries.ts";
import { MESSAGE_METHODS } from "./message-methods.ts";
import { decodePayload, type FetchInit, parseApiUrl } from "./request.ts";
import type { ChatMessage, Participant, RecordedCall } from "./types.ts";
import { type InlineChatType, type TextOptions, UpdateFactory, type UserOptions } from "./update-builders.ts";
import { type AbortSignalLike, abortError, UpdateQueue } from "./update-queue.ts";

/** The apiRoot to give grammY; the fake answers whatever host the URL names. */
export const FAKE_API_ROOT = "https://fake.telegram.invalid";

/** Options of a FakeTelegram. */
export interface FakeTelegramOptions {
  /** Fields of the bot's getMe answer to change from the defaults (a bot named surge_test_bot). */
  bot?: Partial<UserFromGetMe>;
  /** The only token the fake accepts (others get 401); default derived from the bot id. */
  token?: string;
  /** Clock in ms since the epoch, for message dates and call times; default Date.now. */
  now?: () => number;
  /** update_id of the first built update; default 1000. */
  firstUpdateId?: number;
}

/** A failure to inject with failNext; the description defaults to Telegram's text for the code. */
export interface InjectedFailure {
  error_code: number;
  description?: string;
  parameters?: ResponseParameters;
}

const DEFAULT_BOT = newBotIdentity({
  id: 7_000_000_001,
  first_name: "Surge Test Bot",
  username: "surge_test_bot",
});
const DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  500: "Internal Server Error",
  502: "Bad Gateway",
};
// Telegram's method names are case-insensitive.
const METHODS = new Map<string, MethodHandler>(
  Object.entries({ ...BOT_METHODS, ...MESSAGE_METHODS, ...INLINE_METHODS }).map(([name, handler]) => [
    name.toLowerCase(),
    handler,
  ]),
);

/** The Bot API fake. */
export class FakeTelegram {
  /** The token bots must use. */
  readonly token: string;
  /** getMe's answer; pass it as the Bot's botInfo so no getMe call is needed. */
  readonly botInfo: UserFromGetMe;
  /** Every call received, in order of arrival. */
  readonly calls: RecordedCall[] = [];
  /** The fetch function for grammY's client options. */
  readonly fetch: typeof fetch;
  private readonly context: FakeContext;
  private readonly builders: UpdateFactory;
  private readonly failures = new Map<string, InjectedFailure[]>();
  private readonly listeners = new Set<(call: RecordedCall) => void>();

  /** @param options bot identity, token and clock */
  constructor(options: FakeTelegramOptions = {}) {
    this.botInfo = { ...DEFAULT_BOT, ...options.bot };
    this.token = options.token ?? `${this.botInfo.id}:AAFakeTokenForTests-0123456789abcdefg`;
    const now = options.now ?? Date.now;
    this.context = {
      bot: this.botInfo,
      chats: new ChatStore(),
      files: new FileStore(),
      inlineQueries: new InlineQueries(),
      settings: new BotSettings(),
      updates: new UpdateQueue(),
      now,
    };
    this.builders = new UpdateFactory(
      this.context.chats,
      this.context.inlineQueries,
      this.botInfo,
      now,
      options.firstUpdateId ?? 1000,
    );
    this.fetch = (input, init) => this.answer(input, init);
  }

  /** grammY client options: `new Bot(fake.token, { botInfo: fake.botInfo, client: fake.clientOptions })`. */
  get clientOptions(): { fetch: typeof fetch; apiRoot: string } {
    return { fetch: this.fetch, apiRoot: FAKE_API_ROOT };
  }

  /** Calls of one method, in order. */
  callsTo(method: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /** The latest call of a method. */
  lastCall(method: string): RecordedCall | undefined {
    return this.calls.findLast((call) => call.method === method);
  }

  /** Forgets the recorded calls (chat state stays). */
  clear(): void {
    this.calls.length = 0;
  }

  /** Calls `listener` with each call once it is answered; returns the unsubscribe function. */
  onCall(listener: (call: RecordedCall) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Makes the next `times` calls of `method` fail with `failure` (e.g. a 429 with retry_after) before any other check. */
  failNext(method: string, failure: InjectedFailure, times = 1): void {
    const queue = this.failures.get(method) ?? [];
    for (let i = 0; i < times; i += 1) queue.push(failure);
    this.failures.set(method, queue);
  }

  /** Every message of a chat, deleted ones included, oldest first. */
  messages(chatId: number): ChatMessage[] {
    return [...(this.context.chats.find(chatId)?.messages ?? [])];
  }

  /** The messages a chat still shows, oldest first. */
  visible(chatId: number): ChatMessage[] {
    return this.messages(chatId).filter((message) => !message.deleted);
  }

  /** Ids of callback queries the bot never answered (their buttons would still show a spinner). */
  unansweredCallbacks(): string[] {
    return this.context.chats.unansweredQueries();
  }

  /** The commands set for a scope and language (exactly that pair, as getMyCommands answers). */
  commands(scope?: BotCommandScope, languageCode?: string): BotCommand[] {
    return this.context.settings.commands.get(commandsKey(scope, languageCode)) ?? [];
  }

  /** The webhook setWebhook stored, if any. */
  get webhook(): WebhookSettings | undefined {
    return this.context.settings.webhook;
  }

  /** How many updates wait for getUpdates. */
  get pendingUpdates(): number {
    return this.context.updates.size;
  }

  /** Queues an update for getUpdates, waking a pending long poll. */
  push(update: Update): void {
    this.context.updates.push(update);
  }

  /** A user and their private chat (same id), registered so the bot may write to it. */
  privateChat(userId: number, options?: UserOptions): Participant {
    return this.builders.privateChat(userId, options);
  }

  /** A basic group with a negative id, registered. */
  groupChat(id: number, title?: string): Chat.GroupChat {
    return this.builders.groupChat(id, title);
  }

  /** A channel with a negative id, registered. */
  channelChat(id: number, title?: string, username?: string): Chat.ChannelChat {
    return this.builders.channelChat(id, title, username);
  }

  /** A user's text message update; "/cmd" and "/cmd@bot" get a bot_command entity. */
  userText(user: User, chat: Chat, text: string, options?: TextOptions): Update {
    return this.builders.userText(user, chat, text, options);
  }

  /** A callback_query update for a button press on a message in the chat, with a fresh query id. */
  callback(user: User, chat: Chat, messageId: number, data: string): Update {
    return this.builders.callback(user, chat, messageId, data);
  }

  /** An edited_message update: the user changed an earlier text. */
  editedText(user: User, chat: Chat, messageId: number, text: string): Update {
    return this.builders.editedText(user, chat, messageId, text);
  }

  /** A message update with a photo and no text. */
  userPhoto(user: User, chat: Chat, caption?: string): Update {
    return this.builders.userPhoto(user, chat, caption);
  }

  /** An inline_query update: the user typed `query` after the bot's name (in a chat of `chatType`). */
  inlineQuery(user: User, query: string, chatType?: InlineChatType): Update {
    return this.builders.inlineQuery(user, query, chatType);
  }

  /** A channel_post update. */
  channelPost(channel: Chat.ChannelChat, text: string): Update {
    return this.builders.channelPost(channel, text);
  }

  /** A my_chat_member update; "kicked" also makes the fake refuse messages to the chat (403), "member" allows them. */
  myChatMember(user: User, chat: Chat, status: "member" | "kicked"): Update {
    return this.builders.myChatMember(user, chat, status);
  }

  /** Serves one fetch call: decodes it, runs the method and answers like the Bot API. */
  private async answer(
    input: string | URL | Request,
    init: (FetchInit & { signal?: unknown }) | undefined,
  ): Promise<Response> {
    const signal = (init?.signal ?? (input instanceof Request ? input.signal : undefined) ?? undefined) as
      | AbortSignalLike
      | undefined;
    if (signal?.aborted === true) throw abortError();
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const target = parseApiUrl(url);
    if (target === undefined) return reply({ ok: false, error_code: 404, description: "Not Found" });
    if (target.token !== this.token)
      return reply({ ok: false, error_code: 401, description: "Unauthorized" });
    const call: RecordedCall = { method: target.method, payload: {}, at: this.context.now() };
    try {
      call.payload = await decodePayload(input, init);
      this.calls.push(call);
      const handled = await this.run(target.method, call.payload, signal);
      call.response = { ok: true, result: handled.result };
      if (handled.output !== undefined) call.output = handled.output;
    } catch (error) {
      // Aborted long polls and bugs in the fake reject the fetch; API failures are answers.
      if (!(error instanceof FakeApiError)) throw error;
      if (!this.calls.includes(call)) this.calls.push(call);
      call.response = { ok: false, ...error.failure };
    }
    for (const listener of this.listeners) listener(call);
    return reply(call.response);
  }

  private run(
    method: string,
    payload: Record<string, unknown>,
    signal: AbortSignalLike | undefined,
  ): Promise<Handled> | Handled {
    const injected = this.failures.get(method)?.shift();
    if (injected !== undefined) throw new FakeApiError(withDescription(injected));
    const handler = METHODS.get(method.toLowerCase());
    if (handler === undefined) throw new FakeApiError({ error_code: 404, description: "Not Found" });
    return handler(payload, signal === undefined ? this.context : { ...this.context, signal });
  }
}

function withDescription(failure: InjectedFailure): ApiFailure {
  const retryAfter = failure.parameters?.retry_after;
  const fallback =
    failure.error_code === 429
      ? `Too Many Requests: retry after ${retryAfter ?? 1}`
      : (DESCRIPTIONS[failure.error_code] ?? `Error ${failure.error_code}`);
  return { ...failure, description: failure.description ?? fallback };
}

function reply(body: RecordedCall["response"]): Response {
  const status = body === undefined || body.ok ? 200 : body.error_code;
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
