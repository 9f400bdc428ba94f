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
import { redisStrings, startTestBot } from "../support/bot.ts";
import { startKeyProxy } from "../support/key-proxy.ts";
import { keyWrappings } from "../support/key-wrappings.ts";
import { createThroughChat } from "../support/recurring.ts";

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
  /**
   * Appended to the ordinary probe message so that this prompt refuses it and stays open (a free-text
   * prompt would take the bare probe as its answer and move on).
   */
  probeSuffix?: string;
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
  ...addressPrompts(),
  {
    name: "dca: which asset",
    reach: async (chat) => {
      await chat.send("/dca");
      await chat.press("➕ New");
    },
    conversation: true,
    answer: { text: "BTC", expect: "buy BTC with AUD or sell BTC for AUD?" },
  },
  {
    name: "dca: quantity",
    reach: async (chat) => {
      await chat.send("/dca");
      await chat.press("➕ New");
      await chat.press("BTC");
      await chat.press("Buy BTC with AUD");
    },
    conversation: true,
    answer: { text: "100", expect: "How often?" },
  },
  {
    name: "dca: start",
    reach: async (chat) => {
      await chat.send("/dca");
      await chat.press("➕ New");
      await chat.press("BTC");
      await chat.press("Buy BTC with AUD");
      await chat.send("100");
      await chat.press("weekly");
    },
    conversation: true,
    answer: { text: "2031-06-01 09:00", expect: "New recurring trade, please check" },
  },
  {
    name: "dca: new amount",
    reach: async (chat) => {
      await createThroughChat(chat, { asset: "BTC", side: "buy", quantity: "100", period: "weekly" });
      await chat.press("Confirm");
      await chat.press("Change amount");
    },
    conversation: true,
    answer: { text: "150", expect: "$100.00 → $150.00" },
  },
  {
    name: "dca: new next run",
    reach: async (chat) => {
      await createThroughChat(chat, { asset: "BTC", side: "buy", quantity: "100", period: "weekly" });
      await chat.press("Confirm");
      await chat.press("Change next run");
    },
    conversation: true,
    answer: { text: "2031-06-01 09:00", expect: "Next run:" },
  },
  {
    name: "statement: custom dates",
    reach: async (chat) => {
      await chat.send("/statement");
      await chat.press("Choose dates…");
    },
    conversation: true,
    answer: { text: "1/7/2025 - 30/6/2026", expect: "Preparing your statement for" },
  },
  {
    name: "a quote waiting for Confirm",
    reach: (chat) => chat.send("/buy BTC 100"),
    conversation: false,
  },
  {
    name: "alert: which asset",
    reach: (chat) => chat.send("/alert"),
    conversation: true,
    answer: { text: "BTC", expect: "Pick a level or type one" },
  },
  {
    name: "alert: level",
    reach: async (chat) => {
      await chat.send("/alert");
      await chat.press("BTC");
    },
    conversation: true,
    answer: { text: "100000", expect: "Alert when the price goes above or below" },
  },
  {
    name: "alert: above or below (buttons)",
    reach: async (chat) => {
      await chat.send("/alert");
      await chat.press("BTC");
      await chat.send("100000");
    },
    conversation: true,
  },
  {
    name: "alert: action (buttons)",
    reach: async (chat) => {
      await chat.send("/alert");
      await chat.press("BTC");
      await chat.send("100000");
      await chat.press("▼ Below");
    },
    conversation: true,
  },
  {
    name: "alert: quantity",
    reach: async (chat) => {
      await chat.send("/alert");
      await chat.press("BTC");
      await chat.send("100000");
      await chat.press("▼ Below");
      await chat.press("Buy BTC");
    },
    conversation: true,
    answer: { text: "100", expect: "email or an SMS" },
  },
  {
    name: "alert: email and SMS (buttons)",
    reach: async (chat) => {
      await chat.send("/alert");
      await chat.press("BTC");
      await chat.send("100000");
      await chat.press("▼ Below");
      await chat.press("Alert only");
    },
    conversation: true,
  },
  {
    name: "an alert summary waiting for Confirm",
    reach: (chat) => chat.send("/alert BTC above 200000"),
    conversation: false,
  },
  {
    name: "alert card: new level",
    reach: async (chat) => {
      await chat.send("/alert BTC above 200000");
      await chat.press("Confirm");
      await chat.press("Edit level");
    },
    conversation: true,
    answer: { text: "210000", expect: "Change the level of alert" },
  },
  {
    name: "alert card: new quantity",
    reach: async (chat) => {
      await chat.send("/alert BTC below 90000 buy 100");
      await chat.press("Confirm");
      await chat.press("Edit quantity");
    },
    conversation: true,
    answer: { text: "200", expect: "Change what alert" },
  },
  {
    name: "portfolio alert: the total value's amount",
    reach: async (chat) => {
      await chat.send("/alert");
      await chat.press("💼 My whole portfolio");
      await chat.press("💼 Total value");
      await chat.press("▼ Below");
    },
    conversation: true,
    answer: { text: "50000", expect: "New portfolio alert" },
  },
  {
    name: "portfolio alert: an asset return's percent",
    reach: async (chat) => {
      await chat.send("/alert");
      await chat.press("BTC");
      await chat.press("💼 Return on what I paid");
      await chat.press("▲ Up");
    },
    conversation: true,
    answer: { text: "20", expect: "New portfolio alert" },
  },
  {
    name: "portfolio alert card: edit in one line",
    reach: async (chat) => {
      await chat.send("/alert portfolio below 50000");
      await chat.press("Confirm");
      await chat.press("✏️ Edit");
    },
    conversation: true,
    answer: { text: "portfolio above 60000", expect: "Change this portfolio alert" },
  },
  {
    name: "withdraw: which asset",
    reach: async (chat) => {
      await saveConfirmedAddress(chat);
      await chat.send("/withdraw");
    },
    conversation: true,
    answer: { text: "BTC", expect: "Where should the BTC go?" },
  },
  {
    name: "withdraw: destination",
    reach: async (chat) => {
      await saveConfirmedAddress(chat);
      await chat.send("/withdraw BTC");
    },
    conversation: true,
    // The label typed picks it, as its button does.
    answer: { text: "Cold wallet", expect: "How much BTC would you like to withdraw" },
  },
  {
    name: "withdraw: amount",
    reach: async (chat) => {
      await saveConfirmedAddress(chat);
      await chat.send("/withdraw BTC");
      await chat.press("Cold wallet");
    },
    conversation: true,
    answer: { text: "0.01", expect: "Withdraw BTC" },
  },
  {
    name: "withdraw: the 2FA code (read outside any conversation)",
    reach: async (chat) => {
      await saveConfirmedAddress(chat);
      await chat.send("/withdraw BTC");
      await chat.press("Cold wallet");
      await chat.send("0.01");
      await chat.press("Confirm");
    },
    conversation: false,
    // The sandbox's default 2FA code (docs/sandbox.md).
    answer: { text: "123456", expect: "Code accepted" },
  },
];

/** Saves a BTC address ("Cold wallet") for the chat's account and confirms it through its emailed link. */
async function saveConfirmedAddress(chat: ChatDriver): Promise<void> {
  const client = await tb.app.deps.accounts.clientFor(chat.user.id);
  if (!client) throw new Error("connected first");
  const entry = await client.addressBook.create({
    asset: "BTC",
    address: ADDRESSES[0] as string,
    label: "Cold wallet",
  });
  const emails = (await tb.ex.control("GET", "/_sandbox/outbox")) as {
    entry_id?: number;
    link_token: string;
  }[];
  const email = emails.find((e) => e.entry_id === entry.id);
  if (!email) throw new Error("no confirmation email");
  tb.ex.sb.followLink(email.link_token);
}

/** The guided add of an address book entry: every kind of question, and addresses typed at the address prompt. */
function addressPrompts(): Prompt[] {
  const add = async (chat: ChatDriver, asset: string) => {
    await chat.send("/addresses");
    await chat.press("➕ Add address");
    await chat.press(asset);
  };
  const travel = async (chat: ChatDriver) => {
    await add(chat, "BTC");
    await chat.send(ADDRESSES[0] as string);
    await chat.send("Cold wallet");
  };
  const person = async (chat: ChatDriver) => {
    await travel(chat);
    await chat.press("Personal wallet");
    await chat.press("Ledger");
    await chat.press("Someone else's");
    await chat.press("A person");
  };
  const askName = "Give this address a name";
  return [
    {
      name: "addresses: which asset",
      reach: async (chat) => {
        await chat.send("/addresses");
        await chat.press("➕ Add address");
      },
      conversation: true,
      answer: { text: "btc", expect: "Send the BTC address" },
    },
    ...(
      [
        ["BTC", ADDRESSES[0]],
        ["ETH", ADDRESSES[1]],
        ["SOL", ADDRESSES[3]],
      ] as const
    ).map(
      ([asset, address]): Prompt => ({
        name: `addresses: the ${asset} address`,
        reach: (chat) => add(chat, asset),
        conversation: true,
        answer: { text: address as string, expect: askName },
      }),
    ),
    {
      name: "addresses: the XRP destination tag",
      reach: async (chat) => {
        await add(chat, "XRP");
        await chat.send(ADDRESSES[2] as string);
      },
      conversation: true,
      answer: { text: "104857", expect: askName },
    },
    {
      name: "addresses: the label",
      reach: async (chat) => {
        await add(chat, "BTC");
        await chat.send(ADDRESSES[0] as string);
      },
      // Too long for this question, so it is refused and the question stays open.
      probeSuffix: "x".repeat(200),
      conversation: true,
      answer: { text: "Cold wallet", expect: "personal wallet or an account at an exchange?" },
    },
    {
      name: "addresses: destination type (buttons)",
      reach: travel,
      conversation: true,
      answer: { text: "Exchange account", expect: "Which exchange is the account at?" },
    },
    {
      name: "addresses: the name of another exchange",
      reach: async (chat) => {
        await travel(chat);
        await chat.press("Exchange account");
        await chat.press("Other…");
      },
      // Too long for this question, so it is refused and the question stays open.
      probeSuffix: "x".repeat(100),
      conversation: true,
      answer: { text: "Tiny Exchange", expect: "Whose is it?" },
    },
    {
      name: "addresses: the owner's full name",
      reach: person,
      // Too long for this question, so it is refused and the question stays open.
      probeSuffix: "x".repeat(200),
      conversation: true,
      answer: { text: "Jane Citizen", expect: "Where does the owner live?" },
    },
    {
      name: "addresses: the owner's country",
      reach: async (chat) => {
        await person(chat);
        await chat.send("Jane Citizen");
      },
      conversation: true,
      answer: { text: "nz", expect: "The owner's state, province or region" },
    },
    {
      name: "addresses: the owner's region",
      reach: async (chat) => {
        await person(chat);
        await chat.send("Jane Citizen");
        await chat.press("🇳🇿 New Zealand");
      },
      // Too long for this question, so it is refused and the question stays open.
      probeSuffix: "x".repeat(100),
      conversation: true,
      answer: { text: "Canterbury", expect: "Save this withdrawal address?" },
    },
    {
      name: "addresses: a summary waiting for Save",
      reach: async (chat) => {
        await travel(chat);
        await chat.press("Personal wallet");
        await chat.press("Ledger");
        await chat.press("Mine");
      },
      conversation: false,
    },
  ];
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
      const probe = `probe${randomUUID().slice(0, 8)}${prompt.probeSuffix ?? ""}`;
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

describe("a thousand wrappings of a key, at every kind of prompt and in a group", () => {
  it("each is deleted, none is echoed in part, none reaches Redis or the logs; the prompts stay open", async () => {
    const { chat, canary } = await connectedWithCanary();
    const foreign = tb.ex.account().readWriteKey;
    const group = tb.fake.groupChat(-(7_000_000 + Math.floor(Math.random() * 1_000_000)), "Traders");
    // Where each wrapping lands, in turn: plain chat, a free-text prompt and an amount prompt (both inside a
    // conversation, whose state would record it), and a group.
    const places = ["plain chat", "time-zone prompt", "amount prompt", "group"] as const;
    const reach: Record<(typeof places)[number], () => Promise<unknown>> = {
      "plain chat": () => chat.send("/cancel"),
      "time-zone prompt": async () => {
        await chat.send("/settings");
        await chat.press("Time zone");
      },
      "amount prompt": async () => {
        await chat.send("/buy");
        await chat.press("BTC");
      },
      group: async () => undefined,
    };
    const wrappings = [...keyWrappings(canary), ...keyWrappings(foreign)];
    const perPlace = Math.ceil(wrappings.length / places.length);
    const say = async (text: string) => (await chat.send(text)).map((output) => output.plainText).join("\n");
    const before = tb.fake.calls.length;
    for (const [index, place] of places.entries()) {
      await reach[place]();
      for (const text of wrappings.slice(index * perPlace, (index + 1) * perPlace)) {
        const target = place === "group" ? group : chat.chat;
        const outputs = await deliver(target.id, tb.fake.userText(chat.user, target, text));
        expect(
          outputs.map((output) => output.kind),
          `${place}: ${JSON.stringify(text)}`,
        ).toEqual(["delete", "message"]);
      }
      if (place === "time-zone prompt") expect(await say("Australia/Perth")).toContain("Time zone set");
      if (place === "amount prompt") expect(await say("100")).toContain("You spend: $100.00");
    }
    for (const target of [chat.chat.id, group.id]) {
      const shown = tb.fake.visible(target).map((message) => message.text);
      expect(
        shown.filter((text) => text.includes(canary.slice(6, 20)) || text.includes(foreign.slice(7, 21))),
      ).toEqual([]);
    }
    // No reply repeats any part of either key (its middle, which no wrapping changes).
    const replies = tb.fake.calls.slice(before).map((call) => JSON.stringify(call.payload));
    expect(
      replies.filter((text) => text.includes(canary.slice(6, 20)) || text.includes(foreign.slice(7, 21))),
    ).toEqual([]);
    await expectNowhere(canary);
    await expectNowhere(foreign);
  }, 240_000);
});
