import { describe, expect, it } from "vitest";
import { sandbox, type TestSandbox } from "./helpers.ts";

const BOOK = "/api/private/v2/wallet/address-book/";
const entryBody = { asset: "BTC", address: "bc1qsandboxaddress0000000000000000000000", label: "Cold wallet" };

interface Email {
  kind: string;
  link_token: string;
  entry_id?: number;
  withdrawal_id?: number;
}

async function outbox(t: TestSandbox, kind: string): Promise<Email[]> {
  const mail: Email[] = (await t.control("GET", `/_sandbox/outbox?account_id=${t.sb.demo.accountId}`)).body;
  return mail.filter((m) => m.kind === kind);
}

/** The `index`-th email of a kind; fails the test when there is none. */
async function nthMail(t: TestSandbox, kind: string, index = 0): Promise<Email> {
  const mail = (await outbox(t, kind))[index];
  if (!mail) throw new Error(`no ${kind} email #${index}`);
  return mail;
}

async function confirmedEntry(t: TestSandbox): Promise<number> {
  const entry = (await t.call("POST", BOOK, entryBody)).body;
  const mail = (await outbox(t, "address_confirmation")).find((m) => m.entry_id === entry.id);
  expect((await t.control("POST", `/_sandbox/links/${mail?.link_token}`)).status).toBe(200);
  return entry.id;
}

describe("address book", () => {
  it("creates unconfirmed, emails a link, confirms through it and soft-deletes", async () => {
    const t = await sandbox();
    const created = await t.call("POST", BOOK, { ...entryBody, memo: "" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      asset: "BTC",
      asset_name: "Bitcoin",
      confirmed: false,
      confirmed_at: null,
      enabled: true,
      times_used: 0,
    });
    const mail = await nthMail(t, "address_confirmation");
    expect(mail).toMatchObject({
      account_id: t.sb.demo.accountId,
      entry_id: created.body.id,
      link_token: expect.any(String),
    });
    expect(
      (await t.call("POST", `${BOOK}${created.body.id}/resend_confirmation/`, entryBody)).body.response,
    ).toEqual(expect.any(String));
    expect(await outbox(t, "address_confirmation")).toHaveLength(2);
    await t.control("POST", `/_sandbox/links/${mail.link_token}`);
    const entry = (await t.call("GET", `${BOOK}${created.body.id}/`)).body;
    expect(entry.confirmed).toBe(true);
    expect(entry.confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const again = await t.call("POST", `${BOOK}${created.body.id}/resend_confirmation/`, entryBody);
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain("already confirmed");
    expect((await t.control("POST", `/_sandbox/links/${mail.link_token}`)).status).toBe(410);
    expect((await t.control("POST", "/_sandbox/links/unknown")).status).toBe(404);
    expect((await t.call("DELETE", `${BOOK}${created.body.id}/`)).status).toBe(204);
    const list = (await t.call("GET", `${BOOK}?asset=BTC`)).body;
    expect(list.results[0]).toMatchObject({ id: created.body.id, enabled: false });
  });

  it("expires confirmation links after 30 minutes", async () => {
    const t = await sandbox();
    await t.call("POST", BOOK, entryBody);
    const mail = await nthMail(t, "address_confirmation");
    await t.control("POST", "/_sandbox/clock/advance", { seconds: 31 * 60 });
    expect((await t.control("POST", `/_sandbox/links/${mail.link_token}`)).status).toBe(410);
  });

  it("validates field bounds and the travel rule", async () => {
    const t = await sandbox();
    const bad = await t.call("POST", BOOK, { asset: "NOT-AN-ASSET", address: "", label: "x".repeat(201) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(["address", "asset", "label"]);
    const rule = await t.call("POST", BOOK, {
      ...entryBody,
      travel_rule: {
        destination_type: "exchange_account",
        ownership: "other",
        beneficiary_type: "individual",
      },
    });
    expect(rule.status).toBe(400);
    expect(Object.keys(rule.body).sort()).toEqual([
      "travel_rule.beneficiary_country",
      "travel_rule.beneficiary_full_name",
      "travel_rule.exchange",
    ]);
    const ok = await t.call("POST", BOOK, {
      ...entryBody,
      travel_rule: { destination_type: "personal_wallet", ownership: "self", wallet_provider: "Ledger" },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.travel_rule).toBeUndefined();
    const form = new URLSearchParams({
      ...entryBody,
      "travel_rule[destination_type]": "personal_wallet",
      "travel_rule[ownership]": "self",
    });
    const res = await fetch(`${t.sb.url}${BOOK}`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.sb.demo.readWriteKey}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()) as object)).toEqual(["travel_rule.wallet_provider"]);
  });
});

describe("withdrawals", () => {
  it("runs draft -> authorize -> emailed release -> processing -> processed", async () => {
    const t = await sandbox({ withdrawalStepMs: 2000 });
    const entryId = await confirmedEntry(t);
    const base = "/api/private/v2/wallet/BTC/withdrawals/";
    const draft = await t.call("POST", base, { amount: "0.01", address_book_entry_id: entryId });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ status: 5, amount: "0.01000000", label: "Cold wallet", txid: "" });
    expect((await t.call("GET", "/api/private/balances/BTC/")).body.total).toBe("0.05");
    const wrong = await t.call("POST", `${base}${draft.body.id}/authorize/`, { token: "000000" });
    expect(wrong).toMatchObject({ status: 400, body: { token: [expect.any(String)] } });
    const ok = await t.call("POST", `${base}${draft.body.id}/authorize/`, { token: "123456" });
    expect(ok.status).toBe(200);
    expect(ok.body).toBeUndefined();
    expect((await t.call("GET", "/api/private/balances/BTC/")).body.total).toBe("0.04");
    expect((await t.call("GET", `${base}${draft.body.id}/`)).body.status).toBe(10);
    // First time to this address: held until the emailed link is followed.
    await t.control("POST", "/_sandbox/clock/advance", { seconds: 60 });
    expect((await t.call("GET", `${base}${draft.body.id}/`)).body.status).toBe(10);
    const mail = await nthMail(t, "withdrawal_confirmation");
    expect(mail.withdrawal_id).toBe(draft.body.id);
    await t.control("POST", `/_sandbox/links/${mail.link_token}`);
    await t.control("POST", "/_sandbox/clock/advance", { seconds: 2 });
    expect((await t.call("GET", `${base}${draft.body.id}/`)).body.status).toBe(15);
    await t.control("POST", "/_sandbox/clock/advance", { seconds: 2 });
    const done = (await t.call("GET", `${base}${draft.body.id}/`)).body;
    expect(done.status).toBe(60);
    expect(done.txid).toMatch(/^[0-9a-f]{64}$/);
    const entry = (await t.call("GET", `${BOOK}${entryId}/`)).body;
    expect(entry.times_used).toBe(1);
    // A known address needs no email.
    const second = (await t.call("POST", base, { amount: "0.01", address_book_entry_id: entryId })).body;
    await t.call("POST", `${base}${second.id}/authorize/`, { token: "123456" });
    await t.control("POST", "/_sandbox/clock/advance", { seconds: 4 });
    expect((await t.call("GET", `${base}${second.id}/`)).body.status).toBe(60);
    expect(await outbox(t, "withdrawal_confirmation")).toHaveLength(1);
    const list = (await t.call("GET", base)).body;
    expect(list.results.map((w: { id: number }) => w.id)).toEqual([second.id, draft.body.id]);
    const history = (await t.call("GET", "/api/private/wallet/all-transactions/?transaction_type=withdrawal"))
      .body;
    expect(history.results[0]).toMatchObject({ status: "completed", src_amount: "0.01000000" });
  });

  it("refuses unconfirmed entries and amounts over the balance", async () => {
    const t = await sandbox();
    const entry = (await t.call("POST", BOOK, entryBody)).body;
    const base = "/api/private/v2/wallet/BTC/withdrawals/";
    const unconfirmed = await t.call("POST", base, { amount: "0.01", address_book_entry_id: entry.id });
    expect(unconfirmed).toMatchObject({ status: 400, body: { address_book_entry_id: [expect.any(String)] } });
    const entryId = await confirmedEntry(t);
    expect(
      (await t.call("POST", base, { amount: "5", address_book_entry_id: entryId })).body.amount,
    ).toHaveLength(1);
    expect((await t.call("POST", base, { amount: "-1", address_book_entry_id: entryId })).status).toBe(400);
    expect(
      (
        await t.call("POST", "/api/private/v2/wallet/ETH/withdrawals/", {
          amount: "0.1",
          address_book_entry_id: entryId,
        })
      ).status,
    ).toBe(400);
  });

  it("expires an unconfirmed release after 30 minutes and refunds; rejected ones refund too", async () => {
    const t = await sandbox();
    const entryId = await confirmedEntry(t);
    const base = "/api/private/v2/wallet/BTC/withdrawals/";
    const w = (await t.call("POST", base, { amount: "0.02", address_book_entry_id: entryId })).body;
    await t.call("POST", `${base}${w.id}/authorize/`, { token: "123456" });
    expect((await t.call("GET", "/api/private/balances/BTC/")).body.total).toBe("0.03");
    await t.control("POST", "/_sandbox/clock/advance", { seconds: 31 * 60 });
    expect((await t.call("GET", `${base}${w.id}/`)).body.status).toBe(50);
    expect((await t.call("GET", "/api/private/balances/BTC/")).body.total).toBe("0.05");

    await t.control("PUT", `/_sandbox/accounts/${t.sb.demo.accountId}/behaviour`, {
      withdrawal_outcome: "rejected",
    });
    const r = (await t.call("POST", base, { amount: "0.02", address_book_entry_id: entryId })).body;
    await t.call("POST", `${base}${r.id}/authorize/`, { token: "123456" });
    const mail = await nthMail(t, "withdrawal_confirmation", 1);
    await t.control("POST", `/_sandbox/links/${mail.link_token}`);
    expect((await t.call("GET", `${base}${r.id}/`)).body.status).toBe(40);
    expect((await t.call("GET", "/api/private/balances/BTC/")).body.total).toBe("0.05");
  });
});
