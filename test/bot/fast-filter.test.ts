import { Composer, type Context } from "grammy";
import { describe, expect, it } from "vitest";
import { BotComposer } from "../../src/bot/fast-filter.ts";

/** Runs a composer's middleware on a stand-in context; returns what ran, in order. */
async function run(composer: Composer<Context>, ctx: object): Promise<string[]> {
  const seen: string[] = [];
  (ctx as { seen?: string[] }).seen = seen;
  await composer.middleware()(ctx as Context, async () => {
    seen.push("next");
  });
  return seen;
}
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
  }

  it("keeps chained filters on the cheaper path", () => {
    const composer = new BotComposer<Context>();
    expect(composer.filter(() => true)).toBeInstanceOf(BotComposer);
    expect(composer.filter(() => true).filter(() => true)).toBeInstanceOf(BotComposer);
  });
});
