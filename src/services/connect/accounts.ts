/**
 * Users' exchange accounts: connecting a key (checked against the exchange, then stored encrypted in
 * the vault), finding the client for a user, and disconnecting. The key only ever exists in plain text
 * in memory: on its way from the user's message to the vault or to the exchange, and in the vault's memo
 * of what it decrypted lately (vault/opened-secrets.ts).
 */

import {
  type CallOptions,
  type ClientFactory,
  ExchangeCancelledError,
  type ExchangeClient,
  ExchangeForbiddenError,
  ExchangeUnauthorizedError,
} from "../../exchange/index.ts";
import { memoKeys } from "../../redis/key-memo.ts";
import type { RedisClient } from "../../redis/url.ts";
import type { Vault } from "../../vault/vault.ts";
import { type AheadReads, forgetReadAhead, takeReadAhead } from "../runtime/update-reads.ts";
import { hasKnownKeyFormat, keyCandidates } from "./pasted-keys.ts";

const VAULT_FIELD = "api_key";

/** Whether the key may trade: `unknown` when the exchange gave no sign either way. */
export type KeyPermission = "read_write" | "read_only" | "unknown";

/** Outcome of connecting a key. */
export type ConnectResult = { status: "connected"; permission: KeyPermission } | { status: "invalid" };

/** Options of {@link createAccountService}. */
export interface AccountServiceOptions {
  vault: Vault;
  clients: ClientFactory;
  redis: RedisClient;
  /** Key prefix for the (non-secret) permission flag. */
  prefix?: string;
}

/** Creates the account service. */
export function createAccountService(options: AccountServiceOptions) {
  const { vault, clients, redis } = options;
  const permissionKey = memoKeys((userId: number) => `${options.prefix ?? "account:"}${userId}:permission`);

  /**
   * Tells a read-only key from a read-write one without moving funds: a swap estimate is a write
   * endpoint that trades nothing, so a read-only key is refused (403).
   */
  async function probePermission(client: ExchangeClient): Promise<KeyPermission> {
    try {
      await client.swaps.estimate({ src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "10" });
      return "read_write";
    } catch (error) {
      if (error instanceof ExchangeForbiddenError) return "read_only";
      if (error instanceof ExchangeUnauthorizedError) throw error;
      return "unknown";
    }
  }

  return {
    /**
     * Checks `apiKey` with a cheap private call, learns whether it can trade, and stores it encrypted.
     * An invalid key is not stored. Other failures (exchange down) are thrown for the caller to explain.
     */
    async connect(userId: number, apiKey: string, call?: CallOptions): Promise<ConnectResult> {
      const client = clients.forKey(apiKey, call);
      let permission: KeyPermission;
      try {
        await client.profile.brief();
        permission = await probePermission(client);
      } catch (error) {
        if (error instanceof ExchangeUnauthorizedError) return { status: "invalid" };
        throw error;
      }
      // A caller that gave up meanwhile (the user's /cancel) must not find the key stored after all.
      if (call?.signal?.aborted) throw new ExchangeCancelledError();
      // The fingerprint lets the bot recognise this key if it is ever pasted at the wrong place.
      await vault.put(userId, VAULT_FIELD, apiKey, { fingerprint: true });
      forgetReadAhead(permissionKey(userId));
      await redis.set(permissionKey(userId), permission);
      return { status: "connected", permission };
    },

    /** Removes the user's key; false when none was stored. */
    async disconnect(userId: number): Promise<boolean> {
      const removed = await vault.delete(userId, VAULT_FIELD);
      forgetReadAhead(permissionKey(userId));
      await redis.del(permissionKey(userId));
      return removed;
    },

    /** Every user with a stored key (for the alert watcher's first start). */
    connectedUsers: (): AsyncIterable<number> => vault.usersWith(VAULT_FIELD),

    /** Whether a key is stored for the user. */
    isConnected: (userId: number): Promise<boolean> => vault.has(userId, VAULT_FIELD),

    /** What the stored key may do, as learned when it was connected. */
    async permission(userId: number): Promise<KeyPermission> {
      const key = permissionKey(userId);
      // Read ahead with the key's record (see aheadReads) on an update of the user's; else from Redis.
      const ahead = takeReadAhead(key);
      const value = ahead === undefined ? await redis.get(key) : ahead;
      return value === "read_write" || value === "read_only" ? value : "unknown";
    },

    /** The client for the user's stored key (its calls bounded by `call`), or undefined when none is connected. */
    async clientFor(userId: number, call?: CallOptions): Promise<ExchangeClient | undefined> {
      const apiKey = await vault.get(userId, VAULT_FIELD);
      return apiKey === undefined ? undefined : clients.forKey(apiKey, call);
    },

    /**
     * Whether `text` holds an API key anywhere in it: a token with a known key format, or the user's
     * own connected key (by its keyed fingerprint). An address or amount that is neither is not a key.
     */
    async containsKey(userId: number, text: string): Promise<boolean> {
      const candidates = keyCandidates(text);
      if (candidates.length === 0) return false;
      if (candidates.some(hasKnownKeyFormat)) return true;
      return vault.matches(userId, VAULT_FIELD, candidates);
    },

    /**
     * The reads of a user's key (its vault record, its permission), so an update can read them ahead (see
     * runtime/update-reads.ts): every write flow asks for both.
     */
    aheadReads: (userId: number): Required<Omit<AheadReads, "budget">> => ({
      keys: [permissionKey(userId)],
      hashes: [vault.aheadReads(userId, VAULT_FIELD)],
    }),

    /** A client for public market data. */
    publicClient: (): ExchangeClient => clients.public(),
  };
}

/** The account service. */
export type AccountService = ReturnType<typeof createAccountService>;
