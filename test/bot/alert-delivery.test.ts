/**
 * Alerts as they appear: a trigger fires in the sandbox and its message reaches the user's chat once,
 * with what fired, the trade or why there was none, and the buttons; the user's alert level, language
 * and "mark seen" setting are followed; blocked users, broken keys and disconnected users are no longer
 * read. The watcher runs on real timers with a 100 ms scan (test/support/bot.ts); the sandbox fires on
 * the price set by the test.
 */
import { describe, expect, it } from "vitest";
import type { ExchangeClient, PriceTriggerCreateRequest } from "../../src/exchange/index.ts";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { parseKeyring } from "../../src/vault/keyring.ts";
import { createVault } from "../../src/vault/vault.ts";
import { startTestBot } from "../support/bot.ts";
import type { TestAccount } from "../support/exchange.ts";

const tb = await startTestBot();
// Generous: the watcher notices within about a second (ticker read + scan + read + send), but on a loaded
// 2-core CI machine with other test files running, timers slip; 8 s keeps the test honest, not lucky.
const ARRIVES_MS = 8000;
const TRIGGERS = "/api/private/broker/price-triggers/";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function mid(asset: string): Promise<number> {
  const ticker = await tb.ex.client().market.ticker();
  return Number(ticker[asset]?.last);
}

/** A connected trader with a client on their key. */
async function trader(balances: Record<string, string> = { AUD: "10000" }) {
  const { chat, account } = await tb.trader(balances);
  return { chat, account, client: tb.ex.client(account.readWriteKey) };
}

/** Creates a trigger with the user's key and tells the watcher, as the chat does. */
async function addTrigger(chat: ChatDriver, client: ExchangeClient, request: PriceTriggerCreateRequest) {
  const created = await client.priceTriggers.create(request);
  await tb.app.deps.alerts.triggersChanged(chat.user.id);
  return created;
}

/** A level 1% above the current price (fires on a 2% rise); six significant digits suit cheap assets too. */
async function levelAbove(asset: string): Promise<string> {
  return ((await mid(asset)) * 1.01).toPrecision(6);
}

/** A level 1% below the current price (fires on a 2% drop). */
async function levelBelow(asset: string): Promise<string> {
  return ((await mid(asset)) * 0.99).toPrecision(6);
}

async function rise(asset: string): Promise<void> {
  tb.ex.sb.setPrice(asset, ((await mid(asset)) * 1.02).toPrecision(6));
}

async function drop(asset: string): Promise<void> {
  tb.ex.sb.setPrice(asset, ((await mid(asset)) * 0.98).toPrecision(6));
}

/** Messages (not edits) the bot sent to the chat. */
function sentTo(chat: ChatDriver): BotOutput[] {
  return tb.fake
    .callsTo("sendMessage")
    .filter((c) => (c.payload as { chat_id?: number }).chat_id === chat.chat.id && c.output !== undefined)
    .map((c) => c.output as BotOutput);
}

async function settings(chat: ChatDriver, values: Record<string, unknown>): Promise<void> {
  await tb.redis.set(`${tb.prefix}session:user:${chat.user.id}`, JSON.stringify(values));
}

/** Waits until the watcher has recorded the user's events as handled (sent or muted). */
async function handled(chat: ChatDriver, count: number): Promise<void> {
  const deadline = Date.now() + ARRIVES_MS;
  while (Date.now() < deadline) {
    const keys = await tb.redis.keys(`${tb.prefix}alerts:sent:${chat.user.id}:*`);
    if (keys.length >= count) return;
    await sleep(50);
  }
  throw new Error("the events were not handled in time");
}

async function readsOf(account: TestAccount): Promise<number> {
  const log = (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as {
    requests: { method: string; path: string }[];
  };
  return log.requests.filter((r) => r.method === "GET" && r.path.startsWith(TRIGGERS)).length;
}

async function watchedIds(): Promise<string[]> {
  return tb.redis.smembers(`${tb.prefix}alerts:users`);
}

describe("a trigger fires", () => {
  it("the alert arrives within seconds: asset, level, direction, price, time, buttons; once", async () => {
    const { chat, client } = await trader();
    const level = await levelAbove("BTC");
    const trigger = await addTrigger(chat, client, { asset: "BTC", price: level, match: 1 });
    const crossed = Date.now();
    await rise("BTC");
    const alert = await chat.waitForOutput((o) => o.plainText.includes("rose to"), ARRIVES_MS);
    expect(Date.now() - crossed).toBeLessThan(ARRIVES_MS);
    expect(alert.plainText).toContain("BTC");
    expect(alert.plainText).toContain(
      `$${Number(level).toLocaleString("en-AU", { minimumFractionDigits: 2 })}`,
    );
    expect(alert.plainText).toMatch(/Fired at \$[\d,.]+ · \d\d:\d\d:\d\d .+ \(Australia\/Sydney\)/);
    expect(alert.silent).toBeFalsy();
    // The exchange paused the trigger as it fired: no Pause; an alert-only trigger can be re-enabled.
    expect(alert.buttons.flat().map((b) => b.data)).toEqual([
      `al:open:${trigger.id}`,
      `al:enable:${trigger.id}`,
    ]);
    // Later scans and heartbeats read it again, but the event is never sent twice.
    await sleep(1500);
    expect(sentTo(chat).filter((o) => o.plainText.includes("rose to"))).toHaveLength(1);
  });

  it("a trading trigger reports the trade it placed, with a button to view it", async () => {
    const { chat, client } = await trader({ AUD: "2000" });
    const level = await levelAbove("ETH");
    const trigger = await addTrigger(chat, client, {
      asset: "ETH",
      price: level,
      match: 1,
      order_direction: 10,
      order_quantity: "500",
    });
    await rise("ETH");
    const alert = await chat.waitForOutput((o) => o.plainText.includes("rose to"), ARRIVES_MS);
    expect(alert.plainText).toContain("Order: buy ETH with $500.00");
    expect(alert.plainText).toMatch(
      /✅ A trade was placed\.\nThe exchange says: “Bought [\d.]+ ETH for 500(\.00)? AUD[^”]*”/,
    );
    const [event] = (await client.priceTriggers.get(trigger.id)).events;
    const firedAt = Math.floor((event?.fired.getTime() ?? 0) / 1000);
    expect(alert.buttons.flat().map((b) => b.data)).toContain(`al:trade:${trigger.id}:${firedAt}`);
  });

  it("a trade the balance cannot cover reports why, in plain words", async () => {
    const { chat, client } = await trader({ AUD: "10" });
    await addTrigger(chat, client, {
      asset: "SOL",
      price: await levelBelow("SOL"),
      match: 2,
      order_direction: 10,
      order_quantity: "500",
    });
    await drop("SOL");
    const alert = await chat.waitForOutput((o) => o.plainText.includes("fell to"), ARRIVES_MS);
    expect(alert.plainText).toContain(
      "No trade was placed: there was not enough balance.\nThe exchange says: “",
    );
    expect(alert.buttons.flat().some((b) => b.data?.startsWith("al:trade:"))).toBe(false);
  });

  it("the sandbox sends no email when a trigger fires", async () => {
    const { chat, client, account } = await trader();
    await addTrigger(chat, client, {
      asset: "BTC",
      price: await levelAbove("BTC"),
      match: 1,
      notify_email: true,
    });
    await rise("BTC");
    await chat.waitForOutput((o) => o.plainText.includes("rose to"), ARRIVES_MS);
    const outbox = (await tb.ex.control(
      "GET",
      `/_sandbox/outbox?account_id=${account.accountId}`,
    )) as unknown[];
    expect(outbox).toEqual([]);
  });
});

describe("what is not sent", () => {
  it("events that existed when the user connected are not news; later ones are", async () => {
    const account = tb.ex.account({ AUD: "1000" });
    const client = tb.ex.client(account.readWriteKey);
    const old = await client.priceTriggers.create({ asset: "ADA", price: await levelAbove("ADA"), match: 1 });
    await rise("ADA");
    expect((await client.priceTriggers.get(old.id)).events).toHaveLength(1);
    const chat = tb.chat();
    await tb.app.deps.accounts.connect(chat.user.id, account.readWriteKey);
    await tb.app.deps.alerts.userConnected(chat.user.id);
    await addTrigger(chat, client, { asset: "ADA", price: await levelAbove("ADA"), match: 1 });
    await rise("ADA");
    await chat.waitForOutput((o) => o.plainText.includes("rose to"), ARRIVES_MS);
    await sleep(1000);
    expect(sentTo(chat)).toHaveLength(1);
  });

  it("an event already marked seen on the exchange is not sent", async () => {
    const { chat, client } = await trader();
    // Made outside the chat: the watcher learns of it only from a read, so it fires unwatched.
    const seen = await client.priceTriggers.create({
      asset: "XRP",
      price: await levelAbove("XRP"),
      match: 1,
    });
    await rise("XRP");
    await client.priceTriggers.update(seen.id, { mark_seen: true });
    await addTrigger(chat, client, { asset: "XRP", price: await levelAbove("XRP"), match: 1 });
    await rise("XRP");
    await chat.waitForOutput((o) => o.plainText.includes("rose to"), ARRIVES_MS);
    await sleep(1000);
    expect(sentTo(chat)).toHaveLength(1);
  });

  it("alerts off: nothing is sent, and the event is not sent later either", async () => {
    const { chat, client } = await trader();
    await settings(chat, { alerts: "off" });
    await addTrigger(chat, client, { asset: "LTC", price: await levelAbove("LTC"), match: 1 });
    await rise("LTC");
    await handled(chat, 1);
    await settings(chat, { alerts: "on" });
    await sleep(1000);
    expect(sentTo(chat)).toEqual([]);
  });
});

describe("the user's settings", () => {
  it("silent alerts arrive without sound, in the user's language and time zone", async () => {
    const { chat, client } = await trader();
    await settings(chat, { alerts: "silent", language: "zh", timezone: "Asia/Shanghai" });
    await addTrigger(chat, client, { asset: "DOT", price: await levelAbove("DOT"), match: 1 });
    await rise("DOT");
    const alert = await chat.waitForOutput((o) => o.plainText.includes("DOT"), ARRIVES_MS);
    expect(alert.silent).toBe(true);
    expect(alert.plainText).toContain("已升至");
    expect(alert.plainText).toContain("Asia/Shanghai");
  });

  it("mark seen after delivery: the delivered event is seen on the exchange", async () => {
    const { chat, client } = await trader();
    await settings(chat, { alertsMarkSeen: true });
    const trigger = await addTrigger(chat, client, {
      asset: "LINK",
      price: await levelAbove("LINK"),
      match: 1,
    });
    await rise("LINK");
    await chat.waitForOutput((o) => o.plainText.includes("rose to"), ARRIVES_MS);
    const deadline = Date.now() + ARRIVES_MS;
    let events = (await client.priceTriggers.get(trigger.id)).events;
    while (!events[0]?.seen && Date.now() < deadline) {
      await sleep(50);
      events = (await client.priceTriggers.get(trigger.id)).events;
    }
    expect(events.map((e) => e.seen)).toEqual([true]);
  });

  it("without it, events stay unseen on the exchange", async () => {
    const { chat, client } = await trader();
    const trigger = await addTrigger(chat, client, {
      asset: "AVAX",
      price: await levelAbove("AVAX"),
      match: 1,
    });
    await rise("AVAX");
    await chat.waitForOutput((o) => o.plainText.includes("rose to"), ARRIVES_MS);
    await sleep(300);
    expect((await client.priceTriggers.get(trigger.id)).events.map((e) => e.seen)).toEqual([false]);
  });
});

describe("Telegram pushes back", () => {
  it("a 429 on send delays the alert and never duplicates it", async () => {
    const { chat, client } = await trader();
    // Four refusals outlast the bot API's own bounded retries (three), so the watcher's queue waits too.
    tb.fake.failNext("sendMessage", { error_code: 429, parameters: { retry_after: 1 } }, 4);
    await addTrigger(chat, client, { asset: "BNB", price: await levelAbove("BNB"), match: 1 });
    await rise("BNB");
    const alert = await chat.waitForOutput((o) => o.plainText.includes("rose to"), ARRIVES_MS + 5000);
    expect(alert.plainText).toContain("BNB");
    const attempts = tb.fake
      .callsTo("sendMessage")
      .filter((c) => (c.payload as { chat_id?: number }).chat_id === chat.chat.id);
    expect(attempts).toHaveLength(5);
    // Each retry waited for the retry_after Telegram asked for.
    for (let i = 1; i < attempts.length; i++) {
      expect((attempts[i]?.at ?? 0) - (attempts[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(900);
    }
    await sleep(1000);
    expect(sentTo(chat)).toHaveLength(1);
  }, 30_000);

  it("a user who blocked the bot is no longer read", async () => {
    const { chat, client, account } = await trader();
    tb.fake.myChatMember(chat.user, chat.chat, "kicked");
    await addTrigger(chat, client, { asset: "TRX", price: await levelAbove("TRX"), match: 1 });
    await rise("TRX");
    const deadline = Date.now() + ARRIVES_MS;
    while ((await watchedIds()).includes(String(chat.user.id)) && Date.now() < deadline) await sleep(50);
    expect(await watchedIds()).not.toContain(String(chat.user.id));
    const reads = await readsOf(account);
    await addTriggerQuietly(client);
    await sleep(1500);
    expect(await readsOf(account)).toBe(reads);
  });
});

/** A trigger made in the web app: the watcher would see it on its next read, if it still read. */
async function addTriggerQuietly(client: ExchangeClient): Promise<void> {
  await client.priceTriggers.create({ asset: "TRX", price: await levelAbove("TRX"), match: 1 });
}

describe("users who are not read", () => {
  it("a key the exchange refuses: reading stops and the user is told once", async () => {
    const { chat } = await trader();
    // The stored key is replaced by one the exchange does not know (as if revoked in the web app).
    const vault = createVault({
      redis: tb.redis,
      keyring: parseKeyring(tb.vaultKeys),
      prefix: `${tb.prefix}vault:`,
    });
    await vault.put(chat.user.id, "api_key", `sbx_rw_${"0".repeat(32)}`);
    await tb.app.deps.alerts.triggersChanged(chat.user.id);
    const notice = await chat.waitForOutput(
      (o) => o.plainText.includes("no longer accepts your API key"),
      ARRIVES_MS,
    );
    expect(notice.plainText).toContain("/connect");
    expect(await watchedIds()).not.toContain(String(chat.user.id));
    await tb.app.deps.alerts.triggersChanged(chat.user.id);
    await sleep(1500);
    expect(sentTo(chat).filter((o) => o.plainText.includes("no longer accepts"))).toHaveLength(1);
  });

  it("after /disconnect the user's triggers are not read and nothing is sent", async () => {
    const { chat, client, account } = await trader();
    await addTrigger(chat, client, { asset: "DOGE", price: await levelAbove("DOGE"), match: 1 });
    await chat.send("/disconnect");
    await chat.press("Yes, remove it");
    expect(await watchedIds()).not.toContain(String(chat.user.id));
    const reads = await readsOf(account);
    await rise("DOGE");
    await sleep(1500);
    expect(await readsOf(account)).toBe(reads);
    expect(sentTo(chat).map((o) => o.plainText)).toEqual([
      "Remove your API key from this bot? You can connect again at any time.",
    ]);
  });
});
