/** Helpers for the /dca chat tests: walking the create flow, the user's zone, and counting writes. */
import type { BotOutput, ChatDriver } from "../../src/telegram-fake/index.ts";
import type { TestBot } from "./bot.ts";
import type { TestAccount } from "./exchange.ts";

/** The text of the bot's last output of an action. */
export function lastText(outputs: BotOutput[]): string {
  return outputs.at(-1)?.plainText ?? "";
}

/** Sets the user's time zone through /settings. */
export async function useZone(chat: ChatDriver, zone: string): Promise<void> {
  await chat.send("/settings");
  await chat.press("Time zone");
  const saved = lastText(await chat.send(zone));
  if (!saved.includes(`Time zone set to ${zone}`)) throw new Error(`time zone not set: ${saved}`);
}

/** `at` as the user types it in `zone`: `YYYY-MM-DD HH:MM` (seconds dropped). */
export function wallTime(at: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** What the create flow is given. */
export interface CreateAnswers {
  asset: string;
  side: "buy" | "sell";
  quantity: string;
  period: string;
  /** Typed start; without it, Start now. */
  start?: string;
}

/** Walks /dca -> New -> asset -> direction -> quantity -> cadence -> start; returns the summary. */
export async function createThroughChat(chat: ChatDriver, a: CreateAnswers): Promise<BotOutput | undefined> {
  await chat.send("/dca");
  await chat.press("➕ New");
  await chat.press(a.asset);
  await chat.press(a.side === "buy" ? `Buy ${a.asset} with AUD` : `Sell ${a.asset} for AUD`);
  await chat.send(a.quantity);
  await chat.press(a.period);
  const outputs = a.start === undefined ? await chat.press("Start now") : await chat.send(a.start);
  return outputs.at(-1);
}

/** How many writes (create, change, delete) the account sent to the recurring-buy paths. */
export async function scheduleWrites(tb: TestBot, account: TestAccount): Promise<number> {
  const log = (await tb.ex.control("GET", `/_sandbox/requests?account_id=${account.accountId}`)) as {
    writes: Record<string, number>;
  };
  return Object.entries(log.writes)
    .filter(([path]) => path.startsWith("/api/private/broker/schedules/"))
    .reduce((sum, [, count]) => sum + count, 0);
}
