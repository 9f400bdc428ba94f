/**
 * Fault injection, Redis restarted in the middle of a flow: the real app (createApp) on a private
 * redis-server with `appendonly yes` and `appendfsync always` (never the shared 6379), connected the way
 * main.ts connects (connectRedis). Redis is killed with SIGKILL (or stopped with SHUTDOWN) and started
 * again on the same port and directory, so the AOF is replayed. Nothing the user had is lost: keys,
 * settings, a guided flow's step, a delayed swap follow-up, a pending alert; nothing is sent twice; an
 * update that arrives while Redis is down gets the localized "storage is briefly unavailable" apology and
 * the user continues once it is back. Each test prints its figure.
 */
import type { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { connectRedis, redisAnswers } from "../../src/services/runtime/redis-connection.ts";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import type { TestAccount } from "../support/exchange.ts";
import { startPrivateRedis } from "../support/redis-server.ts";

// Reconnection attempts are at most 2 s apart (MAX_RECONNECT_DELAY_MS); 15 s covers a loaded 2-core machine.
const RECOVERY_MS = 15_000;
// Background jobs run on real timers; 10 s leaves room on a loaded machine.
const FOLLOW_UP_MS = 10_000;
const TEST_TIMEOUT_MS = 40_000;
// The slow follow-up's first check comes 2 s after "still processing": time to restart Redis before it.
const SLOW_FIRST_MS = 2000;
// A second alert to one chat waits 3 s for its turn: a pending delivery job to restart Redis under.
const CHAT_GAP_MS = 3000;
// Long enough for a second delivery (a retry after 1-2 s of backoff, a stalled job) to show up if there were
// one, and for a message waiting its chat's turn (every background message keeps the chat gap).
const QUIET_MS = CHAT_GAP_MS + 2500;

const server = await startPrivateRedis({ appendOnly: true });
/** A send held until the test opens it: a message Telegram takes while Redis is down. */
interface Gate {
  chatId: number;
  /** Which sends are held: by text, and by method (sendMessage or editMessageText). */
  text: RegExp;
  method: RegExp;
  arrived: boolean;
  open: () => void;
  opened: Promise<void>;
}
let gate: Gate | undefined;
let botRedis: Redis | undefined;
const tb = await startTestBot({
  env: { REDIS_URL: server.url },
  // Swaps settle within the follow-up's fast window unless a test says otherwise.
  sandbox: { swapSettleMs: 50 },
  swapWatch: { slowDelaysMs: [SLOW_FIRST_MS, 500, 500, 500, 500] },
  telegramPace: { chatGapMs: CHAT_GAP_MS },
  connectRedis: async (logger) => {
    // One server's URL: the client is a plain Redis (the test reads its status and keys).
    botRedis = (await connectRedis(server.url, { logger })) as Redis;
    return botRedis;
  },
  wrapTelegramFetch: (fetch) => async (input, init) => {
    const held = gate;
    const method = /\/(sendMessage|editMessageText)$/.exec(String(input))?.[1];
    if (held && method && held.method.test(method) && typeof init?.body === "string") {
      const body = JSON.parse(init.body) as { chat_id?: unknown; text?: unknown };
      if (body.chat_id === held.chatId && held.text.test(String(body.text ?? ""))) {
        held.arrived = true;
        await held.opened;
      }
    }
    return fetch(input, init);
  },
});
if (botRedis === undefined) throw new Error("not connected");
const redis: Redis = botRedis;

// Whatever happens to Redis, nothing may escape as an unhandled rejection (the process would die in production).
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
process.on("unhandledRejection", onUnhandled);
afterAll(() => {
  process.off("unhandledRejection", onUnhandled);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(25);
  }
}

/** Starts Redis again and resolves with the ms until the bot's own client answers again. */
async function restart(): Promise<number> {
  await server.start();
  const back = Date.now();
  await until(() => redisAnswers(redis), RECOVERY_MS, "the bot's client reconnecting");
  return Date.now() - back;
}

/** Waits until the bot's client has noticed that Redis is gone. */
async function noticed(): Promise<void> {
  await until(async () => redis.status !== "ready", 5000, "the client noticing the outage");
}

/** Holds the chat's sends whose text matches until {@link sendDuringOutage} opens them. */
function holdSends(chat: ChatDriver, text: RegExp, method = /^(sendMessage|editMessageText)$/): Gate {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  gate = { chatId: chat.chat.id, text, method, arrived: false, open, opened };
  return gate;
}

// Telegram's answer is followed at once by the write that records the send; 300 ms is generous for it
// to be issued (and, Redis being down, queued in the client) on a loaded machine.
const WRITE_ISSUED_MS = 300;

/**
 * Once the held send is under way, kills Redis, lets Telegram take the message (`taken`), keeps Redis
 * down until the write recording it has failed, and starts Redis again. A command queued while Redis is
 * down fails at every second reconnection attempt of the bot's client (maxRetriesPerRequest 1), so two
 * attempts after the write was issued it has failed.
 */
async function sendDuringOutage(held: Gate, taken: () => boolean): Promise<void> {
  let attempts = 0;
  const countAttempt = () => {
    attempts++;
  };
  redis.on("reconnecting", countAttempt);
  try {
    await until(async () => held.arrived, FOLLOW_UP_MS, "the held send");
    await server.stop();
    await noticed();
    held.open();
    await until(async () => taken(), FOLLOW_UP_MS, "Telegram taking the message");
    await sleep(WRITE_ISSUED_MS);
    const from = attempts;
    await until(async () => attempts >= from + 2, RECOVERY_MS, "two reconnection attempts");
    await restart();
  } finally {
    redis.off("reconnecting", countAttempt);
    held.open();
    gate = undefined;
  }
}

/** Keys that do not expire within a minute: all but locks, rate-limit logs and other short-lived marks. */
async function lastingKeys(): Promise<string[]> {
  const keys = await redis.keys("*");
  const ttls = await Promise.all(keys.map((key) => redis.pttl(key)));
  return keys.filter((_key, i) => ttls[i] === -1 || (ttls[i] ?? 0) > 60_000).sort();
}

/** Successful calls of `method` to the chat whose text is a swap's result. */
function resultCalls(chat: ChatDriver, method: "sendMessage" | "editMessageText"): number {
  return tb.fake
    .callsTo(method)
    .filter(
      (c) =>
        c.payload.chat_id === chat.chat.id &&
        c.response?.ok === true &&
        /Swap #\d+ done/.test(String(c.payload.text ?? "")),
    ).length;
}

/**
 * The result reported once: the swap's message edited to it once, and (only for a result found after
 * "still processing", so the phone notifies) one new message with it, never more.
 */
function expectOneResult(chat: ChatDriver, late: boolean | "either"): string {
  const edits = resultCalls(chat, "editMessageText");
  const sends = resultCalls(chat, "sendMessage");
  expect(edits).toBe(1);
  if (late === "either") expect(sends).toBeLessThanOrEqual(1);
  else expect(sends).toBe(late ? 1 : 0);
  return `${edits} edit + ${sends} new message`;
}

function texts(outputs: BotOutput[]): string {
  return outputs.map((output) => output.plainText).join("\n");
}

/** A connected trader whose swaps settle after `settleMs`. */
async function trader(settleMs?: number): Promise<{ chat: ChatDriver; account: TestAccount }> {
  const { chat, account } = await tb.trader({ AUD: "1000" });
  if (settleMs !== undefined) {
    await tb.ex.control("PUT", `/_sandbox/accounts/${account.accountId}/behaviour`, {
      swap_settle_ms: settleMs,
    });
  }
  return { chat, account };
}

/** Guided /buy up to step 2, the amount question. */
async function buyUpToAmount(chat: ChatDriver): Promise<void> {
  await chat.send("/buy");
  expect(texts(await chat.press("ETH"))).toContain("How much AUD");
}

/** Presses Confirm and waits for the swap's result. */
async function confirmAndSettle(chat: ChatDriver): Promise<void> {
  const outputs = await chat.press("Confirm");
  if (outputs.some((o) => /Swap #\d+ done/.test(o.plainText))) return;
  await chat.waitForOutput((o) => /Swap #\d+ done/.test(o.plainText), FOLLOW_UP_MS);
}

async function swapsOf(account: TestAccount): Promise<number> {
  return (await tb.ex.client(account.readWriteKey).swaps.list()).results.length;
}

const STOPS = {
  SIGKILL: () => server.stop(),
  SHUTDOWN: () => server.shutdown(),
} as const;

describe("Redis restarted in the middle of a guided flow", () => {
  for (const [how, stop] of Object.entries(STOPS)) {
    it(
      `${how} at the amount step of /buy: the next message is the next step; settings, key and keys kept; one swap`,
      async () => {
        const { chat, account } = await trader();
        const sessionKey = `${tb.prefix}session:user:${chat.user.id}`;
        await redis.set(sessionKey, JSON.stringify({ timezone: "Europe/London", alerts: "silent" }));
        await buyUpToAmount(chat);
        const conversation = await redis.get(`${tb.prefix}conversation:user:${chat.user.id}`);
        expect(conversation).not.toBeNull();
        const session = await redis.get(sessionKey);
        const before = await lastingKeys();

        await stop();
        await noticed();
        const servingMs = await restart();

        const after = await lastingKeys();
        const lost = before.filter((key) => !after.includes(key));
        expect(lost).toEqual([]);
        expect(await redis.get(sessionKey)).toBe(session);
        expect(await redis.get(`${tb.prefix}conversation:user:${chat.user.id}`)).toBe(conversation);
        expect(await tb.app.deps.accounts.clientFor(chat.user.id)).toBeDefined();

        // Step 3: the quote, as if nothing had happened.
        const quote = texts(await chat.send("100"));
        expect(quote).toContain("Buy ETH");
        expect(quote).toContain("You spend: $100.00");
        await confirmAndSettle(chat);
        await sleep(QUIET_MS);
        // Settled within the fast window, unless a loaded machine made it late (then also a new message).
        const results = expectOneResult(chat, "either");
        const swaps = await swapsOf(account);
        console.log(
          `[figure] Redis ${how} at step 2 of /buy: bot's client serving ${servingMs} ms after Redis was back; lasting keys ${before.length} before, ${after.length} after, ${lost.length} lost; step 3 next; ${swaps} swap, result as ${results}`,
        );
        expect(swaps).toBe(1);
        expect(unhandled).toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );
  }
});

describe("updates while Redis is down", () => {
  it(
    "a button and messages get the localized apology within seconds, nothing crashes; afterwards the same Confirm works once",
    async () => {
      const { chat, account } = await trader();
      const other = tb.chat({ languageCode: "zh-hans" });
      await buyUpToAmount(chat);
      expect(texts(await chat.send("100"))).toContain("You spend: $100.00");

      await server.stop();
      await noticed();
      const timings: number[] = [];
      const timed = async (act: () => Promise<BotOutput[]>): Promise<string> => {
        const started = Date.now();
        const outputs = await act();
        timings.push(Date.now() - started);
        return texts(outputs);
      };
      const tapped = await timed(() => chat.press("Confirm"));
      expect(tapped).toContain("My storage is briefly unavailable");
      expect(tb.fake.lastCall("answerCallbackQuery")?.payload.show_alert).toBe(true);
      expect(await timed(() => chat.send("/balance"))).toContain("My storage is briefly unavailable");
      const zh = await timed(() => other.send("/start"));
      expect(zh).toContain("存储暂时不可用");
      expect(await swapsOf(account)).toBe(0);

      const servingMs = await restart();
      // The quote on screen is still valid (30 s) and its Confirm token unused: the trade goes through.
      await confirmAndSettle(chat);
      await sleep(QUIET_MS);
      const swaps = await swapsOf(account);
      const results = expectOneResult(chat, "either");
      console.log(
        `[figure] updates while Redis is down: ${timings.length} apologies in ${timings.join(" / ")} ms (tap, message, zh message); ${unhandled.length} unhandled rejections; serving ${servingMs} ms after Redis was back; the same Confirm then placed ${swaps} swap, result as ${results}`,
      );
      expect(swaps).toBe(1);
      expect(unhandled).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});

describe("a swap follow-up across a restart", () => {
  it(
    "the delayed check comes due while Redis is down (SIGKILL): after the restart it runs and reports once",
    async () => {
      // Settles after the fast window (0.3 s) and before the delayed check (2 s later).
      const { chat, account } = await trader(1000);
      await buyUpToAmount(chat);
      await chat.send("100");
      await chat.press("Confirm");
      await chat.waitForOutput((o) => o.plainText.includes("still processing"), FOLLOW_UP_MS);
      const delayed = `${tb.prefix}bull:swap-watch:delayed`;
      await until(async () => (await redis.zcard(delayed)) === 1, FOLLOW_UP_MS, "the delayed check queued");
      const [, due] = await redis.zrange(delayed, "0", "0", "WITHSCORES");
      // BullMQ scores delayed jobs as timestamp * 4096 + a counter.
      const dueAt = Math.floor(Number(due) / 4096);

      await server.stop();
      await noticed();
      // Down until the check is due and a little past it.
      await sleep(Math.max(0, dueAt + 500 - Date.now()));
      await server.start();
      const back = Date.now();
      await chat.waitForOutput((o) => /Swap #\d+ done/.test(o.plainText), FOLLOW_UP_MS);
      const reportMs = Date.now() - back;
      await sleep(QUIET_MS);
      const results = expectOneResult(chat, true);
      const swaps = await swapsOf(account);
      console.log(
        `[figure] Redis SIGKILL with a swap check delayed: down past its due time, result ${reportMs} ms after Redis was back (worker retry 2 s), as ${results}; ${swaps} swap`,
      );
      expect(swaps).toBe(1);
      expect(unhandled).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});

describe("a swap result being sent when Redis dies", () => {
  it(
    "Telegram takes it while Redis is down: after the restart it is not sent again",
    async () => {
      const { chat, account } = await trader(1000);
      await buyUpToAmount(chat);
      await chat.send("100");
      // Late (after "still processing"): the message is edited and the result also sent as a new one,
      // which is the send held here.
      const held = holdSends(chat, /Swap #\d+ done/, /^sendMessage$/);
      await chat.press("Confirm");
      await sendDuringOutage(held, () => resultCalls(chat, "sendMessage") === 1);
      // The record of the send is written once Redis is back, so the job does not fail; were it to fail, it
      // would run again after its backoff (1 s), and a second send would show up here.
      await sleep(QUIET_MS + 1000);
      const results = expectOneResult(chat, true);
      console.log(
        `[figure] Redis SIGKILL while a swap result was being sent: after the restart the result stands as ${results}; ${await swapsOf(account)} swap`,
      );
      expect(unhandled).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});

describe("alert deliveries across a restart", () => {
  /** A level 1% above the price; the price then rises 2%. */
  async function fireAbove(chat: ChatDriver, account: TestAccount, assets: string[]): Promise<void> {
    const client = tb.ex.client(account.readWriteKey);
    const ticker = await client.market.ticker();
    for (const asset of assets) {
      const mid = Number(ticker[asset]?.last);
      await client.priceTriggers.create({ asset, price: (mid * 1.01).toPrecision(6), match: 1 });
    }
    await tb.app.deps.alerts.triggersChanged(chat.user.id);
    for (const asset of assets) {
      tb.ex.sb.setPrice(asset, (Number(ticker[asset]?.last) * 1.02).toPrecision(6));
    }
  }

  function alertsTo(chat: ChatDriver): number {
    return tb.fake
      .callsTo("sendMessage")
      .filter((c) => c.payload.chat_id === chat.chat.id && c.output && /rose to/.test(c.output.plainText))
      .length;
  }

  it(
    "a delivery waiting its turn (SIGKILL): after the restart both alerts arrive, each once",
    async () => {
      const { chat, account } = await trader();
      await fireAbove(chat, account, ["BTC", "ETH"]);
      // The first goes out; the second waits 3 s for the chat's turn in the pacer, its job running.
      await until(async () => alertsTo(chat) === 1, FOLLOW_UP_MS, "the first alert");
      const active = `${tb.prefix}bull:alerts-deliver:active`;
      await until(async () => (await redis.llen(active)) === 1, FOLLOW_UP_MS, "the second alert waiting");

      await server.stop();
      await noticed();
      await server.start();
      const back = Date.now();
      await until(async () => alertsTo(chat) === 2, FOLLOW_UP_MS + CHAT_GAP_MS, "the second alert");
      const secondMs = Date.now() - back;
      await sleep(QUIET_MS);
      const sentRecords = await redis.keys(`${tb.prefix}alerts:sent:${chat.user.id}:*`);
      console.log(
        `[figure] Redis SIGKILL with an alert delivery pending: ${alertsTo(chat)} alerts for 2 events (the pending one ${secondMs} ms after Redis was back, chat gap ${CHAT_GAP_MS} ms), ${sentRecords.length} sent records`,
      );
      expect(alertsTo(chat)).toBe(2);
      expect(sentRecords).toHaveLength(2);
      expect(unhandled).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "an alert being sent when Redis dies, answered while it is down: not sent again after the restart",
    async () => {
      const { chat, account } = await trader();
      const held = holdSends(chat, /rose to/);
      await fireAbove(chat, account, ["SOL"]);
      await sendDuringOutage(held, () => alertsTo(chat) === 1);
      // A job failed by the lost write would run again after its backoff (2 s).
      await sleep(QUIET_MS + 2000);
      const alerts = alertsTo(chat);
      console.log(
        `[figure] Redis SIGKILL while an alert was being sent: ${alerts} message(s) for 1 event after the restart`,
      );
      expect(alerts).toBe(1);
      expect(unhandled).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
