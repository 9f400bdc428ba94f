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
  useOnce,
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

/** The text of the last answer to a button press. */
function lastAnswer(): string | undefined {
  return (tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined)?.text;
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

/** A user holding BTC with one confirmed BTC address ("Cold wallet"), at the code prompt of a 0.01 BTC draft. */
async function atCodePrompt(options: { used?: boolean } = {}) {
  const code = canaryCode();
  const { chat, account } = await withdrawer(tb, { BTC: "0.05" }, code);
  const entry = await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Cold wallet" });
  if (options.used) await useOnce(tb, account, entry, "0.001");
  await toSummary(chat, "Cold wallet", "0.01");
  const asked = (await chat.press("Confirm")).at(-1);
  expect(asked?.plainText).toContain("Send the 6-digit code");
  const [draft] = await withdrawalsOf(tb, account, "BTC");
  return { chat, account, code, draft: draft as NonNullable<typeof draft> };
}

function authorizeWrites(account: TestAccount, id: number): Promise<number> {
  return tb.ex.writesOf(account, `${createPath("BTC")}${id}/authorize/`);
}

describe("the 2FA code", () => {
  it("an address used before: no email step, and the news says sent with the transaction id", async () => {
    const { chat, account, code, draft } = await atCodePrompt({ used: true });
    expect(chat.transcript()).not.toContain("has not been used for a withdrawal before");
    await chat.send(code);
    const done = await chat.waitForOutput((o) => o.plainText.includes(": sent"), FOLLOW_UP_MS);
    const [processed] = await withdrawalsOf(tb, account, "BTC");
    expect(done.plainText).toContain(`Withdrawal #${draft.id} of 0.01 BTC: sent`);
    expect(done.plainText).toContain(`Transaction id: ${processed?.txid}`);
    expect(chat.transcript()).not.toContain("emailed you a link");
    expect(await placesHolding(tb, code)).toEqual([]);
  });

  it("a second copy of the code sent just after is deleted too, and authorizes nothing again", async () => {
    const { chat, account, code, draft } = await atCodePrompt({ used: true });
    await chat.send(code);
    const authorizes = await authorizeWrites(account, draft.id);
    const again = await chat.send(code);
    expect(again.map((o) => o.kind)).toEqual(["delete", "message"]);
    expect(again.at(-1)?.plainText).toContain(`Withdrawal #${draft.id} no longer waits for one`);
    expect(visibleUserTexts(chat).filter((text) => text.includes(code))).toEqual([]);
    expect(await authorizeWrites(account, draft.id)).toBe(authorizes);
    expect(await placesHolding(tb, code)).toEqual([]);
  });

  it("three wrong codes: the bot stops, the withdrawal stays an unauthorized draft, nothing debited", async () => {
    const { chat, account, code, draft } = await atCodePrompt();
    const wrong = ["000000", "111111", "222222"].filter((c) => c !== code);
    expect((await chat.send(wrong[0] as string)).at(-1)?.plainText).toContain("2 more tries");
    expect((await chat.send(wrong[1] as string)).at(-1)?.plainText).toContain("One more try");
    const last = await chat.send(wrong[2] as string);
    expect(last[0]?.kind).toBe("delete");
    expect(last.at(-1)?.plainText).toContain(
      `The code was refused 3 times, so I stopped. Withdrawal #${draft.id} was not authorized`,
    );
    expect(last.at(-1)?.plainText).toContain("stays a draft");
    expect(await authorizeWrites(account, draft.id)).toBe(3);
    expect((await withdrawalsOf(tb, account, "BTC"))[0]?.status).toBe(WITHDRAWAL_STATUS.DRAFT);
    expect(await balanceOf(tb, account, "BTC")).toBe("0.05");
    // The right code now is not taken, but still taken off the screen: not echoed, not stored.
    const late = await chat.send(code);
    expect(late.map((o) => o.kind)).toEqual(["delete", "message"]);
    expect(late.at(-1)?.plainText).toContain(`Withdrawal #${draft.id} no longer waits for one`);
    expect(await authorizeWrites(account, draft.id)).toBe(3);
    expect(await placesHolding(tb, code)).toEqual([]);
  });

  it("/cancel while the code is awaited says what state the withdrawal is in; a code sent after it is not used", async () => {
    const { chat, account, code, draft } = await atCodePrompt();
    const cancelled = (await chat.send("/cancel")).at(-1);
    expect(cancelled?.plainText).toContain(
      `Cancelled. Withdrawal #${draft.id} was not authorized: it stays a draft`,
    );
    expect(cancelled?.plainText).toContain("nothing was debited and nothing will be sent");
    const late = await chat.send(code);
    expect(late.map((o) => o.kind)).toEqual(["delete", "message"]);
    expect(late.some((o) => o.kind !== "delete" && o.plainText.includes(code))).toBe(false);
    expect(await authorizeWrites(account, draft.id)).toBe(0);
    expect((await withdrawalsOf(tb, account, "BTC"))[0]?.status).toBe(WITHDRAWAL_STATUS.DRAFT);
    expect(await placesHolding(tb, code)).toEqual([]);
    expect((await chat.send("/cancel")).at(-1)?.plainText).toContain("There is nothing to cancel.");
  });

  it("/cancel while the code is being checked: it may still be authorized, and the outcome is told", async () => {
    const { chat, account, code, draft } = await atCodePrompt();
    // The exchange holds the authorize for 3 s; /cancel comes 0.6 s after the code, when the code has long
    // been on its way (generous for a loaded machine, where the code's update may take a while to send).
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "POST",
      path_prefix: `${createPath("BTC")}${draft.id}/authorize/`,
      delay_ms: 3000,
      count: 1,
    });
    const sending = chat.send(code);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const cancelled = (await chat.send("/cancel")).at(-1);
    expect(cancelled?.plainText).toContain(`The code for withdrawal #${draft.id} was already on its way`);
    await sending;
    expect(chat.transcript()).toContain(`Code accepted: withdrawal #${draft.id} is authorized`);
    await chat.waitForOutput((o) => o.plainText.includes(": pending"), FOLLOW_UP_MS);
    expect(await authorizeWrites(account, draft.id)).toBe(1);
    expect(chat.transcript()).not.toContain("Nothing was changed");
  });

  it("another command ends the wait and runs; text that is no code is deleted and asked again", async () => {
    const { chat, account, code, draft } = await atCodePrompt();
    const noise = await chat.send("hello there");
    expect(noise[0]?.kind).toBe("delete");
    expect(noise.at(-1)?.plainText).toContain("That is not a 6-digit code");
    expect(noise.at(-1)?.plainText).not.toContain("hello");
    // A code typed under a photo is taken off the screen too.
    await tb.app.bot.handleUpdate(tb.fake.userPhoto(chat.user, chat.chat, "12 34"));
    expect(visibleUserTexts(chat)).not.toContain("12 34");
    const spaced = code.replace(/^(\d{3})/, "$1 ");
    const accepted = await chat.send(spaced);
    expect(accepted.at(-1)?.plainText).toContain(`withdrawal #${draft.id} is authorized`);
    await chat.waitForOutput((o) => o.plainText.includes("pending"), FOLLOW_UP_MS);

    const second = await atCodePrompt();
    const moved = await second.chat.send("/balance");
    expect(moved[0]?.plainText).toContain(
      `I stopped waiting for the 2FA code: withdrawal #${second.draft.id} was not authorized`,
    );
    expect(moved.at(-1)?.plainText).toContain("Your portfolio");
    expect(await authorizeWrites(second.account, second.draft.id)).toBe(0);
    expect(await authorizeWrites(account, draft.id)).toBe(1);
  });

  it("past its deadline a code is deleted and not sent; the withdrawal stays a draft", async () => {
    const { chat, account, code, draft } = await atCodePrompt();
    const waits = tb.app.deps.withdrawals.codeWaits;
    const wait = await waits.get(chat.user.id);
    // Five minutes pass: the record's own deadline is moved back rather than the clock forward.
    await waits.update(chat.user.id, { ...(wait as NonNullable<typeof wait>), expiresAt: Date.now() - 1 });
    const late = await chat.send(code);
    expect(late[0]?.kind).toBe("delete");
    expect(late.at(-1)?.plainText).toContain(
      `The time to send the 2FA code ran out, so withdrawal #${draft.id} was not authorized`,
    );
    expect(await authorizeWrites(account, draft.id)).toBe(0);
    expect(await waits.get(chat.user.id)).toBeUndefined();
  });

  it("the wait record in Redis holds the withdrawal, attempts and deadline, and no code", async () => {
    const { chat, code } = await atCodePrompt();
    await chat.send("000000" === code ? "999999" : "000000");
    const raw = await tb.redis.get(`${tb.prefix}wd2fa:${chat.user.id}`);
    const record = JSON.parse(raw ?? "{}") as Record<string, unknown>;
    expect(Object.keys(record).sort()).toEqual(
      ["asset", "attempts", "chatId", "expiresAt", "firstTime", "locale", "messageId", "withdrawalId"].sort(),
    );
    expect(record.attempts).toBe(1);
    expect(raw).not.toContain("000000");
  });

  it("a code whose message cannot be deleted: the user is asked to delete it, and the code is still used", async () => {
    const { chat, code, draft } = await atCodePrompt();
    tb.fake.failNext("deleteMessage", {
      error_code: 400,
      description: "Bad Request: message can't be deleted",
    });
    const outputs = await chat.send(code);
    expect(outputs.at(-1)?.plainText).toContain(`withdrawal #${draft.id} is authorized`);
    expect(outputs.at(-1)?.plainText).toContain(
      "I could not delete your message with the code: please delete it yourself.",
    );
    expect(outputs.some((o) => o.kind !== "delete" && o.plainText.includes(code))).toBe(false);
  });

  it("in Chinese: the prompts, the code request and the news", async () => {
    const code = canaryCode();
    const created = tb.ex.sb.createAccount({ balances: { BTC: "0.05" }, totp: code });
    const chat = tb.chat({ languageCode: "zh" });
    await tb.app.deps.accounts.connect(chat.user.id, created.read_write_key);
    const account = {
      accountId: created.account_id,
      readWriteKey: created.read_write_key,
      readOnlyKey: created.read_only_key,
      totp: code,
    };
    await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "冷钱包" });
    expect((await chat.send("/withdraw")).at(-1)?.plainText).toContain("你想提取哪种加密货币？");
    expect((await chat.press("BTC")).at(-1)?.plainText).toContain("BTC 要提到哪里？");
    await chat.press("冷钱包");
    expect((await chat.send("0.01")).at(-1)?.plainText).toContain("提取 BTC");
    expect((await chat.press("确认")).at(-1)?.plainText).toContain("6 位验证码");
    expect((await chat.send(code)).at(-1)?.plainText).toContain("验证码已接受");
    const news = await chat.waitForOutput((o) => o.plainText.includes("等待中"), FOLLOW_UP_MS);
    expect(news.plainText).toContain("这是新地址");
  });

  it("a 6-digit code sent with nothing awaited (its wait lost with Redis) is deleted, neither stored nor echoed", async () => {
    const { chat } = await withdrawer(tb, { BTC: "0.01" });
    const code = canaryCode();
    const outputs = await chat.send(code);
    expect(outputs.map((o) => o.kind)).toEqual(["delete", "message"]);
    expect(outputs.at(-1)?.plainText).toContain("That looked like a 2FA code, so I deleted it");
    expect(visibleUserTexts(chat).filter((text) => text.includes(code))).toEqual([]);
    expect(await placesHolding(tb, code)).toEqual([]);
  });
});

describe("Confirm", () => {
  it("twenty taps and a redelivered tap create one withdrawal and ask for one code", async () => {
    const { chat, account } = await withdrawer(tb, { BTC: "0.05" });
    await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Cold wallet" });
    const summary = await toSummary(chat, "Cold wallet", "0.02");
    const confirm = summary?.buttons.flat().find((b) => b.text === "Confirm");
    if (!summary || !confirm?.data) throw new Error("a Confirm button");
    const taps = Array.from({ length: 20 }, () =>
      tb.fake.callback(chat.user, chat.chat, summary.messageId, confirm.data as string),
    );
    await Promise.all(taps.map((update) => tb.app.bot.handleUpdate(update)));
    await tb.app.bot.handleUpdate({ ...(taps[0] as object), update_id: 9_999_998 } as never);
    expect(await withdrawalsOf(tb, account, "BTC")).toHaveLength(1);
    expect(await tb.ex.writesOf(account, createPath("BTC"))).toBe(1);
    expect(
      tb.fake.visible(chat.chat.id).filter((m) => m.text.includes("Send the 6-digit code")),
    ).toHaveLength(1);
  });

  it("a second /withdraw voids the first summary: its Confirm expired, only the second creates a draft", async () => {
    const code = canaryCode();
    const { chat, account } = await withdrawer(tb, { BTC: "0.05" }, code);
    await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Cold wallet" });
    const first = await toSummary(chat, "Cold wallet", "0.01");
    const second = await toSummary(chat, "Cold wallet", "0.02");
    const confirmOf = (summary: BotOutput | undefined) => ({
      messageId: summary?.messageId ?? 0,
      data: summary?.buttons.flat().find((b) => b.text === "Confirm")?.data ?? "",
    });
    await tb.app.bot.handleUpdate(
      tb.fake.callback(chat.user, chat.chat, first?.messageId ?? 0, confirmOf(first).data),
    );
    const answer = tb.fake.lastCall("answerCallbackQuery")?.payload as { text?: string } | undefined;
    expect(answer?.text).toContain("expired");
    expect(await withdrawalWrites(account)).toBe(0);
    await chat.press(confirmOf(second));
    const [draft] = await withdrawalsOf(tb, account, "BTC");
    const accepted = (await chat.send(code)).at(-1);
    expect(accepted?.plainText).toContain(`withdrawal #${draft?.id} is authorized`);
    expect(await withdrawalsOf(tb, account, "BTC")).toHaveLength(1);
  });

  it("the destination deleted after the summary: refused at Confirm, nothing created", async () => {
    const { chat, account } = await withdrawer(tb, { BTC: "0.05" });
    const entry = await saveAddress(tb, account, {
      asset: "BTC",
      address: BTC_ADDRESS,
      label: "Cold wallet",
    });
    await toSummary(chat, "Cold wallet", "0.01");
    await tb.ex.client(account.readWriteKey).addressBook.delete(entry.id);
    const refused = (await chat.press("Confirm")).at(-1);
    expect(refused?.plainText).toContain("That address is no longer in your address book");
    expect(await withdrawalWrites(account)).toBe(0);
  });

  it("the balance spent after the summary: refused at Confirm, nothing created", async () => {
    const { chat, account } = await withdrawer(tb, { BTC: "0.05" });
    const entry = await saveAddress(tb, account, {
      asset: "BTC",
      address: BTC_ADDRESS,
      label: "Cold wallet",
    });
    await toSummary(chat, "Cold wallet", "0.04");
    await useOnce(tb, account, entry, "0.02");
    const before = await withdrawalWrites(account);
    const refused = (await chat.press("Confirm")).at(-1);
    expect(refused?.plainText).toContain("You asked for 0.04 BTC, but you have 0.03 BTC");
    expect(await withdrawalWrites(account)).toBe(before);
  });

  it("Cancel on the summary: nothing is created", async () => {
    const { chat, account } = await withdrawer(tb, { BTC: "0.05" });
    await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Cold wallet" });
    await toSummary(chat, "Cold wallet", "0.01");
    expect((await chat.press("Cancel")).at(-1)?.plainText).toContain("Cancelled. No withdrawal was made.");
    expect(await withdrawalWrites(account)).toBe(0);
  });
});

describe("steps and refusals", () => {
  it("Cancel and /cancel at every step end the flow without a write", async () => {
    const { chat, account } = await withdrawer(tb, { BTC: "0.05" });
    await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Cold wallet" });
    await chat.send("/withdraw");
    expect((await chat.press("Cancel")).at(-1)?.plainText).toContain("No withdrawal was made");
    await chat.send("/withdraw");
    await chat.press("BTC");
    expect((await chat.press("Cancel")).at(-1)?.plainText).toContain("No withdrawal was made");
    await chat.send("/withdraw BTC");
    await chat.press("Cold wallet");
    expect((await chat.press("Cancel")).at(-1)?.plainText).toContain("No withdrawal was made");
    for (const steps of [0, 1, 2]) {
      await chat.send("/withdraw");
      if (steps > 0) await chat.press("BTC");
      if (steps > 1) await chat.press("Cold wallet");
      expect((await chat.send("/cancel")).at(-1)?.plainText).toContain("Cancelled.");
      expect((await chat.send("0.01")).at(-1)?.plainText).toContain("I don't understand");
    }
    expect(await withdrawalWrites(account)).toBe(0);
  });

  it("/withdraw BTC goes straight to the destination; 50 % of the balance is offered in the summary", async () => {
    const { chat, account } = await withdrawer(tb, { BTC: "0.05" });
    await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Cold wallet", memo: "" });
    await saveAddress(tb, account, { asset: "BTC", address: BTC_OTHER, label: "Mum & <Dad>" });
    const where = (await chat.send("/withdraw btc")).at(-1);
    expect(where?.plainText).toContain("Where should the BTC go?");
    expect(where?.plainText).toContain("Mum & <Dad>: bc1q9vza…vavgkx0l");
    // Button texts are not HTML: shown as typed.
    expect(buttons(where)).toEqual(["Mum & <Dad>", "Cold wallet", "Cancel"]);
    await chat.press("Cold wallet");
    expect((await chat.press("50%")).at(-1)?.plainText).toContain("Amount: 0.025 BTC");
  });

  it("in words: the amount and the destination named go straight to the summary; nothing is written before Confirm", async () => {
    const { chat, account } = await withdrawer(tb, { BTC: "0.05" });
    await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Ledger" });
    await saveAddress(tb, account, { asset: "BTC", address: BTC_OTHER, label: "Mum" });
    const summary = (await chat.send("withdraw 0.01 btc to my ledger")).at(-1);
    expect(summary?.plainText).toContain("Amount: 0.01 BTC");
    expect(summary?.plainText).toContain("Ledger");
    expect(summary?.plainText).toContain(BTC_ADDRESS);
    expect(buttons(summary)).toEqual(["Confirm", "Cancel"]);
    expect(await withdrawalWrites(account)).toBe(0);
    // "all" is the whole balance.
    expect((await chat.send("withdraw all my btc to ledger")).at(-1)?.plainText).toContain(
      "Amount: 0.05 BTC",
    );
    // A slip in the label still names one; the address itself names it too.
    expect((await chat.send("withdraw 0.02 btc to ledgr")).at(-1)?.plainText).toContain("Amount: 0.02 BTC");
    const byAddress = (await chat.send(`/withdraw BTC 0.03 to ${BTC_OTHER}`)).at(-1);
    expect(byAddress?.plainText).toContain("Amount: 0.03 BTC");
    expect(byAddress?.plainText).toContain(BTC_OTHER);
  });

  it("in words: an unknown destination is said and asked; a label typed at the question picks it; an amount over the balance is said and asked", async () => {
    const { chat, account } = await withdrawer(tb, { BTC: "0.05" });
    await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Ledger" });
    await saveAddress(tb, account, { asset: "BTC", address: BTC_OTHER, label: "Mum" }, false);
    const where = (await chat.send("withdraw 1 btc to binance")).at(-1);
    expect(where?.plainText).toContain("I don't know a saved BTC address called “binance”.");
    expect(where?.plainText).toContain("Where should the BTC go?");
    // The unconfirmed one, typed, is refused as its button is.
    expect((await chat.send("mum")).at(-1)?.plainText).toContain(
      "“Mum” is waiting for its email confirmation",
    );
    const over = await chat.send("ledger");
    expect(over.map((o) => o.plainText).join("\n")).toContain("You asked for 1 BTC, but you have 0.05 BTC.");
    expect(over.at(-1)?.plainText).toContain("How much BTC would you like to withdraw to Ledger?");
    expect((await chat.send("0.04")).at(-1)?.plainText).toContain("Amount: 0.04 BTC");
    expect(await withdrawalWrites(account)).toBe(0);
  });

  it("in words, in Chinese: 提现0.01个比特币到我的冷钱包", async () => {
    const { chat, account } = await withdrawer(tb, { BTC: "0.05" });
    await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "冷钱包" });
    await chat.send("/settings language zh");
    const summary = (await chat.send("提现0.01个比特币到我的冷钱包")).at(-1);
    expect(summary?.plainText).toContain("0.01 BTC");
    expect(summary?.plainText).toContain(BTC_ADDRESS);
    expect(await withdrawalWrites(account)).toBe(0);
  });

  it("nothing to withdraw, no address for the asset, a typed asset not held", async () => {
    const { chat } = await withdrawer(tb, { AUD: "100" });
    expect((await chat.send("/withdraw")).at(-1)?.plainText).toContain("You hold no crypto to withdraw.");
    const other = await withdrawer(tb, { SOL: "3", ETH: "1" });
    await other.chat.send("/withdraw");
    expect((await other.chat.send("DOGE")).at(-1)?.plainText).toContain("You hold no DOGE to withdraw");
    expect((await other.chat.send("sol")).at(-1)?.plainText).toContain(
      "You have no saved SOL addresses. Add one with /addresses",
    );
  });

  it("a read-only key gets an explanation, not an error; /withdrawals still works", async () => {
    const chat = tb.chat();
    const created = tb.ex.sb.createAccount({ balances: { BTC: "1" } });
    await tb.app.deps.accounts.connect(chat.user.id, created.read_only_key);
    expect((await chat.send("/withdraw")).at(-1)?.plainText).toContain(
      "Your API key is read-only, so I can't withdraw with it",
    );
    expect((await chat.send("/withdrawals")).at(-1)?.plainText).toContain(
      "You have not made any withdrawals yet.",
    );
  });

  it("without a key, and in a group", async () => {
    const chat = tb.chat();
    expect((await chat.send("/withdraw")).at(-1)?.plainText).toContain(
      "You have not connected an API key yet",
    );
    expect((await chat.send("/withdrawals")).at(-1)?.plainText).toContain(
      "You have not connected an API key yet",
    );
    const { chat: member } = await withdrawer(tb, { BTC: "1" });
    const group = tb.fake.groupChat(-(9_300_000 + Math.floor(Math.random() * 100_000)), "Traders");
    for (const command of ["/withdraw", "/withdrawals"]) {
      await tb.app.bot.handleUpdate(tb.fake.userText(member.user, group, command));
      const reply = tb.fake.visible(group.id).findLast((m) => m.fromBot);
      expect(reply?.text).toContain("I only handle account matters in a private chat");
    }
  });
});

describe("/withdrawals", () => {
  it("newest first across assets with status icons, five per page, each openable with its details", async () => {
    const { chat, account } = await withdrawer(tb, { BTC: "1", ETH: "5" });
    const btc = await saveAddress(tb, account, { asset: "BTC", address: BTC_ADDRESS, label: "Cold wallet" });
    const eth = await saveAddress(tb, account, {
      asset: "ETH",
      address: "0x52908400098527886E0F7030069857D2E4169EE7",
      label: "Ledger <ETH>",
      memo: "",
    });
    const sent = await useOnce(tb, account, btc, "0.1");
    const client = tb.ex.client(account.readWriteKey);
    for (let i = 1; i <= 5; i++)
      await client.withdrawals.create("ETH", { amount: `0.${i}`, address_book_entry_id: eth.id });
    const first = (await chat.send("/withdrawals")).at(-1);
    expect(first?.plainText).toContain("Your withdrawals (page 1 of 2; times in Australia/Sydney)");
    expect(first?.plainText).toMatch(/📝 #\d+ · .+ · 0\.5 ETH → Ledger <ETH> · draft \(not authorized\)/);
    expect(first?.plainText).not.toContain("Cold wallet");
    expect(buttons(first)).toContain("Older ›");
    const second = (await chat.press("Older ›")).at(-1);
    expect(second?.plainText).toContain("page 2 of 2");
    expect(second?.plainText).toContain(`✅ #${sent.id}`);
    expect(second?.plainText).toContain("0.1 BTC → Cold wallet · sent");
    const detail = (await chat.press(`✅ #${sent.id}`)).at(-1);
    expect(detail?.plainText).toContain(`Withdrawal #${sent.id}: sent`);
    expect(detail?.plainText).toContain(`Address: ${BTC_ADDRESS}`);
    expect(detail?.plainText).toContain(`Blockchain transaction id (txid): ${sent.txid}`);
    expect(detail?.plainText).toContain("Fee: 0 BTC");
    // The same withdrawal has another number in /history: both are named, in both views.
    const client2 = tb.ex.client(account.readWriteKey);
    const record = (await client2.transactions.list({ transaction_type: ["withdrawal"] })).results.find(
      (tx) => tx.object_id === sent.id,
    );
    expect(record?.summary_id).toBeDefined();
    expect(record?.summary_id).not.toBe(sent.id);
    expect(detail?.plainText).toContain(
      `In /history: transaction #${record?.summary_id} (withdrawal #${sent.id} here; the two lists number apart).`,
    );
    expect(detail?.plainText).toMatch(/Created: .+\d\d:\d\d/);
    expect(detail?.plainText).toContain("Times in Australia/Sydney.");
    const back = (await chat.press("‹ Back to the list")).at(-1);
    expect(back?.plainText).toContain("page 2 of 2");
    await chat.send("/history");
    const row = (await chat.press("1")).at(-1);
    expect(row?.plainText).toContain(`⬆️ Withdrawal #${record?.summary_id}`);
    expect(row?.plainText).toContain(
      `In /withdrawals this is withdrawal #${sent.id}; #${record?.summary_id} is its number among transactions.`,
    );
  });
});

describe("a draft left unauthorized", () => {
  /** A user whose code wait for a 0.01 BTC draft ended (/cancel), on the draft's detail in /withdrawals. */
  async function atDraftDetail() {
    const prompt = await atCodePrompt();
    await prompt.chat.send("/cancel");
    const list = (await prompt.chat.send("/withdrawals")).at(-1);
    expect(list?.plainText).toContain(`📝 #${prompt.draft.id}`);
    const detail = (await prompt.chat.press(`📝 #${prompt.draft.id}`)).at(-1);
    return { ...prompt, detail };
  }

  it("says a draft moves nothing and offers Enter the 2FA code: the same reader, deleted, never kept, then followed", async () => {
    const { chat, account, code, draft, detail } = await atDraftDetail();
    expect(detail?.plainText).toContain(`Withdrawal #${draft.id}: draft (not authorized)`);
    expect(detail?.plainText).toContain("A draft moves nothing: nothing is debited and nothing is sent");
    expect(buttons(detail)).toEqual(["🔑 Enter the 2FA code", "‹ Back to the list"]);
    const asked = (await chat.press("🔑 Enter the 2FA code")).at(-1);
    expect(asked?.plainText).toContain("Send the 6-digit code");
    expect(asked?.plainText).toContain(`Address: ${BTC_ADDRESS}`);
    expect(await authorizeWrites(account, draft.id)).toBe(0);
    let wrong = canaryCode();
    while (wrong === code) wrong = canaryCode();
    const refused = await chat.send(wrong);
    expect(refused[0]?.kind).toBe("delete");
    expect(refused.at(-1)?.plainText).toContain("2 more tries");
    const raw = await tb.redis.get(`${tb.prefix}wd2fa:${chat.user.id}`);
    expect(raw).not.toContain(wrong);
    const accepted = await chat.send(code);
    expect(accepted[0]?.kind).toBe("delete");
    expect(accepted.at(-1)?.plainText).toContain(`Code accepted: withdrawal #${draft.id} is authorized`);
    const news = await chat.waitForOutput((o) => o.plainText.includes(": pending"), FOLLOW_UP_MS);
    // Never used before: the exchange's emailed link is explained.
    expect(news.plainText).toContain("emailed you a link");
    expect(await balanceOf(tb, account, "BTC")).toBe("0.04");
    expect(visibleUserTexts(chat).filter((t) => t === code || t === wrong)).toEqual([]);
    expect(await placesHolding(tb, code)).toEqual([]);
    expect(await placesHolding(tb, wrong)).toEqual([]);
  });

  it("authorized meanwhile in the web app: the button reads it first, tells its real status and asks nothing", async () => {
    const { chat, account, code, draft } = await atDraftDetail();
    await tb.ex.client(account.readWriteKey).withdrawals.authorize("BTC", draft.id, code);
    const told = (await chat.press("🔑 Enter the 2FA code")).at(-1);
    expect(told?.plainText).toContain(`Withdrawal #${draft.id} is no longer a draft`);
    expect(told?.plainText).toContain(`Withdrawal #${draft.id}: pending`);
    expect(told?.plainText).not.toContain("Send the 6-digit code");
    expect(buttons(told)).toEqual(["‹ Back to the list"]);
    expect(await tb.app.deps.withdrawals.codeWaits.get(chat.user.id)).toBeUndefined();
    // A code sent now is not taken for anything, and is taken off the screen.
    const late = (await chat.send(code)).at(-1)?.plainText ?? "";
    expect(late).toContain("no longer waits for one");
    expect(late).not.toContain(code);
    expect(await authorizeWrites(account, draft.id)).toBe(1);
  });

  it("the button is the owner's and single-use; a read-only key gets no button", async () => {
    const { chat, account, detail } = await atDraftDetail();
    const enter = detail?.buttons.flat().find((b) => b.text.startsWith("🔑"))?.data as string;
    const stranger = tb.chat();
    await tb.app.bot.handleUpdate(tb.fake.callback(stranger.user, chat.chat, detail?.messageId ?? 0, enter));
    expect(lastAnswer()).toContain("not yours");
    expect(await tb.app.deps.withdrawals.codeWaits.get(stranger.user.id)).toBeUndefined();
    expect(await tb.app.deps.withdrawals.codeWaits.get(chat.user.id)).toBeUndefined();
    await chat.press({ messageId: detail?.messageId ?? 0, data: enter });
    expect(await tb.app.deps.withdrawals.codeWaits.get(chat.user.id)).toBeDefined();
    await chat.send("/cancel");
    // Pressed again (a redelivered tap): used up, nothing asked.
    await tb.app.bot.handleUpdate(tb.fake.callback(chat.user, chat.chat, detail?.messageId ?? 0, enter));
    expect(lastAnswer()).toContain("That button has expired");
    expect(await tb.app.deps.withdrawals.codeWaits.get(chat.user.id)).toBeUndefined();

    const viewer = tb.chat();
    await tb.app.deps.accounts.connect(viewer.user.id, account.readOnlyKey);
    await viewer.send("/withdrawals");
    const [draft] = await withdrawalsOf(tb, account, "BTC");
    const seen = (await viewer.press(`📝 #${draft?.id}`)).at(-1);
    expect(seen?.plainText).toContain("A draft moves nothing");
    expect(buttons(seen)).toEqual(["‹ Back to the list"]);
  });
});
