/**
 * Telegram's HTML parse mode, parsed the way the Bot API does it (tdlib's parse_html), so the fake rejects
 * what Telegram rejects. One deliberate difference: a bare `&` that starts no entity is an error here,
 * while Telegram keeps it as text. The Bot API docs require it escaped, and an unescaped `&` usually means
 * a missing escape that the next `<` in user data turns into a failed message.
 */
import type { MessageEntity } from "grammy/types";

/** Plain text and entities of valid HTML, or tdlib's error text without the "can't parse entities" prefix. */
export type HtmlParseResult =
  | { ok: true; text: string; entities: MessageEntity[] }
  | { ok: false; error: string };

const ENTITY_TYPES: Readonly<Record<string, MessageEntity["type"]>> = {
  b: "bold",
  strong: "bold",
  i: "italic",
  em: "italic",
  u: "underline",
  ins: "underline",
  s: "strikethrough",
  strike: "strikethrough",
  del: "strikethrough",
  "tg-spoiler": "spoiler",
  span: "spoiler",
  a: "text_link",
  code: "code",
  pre: "pre",
  blockquote: "blockquote",
  "tg-emoji": "custom_emoji",
};

const NAMED_ENTITIES: Readonly<Record<string, string>> = { lt: "<", gt: ">", amp: "&", quot: '"' };
const ENTITY = /^&(?:(lt|gt|amp|quot)|#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6}));/;
const SPACE = /\s/;

/** A tag still open, with what its entity needs once closed. */
interface OpenTag {
  name: string;
  start: number;
  argument: string;
  expandable: boolean;
}

class HtmlError extends Error {}

/** Decodes the entity at `i`, or returns undefined when the text there forms none. */
function decodeEntity(html: string, i: number): { char: string; length: number } | undefined {
  const match = ENTITY.exec(html.slice(i, i + 12));
  if (match === null) return undefined;
  const [whole, named, decimal, hex] = match;
  if (named !== undefined) return { char: NAMED_ENTITIES[named] ?? "", length: whole.length };
  const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? "", 16);
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return { char: String.fromCodePoint(code), length: whole.length };
}

/**
 * Parses Telegram HTML: only Telegram's tags (b, strong, i, em, u, ins, s, strike, del, tg-spoiler,
 * span class="tg-spoiler", a href, code, pre, blockquote, tg-emoji), properly nested and closed, with `<`
 * and `&` escaped unless they start a tag or an entity (&lt; &gt; &amp; &quot; and numeric ones).
 * Entity offsets and lengths are in UTF-16 code units, like Telegram's.
 */
export function parseHtmlStrict(html: string): HtmlParseResult {
  try {
    return { ok: true, ...parse(html) };
  } catch (error) {
    if (error instanceof HtmlError) return { ok: false, error: error.message };
    throw error;
  }
}

function parse(html: string): { text: string; entities: MessageEntity[] } {
  const byteOffset = (i: number): number => Buffer.byteLength(html.slice(0, i), "utf8");
  const fail: (message: string, at: number) => never = (message, at) => {
    throw new HtmlError(`${message} at byte offset ${byteOffset(at)}`);
  };
  let text = "";
  const open: OpenTag[] = [];
  const entities: MessageEntity[] = [];
  let i = 0;
  while (i < html.length) {
    const char = html[i] ?? "";
    if (char === "&") {
      const decoded = decodeEntity(html, i);
      if (decoded === undefined) fail('Character "&" must be escaped as "&amp;"', i);
      text += decoded.char;
      i += decoded.length;
      continue;
    }
    if (char !== "<") {
      text += char;
      i += 1;
      continue;
    }
    const begin = i;
    if (html[i + 1] === "/") {
      const tag = open.pop();
      if (tag === undefined) fail("Unexpected end tag", begin);
      i += 2;
      while (i < html.length && !SPACE.test(html[i] ?? "") && html[i] !== ">") i += 1;
      const endName = html.slice(begin + 2, i).toLowerCase();
      while (i < html.length && SPACE.test(html[i] ?? "")) i += 1;
      if (html[i] !== ">") fail("Unclosed end tag", begin);
      if (endName !== "" && endName !== tag.name) {
        throw new HtmlError(
          `Unmatched end tag at byte offset ${byteOffset(begin)}, expected "</${tag.name}>", found "</${endName}>"`,
        );
      }
      i += 1;
      const parent = open.at(-1);
      if (
        tag.name === "code" &&
        tag.argument !== "" &&
        parent?.name === "pre" &&
        parent.start === tag.start
      ) {
        // <pre><code class="language-x"> is one pre entity with a language.
        parent.argument = tag.argument.slice("language-".length);
      } else {
        addEntity(entities, tag, text.length);
      }
      continue;
    }
    i += 1;
    while (i < html.length && !SPACE.test(html[i] ?? "") && html[i] !== ">") i += 1;
    if (i >= html.length) fail("Unclosed start tag", begin);
    const name = html.slice(begin + 1, i).toLowerCase();
    if (ENTITY_TYPES[name] === undefined) fail(`Unsupported start tag "${name}"`, begin);
    const tag: OpenTag = { name, start: text.length, argument: "", expandable: false };
    i = parseAttributes(html, i, tag, (message) => fail(message, begin));
    if (name === "span" && tag.argument !== "tg-spoiler")
      fail('Tag "span" must have class "tg-spoiler"', begin);
    open.push(tag);
  }
  const unclosed = open.at(-1);
  if (unclosed !== undefined) {
    throw new HtmlError(`Can't find end tag corresponding to start tag "${unclosed.name}"`);
  }
  entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { text, entities };
}

/** Reads attributes up to and past the closing `>`; returns the index after it. */
function parseAttributes(html: string, from: number, tag: OpenTag, fail: (message: string) => never): number {
  let i = from;
  const skipSpaces = (): void => {
    while (i < html.length && SPACE.test(html[i] ?? "")) i += 1;
  };
  for (;;) {
    skipSpaces();
    if (i >= html.length) fail("Unclosed start tag");
    if (html[i] === ">") return i + 1;
    const nameStart = i;
    while (i < html.length && !SPACE.test(html[i] ?? "") && html[i] !== "=" && html[i] !== ">") i += 1;
    const attribute = html.slice(nameStart, i).toLowerCase();
    if (attribute === "") fail(`Empty attribute name in the tag "${tag.name}"`);
    skipSpaces();
    if (i >= html.length) fail("Unclosed start tag");
    if (html[i] !== "=") {
      if (tag.name === "blockquote" && attribute === "expandable") {
        tag.expandable = true;
        continue;
      }
      fail(`Expected equal sign in declaration of an attribute of the tag "${tag.name}"`);
    }
    i += 1;
    skipSpaces();
    const quote = html[i];
    let value = "";
    if (quote === '"' || quote === "'") {
      i += 1;
      while (i < html.length && html[i] !== quote) {
        if (html[i] === "&") {
          const decoded = decodeEntity(html, i);
          if (decoded === undefined) fail('Character "&" in an attribute value must be escaped as "&amp;"');
          value += decoded.char;
          i += decoded.length;
        } else {
          value += html[i];
          i += 1;
        }
      }
      if (i >= html.length) fail("Unclosed start tag");
      i += 1;
    } else {
      const tokenStart = i;
      while (i < html.length && /[A-Za-z0-9.-]/.test(html[i] ?? "")) i += 1;
      value = html.slice(tokenStart, i).toLowerCase();
      if (i < html.length && !SPACE.test(html[i] ?? "") && html[i] !== ">")
        fail("Unexpected end of name token");
    }
    if (isArgument(tag.name, attribute, value)) tag.argument = value;
  }
}

/** Which attribute carries the entity's argument; Telegram ignores all others. */
function isArgument(tag: string, attribute: string, value: string): boolean {
  if (tag === "a") return attribute === "href";
  if (tag === "code") return attribute === "class" && value.startsWith("language-");
  if (tag === "span") return attribute === "class" && value.startsWith("tg-");
  if (tag === "tg-emoji") return attribute === "emoji-id";
  return false;
}

function addEntity(entities: MessageEntity[], tag: OpenTag, end: number): void {
  const length = end - tag.start;
  // Telegram drops empty entities instead of failing.
  if (length === 0) return;
  const offset = tag.start;
  const type = ENTITY_TYPES[tag.name];
  if (type === "text_link") {
    entities.push({ type, offset, length, url: tag.argument });
  } else if (type === "custom_emoji") {
    entities.push({ type, offset, length, custom_emoji_id: tag.argument });
  } else if (type === "pre" && tag.argument !== "") {
    entities.push({ type, offset, length, language: tag.argument });
  } else if (type === "blockquote" && tag.expandable) {
    entities.push({ type: "expandable_blockquote", offset, length });
  } else if (type !== undefined) {
    entities.push({ type, offset, length } as MessageEntity);
  }
}
