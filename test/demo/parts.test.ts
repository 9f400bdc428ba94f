/** The demo's pieces on their own: which button `#N` presses, how outputs print, where files are saved. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { saveFile } from "../../src/demo/files.ts";
import { ButtonBoard, createStyle, formatOutput } from "../../src/demo/output.ts";
import type { BotOutput, FakeFile } from "../../src/telegram-fake/index.ts";

const output = (fields: Partial<BotOutput>): BotOutput => ({
  kind: "message",
  chatId: 1,
  messageId: 1,
  text: "",
  plainText: "",
  buttons: [],
  ...fields,
});

describe("ButtonBoard", () => {
  it("numbers the newest message's buttons across rows", () => {
    const board = new ButtonBoard();
    board.update(output({ messageId: 2, buttons: [[{ text: "Refresh", data: "r" }]] }));
    board.update(
      output({
        messageId: 4,
        buttons: [
          [
            { text: "A", data: "a" },
            { text: "B", data: "b" },
          ],
          [{ text: "C", data: "c" }],
        ],
      }),
    );
    expect(board.find(3)).toEqual({ messageId: 4, button: { text: "C", data: "c" } });
    expect(board.find(4)).toBe("The newest message with buttons has 3: use #1 to #3.");
  });

  it("follows edits and deletions back to an older keyboard", () => {
    const board = new ButtonBoard();
    board.update(output({ messageId: 2, buttons: [[{ text: "Refresh", data: "r" }]] }));
    board.update(output({ messageId: 4, buttons: [[{ text: "Yes", data: "y" }]] }));
    board.update(output({ kind: "edit", messageId: 4, buttons: [] }));
    expect(board.find(1)).toEqual({ messageId: 2, button: { text: "Refresh", data: "r" } });
    board.update(output({ kind: "delete", messageId: 2 }));
    expect(board.find(1)).toBe("No bot message has buttons right now.");
  });

  it("ignores callback answers", () => {
    const board = new ButtonBoard();
    board.update(output({ messageId: 2, buttons: [[{ text: "Refresh", data: "r" }]] }));
    board.update(output({ kind: "callback_answer", messageId: 2, text: "Done" }));
    expect(board.find(1)).toEqual({ messageId: 2, button: { text: "Refresh", data: "r" } });
  });
});

describe("formatOutput", () => {
  const plain = createStyle(false);

  it("puts a bar before each line of a message, keyboard numbered", () => {
    const text = formatOutput(
      output({ text: "<b>Hi</b>\n\nthere", parseMode: "HTML", buttons: [[{ text: "Go", data: "g" }]] }),
      plain,
    );
    expect(text).toBe("  │ Hi\n  │\n  │ there\n  │ [1] Go");
  });

  it("prints nothing for a silent callback answer", () => {
    expect(formatOutput(output({ kind: "callback_answer" }), plain)).toBe("");
  });

  it("colours only when asked", () => {
    expect(formatOutput(output({ text: "x" }), createStyle(true))).toContain("\x1b[32m│");
  });
});

describe("saveFile", () => {
  const dir = mkdtempSync(join(tmpdir(), "surge-demo-files-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (filename: string, text: string): FakeFile => {
    const bytes = new TextEncoder().encode(text);
    return { fileId: "f", fileUniqueId: "u", filename, mimeType: "text/plain", bytes, size: bytes.length };
  };

  it("creates the folder and never overwrites an earlier file", () => {
    const target = join(dir, "out");
    const first = saveFile(target, file("statement.pdf", "one"));
    const second = saveFile(target, file("statement.pdf", "two"));
    expect(first).toBe(join(target, "statement.pdf"));
    expect(second).toBe(join(target, "statement-2.pdf"));
    expect(readFileSync(second, "utf8")).toBe("two");
  });

  it("keeps a name that points elsewhere inside the folder", () => {
    expect(saveFile(dir, file("../../etc/evil.txt", "x"))).toBe(join(dir, "evil.txt"));
    expect(saveFile(dir, file("..", "x"))).toBe(join(dir, "file"));
    expect(existsSync(join(dir, "..", "evil.txt"))).toBe(false);
  });
});
