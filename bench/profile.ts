/**
 * `npm run bench:profile -- <case> [updates]`: drives the whole bot alone with one kind of update
 * (`start`, `price`, `help`, `text`, `refresh`), for a CPU profile:
 *   node --cpu-prof --cpu-prof-dir=prof bench/profile.ts price 5000
 * then `node bench/top-functions.ts prof/<file>.cpuprofile` lists where the time went.
 */
import type { Update } from "grammy/types";
import { callbackUpdate, textUpdate } from "./support/updates.ts";
import { startWorld } from "./support/world.ts";

const KINDS: Record<string, (userId: number) => Update> = {
  start: (id) => textUpdate(id, "/start"),
  help: (id) => textUpdate(id, "/help"),
  text: (id) => textUpdate(id, "hello there"),
  price: (id) => textUpdate(id, "/price BTC"),
  refresh: (id) => callbackUpdate(id, 1, "bal:refresh"),
};
const kind = process.argv[2] ?? "start";
const make = KINDS[kind];
if (make === undefined) throw new Error(`unknown case ${kind}; one of ${Object.keys(KINDS).join(", ")}`);
const count = Number(process.argv[3] ?? 3000);
const world = await startWorld(16);
try {
  let next = 0;
  await Promise.all(
    world.users.map(async (userId) => {
      while (next < count) {
        next++;
        await world.handle("whole", make(userId));
      }
    }),
  );
} finally {
  await world.close();
}
