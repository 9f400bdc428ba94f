/**
 * When the sandbox's timed account work (swap settlement, withdrawal steps and link expiry, recurring
 * runs) next falls due. The due work runs before every request; a pass over every account each time cost
 * the sandbox most of a core with 10,000 accounts (bench:alerts), so it passes over them only once
 * something is due. Whatever makes new timed work says when it falls due ({@link dueBy}).
 */
import type { Sandbox } from "./context.ts";

/** The earliest due time per sandbox; absent: not known yet (the next run passes over every account). */
const nextDue = new WeakMap<Sandbox, number>();

/** Notes that some account work falls due at sandbox time `at` (epoch ms). */
export function dueBy(sb: Sandbox, at: number): void {
  const known = nextDue.get(sb);
  if (known !== undefined && at < known) nextDue.set(sb, at);
}

/**
 * Runs `pass` when something may be due at `now`. The pass returns the earliest due time it leaves
 * pending (Infinity: none); work noted while it runs is kept too.
 */
export function whenDue(sb: Sandbox, now: number, pass: () => number): void {
  const known = nextDue.get(sb);
  if (known !== undefined && now < known) return;
  nextDue.set(sb, Number.POSITIVE_INFINITY);
  try {
    const next = pass();
    nextDue.set(sb, Math.min(next, nextDue.get(sb) ?? next));
  } catch (error) {
    // Not known again: the next run passes over every account.
    nextDue.delete(sb);
    throw error;
  }
}
