/**
 * The address book as a chat: /addresses grouped by asset and paged, an entry's details (the whole
 * address copyable), Resend confirmation (one call; refused in words for a confirmed or deleted
 * entry, also when pressed from another feature's message), Delete (confirmed first, single-use,
 * soft, history kept), lost answers, a read-only key, groups and strangers.
 */
import { afterEach, describe, expect, it } from "vitest";
import { parseAddressButton, resendButtonData } from "../../src/bot/flow-kit/address-buttons.ts";
import type { AddressBookEntry } from "../../src/exchange/index.ts";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import type { TestAccount } from "../support/exchange.ts";

const tb = await startTestBot();

const BOOK = "/api/private/v2/wallet/address-book/";
const ADDRESSES = {
  BTC: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  ETH: "0x52908400098527886E0F7030069857D2E4169EE7",
  XRP: "rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh",
} as const;

afterEach(async () => {
  await tb.ex.control("DELETE", "/_sandbox/faults");
});

const textOf = (outputs: BotOutput[]) => outputs.map((o) => o.plainText).join("\n");
const buttonsOf = (output: BotOutput | undefined) => output?.buttons.flat().map((b) => b.text) ?? [];

interface Email {
  kind: string;
  link_token: string;
  entry_id?: number;
  withdrawal_id?: number;
}

async function outbox(account: TestAccount): Promise<Email[]> {
  return (await tb.ex.control("GET", `/_sandbox/outbox?account_id=${account.accountId}`)) as Email[];
}

/** Saves an entry straight through the API, as the web app would. */
async function saved(
  account: TestAccount,
  asset: keyof typeof ADDRESSES,
  label: string,
  memo?: string,
): Promise<AddressBookEntry> {
  return tb.ex.client(account.readWriteKey).addressBook.create({
    asset,
    address: ADDRESSES[asset],
    label,
    ...(memo ? { memo } : {}),
    travel_rule: { destination_type: "personal_wallet", wallet_provider: "Ledger", ownership: "self" },
  });
}

/** Follows the entry's emailed confirmation link. */
async function confirmByEmail(account: TestAccount, entry: AddressBookEntry): Promise<void> {
  const mail = (await outbox(account)).find(
    (m) => m.kind === "address_confirmation" && m.entry_id === entry.id,
  );
  await tb.ex.control("POST", `/_sandbox/links/${mail?.link_token}`);
}

/** Withdraws once to a confirmed entry (authorized with 2FA, first-time link followed). */
async function withdrawTo(account: TestAccount, entry: AddressBookEntry): Promise<void> {
  const client = tb.ex.client(account.readWriteKey);
  const draft = await client.withdrawals.create(entry.asset, {
    amount: "0.01",
    address_book_entry_id: entry.id,
  });
  await client.withdrawals.authorize(entry.asset, draft.id, account.totp);
  const mail = (await outbox(account)).find((m) => m.withdrawal_id === draft.id);
  await tb.ex.control("POST", `/_sandbox/links/${mail?.link_token}`);
}

async function entry(account: TestAccount, id: number) {
  return tb.ex.client(account.readWriteKey).addressBook.get(id);
}

/** Presses a button by its callback data on the chat's last message that has it. */
async function pressData(chat: ChatDriver, data: string): Promise<BotOutput[]> {
  const message = tb.fake
    .visible(chat.chat.id)
    .findLast((m) => m.fromBot && JSON.stringify(m).includes(JSON.stringify(data)));
  return chat.press({ messageId: message?.messageId ?? 0, data });
}

describe("/addresses", () => {
  it("groups by asset with both ends of each address, memo, state, usage; paged", async () => {
    const { chat, account } = await tb.trader({ BTC: "1", AUD: "10" });
    const cold = await saved(account, "BTC", "Cold <vault>");
    await confirmByEmail(account, cold);
    await withdrawTo(account, cold);
    await saved(account, "XRP", "Kraken XRP", "104857");
    await saved(account, "ETH", "MetaMask");
    for (let i = 1; i <= 4; i++) await saved(account, "BTC", `Spare ${i}`);
    const gone = await saved(account, "ETH", "Old one");
    await tb.ex.client(account.readWriteKey).addressBook.delete(gone.id);

    const page1 = (await chat.send("/addresses")).at(-1);
    const text = page1?.plainText ?? "";
    expect(text).toContain("Your address book (page 1 of 2)");
    // BTC first (newest first within it); the deleted entry is not listed.
    expect(text).toContain("BTC · Bitcoin");
    expect(text).not.toContain("Old one");
    expect(text).toMatch(/1\. Spare 4 · bc1qar0s…zwf5mdq\n✉️ waiting for email confirmation · never used/);
    expect(text).toMatch(/5\. Cold <vault> · bc1qar0s…zwf5mdq\n✅ confirmed · used 1 time, last \d/);
    expect(page1?.text).toContain("Cold &lt;vault&gt;");
    expect(text).toContain("Times in Australia/Sydney.");
    expect(buttonsOf(page1)).toEqual([
      "🔎 1. Spare 4",
      "✉️ Resend",
      "🗑 Delete",
      "🔎 2. Spare 3",
      "✉️ Resend",
      "🗑 Delete",
      "🔎 3. Spare 2",
      "✉️ Resend",
      "🗑 Delete",
      "🔎 4. Spare 1",
      "✉️ Resend",
      "🗑 Delete",
      "🔎 5. Cold <vault>",
      "🗑 Delete",
      "Next ›",
      "➕ Add address",
    ]);

    const page2 = (await chat.press("Next ›")).at(-1);
    expect(page2?.kind).toBe("edit");
    expect(page2?.plainText).toContain("(page 2 of 2)");
    expect(page2?.plainText).toContain("ETH · Ethereum\n6. MetaMask · 0x529084…4169EE7");
    expect(page2?.plainText).toContain("XRP · XRP\n7. Kraken XRP · rEb8TK3g…H8DuaLh · tag 104857");
    expect(buttonsOf(page2)).toContain("‹ Previous");
    expect((await chat.press("‹ Previous")).at(-1)?.plainText).toContain("(page 1 of 2)");
  });

  it("an empty book offers Add; details show the whole address and memo, copyable", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    const none = (await chat.send("/addresses")).at(-1);
    expect(none?.plainText).toContain("Your address book is empty.");
    expect(buttonsOf(none)).toEqual(["➕ Add address"]);
    await saved(account, "XRP", "Kraken XRP", "104857");
    await chat.send("/addresses");
    const details = (await chat.press("🔎 1. Kraken XRP")).at(-1);
    expect(details?.text).toContain(`<code>${ADDRESSES.XRP}</code>`);
    expect(details?.text).toContain("<code>104857</code>");
    expect(details?.plainText).toContain("Kraken XRP · XRP (XRP)");
    expect(details?.plainText).toContain("Waiting for you to confirm it from the email.");
    expect(details?.plainText).toMatch(/Added \d/);
    expect(details?.plainText).toContain("Withdrawals: never used");
    expect(buttonsOf(details)).toEqual(["✉️ Resend confirmation", "Refresh", "🗑 Delete", "‹ Address book"]);
    expect((await chat.press("‹ Address book")).at(-1)?.plainText).toContain("1. Kraken XRP");
  });
});

describe("Resend confirmation", () => {
  it("one resend per press for an unconfirmed entry: a new email is sent", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    const saving = await saved(account, "ETH", "MetaMask");
    await chat.send("/addresses");
    const outputs = await chat.press("✉️ Resend");
    expect(textOf(outputs)).toContain("A new confirmation email for “MetaMask” is on its way.");
    // Answered as a new message: the pressed one (maybe another feature's) is left alone.
    expect(outputs.filter((o) => o.kind === "edit")).toEqual([]);
    expect(await tb.ex.writesOf(account, `${BOOK}${saving.id}/resend_confirmation/`)).toBe(1);
    expect((await outbox(account)).filter((m) => m.entry_id === saving.id)).toHaveLength(2);
    // A second tap within the minute sends no second email, and says why.
    expect(textOf(await chat.press("✉️ Resend"))).toContain("sent less than a minute ago");
    expect(await tb.ex.writesOf(account, `${BOOK}${saving.id}/resend_confirmation/`)).toBe(1);
    // The new link confirms it.
    await tb.ex.control("POST", `/_sandbox/links/${(await outbox(account)).at(-1)?.link_token}`);
    expect((await entry(account, saving.id)).confirmed).toBe(true);
  });

  it("refused in words for a confirmed entry, before any resend call (as pressed from another message)", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    const done = await saved(account, "BTC", "Cold");
    await chat.send("/addresses");
    await confirmByEmail(account, done);
    // The list still shows Resend (it was unconfirmed when listed); pressing it now is refused.
    const outputs = await pressData(chat, resendButtonData(done.id));
    expect(textOf(outputs)).toContain("“Cold” is already confirmed, so there is nothing to resend");
    expect(await tb.ex.writesOf(account, `${BOOK}${done.id}/resend_confirmation/`)).toBe(0);
    // No email went out, so no cooldown holds: a second press gets the same answer, not "wait".
    expect(textOf(await pressData(chat, resendButtonData(done.id)))).toContain("is already confirmed");
  });

  it("refused for a deleted entry; a lost answer may have sent the email", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    const first = await saved(account, "BTC", "First");
    const second = await saved(account, "ETH", "Second");
    await chat.send("/addresses");
    await tb.ex.client(account.readWriteKey).addressBook.delete(first.id);
    expect(textOf(await pressData(chat, resendButtonData(first.id)))).toContain(
      "“First” was deleted, so it can't be confirmed any more.",
    );
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: `${BOOK}${second.id}/resend_confirmation/`,
      drop: true,
      after: true,
      count: 1,
    });
    const lost = textOf(await pressData(chat, resendButtonData(second.id)));
    expect(lost).toContain("the confirmation email may have been sent");
    expect(lost).not.toContain("Nothing was");
    expect((await outbox(account)).filter((m) => m.entry_id === second.id)).toHaveLength(2);
  });

  it("someone else's entry: the exchange does not know it for this key; nothing is sent", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    const other = tb.ex.account({ AUD: "10" });
    const theirs = await saved(other, "BTC", "Theirs");
    await chat.send("/addresses");
    // A forged press: the button data names an id of another account.
    const start = tb.fake.calls.length;
    await tb.app.bot.handleUpdate(
      tb.fake.callback(chat.user, chat.chat, chat.lastMessage()?.messageId ?? 0, resendButtonData(theirs.id)),
    );
    const outputs = tb.fake.calls
      .slice(start)
      .flatMap((c) => (c.output?.kind === "message" ? [c.output] : []));
    expect(textOf(outputs)).toContain("The exchange has no such record.");
    expect(await tb.ex.writesOf(other, `${BOOK}${theirs.id}/resend_confirmation/`)).toBe(0);
  });
});

describe("Delete", () => {
  it("asks first; Keep changes nothing; Delete is soft and says history is kept", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    const target = await saved(account, "BTC", "Old Ledger");
    await chat.send("/addresses");
    const ask = (await chat.press("🗑 Delete")).at(-1);
    expect(ask?.plainText).toContain("Delete “Old Ledger” (BTC, bc1qar0s…zwf5mdq)?");
    expect(ask?.plainText).toContain("past withdrawals to it stay in your records");
    expect(buttonsOf(ask)).toEqual(["Yes, delete it", "Keep it"]);
    expect((await chat.press("Keep it")).at(-1)?.plainText).toContain(
      "Kept “Old Ledger”. Nothing was changed.",
    );
    expect(await tb.ex.writesOf(account, `${BOOK}${target.id}/`)).toBe(0);

    await chat.send("/addresses");
    await chat.press("🗑 Delete");
    const deleting = await chat.press("Yes, delete it");
    // While it runs the question says what is happening (deleting, not saving), without its buttons.
    const progress = deleting.find((o) => o.plainText.includes("Deleting"));
    expect(progress?.plainText).toBe("Deleting “Old Ledger”…");
    expect(progress?.buttons).toEqual([]);
    expect(deleting.some((o) => o.plainText.includes("Saving"))).toBe(false);
    const done = deleting.at(-1);
    expect(done?.plainText).toContain(
      "“Old Ledger” was deleted. It can't be used for withdrawals any more; its history is kept.",
    );
    const after = await entry(account, target.id);
    expect(after.enabled).toBe(false);
    expect((await chat.press("‹ Address book")).at(-1)?.plainText).toContain("Your address book is empty.");
  });

  it("Yes is single-use: twenty concurrent taps delete once, the others are told the button expired", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    const target = await saved(account, "ETH", "Twice");
    await chat.send("/addresses");
    const ask = (await chat.press("🗑 Delete")).at(-1);
    const yes = ask?.buttons.flat().find((b) => b.text === "Yes, delete it")?.data as string;
    const taps = Array.from({ length: 20 }, () =>
      tb.fake.callback(chat.user, chat.chat, ask?.messageId ?? 0, yes),
    );
    await Promise.all(taps.map((update) => tb.app.bot.handleUpdate(update)));
    expect(await tb.ex.writesOf(account, `${BOOK}${target.id}/`)).toBe(1);
    expect((await entry(account, target.id)).enabled).toBe(false);
    const answers = tb.fake.callsTo("answerCallbackQuery").slice(-20);
    expect(answers.filter((c) => (c.payload as { text?: string }).text?.includes("expired"))).toHaveLength(
      19,
    );
  });

  it("an entry deleted meanwhile is said to be deleted; a lost answer may have deleted it", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    const first = await saved(account, "BTC", "First");
    const second = await saved(account, "ETH", "Second");
    await chat.send("/addresses");
    const listId = chat.lastMessage()?.messageId ?? 0;
    await tb.ex.client(account.readWriteKey).addressBook.delete(first.id);
    expect(textOf(await chat.press({ messageId: listId, data: `addr:delete:${first.id}` }))).toContain(
      "“First” was already deleted.",
    );
    await chat.press({ messageId: listId, data: `addr:delete:${second.id}` });
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "DELETE",
      path_prefix: `${BOOK}${second.id}/`,
      drop: true,
      after: true,
      count: 1,
    });
    const lost = (await chat.press("Yes, delete it")).at(-1);
    expect(lost?.plainText).toContain("“Second” may have been deleted. Refresh shows its state.");
    expect(lost?.plainText).not.toContain("Nothing was");
    expect((await chat.press("Refresh")).at(-1)?.plainText).toContain(
      "Deleted: it can't be used for withdrawals.",
    );
  });
});

describe("who may", () => {
  it("a read-only key lists, and gets an explanation for Resend and Delete; nothing is sent", async () => {
    const chat = tb.chat();
    const account = tb.ex.account({ AUD: "10" });
    const listed = await saved(account, "BTC", "Look only");
    await tb.app.deps.accounts.connect(chat.user.id, account.readOnlyKey);
    expect((await chat.send("/addresses")).at(-1)?.plainText).toContain("1. Look only");
    for (const button of ["✉️ Resend", "🗑 Delete"]) {
      expect(textOf(await chat.press(button))).toContain("Your API key is read-only");
    }
    expect(await tb.ex.writesOf(account, `${BOOK}${listed.id}/resend_confirmation/`)).toBe(0);
    expect(await tb.ex.writesOf(account, `${BOOK}${listed.id}/`)).toBe(0);
  });

  it("in a group: the command and the buttons are refused", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    const group = tb.fake.groupChat(-(7_000_000 + Math.floor(Math.random() * 1000)), "Traders");
    await tb.app.bot.handleUpdate(tb.fake.userText(chat.user, group, "/addresses"));
    expect(tb.fake.visible(group.id).at(-1)?.text).toContain("only handle account matters in a private chat");
    await tb.app.bot.handleUpdate(tb.fake.callback(chat.user, group, 1, resendButtonData(1)));
    const answer = tb.fake.lastCall("answerCallbackQuery")?.payload as {
      text?: string;
      show_alert?: boolean;
    };
    expect(answer.text).toContain("private chat");
  });

  it("in Chinese: the list, the details and the questions, country names included", async () => {
    const chat = tb.chat({ languageCode: "zh" });
    const account = tb.ex.account({ AUD: "10" });
    await tb.app.deps.accounts.connect(chat.user.id, account.readWriteKey);
    await saved(account, "XRP", "Kraken XRP", "104857");
    const list = (await chat.send("/addresses")).at(-1);
    expect(list?.plainText).toContain("你的地址簿（第 1 页，共 1 页）");
    expect(list?.plainText).toContain("标签 104857");
    expect(list?.plainText).toContain("等待邮件确认 · 从未使用");
    expect((await chat.press("🔎 1. Kraken XRP")).at(-1)?.plainText).toContain("等待你通过邮件确认");
    await chat.press("‹ 地址簿");
    await chat.press("➕ 添加地址");
    await chat.press("BTC");
    await chat.send(ADDRESSES.BTC);
    await chat.send("冷钱包");
    await chat.press("个人钱包");
    await chat.press("Ledger");
    await chat.press("别人的");
    await chat.press("个人");
    const country = (await chat.send("张三")).at(-1);
    expect(country?.plainText).toContain("所有者居住在哪个国家或地区？");
    expect(country?.buttons.flat().map((b) => b.text)).toContain("🇳🇿 新西兰");
    const summary = (await chat.send("新西兰")).at(-1);
    expect(summary?.plainText).toContain("州、省或地区");
    expect((await chat.send("/skip")).at(-1)?.plainText).toContain("国家或地区：新西兰 (NZ)");
  });

  it("/help and the command menu list /addresses", async () => {
    expect(textOf(await tb.chat().send("/help"))).toContain("/addresses — your saved withdrawal addresses");
  });
});

describe("button data", () => {
  it("resendButtonData is what the handler reads; anything else is not an address button", () => {
    expect(resendButtonData(42)).toBe("addr:resend:42");
    expect(parseAddressButton(resendButtonData(42))).toEqual({ verb: "resend", n: 42 });
    expect(parseAddressButton("addr:add:0")).toEqual({ verb: "add", n: 0 });
    for (const bad of [
      "addr:resend:0",
      "addr:list:0",
      "addr:add:1",
      "addr:resend:-1",
      "addr:burn:1",
      "addr:resend:1x",
    ])
      expect(parseAddressButton(bad)).toBeUndefined();
  });
});
