/**
 * History views: the state behind one /history message (filters, where its pages start, the rows on
 * screen), kept in a short-lived Redis record under a random id that the message's buttons carry. A
 * press is honoured only when the record exists, belongs to the presser, was made for that very message
 * and parses; anything else changes nothing.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { RedisClient } from "../../redis/url.ts";
import { HistoryFilters, HistoryRow } from "./rows.ts";

/** View ids: 9 random bytes, base64url (12 characters), so callback data stays far below 64 bytes. */
export const VIEW_ID_PATTERN = /^[A-Za-z0-9_-]{12}$/;

const RowKeySchema = z.object({ created: z.number(), id: z.number().int() });

/** The state of one history message. */
export const HistoryView = z.object({
  owner: z.number().int(),
  chatId: z.number().int(),
  /** The message the buttons are on; 0 until it is sent. */
  messageId: z.number().int(),
  filters: HistoryFilters,
  /** The screen page shown (0 = newest). */
  page: z.number().int().nonnegative(),
  /** anchors[k]: the last row shown before page k (null for page 0). */
  anchors: z.array(RowKeySchema.nullable()),
  /** The rows on screen. */
  rows: z.array(HistoryRow),
  /** Whether an older page follows. */
  hasMore: z.boolean(),
  /** The asset codes the asset picker offered (a pick must be one of them). */
  assetChoices: z.array(z.string()),
});
/** The state of one history message. */
export type HistoryView = z.output<typeof HistoryView>;

/** What loading a pressed view came to. */
export type ViewResult =
  | { status: "ok"; view: HistoryView }
  | { status: "expired" }
  | { status: "not_owner" };

/** Options of {@link createHistoryViews}. */
export interface HistoryViewOptions {
  redis: RedisClient;
  prefix?: string;
  /** How long a view lives after its last use; a day by default. */
  ttlSeconds?: number;
}

/** Creates the view store. */
export function createHistoryViews(options: HistoryViewOptions) {
  const { redis } = options;
  const prefix = options.prefix ?? "histview:";
  const ttl = options.ttlSeconds ?? 86_400;
  return {
    /** Stores a new view and returns its id. */
    async create(view: HistoryView): Promise<string> {
      const id = randomBytes(9).toString("base64url");
      await redis.set(prefix + id, JSON.stringify(view), "EX", ttl);
      return id;
    },
    /** Replaces a view (and renews its lifetime). */
    async save(id: string, view: HistoryView): Promise<void> {
      await redis.set(prefix + id, JSON.stringify(view), "EX", ttl);
    },
    /**
     * The view `id` for a press by `userId` on message `messageId` of `chatId`: expired when unknown,
     * unreadable, or made for another message; not_owner when another user's.
     */
    async load(id: string, userId: number, chatId: number, messageId: number): Promise<ViewResult> {
      if (!VIEW_ID_PATTERN.test(id)) return { status: "expired" };
      const raw = await redis.get(prefix + id);
      if (raw === null) return { status: "expired" };
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return { status: "expired" };
      }
      const view = HistoryView.safeParse(parsed);
      if (!view.success) return { status: "expired" };
      if (view.data.owner !== userId) return { status: "not_owner" };
      if (view.data.chatId !== chatId || view.data.messageId !== messageId) return { status: "expired" };
      return { status: "ok", view: view.data };
    },
  };
}

/** The view store. */
export type HistoryViews = ReturnType<typeof createHistoryViews>;
