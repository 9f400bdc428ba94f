/**
 * The demo's outbox commands: `:mail` lists what the sandbox emailed the demo account, `:confirm` follows
 * the newest unused link (an address book entry is confirmed, a withdrawal to a first-time address is
 * released), so the demo can reach a real withdrawal without an inbox.
 */
import { describe, expect, it } from "vitest";
import { DEMO_HELP, runDemoCommand } from "../../src/demo/commands.ts";
import { sandboxMailbox } from "../../src/demo/mail-commands.ts";
import { sandboxMarket } from "../../src/demo/market-commands.ts";
import { WITHDRAWAL_STATUS } from "../../src/exchange/index.ts";
import { startTestExchange } from "../support/exchange.ts";

const ex = await startTestExchange();
const ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

/** A fresh account and the demo commands over it. */
function demoOf(balances: Record<string, string>) {
  const account = ex.account(balances);
  const targets = {
    market: sandboxMarket(ex.sb),
    mailbox: sandboxMailbox(ex.url, account.accountId),
    beat: async () => "beat",
  };
  return {
    account,
    client: ex.client(account.readWriteKey),
    run: (line: string) => runDemoCommand(line, targets),
  };
}

describe("demo mail commands", () => {
  it(":mail lists the outbox; :confirm confirms the address, then releases the first withdrawal to it", async () => {
    const { account, client, run } = demoOf({ BTC: "0.05" });
    expect(await run(":mail")).toContain("No emails yet");
    expect(await run(":confirm")).toContain("No unused link in the outbox");
    const entry = await client.addressBook.create({ asset: "BTC", address: ADDRESS, label: "Cold" });
    const listed = await run(":mail");
    expect(listed).toMatch(
      new RegExp(`#\\d+ {2}confirm address book entry #${entry.id} · sent .+ · link valid until`),
    );
    const confirmed = await run(":confirm");
    expect(confirmed).toContain(`address book entry #${entry.id} is confirmed`);
    expect((await client.addressBook.get(entry.id)).confirmed).toBe(true);
    expect(await run(":mail")).toContain("link used");
    expect(await run(":confirm")).toContain("No unused link");

    const draft = await client.withdrawals.create("BTC", { amount: "0.01", address_book_entry_id: entry.id });
    await client.withdrawals.authorize("BTC", draft.id, account.totp);
    expect(await run(":mail")).toContain(`release withdrawal #${draft.id} (first-time address)`);
    const released = await run(":confirm");
    expect(released).toContain(`withdrawal #${draft.id} is released`);
    ex.sb.advanceClock(1);
    expect((await client.withdrawals.get("BTC", draft.id)).status).toBe(WITHDRAWAL_STATUS.PROCESSED);
  });

  it(":confirm N picks an email; a used or expired link and a missing email are explained", async () => {
    const { client, run } = demoOf({ AUD: "10" });
    const first = await client.addressBook.create({ asset: "BTC", address: ADDRESS, label: "One" });
    await client.addressBook.create({ asset: "BTC", address: ADDRESS, label: "Two" });
    const ids = [...(await run(":mail")).matchAll(/^#(\d+) /gm)].map((m) => Number(m[1]));
    const oldest = Math.min(...ids);
    expect(await run(`:confirm ${oldest}`)).toContain(`address book entry #${first.id} is confirmed`);
    expect(await run(`:confirm ${oldest}`)).toContain("did not work: This link was already used.");
    expect(await run(":confirm 99999999")).toContain("There is no email #99999999");
    ex.sb.advanceClock(31 * 60);
    expect(await run(":confirm")).toContain("did not work: This link has expired.");
  });

  it(":help lists the market and mail commands; anything else is explained", async () => {
    const { run } = demoOf({ AUD: "10" });
    expect(await run(":help")).toBe(DEMO_HELP);
    expect(DEMO_HELP).toContain(":move ASSET +2%");
    expect(DEMO_HELP).toContain(":mail");
    expect(DEMO_HELP).toContain(":confirm");
    expect(DEMO_HELP).toContain(":beat");
    expect(await run(":beat")).toBe("beat");
    expect(await run(":nope")).toContain("Unknown demo command");
    expect(await run(":price BTC")).toMatch(/^BTC: buy/);
  });
});
