/**
 * `npm run bench:storm [-- --smoke] [--every MS] [--seconds S] [--instances N] [--http [--processes]]
 * [--connections C]`:
 * the bot under a storm of updates, with
 * its inbound limits at their defaults (LIMIT_MESSAGES 10/30, LIMIT_PRESSES 15/60, LIMIT_INLINE 15/120)
 * and a stub Telegram that answers every call after 30 ms and enforces Telegram's pace on messages (per
 * chat a burst of 3 then 1 per second, 30 per second overall; 429 with retry_after beyond).
 *
 * Two phases of the same normal traffic, each `--seconds` long (10 by default): 100 users, each sending a
 * message every `--every` ms (5,000 by default) at a phase of their own, alternating "/price btc" and
 * "/balance" (which reads the exchange). The first phase is the baseline; in the second, a storm on top:
 * one user sends 3,000 "/balance" at once (handed over 100 at a time, as getUpdates does), 20 users each press the
 * Refresh button under their /balance 200 times within a second, and 50 users type inline queries at 20
 * per second each for the whole phase. A reply time is how long `bot.handleUpdate` took. Before both, 4 s of
 * the normal traffic to warm up, with a small storm of other users on top (100 messages at once, 2 users'
 * 40 presses, 5 users' inline queries for 2 s), as a bot that has been running has met storms before: the
 * storm measured then does not run its code paths (inline answers, skips, notices) for the first time.
 *
 * Prints figures against the issue's targets (it asserts nothing): the normal users' reply times (p50, p95,
 * p99) in both phases and the ratio of the p99s; what the flooding users got (replies, notices); inline
 * queries answered and skipped; the stub's 429s per kind of user; the exchange requests of the storm's
 * users beside the updates of theirs that were handled; the process's memory before the storm, at its peak
 * and 10 s after it (collected first when run with --expose-gc, as the npm script does). And what explains
 * them: the reply times of the updates that met no 429, the event loop's delay, the 429s by limit and per
 * second, the notices per second, the slowest normal updates (over HTTP, with their time on a connection),
 * and the CPU time the bot used in each phase and in each second of the storm (this process's, or with
 * --processes the instances': whether the machine's cores were the limit). Its first line also says what a
 * round trip to another process costs on this machine (bench/support/process-round-trip.ts): the hop each
 * webhook POST, Redis command and Telegram call pays, which differs between machines far more than their
 * cores' speed.
 *
 * Mind the pace: 100 users every 5 s ask for 20 replies a second; every 2 s they would ask for 50, over
 * Telegram's 30, and the baseline itself would wait for its slots.
 *
 * `--instances N`: the bot as N instances in webhook mode in this process (bench/support/world.ts), each
 * update given to the next one's handleUpdate in turn, as a round-robin load balancer spreads them; the
 * budgets, the notices' tally and the bound on what one chat may hold are shared in Redis. `--http`: each
 * update posted to the next instance's webhook server instead, as Telegram posts them
 * (bench/support/webhook-delivery.ts): one update per chat in flight, at most `--connections` (by default
 * what the bot asks Telegram for: WEBHOOK_MAX_CONNECTIONS's default, 100) in all, the rest waiting their
 * turn; a reply time is then the POST's, its wait included. Without either, one app in polling mode, given
 * each update directly.
 *
 * `--processes` (with --http): each instance a process of its own (bench/support/instance-process.ts), as
 * replicas run, the stub Telegram served to them over HTTP; the memory figures are then the instances',
 * summed, and the event loop's delay this process's (the balancer's, the sandbox's and the stub's).
 *
 * `--smoke`: a few users and a second per phase, for CI (test/bench/smoke.test.ts): the figures mean nothing.
 */
import { availableParallelism } from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { Update } from "grammy/types";
import { DEFAULT_WEBHOOK_MAX_CONNECTIONS } from "../src/config.ts";
import { peak as peakIn, percentile, processCpuMs, seededRandom } from "./support/measure.ts";
import { processRoundTrip } from "./support/process-round-trip.ts";
import { callbackUpdate, inlineUpdate, textUpdate } from "./support/updates.ts";
import { startWorld } from "./support/world.ts";

const argv = process.argv.slice(2);
const smoke = argv.includes("--smoke");
const numberOption = (name: string, fallback: number) => {
  const at = argv.indexOf(name);
  const parsed = at >= 0 ? Number(argv[at + 1]) : Number.NaN;
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

/** The sizes of the run. */
const SIZE = smoke
  ? { normal: 5, flood: 50, tappers: 2, presses: 10, inline: 2, warmUpMs: 500 }
  : { normal: 100, flood: 3000, tappers: 20, presses: 200, inline: 50, warmUpMs: 4000 };
/** How long each phase lasts (ms). */
const PHASE_MS = numberOption("--seconds", smoke ? 1 : 10) * 1000;
/** How often each normal user sends a message (ms). */
const EVERY_MS = numberOption("--every", 5000);
/** Instances of the bot in webhook mode, or none: one app in polling mode. */
const HTTP = argv.includes("--http");
const INSTANCES =
  argv.includes("--instances") || HTTP ? Math.floor(numberOption("--instances", 1)) : undefined;
/** With --http: Telegram's max_connections (by default what the bot asks for), the most updates in flight. */
const CONNECTIONS = HTTP
  ? Math.floor(numberOption("--connections", DEFAULT_WEBHOOK_MAX_CONNECTIONS))
  : undefined;
/** With --http: each instance a process of its own (bench/support/instance-process.ts). */
const PROCESSES = HTTP && argv.includes("--processes");
/** How long after the storm memory is read again (ms); notices of skipped updates come 2 s after the first. */
const AFTER_MS = smoke ? 2500 : 10_000;
/** When the flood and the presses start in the storm's phase: the normal traffic is under way by then. */
const STORM_AT_MS = smoke ? 0 : 1000;
/** The presses of each tapper are spread over this. */
const PRESS_SPREAD_MS = 1000;
const INLINE_PER_SECOND = 20;
/** What the inline users type, in turn: words being typed. */
const INLINE_TEXTS = ["b", "bt", "btc", "e", "et", "eth", "btc eth", "s", "so", "sol"];
/** A notice of skipped updates starts so (locales/en.ftl, skipped-updates). */
const NOTICE = "Slow down";
const STUB_LATENCY_MS = 30;

const random = seededRandom(20261128);

/** What the stub Telegram saw in one phase. */
interface Tally {
  /** Messages accepted per chat: replies, and notices of skipped updates among them. */
  replies: Map<number, number>;
  notices: Map<number, number>;
  /** 429s answered per chat, and per limit broken. */
  floods: Map<number, number>;
  floodsByLimit: { chat: number; overall: number };
  /** Notices refused with a 429 (each attempt). */
  refusedNotices: Map<number, number>;
  /** The updates the accepted notices said were skipped, per chat. */
  noticed: Map<number, number>;
  /** When each message was accepted, each was tried (429s included), each 429 and each notice came, ms. */
  acceptedAt: number[];
  triedAt: number[];
  floodAt: number[];
  noticeAt: number[];
  /** Edits per chat (a Refresh edits the message in place). */
  edits: Map<number, number>;
  /** Presses answered per user (answerCallbackQuery). */
  answeredPresses: Map<number, number>;
  /** Presses answered "refreshed a moment ago" (bot/flow-kit/refresh-gap.ts): no read, no edit. */
  refreshedJustNow: Map<number, number>;
  inlineAnswered: number;
}

const newTally = (): Tally => ({
  replies: new Map(),
  notices: new Map(),
  floods: new Map(),
  floodsByLimit: { chat: 0, overall: 0 },
  refusedNotices: new Map(),
  noticed: new Map(),
  acceptedAt: [],
  triedAt: [],
  floodAt: [],
  noticeAt: [],
  edits: new Map(),
  answeredPresses: new Map(),
  refreshedJustNow: new Map(),
  inlineAnswered: 0,
});
const bump = (map: Map<number, number>, key: number, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
const sumOf = (map: Map<number, number>, keys: readonly number[]) =>
  keys.reduce((sum, key) => sum + (map.get(key) ?? 0), 0);
const maxOf = (map: Map<number, number>, keys: readonly number[]) =>
  keys.reduce((most, key) => Math.max(most, map.get(key) ?? 0), 0);
const minOf = (map: Map<number, number>, keys: readonly number[]) =>
  keys.reduce((least, key) => Math.min(least, map.get(key) ?? 0), Number.POSITIVE_INFINITY);

let tally = newTally();
/** Which user pressed: the callback query ids the bench gave its presses. */
const pressOwner = new Map<string, number>();

/** Users of the warm-up's small storm (a flooder, tappers, inline users): none of them is measured. */
const WARM = smoke
  ? { tappers: 1, inline: 1, flood: 20, presses: 20 }
  : { tappers: 2, inline: 5, flood: 100, presses: 40 };
// Before anything else runs: what one hop between processes costs on this machine.
const roundTrip = await processRoundTrip(smoke ? 50 : 2000, smoke ? 10 : 200);
const world = await startWorld(
  SIZE.normal + 1 + SIZE.tappers + SIZE.inline + 1 + WARM.tappers + WARM.inline,
  false,
  0,
  {
    realLimits: true,
    sandboxControl: true,
    ...(INSTANCES === undefined ? {} : { instances: INSTANCES }),
    ...(CONNECTIONS === undefined ? {} : { webhookConnections: CONNECTIONS }),
    ...(PROCESSES ? { processes: true } : {}),
    telegram: {
      latencyMs: STUB_LATENCY_MS,
      enforcePace: true,
      observe(method, payload, verdict) {
        const chatId = Number(payload.chat_id);
        const notice = method === "sendMessage" && String(payload.text ?? "").startsWith(NOTICE);
        if (method === "sendMessage") tally.triedAt.push(performance.now());
        if (verdict !== "ok") {
          bump(tally.floods, chatId);
          tally.floodsByLimit[verdict]++;
          tally.floodAt.push(performance.now());
          if (notice) bump(tally.refusedNotices, chatId);
          return;
        }
        if (method === "sendMessage") {
          tally.acceptedAt.push(performance.now());
          bump(tally.replies, chatId);
          if (notice) {
            bump(tally.notices, chatId);
            const said = /skipped\D*?([\d,]+)/.exec(String(payload.text))?.[1]?.replaceAll(",", "");
            bump(tally.noticed, chatId, said === undefined ? 1 : Number(said));
            tally.noticeAt.push(performance.now());
          }
        } else if (method === "editMessageText") bump(tally.edits, chatId);
        else if (method === "answerCallbackQuery") {
          const owner = pressOwner.get(String(payload.callback_query_id));
          if (owner !== undefined) bump(tally.answeredPresses, owner);
          if (owner !== undefined && String(payload.text ?? "").startsWith("Refreshed a moment ago"))
            bump(tally.refreshedJustNow, owner);
        } else if (method === "answerInlineQuery") tally.inlineAnswered++;
      },
    },
  },
);
const users = world.users;
const normal = users.slice(0, SIZE.normal);
const flooder = users[SIZE.normal] as number;
const tappers = users.slice(SIZE.normal + 1, SIZE.normal + 1 + SIZE.tappers);
const inliners = users.slice(SIZE.normal + 1 + SIZE.tappers, SIZE.normal + 1 + SIZE.tappers + SIZE.inline);
const warmUsers = users.slice(SIZE.normal + 1 + SIZE.tappers + SIZE.inline);
const warm = {
  flooder: warmUsers[0] as number,
  tappers: warmUsers.slice(1, 1 + WARM.tappers),
  inliners: warmUsers.slice(1 + WARM.tappers),
};
const handle = (update: Update) => world.handle("whole", update);
let failures = 0;
/** Why updates threw, and how many for each reason. */
const failedFor = new Map<string, number>();
const handled = (update: Update) =>
  handle(update).catch((error: unknown) => {
    failures++;
    const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
    const reason = `${error instanceof Error ? error.message : String(error)}${cause?.code ? ` (${cause.code})` : ""}`;
    failedFor.set(reason, (failedFor.get(reason) ?? 0) + 1);
  });

/**
 * How long the storm's own updates took, by kind (ms): over HTTP, how long each held one of the webhook's
 * connections, which the normal users' updates wait for.
 */
const stormTook = { flood: [] as number[], presses: [] as number[], inline: [] as number[] };

/** `handled`, its time kept in {@link stormTook}. */
function timed(kind: keyof typeof stormTook, update: Update): Promise<void> {
  const began = performance.now();
  return handled(update).then(() => {
    stormTook[kind].push(performance.now() - began);
  });
}

/** Waits until `at` (performance.now() time). */
async function until(at: number): Promise<void> {
  const wait = at - performance.now();
  if (wait > 0) await sleep(wait);
}

/** Exchange requests the sandbox logged for each user's account (its log holds the latest 10,000). */
async function exchangeRequests(of: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const userId of of) {
    const response = await fetch(
      `${world.sandbox.url}/_sandbox/requests?account_id=${world.accountIds.get(userId)}`,
    );
    const log = (await response.json()) as { requests: unknown[] };
    counts.set(userId, log.requests.length);
  }
  return counts;
}

const delta = (after: Map<number, number>, before: Map<number, number>) =>
  new Map([...after].map(([user, n]) => [user, n - (before.get(user) ?? 0)]));

/** Each normal user's phase within the period: the same in every phase, so each keeps the period. */
const phases = new Map(normal.map((userId) => [userId, random() * EVERY_MS]));

/**
 * The normal traffic for `ms`: each user's messages, every reply time (ms) into `into`, and into `clean` the
 * reply times of the updates that met no 429 (none in their chat while they ran: a user's messages come
 * seconds apart, each answered before the next); into `each`, when each was sent in the phase and its time.
 */
async function normalTraffic(
  ms: number,
  into: number[],
  clean: number[] = [],
  each: { at: number; took: number; text: string; held: number | undefined }[] = [],
): Promise<number> {
  const start = performance.now();
  let sent = 0;
  await Promise.all(
    normal.map(async (userId, index) => {
      const running: Promise<void>[] = [];
      let turn = index;
      for (let at = phases.get(userId) ?? 0; at < ms; at += EVERY_MS) {
        await until(start + at);
        const text = turn++ % 2 === 0 ? "/price btc" : "/balance";
        const update = textUpdate(userId, text);
        const began = performance.now();
        const floods = tally.floods.get(userId) ?? 0;
        sent++;
        running.push(
          handled(update).then(() => {
            const took = performance.now() - began;
            into.push(took);
            each.push({ at: began - start, took, text, held: world.heldConnection(update) });
            if ((tally.floods.get(userId) ?? 0) === floods) clean.push(took);
          }),
        );
      }
      await Promise.all(running);
    }),
  );
  return sent;
}

/** The longest synchronous start of one delivery of the flood (ms). */
let floodStartMs = 0;
/** Updates Telegram hands a polling bot in one getUpdates answer, at most. */
const DELIVERY = 100;

/**
 * The flood: `count` messages from one user (`who`) at once, handed over as Telegram delivers them: at most
 * 100 per getUpdates answer, each delivery's handleUpdate all started in one go (over HTTP each update is a
 * request of its own, queued at the connections).
 */
async function flood(start: number, who = flooder, count = SIZE.flood): Promise<void> {
  await until(start + STORM_AT_MS);
  const updates = Array.from({ length: count }, () => textUpdate(who, "/balance"));
  const running: Promise<void>[] = [];
  for (let from = 0; from < updates.length; from += DELIVERY) {
    const began = performance.now();
    for (const update of updates.slice(from, from + DELIVERY)) running.push(timed("flood", update));
    floodStartMs = Math.max(floodStartMs, performance.now() - began);
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(running);
}

/** Each tapper (of `who`) presses their Refresh `presses` times, spread over a second. */
async function taps(
  start: number,
  buttons: Map<number, { messageId: number; data: string }>,
  who = tappers,
  presses = SIZE.presses,
): Promise<void> {
  const gap = PRESS_SPREAD_MS / presses;
  await Promise.all(
    who.map(async (userId) => {
      const button = buttons.get(userId);
      if (button === undefined) return;
      const offset = random() * gap;
      const running: Promise<void>[] = [];
      for (let i = 0; i < presses; i++) {
        await until(start + STORM_AT_MS + offset + i * gap);
        const update = callbackUpdate(userId, button.messageId, button.data);
        const id = update.callback_query?.id;
        if (id !== undefined) pressOwner.set(id, userId);
        running.push(timed("presses", update));
      }
      await Promise.all(running);
    }),
  );
}

/** Each inline user (of `who`) types a query every 1/20 s for `ms`; returns how many were sent. */
async function inlineTyping(start: number, ms: number, who = inliners): Promise<number> {
  const gap = 1000 / INLINE_PER_SECOND;
  let sent = 0;
  await Promise.all(
    who.map(async (userId, index) => {
      const running: Promise<void>[] = [];
      let turn = index;
      for (let at = random() * gap; at < ms; at += gap) {
        await until(start + at);
        sent++;
        running.push(
          timed("inline", inlineUpdate(userId, INLINE_TEXTS[turn++ % INLINE_TEXTS.length] as string)),
        );
      }
      await Promise.all(running);
    }),
  );
  return sent;
}

// Setup: each tapper's /balance, whose Refresh they will press; its exchange requests tell what one
// /balance (or Refresh: the same reads) asks of the exchange.
const beforeSetup = await exchangeRequests(tappers);
const buttons = new Map<number, { messageId: number; data: string }>();
/** Each of `who` sends /balance: the Refresh under the answer, into `buttons`. */
async function showBalances(who: readonly number[]): Promise<void> {
  await Promise.all(who.map((userId) => handled(textUpdate(userId, "/balance"))));
  for (const userId of who) {
    const last = world.telegram.last(userId);
    const data = /"callback_data":"([^"]+)"/.exec(last?.buttons ?? "")?.[1];
    if (last !== undefined && data !== undefined) buttons.set(userId, { messageId: last.messageId, data });
  }
}
await showBalances(tappers);
const setupRequests = sumOf(delta(await exchangeRequests(tappers), beforeSetup), tappers);
const perBalance = setupRequests / Math.max(1, tappers.length);

// Warm-up (not measured): the code optimized and the heap grown to size, as in a bot that has been running
// and has met storms before: beside the normal traffic, a small storm of other users (a flood, presses and
// inline queries, each past its budget), so the storm's paths (inline answers, skips, notices) are not run
// for the first time when the storm measured starts. Its notices are sent before the baseline starts.
await showBalances(warm.tappers);
const warmStart = performance.now();
await Promise.all([
  normalTraffic(SIZE.warmUpMs, []),
  flood(warmStart, warm.flooder, WARM.flood),
  taps(warmStart, buttons, warm.tappers, WARM.presses),
  inlineTyping(warmStart, Math.min(SIZE.warmUpMs, 2000), warm.inliners),
]);
for (const kind of ["flood", "presses", "inline"] as const) stormTook[kind].length = 0;
floodStartMs = 0;
await sleep(smoke ? 200 : 1500);

// Baseline.
tally = newTally();
const baseline: number[] = [];
const baselineClean: number[] = [];
const baselineLoop = monitorEventLoopDelay({ resolution: 10 });
baselineLoop.enable();
const baselineCpuFrom = await world.cpuMs();
const baselineStart = performance.now();
const baselineSent = await normalTraffic(PHASE_MS, baseline, baselineClean);
const baselineCpu = (await world.cpuMs()) - baselineCpuFrom;
baselineLoop.disable();
const baselineTally = tally;
await sleep(smoke ? 200 : 1500);
const before = await world.memory(true);

// The storm.
tally = newTally();
const stormUsers = [flooder, ...tappers];
const requestsBefore = await exchangeRequests(stormUsers);
const peak = { rss: before.rss, heapUsed: before.heapUsed };
const sampler = setInterval(async () => {
  const now = await world.memory(false);
  peak.rss = Math.max(peak.rss, now.rss);
  peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
}, 100);
const storm: number[] = [];
const stormClean: number[] = [];
const stormEach: { at: number; took: number; text: string; held: number | undefined }[] = [];
// Over HTTP: how many updates had held a connection before the storm (the storm's are those after).
const heldBefore = world.connectionMs && {
  message: world.connectionMs.message.length,
  press: world.connectionMs.press.length,
  inline: world.connectionMs.inline.length,
};
const stormLoop = monitorEventLoopDelay({ resolution: 10 });
stormLoop.enable();
const stormCpuFrom = await world.cpuMs();
const stormStart = performance.now();
// The bot's CPU time in each second from the storm's start (ms of CPU a second: 1000 is one core's worth).
const cpuEachSecond: number[] = [];
// With --processes, this process's too (the balancer, the sandbox, the stub Telegram, the sender): the
// machine's cores are shared by both.
const harnessEachSecond: number[] = [];
let cpuLast = stormCpuFrom;
let harnessLast = processCpuMs();
const cpuSampler = setInterval(async () => {
  const harness = processCpuMs();
  harnessEachSecond.push(harness - harnessLast);
  harnessLast = harness;
  const cpu = await world.cpuMs();
  cpuEachSecond.push(cpu - cpuLast);
  cpuLast = cpu;
}, 1000);
const [stormSent, , , inlineSent] = await Promise.all([
  normalTraffic(PHASE_MS, storm, stormClean, stormEach),
  flood(stormStart),
  taps(stormStart, buttons),
  inlineTyping(stormStart, PHASE_MS),
]);
stormLoop.disable();
const stormEnded = performance.now();
const stormCpu = (await world.cpuMs()) - stormCpuFrom;
const stormRequests = delta(await exchangeRequests(stormUsers), requestsBefore);
await until(stormEnded + AFTER_MS);
clearInterval(sampler);
clearInterval(cpuSampler);
const afterRaw = await world.memory(false);
const after = await world.memory(true);
const stormTally = tally;
const logSize = (
  (await (await fetch(`${world.sandbox.url}/_sandbox/requests`)).json()) as { requests: unknown[] }
).requests.length;
// The storm's phase's updates' times on a connection (the normal users' among the messages).
const stormConnections =
  world.connectionMs &&
  heldBefore &&
  (["message", "press", "inline"] as const).map((kind) => ({
    kind,
    took: (world.connectionMs?.[kind] ?? []).slice(heldBefore[kind]),
  }));
await world.close();

// The figures.
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : "-");
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)}`;
const times = (values: number[]) =>
  `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))} / ${ms(percentile(values, 99))}`;
const ratio = percentile(storm, 99) / percentile(baseline, 99);
const floodsOf = (t: Tally, who: readonly number[]) => sumOf(t.floods, who);
const overallFloods = (t: Tally) => [...t.floods.values()].reduce((a, b) => a + b, 0);
const flooderReplies = (stormTally.replies.get(flooder) ?? 0) - (stormTally.notices.get(flooder) ?? 0);
const tapperReplies = new Map(
  tappers.map((u) => [u, (stormTally.replies.get(u) ?? 0) - (stormTally.notices.get(u) ?? 0)]),
);
const flooderRequests = stormRequests.get(flooder) ?? 0;
const tapperRequests = tappers.map((u) => stormRequests.get(u) ?? 0);
const fromDropped = (requests: number, handledUpdates: number) => requests - handledUpdates * perBalance;
const tapperDropped = tappers.map((u, i) =>
  fromDropped(
    tapperRequests[i] as number,
    (stormTally.answeredPresses.get(u) ?? 0) - (stormTally.refreshedJustNow.get(u) ?? 0),
  ),
);
const num = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

console.log(
  `\nbench:storm: ${smoke ? "smoke run (figures mean nothing)" : "full run"}; node ${process.version}, ${availableParallelism()} cores; ` +
    `a round trip to another process over loopback TCP ${roundTrip.medianUs.toFixed(0)} µs (median; this side's CPU ${roundTrip.cpuUs.toFixed(0)} µs); ` +
    `phases of ${PHASE_MS / 1000} s after ${SIZE.warmUpMs / 1000} s to warm up (a small storm of other users in it: ${WARM.flood} messages, ${WARM.tappers} x ${WARM.presses} presses, ${WARM.inline} inline users); ${SIZE.normal} normal users, one message each every ${EVERY_MS} ms; ` +
    `storm: ${SIZE.flood} messages from 1 user at once, ${SIZE.tappers} users x ${SIZE.presses} presses in ${PRESS_SPREAD_MS / 1000} s, ` +
    `${SIZE.inline} users x ${INLINE_PER_SECOND} inline queries/s; stub Telegram ${STUB_LATENCY_MS} ms, pace enforced; gc ${globalThis.gc ? "exposed" : "not exposed"}; ` +
    (INSTANCES === undefined
      ? "one app, polling mode (handleUpdate)"
      : `${INSTANCES} instance(s), webhook mode, updates round-robin ` +
        (CONNECTIONS === undefined
          ? "(handleUpdate)"
          : `posted over HTTP as Telegram delivers them, one per chat and at most ${CONNECTIONS} in flight` +
            (PROCESSES ? ", each instance a process of its own (memory: theirs, summed)" : ""))),
);
const rows: [string, string, string, string][] = [
  [
    "normal users' reply time p50 / p95 / p99 (ms)",
    times(baseline),
    times(storm),
    "storm p99 within 1.5x baseline",
  ],
  ["p99 storm / baseline", "", `${ratio.toFixed(2)}x`, "<= 1.5x"],
  [
    "the same, updates that met no 429: p50 / p95 / p99 (ms); p99 storm / baseline",
    `${times(baselineClean)} (${baselineClean.length})`,
    `${times(stormClean)} (${stormClean.length}); ${(percentile(stormClean, 99) / percentile(baselineClean, 99)).toFixed(2)}x`,
    "",
  ],
  [
    "storm's updates' time p50 / p99 / max (ms): flood; presses; inline",
    "",
    (["flood", "presses", "inline"] as const)
      .map((kind) => {
        const took = stormTook[kind];
        return `${ms(percentile(took, 50))} / ${ms(percentile(took, 99))} / ${ms(Math.max(0, ...took))}`;
      })
      .join("; "),
    "",
  ],
  ...(stormConnections === undefined
    ? []
    : [
        [
          "over HTTP, the storm phase: updates; time on a connection p50 / p99 (ms); connection-seconds: messages, presses, inline",
          "",
          stormConnections
            .map(
              ({ kind, took }) =>
                `${kind} ${took.length}; ${ms(percentile(took, 50))} / ${ms(percentile(took, 99))}; ${(took.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`,
            )
            .join(" · "),
          "",
        ] as [string, string, string, string],
        [
          `over HTTP: the storm phase's connection-seconds over ${CONNECTIONS} connections (the least time all were busy)`,
          "",
          `${(stormConnections.reduce((sum, { took }) => sum + took.reduce((a, b) => a + b, 0), 0) / 1000 / (CONNECTIONS ?? 1)).toFixed(1)} s`,
          "",
        ] as [string, string, string, string],
      ]),
  [
    `CPU time of ${PROCESSES ? "the instances' processes, summed" : "this process (the bot, the sandbox, the stub Telegram, the sender)"} (s)`,
    (baselineCpu / 1000).toFixed(1),
    `${(stormCpu / 1000).toFixed(1)} (the phase lasted ${((stormEnded - stormStart) / 1000).toFixed(1)} s)`,
    "",
  ],
  [
    "event loop delay p99 / max (ms)",
    `${ms(baselineLoop.percentile(99) / 1e6)} / ${ms(baselineLoop.max / 1e6)}`,
    `${ms(stormLoop.percentile(99) / 1e6)} / ${ms(stormLoop.max / 1e6)} (starting one delivery of the flood's updates, at most: ${ms(floodStartMs)})`,
    "",
  ],
  [
    "normal users' updates (replies sent to them)",
    `${baselineSent} (${sumOf(baselineTally.replies, normal)})`,
    `${stormSent} (${sumOf(stormTally.replies, normal)})`,
    "",
  ],
  [
    "normal users' updates slower than 1 s (a 429's retry waits 1 s)",
    String(baseline.filter((t) => t > 1000).length),
    String(storm.filter((t) => t > 1000).length),
    "",
  ],
  [
    `flooder: replies to ${SIZE.flood} messages (notices aside)`,
    "",
    `${flooderReplies} of ${SIZE.flood}`,
    "a handful",
  ],
  [
    "flooder: notices (attempts refused with 429); updates they said were skipped",
    "",
    `${stormTally.notices.get(flooder) ?? 0} (${stormTally.refusedNotices.get(flooder) ?? 0}); ${stormTally.noticed.get(flooder) ?? 0} of ${SIZE.flood - flooderReplies}`,
    "1",
  ],
  [
    "tappers: presses answered, max / total of all (of which refreshes that read and edit the /balance; the others came within a second of one)",
    "",
    `${maxOf(stormTally.answeredPresses, tappers)} / ${sumOf(stormTally.answeredPresses, tappers)} of ${SIZE.tappers * SIZE.presses} (${sumOf(stormTally.answeredPresses, tappers) - sumOf(stormTally.refreshedJustNow, tappers)})`,
    "a handful each",
  ],
  [
    "tappers: edits, max / total; messages (notices aside), max / total",
    "",
    `${maxOf(stormTally.edits, tappers)} / ${sumOf(stormTally.edits, tappers)}; ${maxOf(tapperReplies, tappers)} / ${sumOf(tapperReplies, tappers)}`,
    "",
  ],
  [
    "tappers: notices, min-max per user / total (attempts refused with 429); presses they said were skipped",
    "",
    `${minOf(stormTally.notices, tappers)}-${maxOf(stormTally.notices, tappers)} / ${sumOf(stormTally.notices, tappers)} (${sumOf(stormTally.refusedNotices, tappers)}); ` +
      `${sumOf(stormTally.noticed, tappers)} of ${SIZE.tappers * SIZE.presses - sumOf(stormTally.answeredPresses, tappers)}`,
    "1 each",
  ],
  [
    "inline queries answered / skipped",
    "",
    `${stormTally.inlineAnswered} / ${inlineSent - stormTally.inlineAnswered} of ${inlineSent}`,
    "",
  ],
  [
    "429s: normal / flooder / tappers / overall",
    `${floodsOf(baselineTally, normal)} / - / - / ${overallFloods(baselineTally)}`,
    `${floodsOf(stormTally, normal)} / ${floodsOf(stormTally, [flooder])} / ${floodsOf(stormTally, tappers)} / ${overallFloods(stormTally)}`,
    "0",
  ],
  [
    "429s by limit: the chat's pace / 30 per second overall",
    `${baselineTally.floodsByLimit.chat} / ${baselineTally.floodsByLimit.overall}`,
    `${stormTally.floodsByLimit.chat} / ${stormTally.floodsByLimit.overall}`,
    "",
  ],
  [
    "messages per second, peak in a sliding second: sent / tried (429s included)",
    `${peakIn(baselineTally.acceptedAt, 1000)} / ${peakIn(baselineTally.triedAt, 1000)}`,
    `${peakIn(stormTally.acceptedAt, 1000)} / ${peakIn(stormTally.triedAt, 1000)}`,
    "<= 30 sent",
  ],
  [
    `exchange requests: flooder; tappers max / total (one /balance or Refresh: ${num(perBalance)})`,
    "",
    `${flooderRequests}; ${Math.max(0, ...tapperRequests)} / ${tapperRequests.reduce((a, b) => a + b, 0)}`,
    "",
  ],
  [
    "exchange calls from dropped updates: flooder; tappers max / total",
    "",
    `${num(fromDropped(flooderRequests, flooderReplies))}; ${num(Math.max(...tapperDropped))} / ${num(tapperDropped.reduce((a, b) => a + b, 0))}`,
    "0",
  ],
  [
    `RSS MB: before / peak / ${AFTER_MS / 1000} s after (after collection)`,
    mb(before.rss),
    `${mb(peak.rss)} / ${mb(afterRaw.rss)} (${mb(after.rss)})`,
    "back to its level",
  ],
  [
    `heap used MB: before / peak / ${AFTER_MS / 1000} s after (after collection)`,
    mb(before.heapUsed),
    `${mb(peak.heapUsed)} / ${mb(afterRaw.heapUsed)} (${mb(after.heapUsed)})`,
    "back to its level",
  ],
];
console.log("| figure | baseline | storm | target |");
console.log("|---|---|---|---|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
/** How many of `times` fall in each second from `start`, over `seconds`. */
const perSecond = (times: number[], start: number, seconds: number) => {
  const counts = Array.from({ length: seconds }, () => 0);
  for (const at of times) {
    const second = Math.floor((at - start) / 1000);
    if (second >= 0 && second < seconds) counts[second] = (counts[second] ?? 0) + 1;
  }
  return counts.join(" ");
};
const seconds = Math.ceil((PHASE_MS + AFTER_MS) / 1000);
console.log(
  `\n429s in each second of the baseline: ${perSecond(baselineTally.floodAt, baselineStart, seconds)}`,
);
console.log(
  `429s in each second from the storm's start: ${perSecond(stormTally.floodAt, stormStart, seconds)}`,
);
console.log(
  `messages sent in each second from the storm's start: ${perSecond(stormTally.acceptedAt, stormStart, seconds)}`,
);
console.log(
  `notices sent in each second from the storm's start (flood and presses at ${STORM_AT_MS / 1000} s): ${perSecond(stormTally.noticeAt, stormStart, seconds)}`,
);
console.log(
  `CPU time of ${PROCESSES ? "the instances" : "this process"} in each second from the storm's start (ms; 1000 is a core): ${cpuEachSecond
    .slice(0, seconds)
    .map((ms) => Math.round(ms))
    .join(" ")}`,
);
if (PROCESSES)
  console.log(
    `CPU time of this process (the balancer, the sandbox, the stub Telegram, the sender) in each second from the storm's start (ms): ${harnessEachSecond
      .slice(0, seconds)
      .map((ms) => Math.round(ms))
      .join(" ")}`,
  );
console.log(
  `the storm's slowest normal updates (sent at, from the storm's start): ${[...stormEach]
    .sort((a, b) => b.took - a.took)
    .slice(0, 4)
    .map(
      (u) =>
        `${ms(u.took)} ms ${u.text} at ${(u.at / 1000).toFixed(2)} s` +
        (u.held === undefined ? "" : ` (${ms(u.held)} ms of it on a connection)`),
    )
    .join("; ")}`,
);
console.log(
  `storm lasted ${((stormEnded - stormStart) / 1000).toFixed(1)} s (all updates answered or skipped); updates that threw: ${failures}` +
    (failures > 0 ? ` (${[...failedFor].map(([reason, n]) => `${n}: ${reason}`).join("; ")})` : "") +
    (logSize >= 10_000 ? "; the sandbox's request log was full: exchange counts may be low" : ""),
);
