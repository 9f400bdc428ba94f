import { Composer, Context } from "grammy";
import { describe, expect, it } from "vitest";
import { BotComposer, requiredPrefix } from "../../src/bot/pipeline/fast-filter.ts";

/** Runs a composer's middleware on a stand-in context; returns what ran, in order. */
async function run(composer: Composer<Context>, ctx: object): Promise<string[]> {
  const seen: string[] = [];
  (ctx as { seen?: string[] }).seen = seen;
  await composer.middleware()(ctx as Context, async () => {
    seen.push("next");
  });
  return seen;
}
/** A middleware that logs `label` and goes on. */
const logStep = (log: string[], label: string) => (_ctx: Context, next: () => Promise<void>) => {
  log.push(label);
  return next();
};
const mark = (label: string) => async (ctx: Context, next: () => Promise<void>) => {
  (ctx as unknown as { seen: string[] }).seen.push(label);
  await next();
};

describe("BotComposer.filter", () => {
  for (const [name, make] of [
    ["grammY's Composer", () => new Composer<Context>()],
    ["BotComposer", () => new BotComposer<Context>()],
  ] as const) {
    it(`${name}: runs the branch only when the predicate holds, sync or async, and continues after it`, async () => {
      const composer = make();
      composer.filter((ctx) => (ctx as unknown as { n: number }).n > 1, mark("sync"));
      composer.filter(async (ctx) => (ctx as unknown as { n: number }).n > 2, mark("async"));
      // Handlers added to the returned composer after the call count too.
      composer.filter((ctx) => (ctx as unknown as { n: number }).n > 0).use(mark("later"));
      composer.use(mark("after"));
      expect(await run(composer, { n: 0 })).toEqual(["after", "next"]);
      expect(await run(composer, { n: 2 })).toEqual(["sync", "later", "after", "next"]);
      expect(await run(composer, { n: 3 })).toEqual(["sync", "async", "later", "after", "next"]);
    });

    it(`${name}: a branch that does not call next stops the update there`, async () => {
      const composer = make();
      composer.filter(
        () => true,
        () => undefined,
      );
      composer.use(mark("after"));
      expect(await run(composer, {})).toEqual([]);
    });

    it(`${name}: runs nested composers, plain middleware and later additions in order`, async () => {
      const composer = make();
      const inner = make();
      inner.use(mark("inner-1"));
      composer.use(mark("first"), mark("second"));
      composer.use(inner);
      // Another kind of composer inside works too.
      const foreign = new Composer<Context>(mark("foreign"));
      composer.use(foreign);
      const extended = composer.use(mark("third"));
      extended.use(mark("third-later"));
      inner.use(mark("inner-2"));
      composer.on("message:text", mark("text"));
      composer.command("go", mark("command"));
      expect(await run(composer, { update: { update_id: 1 } })).toEqual([
        "first",
        "second",
        "inner-1",
        "inner-2",
        "foreign",
        "third",
        "third-later",
        "next",
      ]);
    });

    it(`${name}: commands and \`on\` queries match as in grammY, with ctx.match`, async () => {
      const composer = make();
      composer.command("go", async (ctx, next) => {
        (ctx as unknown as { seen: string[] }).seen.push(`go:${ctx.match}`);
        await next();
      });
      composer.on("message:text", mark("text"));
      composer.callbackQuery(/^b:(\d)$/, async (ctx) => {
        (ctx as unknown as { seen: string[] }).seen.push(`button:${ctx.match?.[1]}`);
      });
      const message = (text: string) => {
        const entities = text.startsWith("/")
          ? [{ type: "bot_command", offset: 0, length: text.indexOf(" ") }]
          : [];
        const update = {
          update_id: 1,
          message: { message_id: 1, date: 0, chat: { id: 1, type: "private" }, text, entities },
        };
        return new Context(update as never, {} as never, { username: "bot" } as never);
      };
      expect(await run(composer, message("/go now"))).toEqual(["go:now", "text", "next"]);
      expect(await run(composer, message("hello"))).toEqual(["text", "next"]);
      const press = new Context(
        {
          update_id: 2,
          callback_query: { id: "1", data: "b:7", chat_instance: "1", from: { id: 1 } },
        } as never,
        {} as never,
        { username: "bot" } as never,
      );
      expect(await run(composer, press)).toEqual(["button:7"]);
    });

    it(`${name}: chatType matches the chat's type (one or several), and nothing without a chat`, async () => {
      const composer = make();
      composer.chatType("private", mark("private"));
      composer.chatType(["group", "supergroup"]).use(mark("group"));
      composer.chatType("private").chatType("channel", mark("never"));
      const inChat = (type?: string) =>
        new Context(
          {
            update_id: 1,
            message: { message_id: 1, date: 0, text: "hi", ...(type ? { chat: { id: 1, type } } : {}) },
          } as never,
          {} as never,
          { username: "bot" } as never,
        );
      expect(await run(composer, inChat("private"))).toEqual(["private", "next"]);
      expect(await run(composer, inChat("supergroup"))).toEqual(["group", "next"]);
      expect(await run(composer, inChat("channel"))).toEqual(["next"]);
      expect(await run(composer, inChat())).toEqual(["next"]);
    });

    it(`${name}: a middleware or predicate that throws rejects the update (sync or async)`, async () => {
      for (const failing of [
        (c: Composer<Context>) =>
          c.use(() => {
            throw new Error("sync middleware");
          }),
        (c: Composer<Context>) =>
          c.use(async () => {
            throw new Error("async middleware");
          }),
        (c: Composer<Context>) =>
          c.filter(() => {
            throw new Error("sync predicate");
          }),
        (c: Composer<Context>) =>
          c.filter(async () => {
            throw new Error("async predicate");
          }),
      ]) {
        const composer = make();
        composer.use(mark("before"));
        failing(composer);
        composer.use(mark("after"));
        const ctx = { seen: [] as string[] } as unknown as Context;
        const outcome = composer.middleware()(ctx, async () => undefined);
        // Always a promise, as grammY's middleware is, even when the failure is synchronous.
        expect(outcome).toBeInstanceOf(Promise);
        await expect(outcome).rejects.toThrow(/sync|async/);
      }
    });

    it(`${name}: calling next twice fails`, async () => {
      const composer = make();
      composer.use(async (_ctx, next) => {
        await next();
        await next();
      });
      composer.use(mark("after"));
      await expect(run(composer, {})).rejects.toThrow("`next` already called before!");
    });

    it(`${name}: next is a promise even when what follows returns nothing`, async () => {
      const composer = make();
      let result: unknown;
      composer.use((_ctx, next) => {
        result = next();
        return result as Promise<void>;
      });
      composer.use(() => undefined);
      await run(composer, {});
      expect(result).toBeInstanceOf(Promise);
    });
  }

  it("keeps chained filters on the cheaper path", () => {
    const composer = new BotComposer<Context>();
    expect(composer.filter(() => true)).toBeInstanceOf(BotComposer);
    expect(composer.filter(() => true).filter(() => true)).toBeInstanceOf(BotComposer);
  });
});

describe("BotComposer's command and button dispatch", () => {
  it("reads the prefix a pattern requires, and none when it cannot be told simply", () => {
    expect(requiredPrefix(/^set:lang:(\w{1,8})$/)).toBe("set:lang:");
    expect(requiredPrefix(/^t:([A-Za-z0-9_-]{1,64})(?::([a-z]{1,8}))?$/)).toBe("t:");
    expect(requiredPrefix(/^alc:(card|pause):(\d{1,12})$/)).toBe("alc:");
    expect(requiredPrefix(/^hs:/)).toBe("hs:");
    expect(requiredPrefix(/^dca:(?:l|([on]):(\d{1,12}))$/)).toBe("dca:");
    // An optional or repeated character is not required as written.
    expect(requiredPrefix(/^ab?c/)).toBe("a");
    expect(requiredPrefix(/^ab*c/)).toBe("a");
    expect(requiredPrefix(/^ab{0,2}c/)).toBe("a");
    expect(requiredPrefix(/^ab+c/)).toBe("ab");
    for (const unknown of [
      /set:lang/,
      /^set|^x/,
      /^a|b/,
      /^set/i,
      /^set/m,
      /^set/g,
      /^set/y,
      /^\w+/,
      /^(a|b)/,
    ]) {
      expect(requiredPrefix(unknown)).toBe("");
    }
    // Alternatives inside a group or a class keep the prefix before them.
    expect(requiredPrefix(/^x:(a|b)/)).toBe("x:");
    expect(requiredPrefix(/^x:[|]/)).toBe("x:");
  });

  /** A message (with a command entity when it starts with "/") or a button press. */
  const update = (kind: "message" | "channel_post" | "edited_message" | "press", text: string) => {
    const entities = text.startsWith("/")
      ? [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }]
      : [];
    const chat = { id: 1, type: kind === "channel_post" ? "channel" : "private" };
    const payload =
      kind === "press"
        ? { callback_query: { id: "1", data: text, chat_instance: "1", from: { id: 1 } } }
        : { [kind]: { message_id: 1, date: 0, chat, text, entities } };
    return new Context({ update_id: 1, ...payload } as never, {} as never, { username: "my_bot" } as never);
  };

  for (const [name, make] of [
    ["grammY's Composer", () => new Composer<Context>()],
    ["BotComposer", () => new BotComposer<Context>()],
  ] as const) {
    it(`${name}: the same commands match, with the same ctx.match`, async () => {
      const seen: string[] = [];
      const composer = make();
      composer.command("start", (ctx) => void seen.push(`start:${ctx.match}`));
      composer.command(["help", "about"], (ctx) => void seen.push(`help:${ctx.match}`));
      composer.command("only@my_bot", (ctx) => void seen.push(`only:${ctx.match}`));
      composer.use((ctx) => void seen.push(`rest:${ctx.update.update_id}`));
      const cases: [Parameters<typeof update>[0], string][] = [
        ["message", "/start"],
        ["message", "/start now please"],
        ["message", "/start@my_bot x"],
        ["message", "/start@other_bot x"],
        ["message", "/Start"],
        ["message", "/about"],
        ["message", "/help@MY_BOT y"],
        ["message", "/only@my_bot z"],
        ["message", "/only"],
        ["message", "/starting"],
        ["message", "start"],
        ["message", "hello /start"],
        ["channel_post", "/help in a channel"],
        ["edited_message", "/start"],
        ["press", "/start"],
      ];
      const results: string[][] = [];
      for (const [kind, text] of cases) {
        seen.length = 0;
        await composer.middleware()(update(kind, text), async () => undefined);
        results.push([...seen]);
      }
      expect(results).toEqual([
        ["start:"],
        ["start:now please"],
        ["start:x"],
        ["rest:1"],
        ["rest:1"],
        ["help:"],
        ["help:y"],
        ["only:z"],
        ["rest:1"],
        ["rest:1"],
        ["rest:1"],
        ["rest:1"],
        ["help:in a channel"],
        ["rest:1"],
        ["rest:1"],
      ]);
    });

    it(`${name}: composers of commands and buttons only are passed by other updates, and extended later still count`, async () => {
      const seen: string[] = [];
      const composer = make();
      // Features as the bot writes them: commands behind a chat type, buttons (these presses have no
      // chat) in a nested composer.
      const feature = composer.chatType("private");
      feature.command("start", () => void seen.push("start"));
      const buttons = composer.use().use();
      buttons.callbackQuery(/^f:(\d)$/, (ctx) => void seen.push(`f:${ctx.match[1]}`));
      const commandsOnly = composer.use();
      commandsOnly.command("help", () => void seen.push("help"));
      composer.use((_ctx, next) => {
        seen.push("rest");
        return next();
      });
      const run = async (kind: Parameters<typeof update>[0], text: string) => {
        seen.length = 0;
        await composer.middleware()(update(kind, text), async () => undefined);
        return [...seen];
      };
      expect(await run("message", "hello")).toEqual(["rest"]);
      expect(await run("message", "/start")).toEqual(["start"]);
      expect(await run("message", "/help")).toEqual(["help"]);
      expect(await run("message", "/other")).toEqual(["rest"]);
      expect(await run("press", "f:7")).toEqual(["f:7"]);
      expect(await run("press", "g:7")).toEqual(["rest"]);
      // Added after updates went through: a text handler in the composer that held commands only.
      commandsOnly.on("message:text", (_ctx, next) => {
        seen.push("text");
        return next();
      });
      buttons.callbackQuery("late", () => void seen.push("late"));
      expect(await run("message", "hello")).toEqual(["text", "rest"]);
      expect(await run("press", "late")).toEqual(["late"]);
      expect(await run("message", "/help")).toEqual(["help"]);
    });

    it(`${name}: the same buttons match, with the same ctx.match`, async () => {
      const seen: string[] = [];
      const composer = make();
      composer.callbackQuery("bal:refresh", (ctx) => void seen.push(`refresh:${ctx.match}`));
      composer.callbackQuery(/^set:lang:(\w{1,8})$/, (ctx) => void seen.push(`lang:${ctx.match[1]}`));
      composer.callbackQuery([/^a:(\d)$/, /^(?:b|c):(\d)$/], (ctx) => void seen.push(`ab:${ctx.match[1]}`));
      composer.callbackQuery(/ever/, () => void seen.push("ever"));
      composer.use(() => void seen.push("rest"));
      const results: string[][] = [];
      for (const [kind, text] of [
        ["press", "bal:refresh"],
        ["press", "bal:refresh2"],
        ["press", "set:lang:zh"],
        ["press", "set:lang:"],
        ["press", "a:1"],
        ["press", "c:2"],
        ["press", "d:3"],
        ["press", "whatever"],
        ["message", "bal:refresh"],
      ] as const) {
        seen.length = 0;
        await composer.middleware()(update(kind, text), async () => undefined);
        results.push([...seen]);
      }
      expect(results).toEqual([
        ["refresh:bal:refresh"],
        ["rest"],
        ["lang:zh"],
        ["rest"],
        ["ab:1"],
        ["ab:2"],
        ["rest"],
        ["ever"],
        ["rest"],
      ]);
    });
  }
  it("asks the same predicates and runs the same middleware as grammY, before and after later additions", async () => {
    /** Builds the same tree in either kind of composer; returns it and what it asked and ran. */
    const build = (make: () => Composer<Context>) => {
      const log: string[] = [];
      const step = (label: string) => logStep(log, label);
      const root = make();
      root.use(step("first"));
      root
        .filter((ctx) => {
          log.push("asked:sync");
          return ctx.msg?.text !== "skip";
        })
        .command("a", step("a"));
      root.chatType("private").command("b", step("b"));
      const open = root.use();
      open.command("c", step("c"));
      open.on("message:text", step("text"));
      const commandsOnly = root.use();
      commandsOnly.command("d", step("d"));
      root.callbackQuery("x", step("x"));
      root
        .filter(async () => {
          log.push("asked:async");
          return true;
        })
        .command("e", step("e"));
      root.use(step("rest"));
      return { root, commandsOnly, log };
    };
    const updates: [Parameters<typeof update>[0], string][] = [
      ["message", "hello"],
      ["message", "skip"],
      ["message", "/a"],
      ["message", "/a@other_bot"],
      ["message", "/b now"],
      ["message", "/c"],
      ["message", "/d"],
      ["message", "/e"],
      ["message", "/zzz"],
      ["channel_post", "/b"],
      ["edited_message", "/c"],
      ["press", "x"],
      ["press", "y"],
    ];
    const logs: string[][] = [];
    for (const make of [() => new Composer<Context>(), () => new BotComposer<Context>()]) {
      const { root, commandsOnly, log } = build(make);
      const runAll = async () => {
        for (const [kind, text] of updates) {
          log.push(`-- ${kind} ${text}`);
          await root.middleware()(update(kind, text), async () => void log.push("next"));
        }
      };
      await runAll();
      // Added after the updates above went through: a command none of the composers knew, and a text
      // handler in the composer that held one command only.
      commandsOnly.command("zzz", logStep(log, "zzz"));
      commandsOnly.on("message:text", logStep(log, "late-text"));
      await runAll();
      logs.push(log);
    }
    expect(logs[1]).toEqual(logs[0]);
    // The tree was walked at all: the log holds what each kind of update reached.
    expect(logs[0]).toContain("zzz");
    expect(logs[0]).toContain("late-text");
  });
});
