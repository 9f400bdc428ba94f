/**
 * Fault injection, the per-account budget: several chats connected to one account press it far past its
 * rolling-minute budget at once. The bot's budget (lowered to 20 reads a minute here, the exchange's own
 * limit set to match) must hold on every rolling minute of the sandbox's request log, the exchange must
 * never have to throttle, and those left over read a plain "busy" message; another account is unaffected.
 */
import { describe, expect, it } from "vitest";
import { startTestBot } from "../support/bot.ts";

const READS_PER_MINUTE = 20;
const tb = await startTestBot({
  accountLimits: { read: READS_PER_MINUTE, write: 600 },
  sandbox: { limits: { accountReads: READS_PER_MINUTE } },
  waiting: { exchangeDeadlineMs: 3000, chatActionIntervalMs: 200 },
});

interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  received_ms: number;
}

/** The most requests that arrived within any 60 s window. */
function busiestMinute(requests: LoggedRequest[]): number {
  const times = requests.map((r) => r.received_ms).sort((a, b) => a - b);
  let most = 0;
  for (const [i, start] of times.entries()) {
    most = Math.max(most, times.slice(i).filter((t) => t < start + 60_000).length);
  }
  return most;
}

describe("a burst far past one account's budget", () => {
  it("stays inside the budget over every rolling minute; the rest are told the exchange is busy", async () => {
    const account = tb.ex.account({ AUD: "100" });
    const chats = [tb.chat(), tb.chat(), tb.chat()];
    for (const chat of chats) await tb.app.deps.accounts.connect(chat.user.id, account.readWriteKey);
    // Eight /swaps per chat (one read each), the three chats at once: 24 reads wanted on top of connect's.
    const answers = await Promise.all(
      chats.map(async (chat) => {
        const texts: string[] = [];
        for (let i = 0; i < 8; i++) texts.push((await chat.send("/swaps")).at(-1)?.plainText ?? "");
        return texts;
      }),
    );
    const texts = answers.flat();
    const answered = texts.filter((t) => t.includes("You have not made any swaps yet.")).length;
    const busy = texts.filter((t) => /^The exchange is busy\. Try again in \d+ s\.$/.test(t)).length;

    // Another account still reads at once.
    const other = tb.ex.account({ AUD: "5" });
    const otherChat = tb.chat();
    await tb.app.deps.accounts.connect(otherChat.user.id, other.readWriteKey);
    expect((await otherChat.send("/swaps")).at(-1)?.plainText).toContain("You have not made any swaps yet.");

    const log = (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as {
      requests: LoggedRequest[];
    };
    const reads = log.requests.filter((r) => r.method === "GET");
    const most = busiestMinute(reads);
    console.log(
      `[figure] burst of 24 /swaps on one account (budget ${READS_PER_MINUTE} reads/min): ${reads.length} reads sent, busiest minute ${most}, ${answered} answered, ${busy} told busy, ${reads.filter((r) => r.status === 429).length} throttled by the exchange`,
    );
    expect(most).toBeLessThanOrEqual(READS_PER_MINUTE);
    expect(reads.filter((r) => r.status === 429)).toHaveLength(0);
    // Every /swaps got one of the two plain answers, and the budget was used, not wasted.
    expect(answered + busy).toBe(24);
    expect(busy).toBeGreaterThan(0);
    expect(reads.length).toBe(READS_PER_MINUTE);
  });
});
