/**
 * Pending updates and getUpdates long polling with Telegram's semantics: updates stay queued until a later
 * call confirms them with a higher offset; a call waits up to `timeout` seconds and returns as soon as an
 * update arrives; a newer call ends an older pending one with 409; an aborted request stops waiting.
 */
import type { Update } from "grammy/types";
import { conflict } from "./api-error.ts";

/** The parameters of getUpdates. */
export interface GetUpdatesParams {
  offset?: number;
  limit?: number;
  /** Seconds to wait for an update when none is pending. */
  timeout?: number;
  allowed_updates?: readonly string[];
}

/** The abort signal parts the fake uses; grammY passes a polyfilled AbortSignal with just these. */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

// Telegram leaves these out unless they are asked for explicitly.
const OPT_IN_TYPES = new Set(["chat_member", "message_reaction", "message_reaction_count"]);
const MAX_LIMIT = 100;

/** The error a fetch rejects with when its request is aborted. */
export function abortError(): Error {
  return new DOMException("The operation was aborted.", "AbortError");
}

/** The updates waiting for getUpdates. */
export class UpdateQueue {
  private pending: Update[] = [];
  private allowed: readonly string[] = [];
  private waiter: { wake(): void; supersede(): void } | undefined;

  /** How many updates are waiting (getWebhookInfo's pending_update_count). */
  get size(): number {
    return this.pending.length;
  }

  /** Queues an update and wakes a waiting long poll. */
  push(update: Update): void {
    this.pending.push(update);
    this.waiter?.wake();
  }

  /** Forgets every pending update (drop_pending_updates). */
  drop(): void {
    this.pending = [];
  }

  /** Answers one getUpdates call; rejects with abortError() when `signal` fires. */
  async take(params: GetUpdatesParams, signal: AbortSignalLike | undefined): Promise<Update[]> {
    this.waiter?.supersede();
    this.confirm(params.offset ?? 0);
    // An empty list restores the default set, as with Telegram.
    if (params.allowed_updates !== undefined) this.allowed = params.allowed_updates;
    const limit = Math.min(Math.max(params.limit ?? MAX_LIMIT, 1), MAX_LIMIT);
    const deadline = Date.now() + Math.max(params.timeout ?? 0, 0) * 1000;
    for (;;) {
      const ready = this.deliverable(limit);
      const left = deadline - Date.now();
      if (ready.length > 0 || left <= 0) return ready;
      if (signal?.aborted === true) throw abortError();
      await this.wait(left, signal);
    }
  }

  /** Waits until an update is pushed, `ms` pass, the signal fires or a newer call supersedes this one. */
  private wait(ms: number, signal: AbortSignalLike | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const finish = (error?: Error): void => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        if (this.waiter === waiter) this.waiter = undefined;
        if (error === undefined) resolve();
        else reject(error);
      };
      const onAbort = (): void => finish(abortError());
      const timer = setTimeout(() => finish(), ms);
      const waiter = {
        wake: () => finish(),
        supersede: () =>
          finish(
            conflict(
              "terminated by other getUpdates request; make sure that only one bot instance is running",
            ),
          ),
      };
      this.waiter = waiter;
      signal?.addEventListener("abort", onAbort);
    });
  }

  /** Drops the updates an offset confirms: below it, or all but the last -offset ones. */
  private confirm(offset: number): void {
    if (offset > 0) this.pending = this.pending.filter((u) => u.update_id >= offset);
    else if (offset < 0) this.pending = this.pending.slice(offset);
  }

  /** The first `limit` pending updates of allowed types; updates of other types are dropped like Telegram does. */
  private deliverable(limit: number): Update[] {
    this.pending = this.pending.filter((update) => {
      const type = Object.keys(update).find((key) => key !== "update_id") ?? "";
      return this.allowed.length > 0 ? this.allowed.includes(type) : !OPT_IN_TYPES.has(type);
    });
    return this.pending.slice(0, limit);
  }
}
