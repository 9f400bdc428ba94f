/**
 * An API key pasted where it does not belong: at every prompt of every flow, in plain chat, in a
 * caption, in an edited message and in a group, the message is deleted, nothing echoes it, nothing
 * stores it, and /connect is offered; the question that was waiting stays open. Two canaries: the
 * user's own connected key in a format nobody knows (only its keyed fingerprint can recognise it) and a
 * foreign key of the sandbox's known format. Withdrawal addresses are not keys.
 *
 * New flows add their prompts to PROMPTS below: how to reach the prompt, and a proper answer.
 */
import { randomUUID } from "node:crypto";
import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { hasKnownKeyFormat, keyCandidates } from "../../src/services/connect/pasted-keys.ts";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot, type TestBot } from "../support/bot.ts";
import { startKeyProxy } from "../support/key-proxy.ts";

const proxy = await startKeyProxy();
const tb = await startTestBot({ env: { EXCHANGE_BASE_URL: proxy.url } });
proxy.target = tb.ex.url;

const PASTED = "That looked like an API key, so I deleted your message and kept nothing of it.";

/** Realistic withdrawal addresses: the coming address prompt must receive them. */
const ADDRESSES = [
  "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", // BTC bech32
  "0x52908400098527886E0F7030069857D2E4169EE7", // ETH, checksummed
  "rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh", // XRP
  "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV", // SOL base58
];

/** A prompt of a flow, and how to get there from a fresh chat. */
interface Prompt {
  name: string;
  /** The steps that lead to the prompt. */
  reach: (chat: ChatDriver) => Promise<unknown>;
  /** Whether a conversation waits there (its state, with what it was sent, is in Redis). */
  conversation: boolean;
  /** A proper answer after the pasted keys, and what the bot then says: the flow was not disturbed. */
  answer?: { text: string; expect: string };
}

const PROMPTS: Prompt[] = [
  { name: "no flow (plain chat)", reach: async () => {}, conversation: false },
  {
    name: "settings: time zone",
    reach: async (chat) => {
      await chat.send("/settings");
      await chat.press("Time zone");
    },
    conversation: true,
    answer: { text: "Australia/Perth", expect: "Time zone set to Australia/Perth" },
  },
  {
    name: "buy: which asset",
    reach: (chat) => chat.send("/buy"),
    conversation: true,
    answer: { text: "BTC", expect: "How much AUD would you like to spend?" },
  },
  {
    name: "buy: amount to spend",
    reach: async (chat) => {
      await chat.send("/buy");
      await chat.press("BTC");
    },
    conversation: true,
    answer: { text: "100", expect: "Buy BTC" },
  },
  {
    name: "buy: amount to receive",
    reach: async (chat) => {
      await chat.send("/buy");
      await chat.press("BTC");
      await chat.press("Say how much BTC to buy");
    },
    conversation: true,
    answer: { text: "0.001", expect: "You get: 0.001 BTC" },
  },
  {
    name: "sell: which asset",
    reach: (chat) => chat.send("/sell"),
    conversation: true,
    answer: { text: "ETH", expect: "How much ETH would you like to sell?" },
  },
  {
    name: "sell: amount",
    reach: async (chat) => {
      await chat.send("/sell");
      await chat.press("ETH");
    },
    conversation: true,
    answer: { text: "0.1", expect: "Sell ETH" },
  },
  {
    name: "swap: from",
    reach: (chat) => chat.send("/swap"),
    conversation: true,
    answer: { text: "ETH", expect: "Swap ETH for which crypto?" },
  },
  {
    name: "swap: to",
    reach: async (chat) => {
      await chat.send("/swap");
      await chat.press("ETH");
    },
    conversation: true,
    answer: { text: "BTC", expect: "How much ETH would you like to swap?" },
  },
  {
    name: "swap: amount",
    reach: async (chat) => {
      await chat.send("/swap");
      await chat.press("ETH");
      await chat.press("BTC");
    },
    conversation: true,
    answer: { text: "0.1", expect: "Swap ETH → BTC" },
  },
  {
    name: "a quote waiting for Confirm",
    reach: (chat) => chat.send("/buy BTC 100"),
    conversation: false,
  },
];

/** Every string in Redis under the bot's prefix, with JSON values (and JSON inside them) unpacked. */
async function redisStrings(bot: TestBot): Promise<string[]> {
  const found: string[] = [];
  const unpack = (value: unknown): void => {
    if (typeof value === "string") {
      found.push(value);
      try {
        const parsed: unknown = JSON.parse(value);
        if (typeof parsed === "object" && parsed !== null) unpack(parsed);
      } catch {
        // not JSON: the raw string is already there
      }
    } else if (Array.isArray(value)) value.forEach(unpack);
    else if (typeof value === "object" && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        found.push(key);
        unpack(inner);
      }
    }
  };
  for (const key of await bot.redis.keys(`${bot.prefix}*`)) {
    found.push(key);
    const type = await bot.redis.type(key);
    if (type === "string") unpack(await bot.redis.get(key));
    else if (type === "hash") unpack(await bot.redis.hgetall(key));
    else if (type === "list") unpack(await bot.redis.lrange(key, 0, -1));
    else if (type === "set") unpack(await bot.redis.smembers(key));
    else if (type === "zset") unpack(await bot.redis.zrange(key, "0", "-1"));
    else if (type === "stream") unpack(await bot.redis.xrange(key, "-", "+"));
    // Gone since KEYS listed it: a short-lived lock (e.g. the alert watcher's scan lock) that expired.
    else if (type === "none") continue;
    else throw new Error(`unexpected type ${type} at ${key}`);
  }
  return found;
}

/** Fails naming the place when `secret` is in a reply, a log line or any Redis value. */
async function expectNowhere(secret: string): Promise<void> {
  const replies = tb.fake.calls.map((call) => JSON.stringify([call.payload, call.response]));
  expect(replies.filter((text) => text.includes(secret))).toEqual([]);
  expect(tb.logs.filter((line) => line.includes(secret))).toEqual([]);
  expect((await redisStrings(tb)).filter((text) => text.includes(secret))).toEqual([]);
}

/** Runs an update built by hand (an edit, a photo); returns the bot's outputs in that chat. */
async function deliver(chatId: number, update: Update): Promise<BotOutput[]> {
  const start = tb.fake.calls.length;
  await tb.app.bot.handleUpdate(update);
  return tb.fake.calls.slice(start).flatMap((call) => (call.output?.chatId === chatId ? [call.output] : []));
}

function expectTakenDown(outputs: BotOutput[]): void {
  expect(outputs.map((output) => output.kind)).toEqual(["delete", "message"]);
  expect(outputs[1]?.plainText).toContain(PASTED);
  expect(outputs[1]?.plainText).toContain("/connect");
}

/** The user's messages still in the chat. */
function visibleUserTexts(chat: ChatDriver): string[] {
  return tb.fake
    .visible(chat.chat.id)
    .filter((message) => !message.fromBot)
    .map((message) => message.text);
}

/** A user connected with a canary key that has no known format (the proxy maps it to a sandbox key). */
async function connectedWithCanary(): Promise<{ chat: ChatDriver; canary: string }> {
  const account = tb.ex.account({ AUD: "10000", BTC: "0.05", ETH: "1" });
  const canary = `Canary${randomUUID().replaceAll("-", "")}`;
  expect(hasKnownKeyFormat(canary)).toBe(false);
  proxy.aliases.set(canary, account.readWriteKey);
  const chat = tb.chat();
  const connected = await chat.send(`/connect ${canary}`);
  expect(connected.at(-1)?.plainText).toContain("Connected. This key can trade.");
  return { chat, canary };
}

describe("a key pasted at a prompt", () => {
  it.each(PROMPTS.map((prompt) => [prompt.name, prompt] as const))(
    "%s: taken down in every form, never echoed or stored; the prompt stays open",
    async (_name, prompt) => {
      const { chat, canary } = await connectedWithCanary();
      const foreign = tb.ex.account().readOnlyKey;
      await prompt.reach(chat);

      // Something ordinary first: the conversation stores it, which proves the Redis search sees that state.
      const probe = `probe${randomUUID().slice(0, 8)}`;
      await chat.send(probe);
      const probeId = tb.fake.visible(chat.chat.id).findLast((message) => !message.fromBot)?.messageId;
      if (prompt.conversation) expect(await redisStrings(tb)).toContainEqual(expect.stringContaining(probe));

      expectTakenDown(await chat.send(canary));
      expectTakenDown(await chat.send(`my key is ${canary} thanks`));
      expectTakenDown(await chat.send(`key="${canary}".`));
      expectTakenDown(await chat.send(foreign));
      expectTakenDown(
        await deliver(chat.chat.id, tb.fake.userPhoto(chat.user, chat.chat, `here: ${canary}`)),
      );
      expectTakenDown(
        await deliver(chat.chat.id, tb.fake.editedText(chat.user, chat.chat, probeId ?? 0, `oops ${canary}`)),
      );

      expect(
        visibleUserTexts(chat).filter((text) => text.includes(canary) || text.includes(foreign)),
      ).toEqual([]);
      await expectNowhere(canary);
      await expectNowhere(foreign);

      if (prompt.answer !== undefined) {
        const answered = await chat.send(prompt.answer.text);
        expect(answered.map((output) => output.plainText).join("\n")).toContain(prompt.answer.expect);
      }
    },
  );
});

describe("where a key is expected or looks alike", () => {
  it("after a bare /connect the next message is still taken as the key and connected", async () => {
    const account = tb.ex.account({ AUD: "250" });
    const canary = `Canary${randomUUID().replaceAll("-", "")}`;
    proxy.aliases.set(canary, account.readWriteKey);
    const chat = tb.chat();
    await chat.send("/connect");
    const outputs = await chat.send(canary);
    expect(outputs[0]?.kind).toBe("delete");
    expect(outputs.at(-1)?.plainText).toContain("Connected. This key can trade.");
    expect((await chat.send("/balance")).at(-1)?.plainText).toContain("AUD cash: $250.00");
    // Now connected, the same key pasted again is recognised by its fingerprint.
    expectTakenDown(await chat.send(canary));
    await expectNowhere(canary);
  });

  it("a user with no key: a key of the known format is taken down, in chat and at the time-zone prompt", async () => {
    const chat = tb.chat();
    const key = tb.ex.account().readWriteKey;
    expectTakenDown(await chat.send(key));
    await chat.send("/settings");
    await chat.press("Time zone");
    expectTakenDown(await chat.send(`try ${key}`));
    expect((await chat.send("Europe/London")).at(-1)?.plainText).toContain("Time zone set to Europe/London");
    await expectNowhere(key);
  });

  it.each(ADDRESSES)("%s is not a key for a user whose key differs", async (address) => {
    const { chat } = await connectedWithCanary();
    // Long enough to be compared at all: the decision is the fingerprint's, not the pattern's.
    expect(keyCandidates(address)).toEqual([address]);
    expect(await tb.app.deps.accounts.containsKey(chat.user.id, address)).toBe(false);
    expect(await tb.app.deps.accounts.containsKey(chat.user.id, `send to ${address} please`)).toBe(false);
    const outputs = await chat.send(address);
    expect(outputs.map((output) => output.kind)).not.toContain("delete");
    expect(visibleUserTexts(chat)).toContain(address);
  });

  it("ordinary answers are not even compared: no token could be a key", () => {
    for (const text of ["100", "0.05", "BTC", "Australia/Perth", "hi there"])
      expect(keyCandidates(text)).toEqual([]);
  });

  it("the sandbox's keys have the known format", () => {
    const account = tb.ex.account();
    expect(hasKnownKeyFormat(account.readWriteKey)).toBe(true);
    expect(hasKnownKeyFormat(account.readOnlyKey)).toBe(true);
  });
});

describe("in a group", () => {
  let nextGroup = -(8_000_000 + Math.floor(Math.random() * 1000) * 1000);

  it("the user's own key in chatter, a caption or an edit is deleted and must be revoked", async () => {
    const { chat, canary } = await connectedWithCanary();
    const group = tb.fake.groupChat(nextGroup--, "Traders");
    const revoke = "revoke it in the Digital Surge web app";
    for (const update of [
      tb.fake.userText(chat.user, group, `here is my key ${canary}`),
      tb.fake.userPhoto(chat.user, group, canary),
    ]) {
      const outputs = await deliver(group.id, update);
      expect(outputs.map((output) => output.kind)).toEqual(["delete", "message"]);
      expect(outputs[1]?.plainText).toContain(revoke);
    }
    await deliver(group.id, tb.fake.userText(chat.user, group, "hello all"));
    const hello = tb.fake.visible(group.id).findLast((message) => !message.fromBot)?.messageId ?? 0;
    const edited = await deliver(group.id, tb.fake.editedText(chat.user, group, hello, canary));
    expect(edited.map((output) => output.kind)).toEqual(["delete", "message"]);
    expect(tb.fake.visible(group.id).filter((message) => message.text.includes(canary))).toEqual([]);
    await expectNowhere(canary);
  });

  it("a key of the known format from anyone is deleted; an address in chatter is left alone", async () => {
    const { user } = tb.fake.privateChat(9_100_000 + Math.floor(Math.random() * 100_000));
    const group = tb.fake.groupChat(nextGroup--, "Traders");
    const key = tb.ex.account().readWriteKey;
    const outputs = await deliver(group.id, tb.fake.userText(user, group, key));
    expect(outputs.map((output) => output.kind)).toEqual(["delete", "message"]);
    expect(await deliver(group.id, tb.fake.userText(user, group, `pay me at ${ADDRESSES[1]}`))).toEqual([]);
    await expectNowhere(key);
  });
});
