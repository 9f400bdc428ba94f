/**
 * Redis errors of BullMQ queues and workers, logged without flooding: without a listener BullMQ prints
 * them to stderr, and during an outage every reconnection attempt fails again (BullMQ's connections
 * retry forever), so each distinct error is logged once a minute.
 */
import type { Logger } from "pino";

/** Anything that emits BullMQ's "error" event (a Queue or a Worker). */
interface ErrorEmitter {
  on(event: "error", listener: (error: Error) => void): unknown;
}

const REPEAT_MS = 60_000;

/** Logs the "error" events of `emitters` as `message` (warn), each distinct error at most once a minute. */
export function logRedisErrors(logger: Logger, message: string, emitters: readonly ErrorEmitter[]): void {
  const loggedAt = new Map<string, number>();
  const onError = (error: Error) => {
    const key = `${error.name}: ${error.message}`;
    const now = Date.now();
    if (now - (loggedAt.get(key) ?? Number.NEGATIVE_INFINITY) < REPEAT_MS) return;
    loggedAt.set(key, now);
    logger.warn({ err: { name: error.name, message: error.message } }, message);
  };
  for (const emitter of emitters) emitter.on("error", onError);
}
