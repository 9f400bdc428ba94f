/**
 * Withdrawals as chats: /withdraw from the asset to the authorized withdrawal, with every refusal on the
 * way (an unconfirmed destination, bad and excessive amounts) made before any exchange write; the 2FA
 * code read outside any conversation (deleted at once, a wrong code then the right one, giving up, /cancel,
 * the deadline); the code as a canary never in Redis, logs or anything the bot sent; double taps; a
 * read-only key; groups; /withdrawals. The sandbox releases withdrawals at once (withdrawalStepMs 0) and
 * the follow-up reads the status every 30 ms (see test/support/bot.ts).
 */
import { describe, expect, it } from "vitest";
import { WITHDRAWAL_STATUS } from "../../src/exchange/index.ts";
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import type { TestAccount } from "../support/exchange.ts";
import {
  balanceOf,
  canaryCode,
  placesHolding,
  releaseByEmail,
  saveAddress,
  withdrawalsOf,
  withdrawer,
} from "../support/withdrawals.ts";

const tb = await startTestBot();
// Generous: background follow-ups run on real timers; 10 s leaves room on a loaded 2-core machine.
const FOLLOW_UP_MS = 10_000;
const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const BTC_OTHER = "bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l";

function buttons(output: BotOutput | undefined): string[] {
  return output?.buttons.flat().map((b) => b.text) ?? [];
}

function createPath(asset: string): string {
  return `/api/private/v2/wallet/${asset}/withdrawals/`;
}

/** Writes the account sent to any withdrawal path (create and authorize). */
async function withdrawalWrites(account: TestAccount): Promise<number> {
  const log = (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as {
    writes: Record<string, number>;
  };
  return Object.entries(log.writes)
    .filter(([path]) => path.includes("/withdrawals/"))
    .reduce((sum, [, count]) => sum + count, 0);
}

/** Goes from /withdraw to the summary: BTC, the entry labelled `label`, `amount`. */
async function toSummary(chat: ChatDriver, label: string, amount: string): Promise<BotOutput | undefined> {
  await chat.send("/withdraw");
  await chat.press("BTC");
  await chat.press(label);
  return (await chat.send(amount)).at(-1);
}

/** The user's messages still visible in the chat. */
function visibleUserTexts(chat: ChatDriver): string[] {
  return tb.fake
    .visible(chat.chat.id)
    .filter((m) => !m.fromBot)
    .map((m) => m.text);
}

describe("/withdraw, guided", () => {
  it("asset, destination (an unconfirmed one refused without any write), amount checks, summary, Confirm, a wrong code then the right one, then sent", async () => {
    const code = canaryCode();
    const wrong = canaryCode() === code ? "000001" : canaryCode();
    const { chat, account } = await withdrawer(tb, { BTC: "0.05", ETH: "1", AUD: "100" }, code);
    const confirmed = await saveAddress(tb, account, {
      asset: "BTC",
      address: BTC_ADDRESS,
      label: "Cold wallet",
    });
    const pending = await saveAddress(
      tb,
      account,
      { asset: "BTC", address: BTC_OTHER, label: "New wallet" },
      false,
    );
    await saveAddress(tb, account, {
      asset: "ETH",
      address: "0x52908400098527886E0F7030069857D2E4169EE7",
      label: "Eth",
    });

    const assets = (await chat.send("/withdraw")).at(-1);
    expect(assets?.plainText).toContain("Which crypto would you like to withdraw?");
    expect(buttons(assets)).toEqual(["BTC", "ETH", "Cancel"]);

    const where = (await chat.press("BTC")).find((o) => o.kind === "message");
    expect(where?.plainText).toContain("Where should the BTC go?");
    expect(where?.plainText).toContain("Cold wallet: bc1qar0s…zzwf5mdq");
    expect(where?.plainText).toContain("Not usable yet (waiting for the confirmation from your email):");
    expect(where?.plainText).toContain("New wallet");
    expect(buttons(where)).toEqual([
      "Cold wallet",
      "⏳ New wallet",
      "✉️ Resend confirmation: New wallet",
      "Cancel",
    ]);
    const resend = where?.buttons.flat().find((b) => b.text.startsWith("✉️"));
    expect(resend?.data).toBe(`addr:resend:${pending.id}`);

    const refused = (await chat.press("⏳ New wallet")).at(-1);
    expect(refused?.plainText).toContain(
      "“New wallet” is waiting for its email confirmation, so it can't be used yet",
    );
    expect(await withdrawalWrites(account)).toBe(0);

    const ask = (await chat.press("Cold wallet")).at(-1);
    expect(ask?.plainText).toContain(
      "How much BTC would you like to withdraw to Cold wallet? You have 0.05 BTC.",
    );
    expect(buttons(ask)).toEqual(["25%", "50%", "100%", "Cancel"]);
    expect((await chat.send("lots")).at(-1)?.plainText).toContain("“lots” is not an amount");
    expect((await chat.send("0.123456789")).at(-1)?.plainText).toContain(
      "BTC takes at most 8 decimal places",
    );
    expect((await chat.send("0.06")).at(-1)?.plainText).toContain(
      "You asked for 0.06 BTC, but you have 0.05 BTC",
    );
    expect((await chat.send("0")).at(-1)?.plainText).toContain("is not an amount");
    expect(await withdrawalWrites(account)).toBe(0);

    const summary = (await chat.send("0.01")).at(-1);
    expect(summary?.plainText).toContain("Withdraw BTC");
    expect(summary?.plainText).toContain("Amount: 0.01 BTC");
    expect(summary?.plainText).toContain("To: Cold wallet");
    expect(summary?.plainText).toContain(`Address: ${BTC_ADDRESS}`);
    expect(summary?.plainText).toContain("has not been used for a withdrawal before");
    expect(buttons(summary)).toEqual(["Confirm", "Cancel"]);
    expect(await withdrawalWrites(account)).toBe(0);

    const asked = (await chat.press("Confirm")).at(-1);
    const [draft] = await withdrawalsOf(tb, account, "BTC");
    expect(draft?.status).toBe(WITHDRAWAL_STATUS.DRAFT);
    expect(asked?.plainText).toContain(`Withdrawal #${draft?.id} is created as a draft`);
    expect(asked?.plainText).toContain("Send the 6-digit code");
    expect(asked?.plainText).toContain(`Address: ${BTC_ADDRESS}`);
    expect(await balanceOf(tb, account, "BTC")).toBe("0.05");

    const refusedCode = await chat.send(wrong);
    expect(refusedCode[0]?.kind).toBe("delete");
    expect(refusedCode.at(-1)?.plainText).toContain("The exchange did not accept that code. 2 more tries");
    expect((await withdrawalsOf(tb, account, "BTC"))[0]?.status).toBe(WITHDRAWAL_STATUS.DRAFT);

    const accepted = await chat.send(code);
    expect(accepted[0]?.kind).toBe("delete");
    expect(accepted.at(-1)?.plainText).toContain(`Code accepted: withdrawal #${draft?.id} is authorized`);
    const news = await chat.waitForOutput((o) => o.plainText.includes("pending"), FOLLOW_UP_MS);
    expect(news.plainText).toContain(`Withdrawal #${draft?.id} of 0.01 BTC: pending`);
    expect(news.plainText).toContain("emailed you a link. Follow it within 30 minutes");
    expect(news.plainText).toContain("Nothing has been sent yet");
    expect(await balanceOf(tb, account, "BTC")).toBe("0.04");
    expect(chat.transcript()).not.toContain(": sent");

    await releaseByEmail(tb, account, draft?.id as number);
    const done = await chat.waitForOutput((o) => o.plainText.includes(": sent"), FOLLOW_UP_MS);
    const [processed] = await withdrawalsOf(tb, account, "BTC");
    expect(processed?.status).toBe(WITHDRAWAL_STATUS.PROCESSED);
    expect(done.plainText).toContain(`✅ Withdrawal #${draft?.id} of 0.01 BTC: sent`);
    expect(done.plainText).toContain(`Transaction id: ${processed?.txid}`);
    expect(processed?.txid).not.toBe("");

    // The code and the wrong one: off the screen, and nowhere the bot keeps or says anything.
    expect(visibleUserTexts(chat).filter((t) => t === code || t === wrong)).toEqual([]);
    expect(await placesHolding(tb, code)).toEqual([]);
    expect(await placesHolding(tb, wrong)).toEqual([]);
    expect(await tb.ex.writesOf(account, createPath("BTC"))).toBe(1);
    expect(confirmed.id).toBeGreaterThan(0);
  });
});
