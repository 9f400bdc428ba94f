/**
 * The conversations plugin's storage over a Map, for tests of conversation code without Redis: one
 * entry per user (keyed by the user's id), so a test can look at the state or find it gone.
 */
import type { Context } from "grammy";

/** The `storage` option of `conversations()`, kept in `store`. */
export function mapConversationStorage(store: Map<string, unknown>) {
  return {
    type: "key" as const,
    adapter: {
      read: (key: string) => store.get(key) as never,
      write: (key: string, value: unknown) => void store.set(key, value),
      delete: (key: string) => void store.delete(key),
    },
    getStorageKey: (ctx: Context) => String(ctx.from?.id),
  };
}
