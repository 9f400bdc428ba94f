/** Terminal rendering of what the bot sends: Telegram HTML, inline keyboards and whole outputs, for the demo. */
import type { MessageEntity } from "grammy/types";
import { parseHtmlStrict } from "./html.ts";
import type { BotOutput, OutputButton } from "./types.ts";

export { parseHtmlStrict } from "./html.ts";

/** Rendering options. */
export interface RenderOptions {
  /** Style with ANSI escape codes (bold, italic, links...); default false for plain text. */
  color?: boolean;
}

/** ANSI codes around an entity's text; only the link's URL suffix and the quote bar survive without color. */
const STYLES: Partial<Record<MessageEntity["type"], [string, string]>> = {
  bold: ["\x1b[1m", "\x1b[22m"],
  italic: ["\x1b[3m", "\x1b[23m"],
  underline: ["\x1b[4m", "\x1b[24m"],
  strikethrough: ["\x1b[9m", "\x1b[29m"],
  spoiler: ["\x1b[7m", "\x1b[27m"],
  code: ["\x1b[36m", "\x1b[39m"],
  pre: ["\x1b[36m", "\x1b[39m"],
  text_link: ["\x1b[4;34m", "\x1b[24;39m"],
};

const isQuote = (entity: MessageEntity): boolean =>
  entity.type === "blockquote" || entity.type === "expandable_blockquote";

/**
 * Turns Telegram HTML into terminal text: tags become ANSI styles (with `color`) or disappear, entities are
 * decoded, links show their URL after the text, quotes get a bar on each line. Text that is not valid
 * Telegram HTML is returned as it is (the fake would have refused to send it).
 */
export function renderHtml(html: string, options: RenderOptions = {}): string {
  const parsed = parseHtmlStrict(html);
  if (!parsed.ok) return html;
  const { text, entities } = parsed;
  const color = options.color === true;
  const bar = color ? "\x1b[90m│\x1b[39m " : "│ ";
  const opens = new Map<number, string[]>();
  const closes = new Map<number, string[]>();
  const at = (map: Map<number, string[]>, index: number): string[] => {
    const list = map.get(index) ?? [];
    map.set(index, list);
    return list;
  };
  for (const entity of entities) {
    const end = entity.offset + entity.length;
    const [open, close] = (color ? STYLES[entity.type] : undefined) ?? ["", ""];
    const suffix =
      entity.type === "text_link" && entity.url !== text.slice(entity.offset, end) ? ` (${entity.url})` : "";
    at(opens, entity.offset).push(isQuote(entity) ? bar : open);
    // Inner entities close first: they come later in the (offset, longest first) order.
    at(closes, end).unshift(close + suffix);
  }
  const quoted = entities.filter(isQuote);
  let out = "";
  for (let i = 0; i <= text.length; i += 1) {
    out += (closes.get(i) ?? []).join("") + (opens.get(i) ?? []).join("");
    const char = text[i];
    if (char === undefined) break;
    out += char;
    if (char === "\n" && quoted.some((q) => i >= q.offset && i + 1 < q.offset + q.length)) out += bar;
  }
  return out;
}

/** Numbers inline buttons across rows for the demo, one row per line: `[1] Refresh  [2] Cancel`. */
export function renderKeyboard(buttons: OutputButton[][], options: RenderOptions = {}): string {
  let n = 0;
  return buttons
    .map((row) =>
      row
        .map((button) => {
          n += 1;
          const label = options.color === true ? `\x1b[36m[${n}]\x1b[39m` : `[${n}]`;
          return button.url === undefined
            ? `${label} ${button.text}`
            : `${label} ${button.text} ↗ ${button.url}`;
        })
        .join("  "),
    )
    .join("\n");
}

/** One bot output as terminal text: the message (marked when edited or deleted), its file and its keyboard. */
export function renderOutput(output: BotOutput, options: RenderOptions = {}): string {
  if (output.kind === "delete") return `(message #${output.messageId} deleted)`;
  if (output.kind === "callback_answer")
    return output.text === "" ? "" : `${output.alert === true ? "⚠" : "ℹ"} ${output.text}`;
  const body = output.parseMode?.toLowerCase() === "html" ? renderHtml(output.text, options) : output.text;
  const file = output.file === undefined ? [] : [`📎 ${output.file.filename} (${output.file.size} bytes)`];
  const edited = output.kind === "edit" ? [`(edited #${output.messageId})`] : [];
  const keyboard = output.buttons.length === 0 ? [] : [renderKeyboard(output.buttons, options)];
  return [...edited, ...file, ...(body === "" ? [] : [body]), ...keyboard].join("\n");
}
