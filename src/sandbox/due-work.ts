/**
 * Work that falls due on the sandbox clock: market walk steps (with trigger checks after each), swap
 * settlement, withdrawal progress and link expiry, and recurring-buy runs. It runs on a timer and before
 * every request, so a test that advances the clock sees the effects at once.
 */
import type { Sandbox } from "./context.ts";
import { whenDue } from "./due-time.ts";
import { evaluateTriggers } from "./routes/price-triggers.ts";
import { runSchedules } from "./routes/recurring-buys.ts";
import { settleSwaps } from "./routes/swaps.ts";
import { progressWithdrawals } from "./routes/withdrawals.ts";

/** At most this many walk steps are replayed at once; a long clock jump skips the rest. */
const MAX_CATCH_UP_STEPS = 1000;

/** Runs everything due up to the current sandbox time. */
export function runDueWork(sb: Sandbox): void {
  const now = sb.clock.now();
  walkMarket(sb, now);
  evaluateTriggers(sb, now);
  whenDue(sb, now, () => Math.min(settleSwaps(sb, now), progressWithdrawals(sb, now), runSchedules(sb, now)));
}

function walkMarket(sb: Sandbox, now: number): void {
  const market = sb.market;
  const tick = sb.settings.tickMs;
  if (!market.walk) {
    market.lastTickAt = now;
    return;
  }
  let steps = Math.floor((now - market.lastTickAt) / tick);
  if (steps > MAX_CATCH_UP_STEPS) {
    market.lastTickAt = now - MAX_CATCH_UP_STEPS * tick;
    steps = MAX_CATCH_UP_STEPS;
  }
  for (let i = 0; i < steps; i++) {
    market.lastTickAt += tick;
    market.step(market.lastTickAt);
    evaluateTriggers(sb, market.lastTickAt);
  }
}
