/**
 * The terminal side of the demo chat: each line typed (or piped) is sent as the user's message, one at a
 * time; `#N` presses a button; every bot output is printed as it happens, including edits that background
 * work makes after a handler returned. Documents and photos are saved to the output folder.
 */
import { clearLine, createInterface, cursorTo } from "node:readline";
import type { BotOutput, ChatDriver } from "../telegram-fake/index.ts";
import { displayPath, saveFile } from "./files.ts";
import { ButtonBoard, formatOutput, type Style } from "./output.ts";

/** Why the chat ended: input ran out, the person typed /quit, or Ctrl-C / a signal. */
export type EndReason = "end" | "quit" | "interrupt";

/** Options of {@link startChat}. */
export interface ChatOptions {
  /** The user's chat with the bot (only these methods, so a test can stand in for it). */
  driver: Pick<ChatDriver, "send" | "press" | "onOutput">;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** A person at a terminal: show a prompt and keep it below the outputs. Otherwise echo each input line. */
  interactive: boolean;
  style: Style;
  /** Where documents and photos are saved. */
  outputDir: string;
  /** The quiet time that ends the grace period after piped input ends; default {@link QUIET_MS}. */
  quietMs?: number;
  /** Runs a line starting with ":" (a demo command, not a chat message) and returns what to print. */
  command?: (line: string) => Promise<string>;
}

/** A running chat. */
export interface ChatSession {
  /** Resolves once: at the end of input (after a grace period when piped), on /quit or on Ctrl-C. */
  readonly finished: Promise<EndReason>;
  /** Prints a line (above the prompt when there is one). */
  print(text: string): void;
  /** Ends the chat now, skipping lines not handled yet. */
  interrupt(): void;
  /** Resolves when the line being handled is done, or after `timeoutMs`, whichever comes first. */
  settle(timeoutMs: number): Promise<void>;
  /** Stops reading input and printing outputs. */
  close(): void;
}

// After piped input ends, background work may still edit messages: wait until the chat has been quiet
// this long, but never longer than the cap. A placed swap settles in the sandbox after 1.5 s and the
// watcher polls every second, so its result can come 2.5 s after the last output.
export const QUIET_MS = 3500;
const MAX_GRACE_MS = 10_000;

const PRESS = /^#(\d{1,3})$/;

/** Starts reading lines and printing the bot's outputs. */
export function startChat(options: ChatOptions): ChatSession {
  const { driver, interactive, style } = options;
  const quietMs = options.quietMs ?? QUIET_MS;
  const out = options.output;
  const board = new ButtonBoard();
  const rl = createInterface({
    input: options.input,
    ...(interactive ? { output: out, terminal: true } : { terminal: false }),
    prompt: style.cyan("you › "),
  });
  // Input can end (piped stdin) while queued lines still produce outputs to print.
  let inputClosed = false;
  // The prompt is on screen (possibly with half-typed text), so anything printed must start a new line.
  let atPrompt = false;
  let stopped = false;
  let ended = false;
  let lastOutputAt = 0;
  let chain: Promise<void> = Promise.resolve();
  let resolveFinished: (reason: EndReason) => void = () => undefined;
  const finished = new Promise<EndReason>((resolve) => {
    resolveFinished = resolve;
  });

  const finish = (reason: EndReason): void => {
    if (ended) return;
    ended = true;
    resolveFinished(reason);
  };

  const print = (text: string): void => {
    if (interactive && !inputClosed) {
      // Write above the prompt, then redraw it with whatever the person had typed so far.
      clearLine(out, 0);
      cursorTo(out, 0);
      out.write(`${text}\n`);
      if (!ended) {
        rl.prompt(true);
        atPrompt = true;
      }
    } else {
      out.write(`${text}\n`);
    }
  };

  const prompt = (): void => {
    if (interactive && !inputClosed && !ended) {
      rl.prompt();
      atPrompt = true;
    }
  };

  const savedFiles = new Set<string>();
  const show = (output: BotOutput): void => {
    lastOutputAt = Date.now();
    board.update(output);
    const block = formatOutput(output, style);
    if (block !== "") print(output.kind === "callback_answer" ? block : `\n${block}`);
    // A file is saved once: when sent, and again only when an edit replaced it (editMessageMedia).
    if (output.file !== undefined && output.kind !== "delete" && !savedFiles.has(output.file.fileId)) {
      const file = output.file;
      savedFiles.add(file.fileId);
      if (file.bytes.length === 0) {
        if (file.url !== undefined) print(`  ${style.dim(`(sent by URL: ${file.url})`)}`);
        return;
      }
      try {
        print(`  ${style.dim(`saved to ${displayPath(saveFile(options.outputDir, file))}`)}`);
      } catch (error) {
        print(`  ${style.red(`could not save ${file.filename}: ${messageOf(error)}`)}`);
      }
    }
  };
  const stopListening = driver.onOutput((output) => {
    if (!stopped) show(output);
  });

  /** Presses button `n`; undefined when there was nothing to press (the reason is printed). */
  const press = async (n: number): Promise<BotOutput[] | undefined> => {
    const found = board.find(n);
    if (typeof found === "string") {
      print(`  ${style.yellow(found)}`);
      return undefined;
    }
    const { button, messageId } = found;
    if (button.data === undefined) {
      print(
        style.dim(
          `  [${button.text}] opens ${button.url ?? "a link"} (Telegram would open it in the browser)`,
        ),
      );
      return undefined;
    }
    print(style.dim(`  pressed [${button.text}]`));
    return driver.press({ messageId, data: button.data });
  };

  const handle = async (line: string): Promise<void> => {
    if (ended) return;
    const text = line.trim();
    if (!interactive) print(style.cyan(`you › ${text}`));
    if (text === "") return prompt();
    if (text === "/quit") return finish("quit");
    if (text.startsWith(":") && options.command) {
      try {
        print(style.dim(`  ${(await options.command(text)).split("\n").join("\n  ")}`));
      } catch (error) {
        print(style.red(`  The command failed: ${messageOf(error)}`));
      }
      return prompt();
    }
    try {
      const match = PRESS.exec(text);
      const outputs = match ? await press(Number(match[1])) : await driver.send(text);
      // Say so when nothing showed, e.g. a Refresh within the same second leaves the message as it was.
      if (outputs !== undefined && !outputs.some((output) => formatOutput(output, style) !== "")) {
        print(style.dim(match ? "  (nothing changed)" : "  (no reply)"));
      }
    } catch (error) {
      // A failing handler must not end the demo: say what happened and carry on.
      if (!ended) print(style.red(`  The bot failed: ${messageOf(error)}`));
    }
    prompt();
  };

  const grace = async (): Promise<void> => {
    const start = Date.now();
    for (;;) {
      const until = Math.min(Math.max(lastOutputAt, start) + quietMs, start + MAX_GRACE_MS);
      if (ended || Date.now() >= until) return;
      await sleep(until - Date.now());
    }
  };

  rl.on("line", (line) => {
    atPrompt = false;
    chain = chain.then(() => handle(line));
  });
  rl.on("close", () => {
    // Ctrl-D or Ctrl-C at the prompt: end its line so what follows starts cleanly.
    if (atPrompt) out.write("\n");
    atPrompt = false;
    inputClosed = true;
    chain = chain.then(async () => {
      if (!interactive) await grace();
      finish("end");
    });
  });
  rl.on("SIGINT", () => finish("interrupt"));
  prompt();

  return {
    finished,
    print,
    interrupt: () => finish("interrupt"),
    settle: (timeoutMs) => Promise.race([chain, sleep(timeoutMs)]),
    close() {
      finish("interrupt");
      stopped = true;
      stopListening();
      if (!inputClosed) rl.close();
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An unref'd pause: it never keeps the process alive on its own. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
}
