/**
 * Fault injection, the exchange side: 5xx answers, a hanging exchange past the deadline, malformed JSON
 * and 429 storms with Retry-After, each against the real bot over the sandbox (faults armed through its
 * control API). Every test prints a one-line figure and asserts its bound: other users are answered
 * meanwhile, the user reads plain words (never a raw error), a write is sent once, and nothing is sent
 * before a Retry-After has passed (checked on the sandbox's request log).
 *
 * Deadline 3 s (the bot's default is 20 s): long enough for a read's retries on a fast 5xx, short enough
 * that a hang is told quickly. Time bounds are several times what the code needs on an idle machine.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import type { TestAccount } from "../support/exchange.ts";

const DEADLINE_MS = 3000;
const tb = await startTestBot({ waiting: { exchangeDeadlineMs: DEADLINE_MS, chatActionIntervalMs: 200 } });
const BALANCES = "/api/private/balances/";
const SWAP_CREATE = "/api/private/swaps/";
// Background follow-ups run on real timers; 10 s leaves room on a loaded 2-core machine.
const FOLLOW_UP_MS = 10_000;
// /help needs no exchange call: 2 s covers a loaded machine and is far below the faulty call's time.
const HELP_BOUND_MS = 2000;
const HANG_MS = 10 * 60_000;

afterEach(async () => {
  tb.app.deps.exchangeDeadlineMs = DEADLINE_MS;
  await tb.ex.control("DELETE", "/_sandbox/faults");
});

interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  /** Sandbox clock ms: when the request arrived, and when it was answered. */
  received_ms: number;
  answered_ms: number;
}

/** A user connected with a read-write key (no alert registration: the request log holds only their calls). */
async function connected(
  balances: Record<string, string>,
): Promise<{ chat: ChatDriver; account: TestAccount }> {
  const chat = tb.chat();
  const account = tb.ex.account(balances);
  await tb.app.deps.accounts.connect(chat.user.id, account.readWriteKey);
  return { chat, account };
}

function fault(spec: Record<string, unknown>): Promise<unknown> {
  return tb.ex.control("POST", "/_sandbox/faults", { count: 1, ...spec });
}

async function requestsOf(account: TestAccount): Promise<LoggedRequest[]> {
  const log = (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as {
    requests: LoggedRequest[];
  };
  return log.requests;
}

/**
 * The shortest time between a 429's answer and any request of the account that arrived after it (every
 * request, not only the throttled path: the Retry-After pauses the whole account). Requests already in
 * flight when the 429 was answered arrived before it and are not counted. Infinity when none followed.
 */
function shortestWaitAfter429(requests: LoggedRequest[]): number {
  let shortest = Number.POSITIVE_INFINITY;
  for (const throttled of requests.filter((r) => r.status === 429)) {
    for (const next of requests) {
      if (next.received_ms > throttled.answered_ms)
        shortest = Math.min(shortest, next.received_ms - throttled.answered_ms);
    }
  }
  return shortest;
}

/** Words no user should read: error class names, HTTP/JSON jargon, the sandbox's injected detail. */
const RAW = /Error\b|HTTP|JSON|Injected|undefined|null|\{|stack|at \w+ \(/;

function expectPlain(outputs: BotOutput[]): void {
  expect(outputs.length).toBeGreaterThan(0);
  for (const output of outputs) expect(output.plainText).not.toMatch(RAW);
}

/** Runs `/help` for another user while `slow` is pending; returns its latency and whether `slow` was still pending. */
async function helpMeanwhile(slow: Promise<unknown>): Promise<{ ms: number; slowPending: boolean }> {
  let settled = false;
  void slow.finally(() => {
    settled = true;
  });
  const other = tb.chat();
  const started = Date.now();
  const help = await other.send("/help");
  const ms = Date.now() - started;
  expect(help.at(-1)?.plainText).toContain("/balance");
  return { ms, slowPending: !settled };
}

describe("the exchange answers 5xx", () => {
  it("a read: retried within the deadline, then told in plain words; another user's /help answered meanwhile", async () => {
    const { chat, account } = await connected({ AUD: "100" });
    // Each 503 held 300 ms: four attempts and their backoff keep the call busy for over 1.5 s.
    await fault({ method: "GET", path_prefix: BALANCES, status: 503, delay_ms: 300, count: 10 });
    tb.app.deps.exchangeDeadlineMs = 10_000;
    const started = Date.now();
    const balance = chat.send("/balance");
    const help = await helpMeanwhile(balance);
    const outputs = await balance;
    const ms = Date.now() - started;
    const reads = (await requestsOf(account)).filter((r) => r.path === BALANCES);
    console.log(
      `[figure] exchange 5xx on a read: ${reads.length} attempts, user told after ${ms} ms; other user's /help in ${help.ms} ms`,
    );
    expect(help.slowPending).toBe(true);
    expect(help.ms).toBeLessThan(HELP_BOUND_MS);
    expect(reads.map((r) => r.status)).toEqual([503, 503, 503, 503]);
    expectPlain(outputs);
    expect(outputs.at(-1)?.plainText).toContain("The exchange had a problem");
  });

  it("a swap create answered 503: sent once (never retried), the user hears it may have gone through", async () => {
    const { chat, account } = await connected({ AUD: "1000" });
    await chat.send("/buy BTC 100");
    await fault({ method: "POST", path_prefix: SWAP_CREATE, status: 503, count: 5 });
    const outputs = await chat.press("Confirm");
    expectPlain(outputs);
    expect(outputs.at(-1)?.plainText).toContain("may have gone through");
    await chat.waitForOutput((o) => o.plainText.includes("could not find"), FOLLOW_UP_MS);
    const creates = await tb.ex.writesOf(account, SWAP_CREATE);
    console.log(`[figure] exchange 5xx on a swap create: ${creates} create sent (bound 1)`);
    expect(creates).toBe(1);
  });
});

describe("the exchange hangs past the deadline", () => {
  it("a swap create held: the user is told in time that it may have gone through; sent once; /help answered meanwhile", async () => {
    const { chat, account } = await connected({ AUD: "1000" });
    await chat.send("/buy ETH 50");
    await fault({ method: "POST", path_prefix: SWAP_CREATE, delay_ms: HANG_MS });
    const started = Date.now();
    const confirm = chat.press("Confirm");
    const help = await helpMeanwhile(confirm);
    const outputs = await confirm;
    const ms = Date.now() - started;
    console.log(
      `[figure] exchange hang on a swap create: told after ${ms} ms (deadline ${DEADLINE_MS} ms); other user's /help in ${help.ms} ms`,
    );
    expect(help.slowPending).toBe(true);
    expect(help.ms).toBeLessThan(HELP_BOUND_MS);
    // The deadline plus the time to word the answer; 3 s of slack for a loaded machine.
    expect(ms).toBeLessThan(DEADLINE_MS + 3000);
    expectPlain(outputs);
    expect(outputs.at(-1)?.plainText).toContain("may have gone through");
    expect(outputs.some((o) => /Nothing was (done|changed)/.test(o.plainText))).toBe(false);
    await chat.waitForOutput((o) => o.plainText.includes("could not find"), FOLLOW_UP_MS);
    // The held create is dropped unprocessed when the bot hangs up: at most one was sent, none placed.
    expect(await tb.ex.writesOf(account, SWAP_CREATE)).toBeLessThanOrEqual(1);
    expect((await tb.ex.client(account.readWriteKey).swaps.list()).results).toHaveLength(0);
  });
});

describe("the exchange answers malformed JSON", () => {
  it("a read: not retried, the user reads that the answer could not be read", async () => {
    const { chat, account } = await connected({ AUD: "100" });
    await fault({ method: "GET", path_prefix: BALANCES, malformed: true });
    const outputs = await chat.send("/balance");
    const reads = (await requestsOf(account)).filter((r) => r.path === BALANCES);
    console.log(`[figure] malformed JSON on a read: ${reads.length} request, plain message`);
    expectPlain(outputs);
    expect(outputs.at(-1)?.plainText).toContain("could not read");
    expect(reads).toHaveLength(1);
    // The next /balance works.
    expect((await chat.send("/balance")).at(-1)?.plainText).toContain("100");
  });

  it("a swap create that went through with an unreadable answer: found and reported once, placed once", async () => {
    const { chat, account } = await connected({ AUD: "1000" });
    await chat.send("/buy BTC 100");
    await fault({ method: "POST", path_prefix: SWAP_CREATE, malformed: true, after: true });
    const outputs = await chat.press("Confirm");
    expectPlain(outputs);
    expect(outputs.at(-1)?.plainText).toContain("may have gone through");
    const result = await chat.waitForOutput((o) => /Swap #\d+ done/.test(o.plainText), FOLLOW_UP_MS);
    expect(result.plainText).toContain("Spent: $100.00");
    const swaps = (await tb.ex.client(account.readWriteKey).swaps.list()).results;
    const creates = await tb.ex.writesOf(account, SWAP_CREATE);
    const results = chat.transcript().match(/Swap #\d+ done/g) ?? [];
    console.log(
      `[figure] malformed JSON on a swap create: ${creates} create sent, ${swaps.length} swap, result shown ${results.length} time(s)`,
    );
    expect(creates).toBe(1);
    expect(swaps).toHaveLength(1);
  });
});

describe("a 429 storm with Retry-After", () => {
  // /swaps makes one read at a time, so every request after a 429 was sent after the bot saw it (/balance
  // reads two things at once, and the sibling of a throttled read may already be on its way).
  it("a read: nothing is sent before Retry-After; the answer arrives once the storm passes", async () => {
    const { chat, account } = await connected({ AUD: "250" });
    // Three 429s of 1 s each: the fourth attempt gets through (the default four read attempts).
    await fault({ method: "GET", path_prefix: SWAP_CREATE, status: 429, retry_after: 1, count: 3 });
    tb.app.deps.exchangeDeadlineMs = 15_000;
    const started = Date.now();
    const swaps = chat.send("/swaps");
    const help = await helpMeanwhile(swaps);
    const outputs = await swaps;
    const ms = Date.now() - started;
    const requests = await requestsOf(account);
    const wait = shortestWaitAfter429(requests);
    console.log(
      `[figure] 429 storm (3 x Retry-After 1 s) on a read: ${requests.length} requests, shortest wait after a 429 ${wait} ms (bound 1000), answered after ${ms} ms; /help in ${help.ms} ms`,
    );
    // (The two reads before are connect's key check.)
    expect(requests.filter((r) => r.path === SWAP_CREATE).map((r) => r.status)).toEqual([429, 429, 429, 200]);
    expect(wait).toBeGreaterThanOrEqual(1000);
    expect(help.slowPending).toBe(true);
    expect(help.ms).toBeLessThan(HELP_BOUND_MS);
    expect(outputs.at(-1)?.plainText).toContain("You have not made any swaps yet.");
  });

  it("a storm that outlasts the retries: the user is told to wait; the next command waits out the Retry-After", async () => {
    const { chat, account } = await connected({ AUD: "250" });
    await fault({ method: "GET", path_prefix: SWAP_CREATE, status: 429, retry_after: 2, count: 5 });
    tb.app.deps.exchangeDeadlineMs = 20_000;
    const first = await chat.send("/swaps");
    expectPlain(first);
    expect(first.at(-1)?.plainText).toMatch(/The exchange is busy\. Try again in \d+ s\./);
    // At once: the shared cooldown holds this request back until the last Retry-After has passed.
    const second = await chat.send("/swaps");
    const requests = await requestsOf(account);
    const wait = shortestWaitAfter429(requests);
    console.log(
      `[figure] 429 storm (5 x Retry-After 2 s) on a read: ${requests.length} requests, shortest wait after a 429 ${wait} ms (bound 2000); user told to wait, then answered`,
    );
    expect(requests.filter((r) => r.path === SWAP_CREATE).map((r) => r.status)).toEqual([
      429, 429, 429, 429, 429, 200,
    ]);
    expect(wait).toBeGreaterThanOrEqual(2000);
    expect(second.at(-1)?.plainText).toContain("You have not made any swaps yet.");
  });

  it("a swap create answered 429: never sent again blindly; looked for, and said not to be there", async () => {
    const { chat, account } = await connected({ AUD: "1000" });
    await chat.send("/buy BTC 100");
    tb.app.deps.exchangeDeadlineMs = 15_000;
    // A gateway may answer 429 after the exchange acted: the create's outcome is unknown, so it is searched
    // for (here the exchange did not act), not sent again.
    await fault({ method: "POST", path_prefix: SWAP_CREATE, status: 429, retry_after: 1, count: 1 });
    const outputs = await chat.press("Confirm");
    expectPlain(outputs);
    expect(outputs.at(-1)?.plainText).toContain("may have gone through");
    await chat.waitForOutput((o) => o.plainText.includes("could not find"), FOLLOW_UP_MS);
    const requests = await requestsOf(account);
    const creates = requests.filter((r) => r.method === "POST" && r.path === SWAP_CREATE);
    const swaps = (await tb.ex.client(account.readWriteKey).swaps.list()).results;
    console.log(
      `[figure] 429 on a swap create: ${creates.length} create (${creates.map((c) => c.status).join("/")}), ${swaps.length} swap placed`,
    );
    expect(creates.map((c) => c.status)).toEqual([429]);
    expect(swaps).toHaveLength(0);
  });
});
