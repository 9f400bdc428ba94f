import { describe, expect, it } from "vitest";
import { parseHtmlStrict, renderHtml, renderKeyboard, renderOutput } from "../../src/telegram-fake/render.ts";

function error(html: string): string {
  const result = parseHtmlStrict(html);
  return result.ok ? "(valid)" : result.error;
}

describe("parseHtmlStrict", () => {
  it("strips tags into entities with UTF-16 offsets and decodes entities", () => {
    expect(
      parseHtmlStrict(
        '🚀 <b>Bold <i>both</i></b> &lt;tag&gt; &amp; &quot;q&quot; &#39;s&#x27; <a href="https://x.test">link</a>',
      ),
    ).toEqual({
      ok: true,
      text: "🚀 Bold both <tag> & \"q\" 's' link",
      entities: [
        { type: "bold", offset: 3, length: 9 },
        { type: "italic", offset: 8, length: 4 },
        { type: "text_link", offset: 29, length: 4, url: "https://x.test" },
      ],
    });
  });

  it("knows Telegram's other tags and their arguments", () => {
    const result = parseHtmlStrict(
      '<strong>s</strong><em>e</em><u>u</u><s>x</s><tg-spoiler>p</tg-spoiler><span class="tg-spoiler">q</span>' +
        '<code>c</code><pre><code class="language-ts">let a;</code></pre><blockquote expandable>bq</blockquote>',
    );
    expect(
      result.ok && result.entities.map((e) => ("language" in e ? `${e.type}:${e.language}` : e.type)),
    ).toEqual([
      "bold",
      "italic",
      "underline",
      "strikethrough",
      "spoiler",
      "spoiler",
      "code",
      "pre:ts",
      "expandable_blockquote",
    ]);
  });

  it("reports Telegram's errors with byte offsets", () => {
    expect(error("a <br> b")).toBe('Unsupported start tag "br" at byte offset 2');
    expect(error("é < 1")).toBe('Unsupported start tag "" at byte offset 3');
    expect(error("<b>x</i>")).toBe('Unmatched end tag at byte offset 4, expected "</b>", found "</i>"');
    expect(error("x</b>")).toBe("Unexpected end tag at byte offset 1");
    expect(error("<b>x")).toBe('Can\'t find end tag corresponding to start tag "b"');
    expect(error("<b x")).toBe("Unclosed start tag at byte offset 0");
    expect(error('<a href="x>y')).toBe("Unclosed start tag at byte offset 0");
    expect(error("<span>x</span>")).toBe('Tag "span" must have class "tg-spoiler" at byte offset 0');
    expect(error("<a href>x</a>")).toBe(
      'Expected equal sign in declaration of an attribute of the tag "a" at byte offset 0',
    );
  });

  it("requires & to be escaped even where Telegram would guess", () => {
    expect(error("Tom & Jerry")).toBe('Character "&" must be escaped as "&amp;" at byte offset 4');
    expect(error("&nbsp;")).toMatch(/^Character "&" must be escaped/);
    expect(error('<a href="https://x.test/?a=1&b=2">x</a>')).toMatch(/in an attribute value must be escaped/);
    // A bare > is accepted, as by Telegram.
    expect(error("a > b")).toBe("(valid)");
  });
});

describe("renderHtml", () => {
  it("gives readable plain text without color", () => {
    expect(renderHtml('<b>Balance</b>: 1 &lt; 2 <a href="https://x.test">site</a>')).toBe(
      "Balance: 1 < 2 site (https://x.test)",
    );
    expect(renderHtml("<blockquote>line 1\nline 2</blockquote>\nafter")).toBe("│ line 1\n│ line 2\nafter");
    expect(renderHtml("not <valid")).toBe("not <valid");
  });

  it("styles with ANSI codes when asked", () => {
    expect(renderHtml("<b>B <i>I</i></b>", { color: true })).toBe("\x1b[1mB \x1b[3mI\x1b[23m\x1b[22m");
    expect(renderHtml("<code>x</code>", { color: true })).toBe("\x1b[36mx\x1b[39m");
  });
});

describe("renderKeyboard and renderOutput", () => {
  const buttons = [
    [
      { text: "Refresh", data: "r" },
      { text: "Cancel", data: "c" },
    ],
    [{ text: "Site", url: "https://x.test" }],
  ];

  it("numbers buttons across rows", () => {
    expect(renderKeyboard(buttons)).toBe("[1] Refresh  [2] Cancel\n[3] Site ↗ https://x.test");
  });

  it("renders a whole output", () => {
    const output = {
      kind: "edit" as const,
      chatId: 1,
      messageId: 7,
      text: "<b>Done</b>",
      plainText: "Done",
      parseMode: "HTML",
      buttons,
    };
    expect(renderOutput(output)).toBe(
      "(edited #7)\nDone\n[1] Refresh  [2] Cancel\n[3] Site ↗ https://x.test",
    );
    expect(renderOutput({ ...output, kind: "delete" })).toBe("(message #7 deleted)");
    expect(renderOutput({ ...output, kind: "callback_answer", text: "Saved", alert: true })).toBe("⚠ Saved");
  });
});
