/**
 * `npm run bench:profile -- <case> [updates] [whole|bare]`: drives one bot alone with one kind of update
 * (`start`, `help`, `text`, `price`, `refresh`) and writes a CPU profile of that part only (not the
 * set-up) to prof/<case>-<side>.cpuprofile; `node bench/top-functions.ts <file>` lists where the time went.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import type { Update } from "grammy/types";
import { callbackUpdate, textUpdate } from "./support/updates.ts";
import { type Side, startWorld } from "./support/world.ts";

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
const side: Side = process.argv[4] === "bare" ? "bare" : "whole";
const world = await startWorld(16);
const session = new Session();
session.connect();
try {
  /** Sends `n` updates over the users, one at a time per user. */
  const drive = async (n: number) => {
    let next = 0;
    await Promise.all(
      world.users.map(async (userId) => {
        while (next < n) {
          next++;
          await world.handle(side, make(userId));
        }
      }),
    );
  };
  await drive(10_000); // warm-up: code optimized and heap grown, as in a bot running a while
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  await drive(count);
  const { profile } = await session.post("Profiler.stop");
  mkdirSync("prof", { recursive: true });
  const file = `prof/${kind}-${side}.cpuprofile`;
  writeFileSync(file, JSON.stringify(profile));
  console.log(`wrote ${file}`);
} finally {
  session.disconnect();
  await world.close();
}
