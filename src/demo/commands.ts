/**
 * The demo's own commands, typed in the demo chat with a leading colon (never sent to the bot): the
 * market ones (market-commands.ts) and the outbox ones (mail-commands.ts), with `:help` listing both.
 */
import { type DemoMailbox, isMailCommand, MAIL_HELP, runMailCommand } from "./mail-commands.ts";
import { type DemoMarket, MARKET_HELP, runMarketCommand } from "./market-commands.ts";

/** Every demo command, one a line. */
export const DEMO_HELP = [MARKET_HELP, MAIL_HELP, ":help               these commands"].join("\n");

/** What the demo commands act on. */
export interface DemoCommandTargets {
  market: DemoMarket;
  mailbox: DemoMailbox;
}

/** Runs a demo command and returns what to print. Never throws for bad input: it says what is wrong. */
export async function runDemoCommand(line: string, targets: DemoCommandTargets): Promise<string> {
  const text = line.trim();
  if (text === ":help") return DEMO_HELP;
  if (isMailCommand(text)) return runMailCommand(text, targets.mailbox);
  if (/^:(move|price|replay|seed)\b/.test(text)) return runMarketCommand(text, targets.market);
  return `Unknown demo command. Try:\n${DEMO_HELP}`;
}
