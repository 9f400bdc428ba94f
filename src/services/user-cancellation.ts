/**
 * What a user's /cancel reaches: the work of their other updates that are still running.
 *
 * Each update opens a scope holding an abort signal (its exchange reads listen to it) and the user's
 * cancel generation at its start. /cancel bumps the generation in Redis, so every process can tell that
 * an update was overtaken (it must then neither reply nor save its state), and aborts the scopes open in
 * this process at once. Scopes of other processes notice at their next check (at the latest when their
 * exchange deadline ends).
 */
import type { RedisClient } from "./redis-url.ts";
import { takeReadAhead } from "./update-reads.ts";

/** The cancel scope of one update. */
export interface CancelScope {
  /** Fires when this process learns of a /cancel of the same user. */
  readonly signal: AbortSignal;
  /** Whether a /cancel of the same user came after this update started (asks Redis unless already known). */
  cancelled(): Promise<boolean>;
  /** Whether this process has already learned of such a /cancel (known without asking Redis). */
  readonly interrupted: boolean;
  /** Runs a write to the exchange; /cancel meanwhile learns that it may still go through. */
  writing<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Cancels the user's other updates (this one is the /cancel and stays valid): what it interrupted in
   * this process, and whether one of them was sending a write.
   */
  cancelOthers(): Promise<{ interrupted: number; writing: boolean }>;
  /** Ends the scope (when its update is done). */
  close(): void;
}

/** Options of {@link createUserCancellation}. */
export interface UserCancellationOptions {
  redis: RedisClient;
  /** Prefix of the per-user generation keys. */
  prefix: string;
}

interface OpenScope {
  /** Made when the signal is first asked for: most updates never wait on the exchange. */
  controller: AbortController | undefined;
  aborted: boolean;
  writes: number;
}

/** Aborts a scope: its signal fires now, or is born aborted if nothing has asked for it yet. */
function abort(scope: OpenScope): void {
  scope.aborted = true;
  scope.controller?.abort();
}

/** The scope's signal, made on first use. */
function signalOf(scope: OpenScope): AbortSignal {
  if (scope.controller === undefined) {
    scope.controller = new AbortController();
    if (scope.aborted) scope.controller.abort();
  }
  return scope.controller.signal;
}

/** Creates the registry of running updates per user. */
export function createUserCancellation(options: UserCancellationOptions) {
  const { redis, prefix } = options;
  const open = new Map<number, Set<OpenScope>>();
  const keyOf = (userId: number) => `${prefix}${userId}`;

  return {
    /** The Redis key of the user's cancel generation, so an update can read it ahead (see update-reads.ts). */
    generationKey: keyOf,

    /** Opens the scope of an update of `userId`; close it when the update is done. */
    async open(userId: number): Promise<CancelScope> {
      const ahead = takeReadAhead(keyOf(userId));
      let generation = ahead === undefined ? await redis.get(keyOf(userId)) : ahead;
      const own: OpenScope = { controller: undefined, aborted: false, writes: 0 };
      const scopes = open.get(userId) ?? new Set<OpenScope>();
      scopes.add(own);
      open.set(userId, scopes);
      let overtaken = false;
      return {
        get signal() {
          return signalOf(own);
        },
        get interrupted() {
          return overtaken || own.aborted;
        },
        async cancelled() {
          if (!overtaken) {
            overtaken = own.aborted || (await redis.get(keyOf(userId))) !== generation;
          }
          return overtaken;
        },
        async writing(work) {
          own.writes++;
          try {
            return await work();
          } finally {
            own.writes--;
          }
        },
        async cancelOthers() {
          // The key never expires: an expiry would make every running update look overtaken.
          generation = String(await redis.incr(keyOf(userId)));
          const others = [...(open.get(userId) ?? [])].filter((scope) => scope !== own);
          for (const scope of others) abort(scope);
          return { interrupted: others.length, writing: others.some((scope) => scope.writes > 0) };
        },
        close() {
          scopes.delete(own);
          if (scopes.size === 0 && open.get(userId) === scopes) open.delete(userId);
        },
      };
    },
  };
}

/** The registry of running updates. */
export type UserCancellation = ReturnType<typeof createUserCancellation>;
