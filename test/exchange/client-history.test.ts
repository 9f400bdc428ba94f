/** Transaction history, invoices, wallet transactions and the PDF statement against the sandbox. */
import { describe, expect, it } from "vitest";
import { ExchangeUnsupportedError, ExchangeValidationError } from "../../src/exchange/index.ts";
import { collect, placeSwap, startTestExchange } from "../support/exchange.ts";

const ex = await startTestExchange();

/** An account with a deposit (at opening) and two swaps. */
async function tradedAccount() {
  const account = ex.account({ AUD: "2000" });
  const client = ex.client(account.readWriteKey);
  for (const dst of ["BTC", "ETH"]) await placeSwap(client, "AUD", dst, "100");
  return { account, client };
}

describe("all transactions", () => {
  it("lists every trade and deposit, newest first by default, with filters", async () => {
    const { client } = await tradedAccount();
    const all = await collect(client.transactions.iterate({ page_size: 1 }));
    expect(all.map((t) => t.transaction_type).sort()).toEqual(["buy", "buy", "deposit"]);
    const times = all.map((t) => t.created.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const oldestFirst = await client.transactions.list({ ordering: "created" });
    expect(oldestFirst.results[0]?.transaction_type).toBe("deposit");
    const buys = await client.transactions.list({ transaction_type: ["buy"], asset: "BTC" });
    expect(buys.results).toHaveLength(1);
    expect(buys.results[0]?.dst_asset).toBe("BTC");
    const both = await client.transactions.list({ transaction_type: ["buy", "deposit"], time: "24h" });
    expect(both.count).toBe(3);
  });

  it("the invoice of a buy is its transaction", async () => {
    const { client } = await tradedAccount();
    const buy = (await client.transactions.list({ transaction_type: ["buy"] })).results[0];
    if (!buy) throw new Error("a buy was made");
    const invoice = await client.transactions.invoice(buy.summary_id);
    expect(invoice.summary_id).toBe(buy.summary_id);
    expect(invoice.transaction_type).toBe("buy");
  });
});

describe("wallet transactions", () => {
  it("lists an asset's deposits and withdrawals; a withdrawal has an invoice, a deposit none", async () => {
    const account = ex.account({ BTC: "0.2" });
    const client = ex.client(account.readWriteKey);
    const entry = await client.addressBook.create({ asset: "BTC", address: "bc1qhistory", label: "history" });
    const emails = (await ex.control("GET", `/_sandbox/outbox?account_id=${account.accountId}`)) as {
      link_token: string;
    }[];
    await ex.control("POST", `/_sandbox/links/${emails[0]?.link_token}`);
    const withdrawal = await client.withdrawals.create("BTC", {
      amount: "0.05",
      address_book_entry_id: entry.id,
    });
    await client.withdrawals.authorize("BTC", withdrawal.id, account.totp);

    const items = await collect(client.walletTransactions.iterate("BTC"));
    const deposit = items.find((t) => t.transaction_type === "deposit");
    const sent = items.find((t) => t.transaction_type === "withdrawal");
    if (!deposit || !sent) throw new Error("the opening deposit and the withdrawal are wallet transactions");
    expect(deposit.resulting_balance).toBeTruthy();

    const concise = await client.walletTransactions.invoice("BTC", sent.id, "concise");
    const json = await client.walletTransactions.invoice("BTC", sent.id, "json");
    expect(concise.id).toBe(sent.id);
    expect(json.transaction_type).toBe("withdrawal");
    await expect(client.walletTransactions.invoice("BTC", deposit.id)).rejects.toBeInstanceOf(
      ExchangeUnsupportedError,
    );
  });
});

describe("account statement", () => {
  it("is a real PDF for a range of up to twelve months", async () => {
    const { client } = await tradedAccount();
    const to = ex.sb.now();
    const from = new Date(to.getTime() - 30 * 24 * 3600 * 1000);
    const pdf = await client.statements.pdf(from, to);
    expect(pdf.contentType).toContain("application/pdf");
    const text = Buffer.from(pdf.bytes).toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
  });

  it("a range over twelve months is refused by the client and by the service", async () => {
    const account = ex.account();
    const client = ex.client(account.readWriteKey);
    const from = new Date("2025-01-01T00:00:00Z");
    const to = new Date("2026-03-01T00:00:00Z");
    await expect(client.statements.pdf(from, to)).rejects.toMatchObject({ local: true });
    const response = await fetch(
      `${ex.url}/api/private/account-statement/pdf/?date_from=2025-01-01T00:00:00&date_to=2026-03-01T00:00:00`,
      { headers: { authorization: `Bearer ${account.readWriteKey}` } },
    );
    expect(response.status).toBe(400);
    await expect(client.statements.pdf(to, from)).rejects.toBeInstanceOf(ExchangeValidationError);
  });
});
