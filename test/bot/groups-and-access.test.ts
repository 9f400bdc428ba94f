/**
 * Where and for whom the bot works: account matters only in private chats (a key sent in a group is never
 * stored or tried), public commands in groups too, silence for group chatter; and with ALLOWED_USER_IDS,
 * strangers hear "this bot is private" and reach nothing behind it, the exchange included.
 */
import type { Chat, User } from "grammy/types";
import { describe, expect, it } from "vitest";
import type { RecordedCall } from "../../src/telegram-fake/index.ts";
import { startTestBot, type TestBot } from "../support/bot.ts";

const PRIVATE_ONLY =
  "For your safety I only handle account matters in a private chat. Open a chat with me and send the command there.";
const NOT_ALLOWED = "Sorry, this bot is private.";

let nextId = 7_000_000 + Math.floor(Math.random() * 1000) * 1000;

interface RequestLog {
  write_count: number;
  requests: { method: string; path: string; status: number }[];
}

async function requestLog(tb: TestBot, accountId?: number): Promise<RequestLog> {
  const query = accountId === undefined ? "" : `?account_id=${accountId}`;
  return (await tb.ex.control("GET", `/_sandbox/requests${query}`)) as RequestLog;
}

/** Runs an update through the bot; returns the Bot API calls it made, all of which must have succeeded. */
async function deliver(tb: TestBot, update: Parameters<TestBot["app"]["bot"]["handleUpdate"]>[0]) {
  const start = tb.fake.calls.length;
  await tb.app.bot.handleUpdate(update);
  const calls = tb.fake.calls.slice(start);
  expect(calls.filter((call) => call.response?.ok === false)).toEqual([]);
  return calls;
}

function texts(calls: RecordedCall[]): string[] {
  return calls.flatMap((call) => (call.output ? [call.output.plainText] : []));
}

/** A user (with a private chat the bot knows) in a new group. */
function member(tb: TestBot): { user: User; group: Chat.GroupChat } {
  const { user } = tb.fake.privateChat(nextId++, { firstName: "Gus" });
  const group = tb.fake.groupChat(-nextId++, "Traders");
  return { user, group };
}

describe("in a group chat", async () => {
  const tb = await startTestBot();

  it.each([
    "/balance",
    "/settings",
    "/start",
    "/disconnect",
    "/cancel",
    "/connect",
    "/balance@surge_test_bot",
  ])("%s is refused with a pointer to the private chat", async (command) => {
    const { user, group } = member(tb);
    const update = tb.fake.userText(user, group, command);
    const calls = await deliver(tb, update);
    expect(calls.map((call) => call.method)).toEqual(["sendMessage"]);
    expect(calls[0]?.payload.chat_id).toBe(group.id);
    expect(texts(calls)).toEqual([PRIVATE_ONLY]);
    // Said as a reply to the command, so the asker sees it is meant for them.
    const response = calls[0]?.response as { result?: { reply_to_message?: { message_id: number } } };
    expect(response.result?.reply_to_message?.message_id).toBe(update.message?.message_id);
  });

  it("/connect KEY is refused: the message is deleted, the user told to revoke the key, nothing stored or tried", async () => {
    const { user, group } = member(tb);
    const account = tb.ex.account({ AUD: "123" });
    const calls = await deliver(tb, tb.fake.userText(user, group, `/connect ${account.readWriteKey}`));
    expect(calls.map((call) => call.method)).toEqual(["deleteMessage", "sendMessage"]);
    const reply = texts(calls.filter((call) => call.method === "sendMessage"));
    expect(reply[0]).toContain(PRIVATE_ONLY);
    expect(reply[0]).toContain("revoke it in the Digital Surge web app");
    expect(JSON.stringify(calls.map((call) => call.payload))).not.toContain(account.readWriteKey);
    expect(await tb.app.deps.accounts.isConnected(user.id)).toBe(false);
    expect((await requestLog(tb, account.accountId)).requests).toEqual([]);
    expect(await tb.dumpRedis()).not.toContain(account.readWriteKey);
    expect(tb.logs.join("\n")).not.toContain(account.readWriteKey);
    // And it stays refused afterwards: the next private message is not taken as a key to connect (a
    // key pasted unasked is taken down instead, see pasted-keys.test.ts).
    const { chat } = tb.fake.privateChat(user.id);
    const next = await deliver(tb, tb.fake.userText(user, chat, account.readOnlyKey));
    expect(texts(next).join("\n")).not.toContain("Checking the key");
    expect(texts(next).join("\n")).toContain("That looked like an API key");
    expect(await tb.app.deps.accounts.isConnected(user.id)).toBe(false);
  });

  it("/price answers in the group, with the default time zone", async () => {
    const { user, group } = member(tb);
    const calls = await deliver(tb, tb.fake.userText(user, group, "/price btc"));
    // The answer in the group; before it at most "typing", also in the group: the action is sent only
    // when the prices take longer than a quarter second (chat-action.test.ts), which depends on the
    // machine here, the sandbox answering at once.
    expect(calls.at(-1)?.method).toBe("sendMessage");
    expect(calls.slice(0, -1).map((call) => [call.method, call.payload.action])).toEqual(
      calls.slice(0, -1).map(() => ["sendChatAction", "typing"]),
    );
    expect(new Set(calls.map((call) => call.payload.chat_id))).toEqual(new Set([group.id]));
    const [text] = texts(calls);
    expect(text).toContain("Prices in AUD");
    expect(text).toMatch(/BTC Bitcoin: buy \$[\d,.]+ · sell \$[\d,.]+/);
    expect(text).toContain("(Australia/Sydney)");
  });

  it("/help and /price@surge_test_bot answer in the group", async () => {
    const { user, group } = member(tb);
    expect(texts(await deliver(tb, tb.fake.userText(user, group, "/help")))[0]).toContain("Commands");
    const price = texts(await deliver(tb, tb.fake.userText(user, group, "/price@surge_test_bot eth")));
    expect(price[0]).toMatch(/ETH Ethereum: buy/);
  });

  it.each([
    ["@surge_test_bot btc", /BTC Bitcoin: buy/],
    ["price of eth @Surge_Test_Bot?", /ETH Ethereum: buy/],
    ["@surge_test_bot 以太坊", /ETH Ethereum: buy/],
  ])("%j, addressed to the bot, is read as a request", async (text, expected) => {
    const { user, group } = member(tb);
    const calls = await deliver(tb, tb.fake.userText(user, group, text));
    expect(texts(calls).at(-1)).toMatch(expected);
  });

  it("a reply to the bot's message is addressed to it", async () => {
    const { user, group } = member(tb);
    await deliver(tb, tb.fake.userText(user, group, "/help"));
    const botMessage = tb.fake.visible(group.id).at(-1)?.messageId as number;
    const calls = await deliver(tb, tb.fake.userText(user, group, "sol", { replyTo: botMessage }));
    expect(texts(calls).at(-1)).toMatch(/SOL Solana: buy/);
  });

  it("an account request addressed to the bot is refused as its command is", async () => {
    const { user, group } = member(tb);
    for (const text of ["@surge_test_bot buy 100 aud of eth", "@surge_test_bot my balance"]) {
      expect(texts(await deliver(tb, tb.fake.userText(user, group, text)))).toEqual([PRIVATE_ONLY]);
    }
  });

  it("an addressed message not understood is said so, with what the bot does in a group", async () => {
    const { user, group } = member(tb);
    const calls = await deliver(tb, tb.fake.userText(user, group, "@surge_test_bot make me rich"));
    expect(texts(calls)).toEqual([
      "I don't understand make me rich. Here I answer prices, e.g. @surge_test_bot btc or /price; write to me in private for your account.",
    ]);
    expect(calls[0]?.payload.reply_markup).toBeUndefined();
  });

  it.each([
    "hello @someone_else btc",
    "hello everyone",
    "<b>bold?</b> & co",
    "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    "/unknowncommand",
    "/price@other_bot btc",
    "/start@other_bot",
    "/balance@other_bot now",
  ])("chatter %j gets no reply", async (text) => {
    const { user, group } = member(tb);
    expect(await deliver(tb, tb.fake.userText(user, group, text))).toEqual([]);
  });

  it("a photo in the group gets no reply", async () => {
    const { user, group } = member(tb);
    expect(await deliver(tb, tb.fake.userPhoto(user, group, "/balance"))).toEqual([]);
  });

  it.each(["bal:refresh", "set:lang:en", "x:cancel", "garbage"])(
    "a button press (%s) gets the private-only alert and nothing else",
    async (data) => {
      const { user, group } = member(tb);
      await deliver(tb, tb.fake.userText(user, group, "/help"));
      const botMessage = tb.fake.visible(group.id).at(-1);
      expect(botMessage?.fromBot).toBe(true);
      const calls = await deliver(tb, tb.fake.callback(user, group, botMessage?.messageId as number, data));
      expect(calls.map((call) => call.method)).toEqual(["answerCallbackQuery"]);
      expect(calls[0]?.output).toMatchObject({
        kind: "callback_answer",
        alert: true,
        plainText: PRIVATE_ONLY,
      });
    },
  );

  it("a group button press cannot spend a real token of the presser", async () => {
    const { user, group } = member(tb);
    const account = tb.ex.account();
    await tb.app.deps.accounts.connect(user.id, account.readWriteKey);
    const token = await tb.app.deps.tokens.issue(user.id, { action: "disconnect" }, 600);
    await deliver(tb, tb.fake.userText(user, group, "/help"));
    const botMessage = tb.fake.visible(group.id).at(-1)?.messageId as number;
    const calls = await deliver(tb, tb.fake.callback(user, group, botMessage, `t:${token}`));
    expect(texts(calls)).toEqual([PRIVATE_ONLY]);
    expect(await tb.app.deps.accounts.isConnected(user.id)).toBe(true);
  });
});

describe("with ALLOWED_USER_IDS", async () => {
  const allowedId = nextId++;
  const secondAllowedId = nextId++;
  const tb = await startTestBot({ env: { ALLOWED_USER_IDS: `${allowedId}, ${secondAllowedId}` } });

  it("a stranger is told the bot is private, and nothing else happens", async () => {
    const stranger = tb.chat();
    // The stranger's key is in the vault already (e.g. they were allowed before): still nothing may use it.
    const account = tb.ex.account({ AUD: "77" });
    await tb.app.deps.accounts.connect(stranger.user.id, account.readWriteKey);
    const accountBefore = await requestLog(tb, account.accountId);
    const allBefore = await requestLog(tb);
    const calls: RecordedCall[] = [];
    for (const text of [
      "/start",
      "/balance",
      "/price btc",
      "/connect",
      "/settings",
      "hello",
      "/disconnect",
    ]) {
      const start = tb.fake.calls.length;
      const outputs = await stranger.send(text);
      calls.push(...tb.fake.calls.slice(start));
      expect(outputs.map((output) => output.plainText)).toEqual([NOT_ALLOWED]);
    }
    expect(calls.map((call) => call.method)).toEqual(Array(7).fill("sendMessage"));
    // A bare /connect set no wait: the next message is not taken (and deleted) as a key.
    expect((await stranger.send("not my key")).map((output) => output.kind)).toEqual(["message"]);
    expect(await tb.app.deps.accounts.isConnected(stranger.user.id)).toBe(true);
    // No exchange request at all: neither with the stranger's key nor for public prices.
    expect((await requestLog(tb, account.accountId)).requests).toEqual(accountBefore.requests);
    expect((await requestLog(tb)).requests).toEqual(allBefore.requests);
  });

  it("a stranger's button press is answered with the same refusal and acts on nothing", async () => {
    const stranger = tb.chat();
    // A real token of the stranger's own: were the press let through, it would remove their key.
    const token = await tb.app.deps.tokens.issue(stranger.user.id, { action: "disconnect" }, 600);
    const account = tb.ex.account();
    await tb.app.deps.accounts.connect(stranger.user.id, account.readWriteKey);
    // The only bot message in the stranger's chat is a refusal: the press is made on it.
    await stranger.send("/start");
    const message = tb.fake.visible(stranger.chat.id).at(-1)?.messageId as number;
    const calls = await deliver(tb, tb.fake.callback(stranger.user, stranger.chat, message, `t:${token}`));
    expect(calls.map((call) => call.method)).toEqual(["answerCallbackQuery"]);
    expect(texts(calls)).toEqual([NOT_ALLOWED]);
    expect(await tb.app.deps.accounts.isConnected(stranger.user.id)).toBe(true);
  });

  it("a stranger in a group is ignored silently, even for public commands", async () => {
    const group = tb.fake.groupChat(-nextId++);
    const { user } = tb.fake.privateChat(nextId++);
    for (const text of ["/price", "/help", "/balance", "chatter"]) {
      expect(await deliver(tb, tb.fake.userText(user, group, text))).toEqual([]);
    }
    // An allowed member in the same group is served.
    const { user: allowedUser } = tb.fake.privateChat(allowedId);
    expect(texts(await deliver(tb, tb.fake.userText(allowedUser, group, "/help")))[0]).toContain("Commands");
  });

  it("the allowed users work normally", async () => {
    const alice = tb.chat({ userId: allowedId });
    const bob = tb.chat({ userId: secondAllowedId });
    expect((await alice.send("/start")).at(-1)?.plainText).toContain("Welcome, Alice!");
    expect((await bob.send("/price eth")).at(-1)?.plainText).toMatch(/ETH Ethereum: buy/);
    const account = tb.ex.account({ AUD: "250" });
    expect((await alice.send(`/connect ${account.readWriteKey}`)).at(-1)?.plainText).toContain("Connected.");
    const balance = (await alice.send("/balance")).at(-1)?.plainText;
    expect(balance).toContain("Total value");
    expect(balance).toContain("250");
    expect((await requestLog(tb, account.accountId)).requests.length).toBeGreaterThan(0);
  });
});
