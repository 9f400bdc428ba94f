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

/** Logs `error` with `message` (warn), each distinct message and error at most once a minute. */
export type LogOnce = (error: Error, message: string) => void;

/** A {@link LogOnce} on `logger`: an outage must not flood the log, nor go unsaid. */
export function createLogOnce(logger: Logger): LogOnce {
  const loggedAt = new Map<string, number>();
  return (error, message) => {
    const key = `${message}: ${error.name}: ${error.message}`;
    const now = Date.now();
    if (now - (loggedAt.get(key) ?? Number.NEGATIVE_INFINITY) < REPEAT_MS) return;
    loggedAt.set(key, now);
    logger.warn({ err: { name: error.name, message: error.message } }, message);
  };
}

/** Logs the "error" events of `emitters` as `message` (warn), each distinct error at most once a minute. */
export function logRedisErrors(
  logger: Logger | LogOnce,
  message: string,
  emitters: readonly ErrorEmitter[],
): void {
  const logOnce = typeof logger === "function" ? logger : createLogOnce(logger);
  for (const emitter of emitters) emitter.on("error", (error: Error) => logOnce(error, message));
}
