/**
 * Drives one user's chat with the bot through the fake, for scenario tests and the terminal demo: the user
 * sends text or presses buttons, and each action returns what the bot visibly did while handling it.
 */
import type { Chat, Update, User } from "grammy/types";
import type { FakeTelegram } from "./fake-telegram.ts";
import { outputOf } from "./outputs.ts";
import type { BotOutput, ChatMessage, OutputButton, Participant } from "./types.ts";

/** What runs an update through the bot, e.g. `(update) => bot.handleUpdate(update)`. */
export type UpdateHandler = (update: Update) => Promise<void>;

/** A button to press: its text (on the most recent bot message that has it), or a message id and callback data. */
export type ButtonRef = string | { messageId: number; data: string };

type Entry = { from: "user"; text: string } | { from: "bot"; output: BotOutput };

const DEFAULT_WAIT_MS = 2000;

/** One user talking to the bot. */
export class ChatDriver {
  /** The user who sends and presses. */
  readonly user: User;
  /** The chat the driver acts and listens in. */
  readonly chat: Chat;
  private readonly fake: FakeTelegram;
  private readonly handle: UpdateHandler;
  private readonly outputs: BotOutput[] = [];
  private readonly entries: Entry[] = [];
  private readonly listeners = new Set<(output: BotOutput) => void>();
  private readonly unsubscribe: () => void;
  // Outputs before this index were returned by an action or matched by waitForOutput.
  private seen = 0;

  /**
   * @param fake the fake Telegram the bot talks to
   * @param handle runs an update through the bot
   * @param participant the user and chat, e.g. `fake.privateChat(42)`
   */
  constructor(fake: FakeTelegram, handle: UpdateHandler, participant: Participant) {
    this.fake = fake;
    this.handle = handle;
    this.user = participant.user;
    this.chat = participant.chat;
    // Listening all the time also catches outputs of background tasks between actions.
    this.unsubscribe = fake.onCall((call) => {
      const output = call.output;
      if (output === undefined || output.chatId !== this.chat.id) return;
      this.outputs.push(output);
      this.entries.push({ from: "bot", output });
      for (const listener of this.listeners) listener(output);
    });
  }

  /** The user sends a text (or /command); resolves with the bot's outputs while it handled the message. */
  async send(text: string): Promise<BotOutput[]> {
    return this.act(text, this.fake.userText(this.user, this.chat, text));
  }

  /**
   * The user presses an inline button; resolves with the bot's outputs while it handled the press. Throws,
   * listing the buttons on screen, when no visible bot message has the button.
   */
  async press(button: ButtonRef): Promise<BotOutput[]> {
    const { message, found } = this.findButton(button);
    if (found.data === undefined) {
      throw new Error(
        `button "${found.text}" on message #${message.messageId} opens ${found.url ?? "something"}; it sends no callback`,
      );
    }
    return this.act(
      `[${found.text}]`,
      this.fake.callback(this.user, this.chat, message.messageId, found.data),
    );
  }

  /** The bot's most recent message still in the chat, as it looks now. */
  lastMessage(): BotOutput | undefined {
    const message = this.botMessages().at(-1);
    return message === undefined ? undefined : outputOf(message, message.media ?? "message");
  }

  /**
   * Resolves with the next output matching `predicate` that no action returned and no earlier wait matched
   * (so an edit a background job made just before this call still counts); rejects after `timeoutMs`.
   */
  waitForOutput(predicate: (output: BotOutput) => boolean, timeoutMs = DEFAULT_WAIT_MS): Promise<BotOutput> {
    const index = this.outputs.findIndex((output, i) => i >= this.seen && predicate(output));
    const ready = this.outputs[index];
    if (ready !== undefined) {
      this.seen = index + 1;
      return Promise.resolve(ready);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        const recent = this.outputs.slice(this.seen).map(describe).join("\n") || "(none)";
        reject(
          new Error(
            `no matching bot output within ${timeoutMs} ms; outputs since the last action:\n${recent}`,
          ),
        );
      }, timeoutMs);
      const stop = this.onOutput((output) => {
        if (!predicate(output)) return;
        clearTimeout(timer);
        stop();
        this.seen = this.outputs.indexOf(output) + 1;
        resolve(output);
      });
    });
  }

  /** Calls `listener` with every bot output in this chat as it happens (the demo prints them); returns the unsubscribe function. */
  onOutput(listener: (output: BotOutput) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The conversation so far, one line per event: `> ` for the user, `< ` for the bot. */
  transcript(): string {
    return this.entries
      .map((entry) => (entry.from === "user" ? `> ${entry.text}` : describe(entry.output)))
      .join("\n");
  }

  /** Stops listening to the fake. */
  close(): void {
    this.unsubscribe();
    this.listeners.clear();
  }

  private async act(said: string, update: Update): Promise<BotOutput[]> {
    this.entries.push({ from: "user", text: said });
    const start = this.outputs.length;
    await this.handle(update);
    this.seen = this.outputs.length;
    return this.outputs.slice(start);
  }

  private botMessages(): ChatMessage[] {
    return this.fake.visible(this.chat.id).filter((message) => message.fromBot);
  }

  private findButton(ref: ButtonRef): { message: ChatMessage; found: OutputButton } {
    const matches = (button: OutputButton): boolean =>
      typeof ref === "string" ? button.text === ref : button.data === ref.data;
    const candidates = this.botMessages()
      .filter((message) => typeof ref === "string" || message.messageId === ref.messageId)
      .reverse();
    for (const message of candidates) {
      const found = outputOf(message, "message").buttons.flat().find(matches);
      if (found !== undefined) return { message, found };
    }
    const onScreen = this.botMessages()
      .map((message) => ({ id: message.messageId, buttons: outputOf(message, "message").buttons.flat() }))
      .filter((entry) => entry.buttons.length > 0)
      .map(
        (entry) =>
          `#${entry.id}: ${entry.buttons.map((b) => `[${b.text}]${b.data === undefined ? "" : ` (${b.data})`}`).join(" ")}`,
      );
    const wanted =
      typeof ref === "string" ? `"${ref}"` : `with data "${ref.data}" on message #${ref.messageId}`;
    throw new Error(`no button ${wanted}; buttons on screen:\n${onScreen.join("\n") || "(none)"}`);
  }
}

/** One transcript line (continuation lines indented) for a bot output. */
function describe(output: BotOutput): string {
  const buttons = output.buttons.flat().map((b) => `[${b.text}]`);
  const file =
    output.file === undefined ? "" : `[${output.kind} ${output.file.filename}, ${output.file.size} bytes] `;
  const head: Record<BotOutput["kind"], string> = {
    message: `< #${output.messageId} `,
    document: `< #${output.messageId} `,
    photo: `< #${output.messageId} `,
    edit: `< #${output.messageId} (edited) `,
    delete: `< #${output.messageId} (deleted)`,
    callback_answer: output.alert === true ? "< (alert) " : "< (answer) ",
  };
  const body = output.kind === "delete" ? "" : `${file}${output.plainText}`;
  const line = `${head[output.kind]}${body}`.trimEnd().replaceAll("\n", "\n    ");
  return buttons.length === 0 ? line : `${line}\n    ${buttons.join(" ")}`;
}
