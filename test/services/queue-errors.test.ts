/** BullMQ's Redis errors are logged once a minute per distinct error, never flooding the log in an outage. */
import { EventEmitter } from "node:events";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../src/logger.ts";
import { logRedisErrors } from "../../src/services/runtime/queue-errors.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("logRedisErrors", () => {
  it("logs each distinct error of every emitter once a minute", () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const logger = createLogger({
      level: "info",
      destination: new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
    const queue = new EventEmitter();
    const worker = new EventEmitter();
    logRedisErrors(logger, "test queue: redis error", [queue, worker]);
    const refused = new Error("connect ECONNREFUSED 127.0.0.1:6379");
    for (let i = 0; i < 50; i++) (i % 2 ? queue : worker).emit("error", refused);
    worker.emit("error", new Error("Connection is closed."));
    expect(lines).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    queue.emit("error", refused);
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => line.includes("test queue: redis error"))).toBe(true);
  });
});
