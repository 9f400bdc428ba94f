/**
 * What a user's /cancel reaches: the work of their other updates that are still running.
 *
 * Each update opens a scope holding an abort signal (its exchange reads listen to it) and the user's
 * cancel generation at its start. /cancel bumps the generation in Redis, so every process can tell that
 * an update was overtaken (it must then neither reply nor save its state), and aborts the scopes open in
 * this process at once. Scopes of other processes notice at their next check (at the latest when their
 * exchange deadline ends). A process that handles all of the bot's updates (long polling: one instance)
 * knows every /cancel itself, so its checks ask no Redis.
 *
 * A write to the exchange (or to the user's key) is the one thing /cancel must never lose to: Redis decides
 * which came first, for every instance alike. A write starts only in a script that finds the generation
 * unchanged since its update began and records the write as being sent; /cancel bumps the generation in a
 * script that reads what is being sent (and what was sent in the last seconds). So either the write starts
 * first and /cancel says it may still go through, or /cancel comes first and the write is never sent
 * ({@link WriteCancelled}): never "nothing was changed" beside a write.
 */

import { randomUUID } from "node:crypto";
import { WriteNotSentError } from "../../exchange/errors.ts";
import { memoKeys } from "../../redis/key-memo.ts";
import { cachedScript, LUA_NOW, runScript } from "../../redis/script.ts";
import type { RedisClient } from "../../redis/url.ts";
import { takeReadAhead } from "./update-reads.ts";

/** What a write does, so /cancel can say which one may still go through. */
export type WriteKind = "trade" | "alert" | "recurring" | "address" | "withdrawal" | "disconnect";

/** A write refused because the user's /cancel came first: nothing was sent. */
export class WriteCancelled extends WriteNotSentError {
  readonly kind: WriteKind;
  constructor(kind: WriteKind) {
    super(`${kind} not sent: the user cancelled first`);
    this.name = "WriteCancelled";
    this.kind = kind;
  }
}

/** What /cancel stopped: updates of this process it interrupted, and writes it was too late for. */
export interface Stopped {
  interrupted: number;
  /** A write being sent when /cancel came (any instance): it may still go through. */
  writing: WriteKind | undefined;
  /** A write that was sent in the seconds before /cancel came: its result is (or will be) shown. */
  wrote: WriteKind | undefined;
}

/** A write's record lasts this long without an end (its process died mid-write), and this long once sent. */
const WRITE_LEASE_MS = 120_000;
const RECENT_WRITE_MS = 10_000;

/**
 * KEYS generation, writes (hash id -> "sending:<kind>" | "sent:<kind>:<until>"); ARGV the update's
 * generation ("" for none), write id, kind, lease. 1 when the write may be sent (and is recorded as being
 * sent), 0 when a /cancel came after the update began.
 */
const BEGIN_WRITE = cachedScript(`
if (redis.call('GET', KEYS[1]) or '') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[2], ARGV[2], 'sending:' .. ARGV[3])
redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[4]))
return 1`);

/** KEYS writes; ARGV now, write id, kind, how long it counts as recent. The write got its answer. */
const END_WRITE = cachedScript(`${LUA_NOW}
redis.call('HSET', KEYS[1], ARGV[2], 'sent:' .. ARGV[3] .. ':' .. (now + tonumber(ARGV[4])))
return 1`);

/**
 * KEYS generation, writes; ARGV now. Bumps the generation (no write may start from an update begun before)
 * and returns it with the kind of a write being sent ("" for none) and of one sent recently ("" for none);
 * sent records are reported once.
 */
const CANCEL = cachedScript(`${LUA_NOW}
local generation = redis.call('INCR', KEYS[1])
local sending, sent = '', ''
local writes = redis.call('HGETALL', KEYS[2])
for i = 1, #writes, 2 do
  local kind = string.match(writes[i + 1], '^sending:(.*)$')
  if kind then sending = kind else
    local done, untilMs = string.match(writes[i + 1], '^sent:([^:]*):(%d+)$')
    if done and tonumber(untilMs) > now then sent = done end
    redis.call('HDEL', KEYS[2], writes[i])
  end
end
return {generation, sending, sent}`);

/** The cancel scope of one update. */
export interface CancelScope {
  /** Fires when this process learns of a /cancel of the same user. */
  readonly signal: AbortSignal;
  /** Whether a /cancel of the same user came after this update started (asks Redis unless already known). */
  cancelled(): Promise<boolean>;
  /** Whether this process has already learned of such a /cancel (known without asking Redis). */
  readonly interrupted: boolean;
  /**
   * Runs a write of `kind`, unless a /cancel of the user came after this update began: then nothing is
   * sent and {@link WriteCancelled} is thrown. A /cancel once it started learns that it may still go through.
   */
  writing<T>(kind: WriteKind, work: () => Promise<T>): Promise<T>;
  /**
   * Cancels the user's other updates (this one is the /cancel and stays valid), on every instance: what it
   * interrupted in this process, and the writes it came too late for.
   */
  cancelOthers(): Promise<Stopped>;
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

  async writing<T>(kind: WriteKind, work: () => Promise<T>): Promise<T> {
    // Known here already: no need to ask.
    if (this.aborted) throw new WriteCancelled(kind);
    const id = randomUUID();
    if (!(await this.registry.beginWrite(this.userId, this.generation, id, kind))) {
      this.overtaken = true;
      throw new WriteCancelled(kind);
    }
    try {
      return await work();
    } finally {
      // Not waited for by the caller's outcome: a record left "sending" lapses with its lease.
      await this.registry.endWrite(this.userId, id, kind).catch(() => undefined);
    }
  }

  async cancelOthers(): Promise<Stopped> {
    const { generation, writing, wrote } = await this.registry.cancel(this.userId);
    this.generation = generation;
    const others: Scope[] = [];
    for (let scope = this.registry.first(this.userId); scope !== undefined; scope = scope.after) {
      if (scope !== this) others.push(scope);
    }
    // Listed first: an abort's listeners may close scopes, which changes the list.
    for (const scope of others) scope.abort();
    return { interrupted: others.length, writing, wrote };
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
  /** Bumps the generation; what was being sent, and sent recently (see {@link CANCEL}). */
  cancel(userId: number): Promise<{ generation: string; writing?: WriteKind; wrote?: WriteKind }>;
  /** Records a write as being sent if the generation is still `generation`; false when it is not. */
  beginWrite(userId: number, generation: string | null, id: string, kind: WriteKind): Promise<boolean>;
  endWrite(userId: number, id: string, kind: WriteKind): Promise<void>;
  first(userId: number): Scope | undefined;
  unlink(scope: Scope): void;
}

/** Creates the registry of running updates per user. */
export function createUserCancellation(options: UserCancellationOptions) {
  const { redis, prefix, otherInstances } = options;
  // The newest open scope of each user; the others follow it through `after`.
  const open = new Map<number, Scope>();
  const keyOf = memoKeys((userId: number) => `${prefix}${userId}`);
  const writesOf = memoKeys((userId: number) => `${prefix}writes:${userId}`);
  const kindOf = (text: string | undefined) => (text ? (text as WriteKind) : undefined);
  const registry: Registry = {
    otherInstances,
    generation: (userId) => redis.get(keyOf(userId)),
    // The generation's key never expires: an expiry would make every running update look overtaken.
    async cancel(userId) {
      const [generation, sending, sent] = (await runScript(redis, CANCEL, [
        2,
        keyOf(userId),
        writesOf(userId),
        "",
      ])) as [number, string, string];
      const writing = kindOf(sending);
      const wrote = kindOf(sent);
      return {
        generation: String(generation),
        ...(writing ? { writing } : {}),
        ...(wrote ? { wrote } : {}),
      };
    },
    async beginWrite(userId, generation, id, kind) {
      const keys = [keyOf(userId), writesOf(userId)];
      const args = [generation ?? "", id, kind, WRITE_LEASE_MS];
      return (await runScript(redis, BEGIN_WRITE, [2, ...keys, ...args])) === 1;
    },
    async endWrite(userId, id, kind) {
      await runScript(redis, END_WRITE, [1, writesOf(userId), "", id, kind, RECENT_WRITE_MS]);
    },
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
