/**
 * `npm run bench:updates [-- --smoke]`: the whole bot against bare grammY on single updates: /start,
 * /help, plain text, `/price BTC` and the Refresh button of /balance. See docs/benchmarks.md.
 */
import type { Update } from "grammy/types";
import { type CaseFigures, measureCase, parseOptions, printTable, timed } from "./support/measure.ts";
import { callbackUpdate, textUpdate } from "./support/updates.ts";
import { type Side, startWorld } from "./support/world.ts";

const options = parseOptions(process.argv.slice(2));
const world = await startWorld(options.smoke ? 8 : 64);

/** Each case's update, and a check of the whole bot's answer (so a failure is not timed as success). */
const CASES: { name: string; update: (userId: number) => Update; answered: RegExp }[] = [
  { name: "/start", update: (id) => textUpdate(id, "/start"), answered: /Welcome|connected/i },
  { name: "/help", update: (id) => textUpdate(id, "/help"), answered: /\/price/ },
  { name: "plain text", update: (id) => textUpdate(id, "hello there"), answered: /./ },
  { name: "/price BTC", update: (id) => textUpdate(id, "/price BTC"), answered: /BTC/ },
  { name: "Refresh on /balance", update: (id) => callbackUpdate(id, 1, "bal:refresh"), answered: /\$/ },
];

try {
  const results: CaseFigures[] = [];
  for (const item of CASES) {
    const probe = world.users[0] as number;
    await world.handle("whole", item.update(probe));
    const answer = world.telegram.last(probe)?.text ?? "";
    if (!item.answered.test(answer))
      throw new Error(`${item.name}: unexpected answer ${JSON.stringify(answer)}`);
    const unit = async (side: Side, userId: number) => [await timed(world, side, item.update(userId))];
    results.push(await measureCase(world, options, item.name, unit));
  }
  printTable("bench:updates", results, options);
} finally {
  await world.close();
}
