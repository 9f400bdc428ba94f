/**
 * Test support for withdrawals: sandbox accounts with a 2FA code of the test's choosing, address book
 * entries confirmed (or not) through the sandbox's emailed links, and the exchange's view of withdrawals.
 */
import { randomInt } from "node:crypto";
import type { AddressBookEntry, Withdrawal } from "../../src/exchange/index.ts";
import type { ChatDriver } from "../../src/telegram-fake/index.ts";
import { redisStrings, type TestBot } from "./bot.ts";
import type { TestAccount } from "./exchange.ts";

/** A sandbox email. */
interface Email {
  kind: string;
  link_token: string;
  entry_id?: number;
  withdrawal_id?: number;
  used: boolean;
}

/** A fresh 6-digit code unlike the sandbox's default, for canary searches. */
export function canaryCode(): string {
  for (;;) {
    const code = String(randomInt(100_000, 1_000_000));
    if (code !== "123456") return code;
  }
}

/** A connected user whose account holds `balances` and accepts `totp` as its 2FA code. */
export async function withdrawer(
  tb: TestBot,
  balances: Record<string, string>,
  totp: string = canaryCode(),
): Promise<{ chat: ChatDriver; account: TestAccount }> {
  const created = tb.ex.sb.createAccount({ balances, totp });
  const account: TestAccount = {
    accountId: created.account_id,
    readWriteKey: created.read_write_key,
    readOnlyKey: created.read_only_key,
    totp: created.totp,
  };
  const chat = tb.chat();
  await tb.app.deps.accounts.connect(chat.user.id, account.readWriteKey);
  return { chat, account };
}

async function emails(tb: TestBot, account: TestAccount): Promise<Email[]> {
  return (await tb.ex.control("GET", `/_sandbox/outbox?account_id=${account.accountId}`)) as Email[];
}

/** Saves an address book entry, confirmed through its emailed link unless `confirm` is false. */
export async function saveAddress(
  tb: TestBot,
  account: TestAccount,
  entry: { asset: string; address: string; label: string; memo?: string },
  confirm = true,
): Promise<AddressBookEntry> {
  const saved = await tb.ex.client(account.readWriteKey).addressBook.create(entry);
  if (confirm) {
    const email = (await emails(tb, account)).find((e) => e.entry_id === saved.id && !e.used);
    if (!email) throw new Error("no confirmation email");
    tb.ex.sb.followLink(email.link_token);
  }
  return saved;
}

/** Follows the emailed link that releases a withdrawal to a first-time address. */
export async function releaseByEmail(tb: TestBot, account: TestAccount, withdrawalId: number): Promise<void> {
  const email = (await emails(tb, account)).find((e) => e.withdrawal_id === withdrawalId && !e.used);
  if (!email) throw new Error(`no release email for withdrawal ${withdrawalId}`);
  tb.ex.sb.followLink(email.link_token);
}

/** The account's withdrawals of `asset`, newest first, as the exchange has them. */
export async function withdrawalsOf(tb: TestBot, account: TestAccount, asset: string): Promise<Withdrawal[]> {
  return (await tb.ex.client(account.readWriteKey).withdrawals.list(asset)).results;
}

/** The account's balance of `asset`. */
export async function balanceOf(tb: TestBot, account: TestAccount, asset: string): Promise<string> {
  return (await tb.ex.client(account.readWriteKey).balances.get(asset)).total;
}

/** The places a secret must never be: what the bot sent (and got back), the logs, and Redis. */
export async function placesHolding(tb: TestBot, secret: string): Promise<string[]> {
  const places: string[] = [];
  for (const call of tb.fake.calls) {
    if (JSON.stringify([call.payload, call.response]).includes(secret))
      places.push(`telegram ${call.method}`);
  }
  for (const line of tb.logs) if (line.includes(secret)) places.push(`log ${line.slice(0, 120)}`);
  for (const text of await redisStrings(tb))
    if (text.includes(secret)) places.push(`redis ${text.slice(0, 120)}`);
  return places;
}

/** Withdraws once through the API alone (created, authorized, released), so `entry` counts as used. */
export async function useOnce(
  tb: TestBot,
  account: TestAccount,
  entry: AddressBookEntry,
  amount: string,
): Promise<Withdrawal> {
  const client = tb.ex.client(account.readWriteKey);
  const draft = await client.withdrawals.create(entry.asset, { amount, address_book_entry_id: entry.id });
  await client.withdrawals.authorize(entry.asset, draft.id, account.totp);
  await releaseByEmail(tb, account, draft.id);
  return client.withdrawals.get(entry.asset, draft.id);
}
