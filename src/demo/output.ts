/**
 * How the terminal shows the chat: bot outputs as indented blocks (rendered by the fake's renderer), and
 * which buttons `#N` refers to.
 */
import { type BotOutput, type OutputButton, renderOutput } from "../telegram-fake/index.ts";

/** ANSI styling that disappears when colour is off. */
export interface Style {
  readonly color: boolean;
  dim(text: string): string;
  bold(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  red(text: string): string;
  cyan(text: string): string;
}

/** A {@link Style}; `color` false makes every function the identity. */
export function createStyle(color: boolean): Style {
  const wrap = (open: string, close: string) => (text: string) =>
    color ? `\x1b[${open}m${text}\x1b[${close}m` : text;
  return {
    color,
    dim: wrap("2", "22"),
    bold: wrap("1", "22"),
    green: wrap("32", "39"),
    yellow: wrap("33", "39"),
    red: wrap("31", "39"),
    cyan: wrap("36", "39"),
  };
}

/** One bot output as a terminal block: a coloured bar before each line; "" for an empty callback answer. */
export function formatOutput(output: BotOutput, style: Style): string {
  const text = renderOutput(output, { color: style.color });
  if (text === "") return "";
  if (output.kind === "delete") return `  ${style.dim(text)}`;
  if (output.kind === "callback_answer") return `  ${style.yellow(text)}`;
  const bar = output.kind === "edit" ? style.yellow("│") : style.green("│");
  return text
    .split("\n")
    .map((line) => (line === "" ? `  ${bar}` : `  ${bar} ${line}`))
    .join("\n");
}

/** A button `#N` resolved to the message it sits on. */
export interface NumberedButton {
  messageId: number;
  button: OutputButton;
}

/**
 * The current inline keyboard of each bot message, from the outputs seen, so `#N` can press button N
 * (counted across rows, as the renderer numbers them) of the newest message that has buttons.
 */
export class ButtonBoard {
  private readonly keyboards = new Map<number, OutputButton[]>();

  /** Takes in an output: new messages and edits replace the message's keyboard, deletions drop it. */
  update(output: BotOutput): void {
    if (output.kind === "callback_answer") return;
    const buttons = output.buttons.flat();
    if (output.kind === "delete" || buttons.length === 0) this.keyboards.delete(output.messageId);
    else this.keyboards.set(output.messageId, buttons);
  }

  /** Button `n` (from 1), or a sentence saying why there is none. */
  find(n: number): NumberedButton | string {
    const newest = Math.max(...this.keyboards.keys());
    const buttons = this.keyboards.get(newest);
    if (buttons === undefined) return "No bot message has buttons right now.";
    const button = buttons[n - 1];
    if (button === undefined) {
      const range = buttons.length === 1 ? "#1" : `#1 to #${buttons.length}`;
      return `The newest message with buttons has ${buttons.length}: use ${range}.`;
    }
    return { messageId: newest, button };
  }
}
