/**
 * The demo's own commands, typed in the demo chat with a leading colon (never sent to the bot): the
 * market ones (market-commands.ts), the outbox ones (mail-commands.ts) and `:beat` (the portfolio alerts
 * read now), with `:help` listing them all.
 */
import { type DemoMailbox, isMailCommand, MAIL_HELP, runMailCommand } from "./mail-commands.ts";
import { type DemoMarket, MARKET_HELP, runMarketCommand } from "./market-commands.ts";

/** Every demo command, one a line. */
export const DEMO_HELP = [
  MARKET_HELP,
  ":beat               read your portfolio alerts now (the bot reads them every 5 or 10 minutes)",
  MAIL_HELP,
  ":help               these commands",
].join("\n");

/** What the demo commands act on. */
export interface DemoCommandTargets {
  market: DemoMarket;
  mailbox: DemoMailbox;
  /** Reads the demo user's portfolio alerts now, as a heartbeat would; says what it did. */
  beat: () => Promise<string>;
}

/** Runs a demo command and returns what to print. Never throws for bad input: it says what is wrong. */
export async function runDemoCommand(line: string, targets: DemoCommandTargets): Promise<string> {
  const text = line.trim();
  if (text === ":help") return DEMO_HELP;
  if (isMailCommand(text)) return runMailCommand(text, targets.mailbox);
  if (/^:(move|price|replay|seed)\b/.test(text)) return runMarketCommand(text, targets.market);
  if (text === ":beat") return targets.beat();
  return `Unknown demo command. Try:\n${DEMO_HELP}`;
}
