/**
 * Adding an address book entry as a chat: every travel-rule branch (the questions asked, and the body
 * on the wire read through a proxy), memos and tags, bad input at every step (explained, nothing
 * changed, no exchange call), Back, /skip, Cancel, the single-use owner-bound Save, a read-only key,
 * and a create whose answer is lost.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import type { TestAccount } from "../support/exchange.ts";
import { startKeyProxy } from "../support/key-proxy.ts";

const proxy = await startKeyProxy();
const tb = await startTestBot({ env: { EXCHANGE_BASE_URL: proxy.url } });
proxy.target = tb.ex.url;

const BOOK = "/api/private/v2/wallet/address-book/";
const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const XRP_ADDRESS = "rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh";

afterEach(async () => {
  await tb.ex.control("DELETE", "/_sandbox/faults");
});

const textOf = (outputs: BotOutput[]) => outputs.map((o) => o.plainText).join("\n");
const buttonsOf = (output: BotOutput | undefined) => output?.buttons.flat().map((b) => b.text) ?? [];
/** The new question a step brought up (a new message, not the edit of the answered one). */
const question = (outputs: BotOutput[]) => outputs.filter((o) => o.kind === "message").at(-1);

/** The text of the bot's last callback answer (a toast). */
const lastAnswer = () =>
  (tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined)?.text;

/** Address book writes sent on the wire since `from`, with their JSON bodies. */
function bookWrites(from: number) {
  return proxy.writes
    .slice(from)
    .filter((w) => w.path.startsWith(BOOK))
    .map((w) => ({
      method: w.method,
      path: w.path,
      body: w.body ? (JSON.parse(w.body) as Record<string, unknown>) : {},
    }));
}

async function entries(account: TestAccount) {
  return (await tb.ex.client(account.readWriteKey).addressBook.list()).results;
}

/** Opens the add flow from /addresses. */
async function startAdd(chat: ChatDriver): Promise<BotOutput[]> {
  await chat.send("/addresses");
  return chat.press("➕ Add address");
}

/** Answers the first four questions for a BTC address. */
async function basics(chat: ChatDriver, label = "Cold wallet"): Promise<void> {
  await startAdd(chat);
  await chat.press("BTC");
  await chat.send(BTC_ADDRESS);
  await chat.send(label);
}

describe("every travel-rule branch", () => {
  it("my own Ledger: only destination, wallet and ownership are asked; the entry is saved unconfirmed", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    const from = proxy.writes.length;
    const asset = question(await startAdd(chat));
    expect(asset?.plainText).toContain("Which asset is it for?");
    expect(buttonsOf(asset)).toEqual(expect.arrayContaining(["BTC", "ETH", "XRP", "Cancel"]));
    expect(buttonsOf(asset)).not.toContain("Back");
    const address = question(await chat.press("BTC"));
    expect(address?.plainText).toContain("Send the BTC address (it looks like bc1…, 1… or 3…)");
    // BTC has no memo: the name comes next.
    expect(question(await chat.send(BTC_ADDRESS))?.plainText).toContain("Give this address a name");
    const destination = question(await chat.send("Cold wallet"));
    expect(destination?.plainText).toContain("personal wallet or an account at an exchange?");
    expect(buttonsOf(destination)).toEqual(["Personal wallet", "Exchange account", "Back", "Cancel"]);
    const provider = question(await chat.press("Personal wallet"));
    expect(provider?.plainText).toContain("Which wallet is it?");
    expect(buttonsOf(provider)).toContain("Other…");
    expect(question(await chat.press("Ledger"))?.plainText).toContain("Whose is it?");
    const summary = question(await chat.press("Mine"));
    expect(summary?.plainText).toContain("Save this withdrawal address?");
    expect(summary?.text).toContain(`<code>${BTC_ADDRESS}</code>`);
    for (const line of [
      "Asset: BTC (Bitcoin)",
      "Name: Cold wallet",
      "Destination: Personal wallet",
      "Wallet: Ledger",
      "Owner: Mine",
    ])
      expect(summary?.plainText).toContain(line);
    expect(summary?.plainText).not.toContain("Country");
    expect(buttonsOf(summary)).toEqual(["Save", "Back", "Cancel"]);
    expect(bookWrites(from)).toEqual([]);

    const saved = (await chat.press("Save")).at(-1);
    expect(saved?.plainText).toContain("Saved “Cold wallet” (BTC)");
    expect(saved?.plainText).toContain("open it within 30 minutes");
    expect(buttonsOf(saved)).toEqual(["✉️ Resend confirmation", "Refresh"]);
    expect(bookWrites(from)).toEqual([
      {
        method: "POST",
        path: BOOK,
        body: {
          asset: "BTC",
          address: BTC_ADDRESS,
          label: "Cold wallet",
          travel_rule: { destination_type: "personal_wallet", wallet_provider: "Ledger", ownership: "self" },
        },
      },
    ]);
    const [entry] = await entries(account);
    expect(entry).toMatchObject({
      asset: "BTC",
      address: BTC_ADDRESS,
      label: "Cold wallet",
      confirmed: false,
    });

    // Refresh shows the current state; once the emailed link is followed, it is confirmed.
    expect((await chat.press("Refresh")).at(-1)?.plainText).toContain("Waiting for you to confirm it");
    const mail = (await tb.ex.control("GET", `/_sandbox/outbox?account_id=${account.accountId}`)) as {
      link_token: string;
    }[];
    await tb.ex.control("POST", `/_sandbox/links/${mail[0]?.link_token}`);
    const refreshed = (await chat.press("Refresh")).at(-1);
    expect(refreshed?.plainText).toMatch(/Confirmed .*: it can be used for withdrawals/);
    expect(buttonsOf(refreshed)).not.toContain("✉️ Resend confirmation");
  });

  it("someone else's account at an unlisted exchange, owned by a business: every field it demands", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    const from = proxy.writes.length;
    await basics(chat, "Supplier");
    const exchange = question(await chat.press("Exchange account"));
    expect(exchange?.plainText).toContain("Which exchange is the account at?");
    expect(buttonsOf(exchange)).toEqual(expect.arrayContaining(["Kraken", "CoinSpot", "Other…"]));
    expect(question(await chat.press("Other…"))?.plainText).toContain("Type the exchange's name.");
    expect(question(await chat.send("Tiny Exchange"))?.plainText).toContain("Whose is it?");
    const type = question(await chat.press("Someone else's"));
    expect(buttonsOf(type)).toEqual(["A person", "A business or organisation", "Back", "Cancel"]);
    expect(question(await chat.press("A business or organisation"))?.plainText).toContain(
      "Type the business's registered name.",
    );
    const country = question(await chat.send("Acme Pty Ltd"));
    expect(country?.plainText).toContain("Where is the business registered?");
    expect(buttonsOf(country)).toEqual(expect.arrayContaining(["🇦🇺 Australia", "🇳🇿 New Zealand"]));
    // A typed name is looked up.
    const region = question(await chat.send("france"));
    expect(region?.plainText).toContain("The business's state, province or region, or /skip.");
    expect(buttonsOf(region)).toEqual(["Back", "Skip", "Cancel"]);
    const summary = question(await chat.press("Skip"));
    for (const line of [
      "Destination: Exchange account",
      "Exchange: Other…",
      "Exchange name: Tiny Exchange",
      "Owner: Someone else's",
      "Owned by: A business or organisation",
      "Name: Acme Pty Ltd",
      "Country: France (FR)",
    ])
      expect(summary?.plainText).toContain(line);
    expect(summary?.plainText).not.toContain("Region");
    await chat.press("Save");
    expect(bookWrites(from)[0]?.body.travel_rule).toEqual({
      destination_type: "exchange_account",
      exchange: "other",
      exchange_other_name: "Tiny Exchange",
      ownership: "other",
      beneficiary_type: "organisation",
      beneficiary_organisation_name: "Acme Pty Ltd",
      beneficiary_organisation_country: "FR",
    });
  });

  it("someone else's wallet of an unlisted provider, owned by a person: name, country (picked) and region", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    const from = proxy.writes.length;
    await basics(chat, "Mum");
    await chat.press("Personal wallet");
    expect(question(await chat.press("Other…"))?.plainText).toContain("Type the wallet's name.");
    await chat.send("Electrum");
    await chat.press("Someone else's");
    expect(question(await chat.press("A person"))?.plainText).toContain("Type the owner's full name.");
    // One letter is no name: refused, and the question stays open.
    expect(textOf(await chat.send("J"))).toContain("That is too short for a name");
    expect(textOf(await chat.send(" - "))).toContain("That is too short for a name");
    expect(question(await chat.send("Jane Citizen"))?.plainText).toContain("Where does the owner live?");
    expect(question(await chat.press("🇳🇿 New Zealand"))?.plainText).toContain(
      "The owner's state, province or region",
    );
    const summary = question(await chat.send("Canterbury"));
    expect(summary?.plainText).toContain("Country: New Zealand (NZ)");
    expect(summary?.plainText).toContain("Region: Canterbury");
    await chat.press("Save");
    expect(bookWrites(from)[0]?.body.travel_rule).toEqual({
      destination_type: "personal_wallet",
      wallet_provider: "other",
      wallet_provider_other_name: "Electrum",
      ownership: "other",
      beneficiary_type: "individual",
      beneficiary_full_name: "Jane Citizen",
      beneficiary_country: "NZ",
      beneficiary_region: "Canterbury",
    });
  });
});

describe("memos and tags", () => {
  it("XRP asks for the destination tag; a bad one is explained; the tag is saved", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    await startAdd(chat);
    await chat.press("XRP");
    const tag = question(await chat.send(XRP_ADDRESS));
    expect(tag?.plainText).toContain("Send the destination tag of this XRP address (a number)");
    expect(buttonsOf(tag)).toEqual(["Back", "Skip", "Cancel"]);
    expect(textOf(await chat.send("12ab"))).toContain(
      "A destination tag is a whole number from 0 to 4294967295",
    );
    await chat.send("104857");
    await chat.send("Kraken XRP");
    await chat.press("Exchange account");
    await chat.press("Kraken");
    const summary = question(await chat.press("Mine"));
    expect(summary?.plainText).toContain("Destination tag: 104857");
    await chat.press("Save");
    expect((await entries(account))[0]).toMatchObject({ asset: "XRP", memo: "104857", address: XRP_ADDRESS });
  });

  it("/skip passes the tag; nothing is sent for it", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    const from = proxy.writes.length;
    await startAdd(chat);
    await chat.press("XRP");
    await chat.send(XRP_ADDRESS);
    const skipped = await chat.send("/skip");
    expect(textOf(skipped)).toContain("→ skipped");
    expect(question(skipped)?.plainText).toContain("Give this address a name");
    await chat.send("Ledger XRP");
    await chat.press("Personal wallet");
    await chat.press("Ledger");
    const summary = question(await chat.press("Mine"));
    expect(summary?.plainText).not.toContain("tag");
    await chat.press("Save");
    expect(bookWrites(from)[0]?.body).not.toHaveProperty("memo");
  });
});

describe("bad input at every step changes nothing and calls nothing", () => {
  it("each refused answer is explained, the same question stays open, and no write is sent", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    const from = proxy.writes.length;
    const refused = async (input: string, message: string) => {
      const outputs = await chat.send(input);
      expect(outputs).toHaveLength(1);
      expect(outputs[0]?.kind).toBe("message");
      expect(outputs[0]?.plainText).toContain(message);
    };
    await startAdd(chat);
    await refused("NOPE", "I don't know NOPE.");
    await refused("aud", "Pick a crypto asset, not AUD, for this.");
    await refused("/back", "This is the first question: there is none to go back to.");
    await refused("/skip", "This one is needed, so it can't be skipped.");
    await chat.send("btc");
    await refused("0x52908400098527886E0F7030069857D2E4169EE7", "That does not look like a BTC address");
    // A bc1 address with one character mistyped: a typo, not the wrong kind of address.
    await refused(
      `${BTC_ADDRESS.slice(0, -1)}p`,
      "That starts like a BTC address (bc1…), but its checksum does not match: a character is mistyped or missing.",
    );
    await refused("bc1q ar0s", "An address has only letters, digits and a few symbols");
    await refused("x".repeat(300), "That is too long for an address: at most 256 characters.");
    await chat.send(BTC_ADDRESS);
    await refused("x".repeat(201), "That is too long: at most 200 characters.");
    await refused("/skip", "can't be skipped");
    await chat.send("Cold");
    await refused("my wallet", "Pick one of these, or /cancel:");
    await chat.press("Personal wallet");
    await refused("Bitbox", "Pick one of these, or /cancel:");
    await chat.press("Other…");
    await refused("y".repeat(101), "That is too long: at most 100 characters.");
    await chat.send("Bitbox");
    await refused("theirs", "Pick one of these, or /cancel:");
    await chat.press("Someone else's");
    await refused("company", "Pick one of these, or /cancel:");
    await chat.press("A person");
    await refused("n".repeat(201), "at most 200 characters");
    await chat.send("Jane Citizen");
    await refused("ZZ", "“ZZ” is not a country I know.");
    await refused("Narnia", "“Narnia” is not a country I know.");
    await refused("EU", "is not a country I know");
    await chat.send("au");
    await refused("r".repeat(101), "at most 100 characters");
    // A button of an older question is not an answer to this one.
    const old = tb.fake
      .visible(chat.chat.id)
      .find((m) => m.fromBot && m.text.includes("Which asset is it for?"));
    await tb.app.bot.handleUpdate(tb.fake.callback(chat.user, chat.chat, old?.messageId ?? 0, "ad:v:1"));
    const summary = question(await chat.send("Queensland"));
    expect(summary?.plainText).toContain("Country: Australia (AU)");
    expect(summary?.plainText).toContain("Wallet name: Bitbox");
    expect(summary?.plainText).toContain("Asset: BTC");
    expect(bookWrites(from)).toEqual([]);
    expect(await tb.ex.writesOf(account, BOOK)).toBe(0);
    expect(await entries(account)).toEqual([]);
  });
});

describe("Back", () => {
  it("returns to the previous question with the answer shown; a changed choice changes what follows", async () => {
    const { chat } = await tb.trader({ AUD: "10" });
    const from = proxy.writes.length;
    await basics(chat);
    await chat.press("Personal wallet");
    const back = question(await chat.press("Back"));
    expect(back?.plainText).toContain("personal wallet or an account at an exchange?");
    expect(back?.plainText).toContain("Your previous answer: Personal wallet");
    // Back again: the name, shown as typed; /back works as well as the button.
    const label = question(await chat.send("/back"));
    expect(label?.plainText).toContain("Your previous answer: Cold wallet");
    await chat.send("Hot wallet");
    const exchange = question(await chat.press("Exchange account"));
    expect(exchange?.plainText).toContain("Which exchange is the account at?");
    await chat.press("Kraken");
    const summary = question(await chat.press("Mine"));
    expect(summary?.plainText).toContain("Name: Hot wallet");
    // Back from the summary asks the last question again; then the new summary.
    const again = question(await chat.press("Back"));
    expect(again?.plainText).toContain("Whose is it?");
    expect(again?.plainText).toContain("Your previous answer: Mine");
    await chat.press("Someone else's");
    await chat.press("A person");
    await chat.send("Bob Builder");
    await chat.press("🇦🇺 Australia");
    await chat.send("/skip");
    await chat.press("Save");
    const [write] = bookWrites(from);
    expect(write?.body.label).toBe("Hot wallet");
    // The abandoned personal-wallet branch left nothing behind.
    expect(write?.body.travel_rule).toEqual({
      destination_type: "exchange_account",
      exchange: "Kraken",
      ownership: "other",
      beneficiary_type: "individual",
      beneficiary_full_name: "Bob Builder",
      beneficiary_country: "AU",
    });
  });
});

describe("cancel", () => {
  it("the Cancel button, /cancel, and Cancel on the summary: nothing saved", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    await startAdd(chat);
    await chat.press("ETH");
    expect(textOf(await chat.press("Cancel"))).toContain("Cancelled. Nothing was saved.");
    expect(textOf(await chat.send("0x52908400098527886E0F7030069857D2E4169EE7"))).toContain(
      "I don't understand",
    );

    await basics(chat);
    expect(textOf(await chat.send("/cancel"))).toContain("Cancelled");
    expect(textOf(await chat.send("Personal wallet"))).toContain("I don't understand");

    await basics(chat);
    await chat.press("Personal wallet");
    await chat.press("Ledger");
    await chat.press("Mine");
    expect(textOf(await chat.press("Cancel"))).toContain("Cancelled. Nothing was saved.");
    expect(await tb.ex.writesOf(account, BOOK)).toBe(0);
  });
});

describe("Save is single-use and the owner's", () => {
  it("twenty concurrent taps and a redelivered one make one create; a stranger's tap does nothing", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    await basics(chat);
    await chat.press("Personal wallet");
    await chat.press("Trezor");
    const summary = question(await chat.press("Mine"));
    const save = summary?.buttons.flat().find((b) => b.text === "Save")?.data as string;
    const stranger = tb.chat();
    await tb.app.bot.handleUpdate(tb.fake.callback(stranger.user, chat.chat, summary?.messageId ?? 0, save));
    expect(lastAnswer()).toContain("not yours");
    const taps = Array.from({ length: 20 }, () =>
      tb.fake.callback(chat.user, chat.chat, summary?.messageId ?? 0, save),
    );
    await Promise.all(taps.map((update) => tb.app.bot.handleUpdate(update)));
    await tb.app.bot.handleUpdate({ ...(taps[0] as object), update_id: 9_999_998 } as never);
    expect(await tb.ex.writesOf(account, BOOK)).toBe(1);
    expect(await entries(account)).toHaveLength(1);
    // Back and Cancel of the used summary are dead too.
    const back = summary?.buttons.flat().find((b) => b.text === "Back")?.data as string;
    await tb.app.bot.handleUpdate(tb.fake.callback(chat.user, chat.chat, summary?.messageId ?? 0, back));
    expect(lastAnswer()).toContain("expired");
  });
});

describe("keys and the exchange", () => {
  it("a read-only key gets an explanation instead of the questions; it can still list", async () => {
    const chat = tb.chat();
    const account = tb.ex.account({ AUD: "10" });
    await tb.app.deps.accounts.connect(chat.user.id, account.readOnlyKey);
    expect(textOf(await chat.send("/addresses"))).toContain("Your address book is empty.");
    const outputs = await chat.press("➕ Add address");
    expect(textOf(outputs)).toContain("Your API key is read-only, so I can't change your address book");
    expect(textOf(outputs)).not.toContain("Which asset");
  });

  it("without a key, /connect is asked for", async () => {
    expect(textOf(await tb.chat().send("/addresses"))).toContain("You have not connected an API key yet.");
  });

  it("a create whose answer is lost may have happened, and says so", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    await basics(chat);
    await chat.press("Personal wallet");
    await chat.press("Ledger");
    await chat.press("Mine");
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: BOOK,
      drop: true,
      after: true,
      count: 1,
    });
    const outputs = await chat.press("Save");
    const text = textOf(outputs);
    expect(text).toContain("this address may have been saved");
    expect(text).not.toContain("Nothing was");
    expect(buttonsOf(outputs.at(-1))).toEqual(["‹ Address book"]);
    // It was: the list shows it.
    expect(await entries(account)).toHaveLength(1);
    expect(textOf(await chat.press("‹ Address book"))).toContain("Cold wallet");
  });

  it("a create the exchange refuses says why and that nothing was saved; Back changes the answers", async () => {
    const { chat, account } = await tb.trader({ AUD: "10" });
    await basics(chat);
    await chat.press("Personal wallet");
    await chat.press("Ledger");
    await chat.press("Mine");
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: BOOK,
      status: 403,
      count: 1,
    });
    const refused = (await chat.press("Save")).at(-1);
    expect(refused?.plainText).toContain("Nothing was saved. Back lets you change your answers.");
    expect(refused?.plainText).not.toContain("may have");
    expect(buttonsOf(refused)).toEqual(["Back", "Cancel"]);
    expect(await entries(account)).toEqual([]);
    expect(question(await chat.press("Back"))?.plainText).toContain("Whose is it?");
    await chat.press("Mine");
    expect(textOf(await chat.press("Save"))).toContain("Saved “Cold wallet”");
    expect(await entries(account)).toHaveLength(1);
  });
});
