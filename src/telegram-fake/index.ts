/** The in-process Telegram Bot API for tests and the demo: import from here outside `src/telegram-fake/`. */
export type { ApiFailure } from "./api-error.ts";
export type { WebhookSettings } from "./bot-settings.ts";
export { type ButtonRef, ChatDriver, type UpdateHandler } from "./chat-driver.ts";
export {
  FAKE_API_ROOT,
  FakeTelegram,
  type FakeTelegramOptions,
  type InjectedFailure,
} from "./fake-telegram.ts";
export type { HtmlParseResult } from "./html.ts";
export { parseHtmlStrict, type RenderOptions, renderHtml, renderKeyboard, renderOutput } from "./render.ts";
export type * from "./types.ts";
export type { TextOptions, UserOptions } from "./update-builders.ts";
