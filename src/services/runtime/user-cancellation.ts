/**
 * What a user's /cancel reaches: the work of their other updates that are still running.
 *
 * Each update opens a scope holding an abort signal (its exchange reads listen to it) and the user's
 * cancel generation at its start. /cancel bumps the generation in Redis, so every process can tell that
 * an update was overtaken (it must then neither reply nor save its state), and aborts the scopes open in
 * this process at once. Scopes of other processes notice at their next check (at the latest when their
 * exchange deadline ends). A process that handles all of the bot's updates (long polling: one instance)
 * knows every /cancel itself, so its checks ask no Redis.
 */

import { memoKeys } from "../../redis/key-memo.ts";
import type { RedisClient } from "../../redis/url.ts";
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
  /**
   * Whether other processes handle updates of the same bot (webhook mode, several instances): a /cancel
   * there reaches this process only through Redis, so its checks must ask Redis.
   */
  otherInstances: boolean;
}

/**
 * One update's scope. A class, not an object of closures: every update of every user opens one. The
 * scopes of a user that are open in this process form a list (`before`/`after`), headed in the registry.
 */
class Scope implements CancelScope {
  /** Made when the signal is first asked for: most updates never wait on the exchange. */
  private controller: AbortController | undefined;
  private aborted = false;
  private overtaken = false;
  private writes = 0;
  before: Scope | undefined;
  after: Scope | undefined;
  private readonly registry: Registry;
  readonly userId: number;
  private generation: string | null;

  constructor(registry: Registry, userId: number, generation: string | null) {
    this.registry = registry;
    this.userId = userId;
    this.generation = generation;
  }

  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort();
    }
    return this.controller.signal;
  }

  get interrupted(): boolean {
    return this.overtaken || this.aborted;
  }

  async cancelled(): Promise<boolean> {
    if (!this.overtaken) {
      this.overtaken =
        this.aborted ||
        (this.registry.otherInstances && (await this.registry.generation(this.userId)) !== this.generation);
    }
    return this.overtaken;
  }

  async writing<T>(work: () => Promise<T>): Promise<T> {
    this.writes++;
    try {
      return await work();
    } finally {
      this.writes--;
    }
  }

  async cancelOthers(): Promise<{ interrupted: number; writing: boolean }> {
    this.generation = await this.registry.bump(this.userId);
    const others: Scope[] = [];
    for (let scope = this.registry.first(this.userId); scope !== undefined; scope = scope.after) {
      if (scope !== this) others.push(scope);
    }
    // Listed first: an abort's listeners may close scopes, which changes the list.
    for (const scope of others) scope.abort();
    return { interrupted: others.length, writing: others.some((scope) => scope.writes > 0) };
  }

  close(): void {
    this.registry.unlink(this);
  }

  /** Its signal fires now, or is born aborted if nothing has asked for it yet. */
  private abort(): void {
    this.aborted = true;
    this.controller?.abort();
  }
}

/** What a scope asks of the registry: the user's generation in Redis and the list of open scopes. */
interface Registry {
  /** A /cancel may come from another process (then only the generation in Redis tells). */
  otherInstances: boolean;
  generation(userId: number): Promise<string | null>;
  bump(userId: number): Promise<string>;
  first(userId: number): Scope | undefined;
  unlink(scope: Scope): void;
}

/** Creates the registry of running updates per user. */
export function createUserCancellation(options: UserCancellationOptions) {
  const { redis, prefix, otherInstances } = options;
  // The newest open scope of each user; the others follow it through `after`.
  const open = new Map<number, Scope>();
  const keyOf = memoKeys((userId: number) => `${prefix}${userId}`);
  const registry: Registry = {
    otherInstances,
    generation: (userId) => redis.get(keyOf(userId)),
    // The key never expires: an expiry would make every running update look overtaken.
    bump: async (userId) => String(await redis.incr(keyOf(userId))),
    first: (userId) => open.get(userId),
    unlink(scope) {
      const { userId } = scope;
      if (scope.before !== undefined) scope.before.after = scope.after;
      else if (open.get(userId) === scope) {
        if (scope.after === undefined) open.delete(userId);
        else open.set(userId, scope.after);
      } else return; // already closed
      if (scope.after !== undefined) scope.after.before = scope.before;
      scope.before = undefined;
      scope.after = undefined;
    },
  };

  /** A new scope, at the head of the user's open scopes. */
  const link = (userId: number, generation: string | null): Scope => {
    const scope = new Scope(registry, userId, generation);
    const first = open.get(userId);
    if (first !== undefined) {
      scope.after = first;
      first.before = scope;
    }
    open.set(userId, scope);
    return scope;
  };
  const openReadAhead = (userId: number): CancelScope | undefined => {
    const ahead = takeReadAhead(keyOf(userId));
    return ahead === undefined ? undefined : link(userId, ahead);
  };

  return {
    /** The Redis key of the user's cancel generation, so an update can read it ahead (see update-reads.ts). */
    generationKey: keyOf,

    /** Opens the scope of an update of `userId`; close it when the update is done. */
    async open(userId: number): Promise<CancelScope> {
      return openReadAhead(userId) ?? link(userId, await redis.get(keyOf(userId)));
    },

    /** {@link open} at once, when this update read the generation ahead; otherwise undefined. */
    openReadAhead,
  };
}

/** The registry of running updates. */
export type UserCancellation = ReturnType<typeof createUserCancellation>;
