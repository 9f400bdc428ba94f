/** Address book and withdrawals through the client against the sandbox: the confirmation and 2FA flows. */
import { describe, expect, it } from "vitest";
import { ExchangeValidationError, toDec, WITHDRAWAL_STATUS } from "../../src/exchange/index.ts";
import { collect, startTestExchange, type TestAccount } from "../support/exchange.ts";

const ex = await startTestExchange();

interface Email {
  kind: string;
  link_token: string;
  entry_id?: number;
  withdrawal_id?: number;
}

async function outbox(account: TestAccount): Promise<Email[]> {
  return (await ex.control("GET", `/_sandbox/outbox?account_id=${account.accountId}`)) as Email[];
}

/** Creates an entry and follows its emailed link, as the account holder would. */
async function confirmedEntry(account: TestAccount, label = "cold wallet") {
  const client = ex.client(account.readWriteKey);
  const entry = await client.addressBook.create({
    asset: "BTC",
    address: `bc1q${Math.random().toString(36).slice(2)}`,
    label,
    travel_rule: { destination_type: "personal_wallet", ownership: "self", wallet_provider: "Ledger" },
  });
  const email = (await outbox(account)).find(
    (e) => e.kind === "address_confirmation" && e.entry_id === entry.id,
  );
  if (!email) throw new Error("no confirmation email was sent");
  await ex.control("POST", `/_sandbox/links/${email.link_token}`);
  return entry;
}

describe("address book", () => {
  it("create -> unconfirmed with an email; the link confirms; resend only while unconfirmed", async () => {
    const account = ex.account();
    const client = ex.client(account.readWriteKey);
    const entry = await client.addressBook.create({
      asset: "eth",
      address: "0xabc123",
      label: "Metamask",
      memo: "",
    });
    expect(entry.confirmed).toBe(false);
    expect(entry.confirmed_at).toBeNull();
    expect(entry.asset).toBe("ETH");

    const resend = await client.addressBook.resendConfirmation(entry.id, {
      asset: "ETH",
      address: "0xabc123",
      label: "Metamask",
    });
    expect(resend.response.length).toBeGreaterThan(0);
    const emails = (await outbox(account)).filter((e) => e.entry_id === entry.id);
    expect(emails).toHaveLength(2);

    await ex.control("POST", `/_sandbox/links/${emails[1]?.link_token}`);
    const confirmed = await client.addressBook.get(entry.id);
    expect(confirmed.confirmed).toBe(true);
    expect(confirmed.confirmed_at).toBeInstanceOf(Date);
    await expect(
      client.addressBook.resendConfirmation(entry.id, {
        asset: "ETH",
        address: "0xabc123",
        label: "Metamask",
      }),
    ).rejects.toBeInstanceOf(ExchangeValidationError);
  });

  it("a resend needs the entry's fields: the service names each missing one, the client always sends them", async () => {
    const account = ex.account();
    const client = ex.client(account.readWriteKey);
    const entry = await client.addressBook.create({ asset: "BTC", address: "bc1qresend", label: "spare" });
    // Sent raw without a body, as a forgetful client would: 400 with the field map, and no email.
    const response = await fetch(
      `${ex.url}/api/private/v2/wallet/address-book/${entry.id}/resend_confirmation/`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${account.readWriteKey}`, "content-type": "application/json" },
        body: "{}",
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      asset: ["This field is required."],
      address: ["This field is required."],
      label: ["This field is required."],
    });
    expect((await outbox(account)).filter((e) => e.entry_id === entry.id)).toHaveLength(1);
    // The client refuses the same omission before sending, naming the fields...
    const omitted = client.addressBook.resendConfirmation(
      entry.id,
      {} as unknown as Parameters<typeof client.addressBook.resendConfirmation>[1],
    );
    const refusal = await omitted.catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ExchangeValidationError);
    expect(refusal).toMatchObject({ local: true });
    expect(Object.keys((refusal as ExchangeValidationError).fields).sort()).toEqual([
      "address",
      "asset",
      "label",
    ]);
    // ...and a complete resend passes the service's check: the fields arrive.
    await client.addressBook.resendConfirmation(entry.id, {
      asset: "BTC",
      address: "bc1qresend",
      label: "spare",
    });
    expect((await outbox(account)).filter((e) => e.entry_id === entry.id)).toHaveLength(2);
  });

  it("a link older than 30 minutes no longer confirms", async () => {
    const account = ex.account();
    const client = ex.client(account.readWriteKey);
    const entry = await client.addressBook.create({ asset: "BTC", address: "bc1qexpired", label: "late" });
    const [email] = await outbox(account);
    ex.sb.advanceClock(31 * 60);
    await expect(ex.control("POST", `/_sandbox/links/${email?.link_token}`)).rejects.toThrow(/410/);
    expect((await client.addressBook.get(entry.id)).confirmed).toBe(false);
  });

  it("the service checks the travel rule too: a conditional field missing is a field error", async () => {
    const account = ex.account();
    const client = ex.client(account.readWriteKey);
    // Sent raw (bypassing the client's own check) to prove the sandbox enforces the same rule.
    const response = await fetch(`${ex.url}/api/private/v2/wallet/address-book/`, {
      method: "POST",
      headers: { authorization: `Bearer ${account.readWriteKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        asset: "BTC",
        address: "bc1qx",
        label: "x",
        travel_rule: {
          destination_type: "exchange_account",
          ownership: "other",
          beneficiary_type: "individual",
        },
      }),
    });
    expect(response.status).toBe(400);
    const body = JSON.stringify(await response.json());
    expect(body).toContain("exchange");
    expect(body).toContain("beneficiary_full_name");
    // The client refuses the same request before sending it.
    await expect(
      client.addressBook.create({
        asset: "BTC",
        address: "bc1qx",
        label: "x",
        travel_rule: {
          destination_type: "exchange_account",
          ownership: "other",
          beneficiary_type: "individual",
        },
      }),
    ).rejects.toMatchObject({ local: true });
  });

  it("lists entries; delete is soft", async () => {
    const account = ex.account();
    const client = ex.client(account.readWriteKey);
    const entry = await confirmedEntry(account, "to delete");
    await client.addressBook.delete(entry.id);
    const listed = await collect(client.addressBook.iterate({ asset: "BTC" }));
    const found = listed.find((e) => e.id === entry.id);
    expect(found?.enabled).toBe(false);
  });
});

describe("withdrawals", () => {
  it("first-time address: draft -> authorize with 2FA -> pending until the email link -> processed with txid", async () => {
    const account = ex.account({ BTC: "1" });
    const client = ex.client(account.readWriteKey);
    const entry = await confirmedEntry(account);

    const draft = await client.withdrawals.create("BTC", { amount: "0.25", address_book_entry_id: entry.id });
    expect(draft.status).toBe(WITHDRAWAL_STATUS.DRAFT);
    expect((await client.balances.get("BTC")).total).toBe("1");

    await expect(client.withdrawals.authorize("BTC", draft.id, "000000")).rejects.toBeInstanceOf(
      ExchangeValidationError,
    );
    await client.withdrawals.authorize("BTC", draft.id, account.totp);
    const pending = await client.withdrawals.get("BTC", draft.id);
    expect(pending.status).toBe(WITHDRAWAL_STATUS.PENDING);
    expect(toDec((await client.balances.get("BTC")).total).equals("0.75")).toBe(true);

    const email = (await outbox(account)).find((e) => e.kind === "withdrawal_confirmation");
    if (!email) throw new Error("a first-time address needs the emailed confirmation");
    await ex.control("POST", `/_sandbox/links/${email.link_token}`);
    ex.sb.advanceClock(1);
    const done = await client.withdrawals.get("BTC", draft.id);
    expect(done.status).toBe(WITHDRAWAL_STATUS.PROCESSED);
    expect(done.txid).toBeTruthy();

    // The second withdrawal to the same address needs no email.
    const second = await client.withdrawals.create("BTC", { amount: "0.1", address_book_entry_id: entry.id });
    await client.withdrawals.authorize("BTC", second.id, account.totp);
    ex.sb.advanceClock(1);
    expect((await client.withdrawals.get("BTC", second.id)).status).toBe(WITHDRAWAL_STATUS.PROCESSED);
    const listed = await collect(client.withdrawals.iterate("BTC"));
    expect(listed.map((w) => w.id).sort()).toEqual([draft.id, second.id].sort());
  });

  it("an unconfirmed entry, or an amount over the balance, is refused", async () => {
    const account = ex.account({ BTC: "0.1" });
    const client = ex.client(account.readWriteKey);
    const unconfirmed = await client.addressBook.create({ asset: "BTC", address: "bc1qnew", label: "new" });
    await expect(
      client.withdrawals.create("BTC", { amount: "0.01", address_book_entry_id: unconfirmed.id }),
    ).rejects.toBeInstanceOf(ExchangeValidationError);
    const entry = await confirmedEntry(account);
    await expect(
      client.withdrawals.create("BTC", { amount: "5", address_book_entry_id: entry.id }),
    ).rejects.toBeInstanceOf(ExchangeValidationError);
  });

  it("an expired confirmation link expires the withdrawal and refunds it", async () => {
    const account = ex.account({ BTC: "1" });
    const client = ex.client(account.readWriteKey);
    const entry = await confirmedEntry(account);
    const draft = await client.withdrawals.create("BTC", { amount: "0.5", address_book_entry_id: entry.id });
    await client.withdrawals.authorize("BTC", draft.id, account.totp);
    ex.sb.advanceClock(31 * 60);
    expect((await client.withdrawals.get("BTC", draft.id)).status).toBe(WITHDRAWAL_STATUS.EXPIRED);
    expect(toDec((await client.balances.get("BTC")).total).equals(1)).toBe(true);
  });
});
