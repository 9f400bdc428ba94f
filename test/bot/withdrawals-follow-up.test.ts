/**
 * After the 2FA code: the background follow-up tells each status change once (pending, processing, sent
 * with the transaction id, or failed / rejected / expired with the amount back), never "sent" before the
 * exchange says processed; and writes whose answer was lost (the create, the authorize) are said to be
 * possibly done, looked for and followed. Here the sandbox steps released withdrawals every 60 s of its
 * own clock, which the tests advance; the follow-up reads every 30 ms (see test/support/bot.ts).
 */
import { describe, expect, it } from "vitest";
import { WITHDRAWAL_STATUS } from "../../src/exchange/index.ts";
import type { ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import type { TestAccount } from "../support/exchange.ts";
import {
  balanceOf,
  canaryCode,
  placesHolding,
  saveAddress,
  useOnce,
  withdrawalsOf,
  withdrawer,
} from "../support/withdrawals.ts";

const STEP_S = 60;
const tb = await startTestBot({ sandbox: { withdrawalStepMs: STEP_S * 1000 } });
// Generous: background follow-ups run on real timers; 10 s leaves room on a loaded 2-core machine.
const FOLLOW_UP_MS = 10_000;
const ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const CREATE = "/api/private/v2/wallet/BTC/withdrawals/";
const NOTHING_DONE = /Nothing was (done|changed)|did not go through/;

/** A user at the summary of 0.01 BTC to "Cold wallet" (used before unless `firstTime`). */
async function atSummary(options: { firstTime?: boolean } = {}) {
  const code = canaryCode();
  const { chat, account } = await withdrawer(tb, { BTC: "0.05" }, code);
  const entry = await saveAddress(tb, account, { asset: "BTC", address: ADDRESS, label: "Cold wallet" });
  if (!options.firstTime) await useOnce(tb, account, entry, "0.001");
  await chat.send("/withdraw BTC");
  await chat.press("Cold wallet");
  await chat.send("0.01");
  return { chat, account, code };
}

function fault(body: object): Promise<unknown> {
  return tb.ex.control("POST", "/_sandbox/faults", { method: "POST", count: 1, ...body });
}

/** Texts of the new messages (not edits) the bot sent to the chat. */
function newMessages(chat: ChatDriver): string[] {
  return tb.fake
    .callsTo("sendMessage")
    .filter((c) => (c.payload as { chat_id?: number }).chat_id === chat.chat.id && c.output !== undefined)
    .map((c) => c.output?.plainText ?? "");
}

/** The draft just created, as the exchange has it. */
async function newest(account: TestAccount) {
  const [withdrawal] = await withdrawalsOf(tb, account, "BTC");
  if (!withdrawal) throw new Error("no withdrawal");
  return withdrawal;
}

describe("status changes", () => {
  it("pending, processing, then sent with the transaction id: each told once, 'sent' only at the end", async () => {
    const { chat, account, code } = await atSummary();
    await chat.press("Confirm");
    await chat.send(code);
    const id = (await newest(account)).id;
    const pending = await chat.waitForOutput((o) => o.plainText.includes(": pending"), FOLLOW_UP_MS);
    expect(pending.plainText).toContain(`⏳ Withdrawal #${id} of 0.01 BTC: pending`);
    expect(pending.plainText).toContain("Waiting for the exchange to send it. Nothing has been sent yet.");
    expect(chat.transcript()).not.toContain(": sent");

    tb.ex.sb.advanceClock(STEP_S);
    const processing = await chat.waitForOutput((o) => o.plainText.includes(": processing"), FOLLOW_UP_MS);
    expect(processing.plainText).toContain("The exchange is sending it now.");
    expect(chat.transcript()).not.toContain(": sent");

    tb.ex.sb.advanceClock(STEP_S);
    const sent = await chat.waitForOutput((o) => o.plainText.includes(": sent"), FOLLOW_UP_MS);
    const done = await newest(account);
    expect(done.status).toBe(WITHDRAWAL_STATUS.PROCESSED);
    expect(sent.plainText).toContain(`✅ Withdrawal #${id} of 0.01 BTC: sent`);
    expect(sent.plainText).toContain(`Transaction id: ${done.txid}`);
    // The follow-up has ended: give it time to (wrongly) repeat itself, then count.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const news = newMessages(chat).filter((text) => text.includes(`Withdrawal #${id} of`));
    expect(news.map((text) => text.split("\n")[0])).toEqual([
      `⏳ Withdrawal #${id} of 0.01 BTC: pending`,
      `🔄 Withdrawal #${id} of 0.01 BTC: processing`,
      `✅ Withdrawal #${id} of 0.01 BTC: sent`,
    ]);
    expect(await placesHolding(tb, code)).toEqual([]);
  });

  it.each([
    ["error", "❌", "failed"],
    ["rejected", "⛔", "rejected by the exchange"],
  ])("outcome %s: told as such, the amount back, never 'sent'", async (outcome, icon, words) => {
    const { chat, account, code } = await atSummary();
    await tb.ex.control("PUT", `/_sandbox/accounts/${account.accountId}/behaviour`, {
      withdrawal_outcome: outcome,
    });
    await chat.press("Confirm");
    await chat.send(code);
    await chat.waitForOutput((o) => o.plainText.includes(": pending"), FOLLOW_UP_MS);
    tb.ex.sb.advanceClock(2 * STEP_S);
    const end = await chat.waitForOutput((o) => o.plainText.includes(words), FOLLOW_UP_MS);
    expect(end.plainText).toContain(
      `${icon} Withdrawal #${(await newest(account)).id} of 0.01 BTC: ${words}`,
    );
    expect(end.plainText).toContain("Nothing was sent; the amount is back in your balance.");
    expect(chat.transcript()).not.toContain(": sent");
    // useOnce took 0.001 BTC; this one came back.
    expect(await balanceOf(tb, account, "BTC")).toBe("0.049");
  });

  it("a first-time address whose emailed link is not followed: explained, then expired with the amount back", async () => {
    const { chat, account, code } = await atSummary({ firstTime: true });
    await chat.press("Confirm");
    await chat.send(code);
    const pending = await chat.waitForOutput((o) => o.plainText.includes(": pending"), FOLLOW_UP_MS);
    expect(pending.plainText).toContain("This address is new: the exchange has emailed you a link");
    tb.ex.sb.advanceClock(31 * 60);
    const expired = await chat.waitForOutput((o) => o.plainText.includes(": expired"), FOLLOW_UP_MS);
    expect(expired.plainText).toContain(`⌛ Withdrawal #${(await newest(account)).id} of 0.01 BTC: expired`);
    expect(expired.plainText).toContain("the amount is back in your balance");
    expect(await balanceOf(tb, account, "BTC")).toBe("0.05");
  });
});

describe("answers lost", () => {
  it("the create went through but its answer was lost: possibly created, found, then the code is asked and works", async () => {
    const { chat, account, code } = await atSummary();
    await fault({ path_prefix: CREATE, drop: true, after: true });
    const outputs = await chat.press("Confirm");
    expect(outputs.at(-1)?.plainText).toContain("this withdrawal may have been created");
    expect(outputs.some((o) => NOTHING_DONE.test(o.plainText))).toBe(false);
    const draft = await newest(account);
    const found = await chat.waitForOutput((o) => o.plainText.includes("I found it"), FOLLOW_UP_MS);
    expect(found.plainText).toContain(`withdrawal #${draft.id} was created as a draft`);
    expect(found.plainText).toContain("Send the 6-digit code");
    const accepted = await chat.send(code);
    expect(accepted[0]?.kind).toBe("delete");
    expect(accepted.at(-1)?.plainText).toContain(`withdrawal #${draft.id} is authorized`);
    await chat.waitForOutput((o) => o.plainText.includes(": pending"), FOLLOW_UP_MS);
    // The one from useOnce, and this one: created once.
    expect(await tb.ex.writesOf(account, CREATE)).toBe(2);
  });

  it("a proxy's 502 on the create and nothing there: not found (an older identical one is not taken for it)", async () => {
    const { chat, account } = await atSummary();
    // The same amount to the same address, created just before: a look-alike.
    const entryId = (await tb.ex.client(account.readWriteKey).addressBook.list()).results[0]?.id ?? 0;
    const older = await tb.ex
      .client(account.readWriteKey)
      .withdrawals.create("BTC", { amount: "0.01", address_book_entry_id: entryId });
    const before = (await withdrawalsOf(tb, account, "BTC")).map((w) => w.id);
    expect(before[0]).toBe(older.id);
    await fault({ path_prefix: CREATE, status: 502 });
    const outputs = await chat.press("Confirm");
    expect(outputs.at(-1)?.plainText).toContain("may have been created");
    const verdict = await chat.waitForOutput((o) => o.plainText.includes("could not find"), FOLLOW_UP_MS);
    expect(verdict.plainText).toContain(
      "most likely was not created. Check /withdrawals before trying again",
    );
    expect((await withdrawalsOf(tb, account, "BTC")).map((w) => w.id)).toEqual(before);
    expect(chat.transcript()).not.toContain(`#${older.id}`);
    expect(await tb.app.deps.withdrawals.codeWaits.get(chat.user.id)).toBeUndefined();
  });

  it("the authorize went through but its answer was lost: said so, then followed to pending", async () => {
    const { chat, account, code } = await atSummary();
    await chat.press("Confirm");
    const draft = await newest(account);
    await fault({ path_prefix: `${CREATE}${draft.id}/authorize/`, drop: true, after: true });
    const outputs = await chat.send(code);
    expect(outputs.at(-1)?.plainText).toContain(
      `withdrawal #${draft.id} may or may not have been authorized`,
    );
    const pending = await chat.waitForOutput((o) => o.plainText.includes(": pending"), FOLLOW_UP_MS);
    expect(pending.plainText).toContain(`Withdrawal #${draft.id} of 0.01 BTC: pending`);
    expect(await placesHolding(tb, code)).toEqual([]);
  });

  it("a 502 before the authorize was done: said to be unknown, then found still a draft: not authorized", async () => {
    const { chat, account, code } = await atSummary();
    await chat.press("Confirm");
    const draft = await newest(account);
    await fault({ path_prefix: `${CREATE}${draft.id}/authorize/`, status: 502 });
    expect((await chat.send(code)).at(-1)?.plainText).toContain("may or may not have been authorized");
    const verdict = await chat.waitForOutput((o) => o.plainText.includes("was not authorized"), FOLLOW_UP_MS);
    expect(verdict.plainText).toContain(
      `Withdrawal #${draft.id} was not authorized (the exchange still has it as a draft)`,
    );
    expect((await newest(account)).status).toBe(WITHDRAWAL_STATUS.DRAFT);
    expect(await balanceOf(tb, account, "BTC")).toBe("0.049");
  });

  it("authorized meanwhile in the web app: the code is refused as not awaiting authorization; its real status is told and followed", async () => {
    const { chat, account, code } = await atSummary();
    await chat.press("Confirm");
    const draft = await newest(account);
    // The same code, entered in the web app first.
    await tb.ex.client(account.readWriteKey).withdrawals.authorize("BTC", draft.id, code);
    const outputs = await chat.send(code);
    expect(outputs[0]?.kind).toBe("delete");
    const told = outputs.at(-1)?.plainText ?? "";
    expect(told).toContain(`withdrawal #${draft.id} is no longer waiting for one`);
    expect(told).toContain(`⏳ Withdrawal #${draft.id} of 0.01 BTC: pending`);
    expect(told).toContain("I'll tell you here as its status changes.");
    expect(told).not.toContain("was not authorized");
    expect(told).not.toContain("nothing was sent");
    tb.ex.sb.advanceClock(STEP_S);
    await chat.waitForOutput((o) => o.plainText.includes(": processing"), FOLLOW_UP_MS);
    tb.ex.sb.advanceClock(STEP_S);
    await chat.waitForOutput((o) => o.plainText.includes(": sent"), FOLLOW_UP_MS);
    // "pending" was told with the refusal: not again as news.
    const news = newMessages(chat).filter((text) => text.startsWith("⏳"));
    expect(news).toEqual([]);
    expect(await placesHolding(tb, code)).toEqual([]);
  });

  it("a refusal that leaves it a draft says so; one whose withdrawal cannot be read does not claim nothing was sent", async () => {
    const { chat, account, code } = await atSummary();
    await chat.press("Confirm");
    const draft = await newest(account);
    // The balance spent elsewhere: the exchange refuses the authorize for the amount.
    const client = tb.ex.client(account.readWriteKey);
    const [entry] = (await client.addressBook.list()).results;
    const spent = await client.withdrawals.create("BTC", {
      amount: "0.045",
      address_book_entry_id: entry?.id ?? 0,
    });
    await client.withdrawals.authorize("BTC", spent.id, code);
    const refused = (await chat.send(code)).at(-1)?.plainText ?? "";
    expect(refused).toContain(
      `Withdrawal #${draft.id} was not authorized (the exchange still has it as a draft)`,
    );

    const second = await atSummary();
    await second.chat.press("Confirm");
    const other = await newest(second.account);
    await tb.ex.client(second.account.readWriteKey).withdrawals.authorize("BTC", other.id, second.code);
    await fault({ method: "GET", path_prefix: `${CREATE}${other.id}/`, status: 404 });
    const unread = (await second.chat.send(second.code)).at(-1)?.plainText ?? "";
    expect(unread).toContain(`The exchange refused the code for withdrawal #${other.id}`);
    expect(unread).toContain("I can't tell where it stands");
    expect(unread).not.toContain("nothing was sent");
  });

  it("not authorized after a lost answer, then its code entered from /withdrawals: followed again to pending", async () => {
    const { chat, account, code } = await atSummary();
    await chat.press("Confirm");
    const draft = await newest(account);
    await fault({ path_prefix: `${CREATE}${draft.id}/authorize/`, status: 502 });
    await chat.send(code);
    await chat.waitForOutput((o) => o.plainText.includes("was not authorized"), FOLLOW_UP_MS);
    await chat.send("/withdrawals");
    await chat.press(`📝 #${draft.id}`);
    await chat.press("🔑 Enter the 2FA code");
    expect((await chat.send(code)).at(-1)?.plainText).toContain(`withdrawal #${draft.id} is authorized`);
    const pending = await chat.waitForOutput((o) => o.plainText.includes(": pending"), FOLLOW_UP_MS);
    expect(pending.plainText).toContain(`Withdrawal #${draft.id} of 0.01 BTC: pending`);
    expect(await placesHolding(tb, code)).toEqual([]);
  });
});
