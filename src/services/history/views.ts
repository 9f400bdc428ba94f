/**
 * History views: the state behind one /history message (filters, where its pages start, the rows on
 * screen), kept in a short-lived Redis record under a random id that the message's buttons carry. A
 * press is honoured only when the record exists, belongs to the presser, was made for that very message
 * and parses; anything else changes nothing. A user keeps at most {@link VIEWS_PER_USER} views: a new one
 * drops the oldest (whose buttons then say the list expired), so no one can fill Redis by sending /history.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { cachedScript, runScript } from "../../redis/script.ts";
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

/** The most history messages whose buttons work, per user: the newest ones. */
export const VIEWS_PER_USER = 20;

/**
 * KEYS the view, the owner's index (zset view key -> created); ARGV the view's JSON, ttl (s), now, cap.
 * Stores the view and drops the owner's oldest beyond the cap, records and index entries together.
 */
const CREATE = cachedScript(`
local ttl = tonumber(ARGV[2])
redis.call('SET', KEYS[1], ARGV[1], 'EX', ttl)
-- After every view it holds, even one made in the same millisecond: the oldest is always first.
local score = tonumber(ARGV[3])
local top = redis.call('ZREVRANGE', KEYS[2], 0, 0, 'WITHSCORES')
if top[2] and tonumber(top[2]) >= score then score = tonumber(top[2]) + 1 end
redis.call('ZADD', KEYS[2], score, KEYS[1])
local over = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[4])
if over > 0 then
  local oldest = redis.call('ZRANGE', KEYS[2], 0, over - 1)
  redis.call('DEL', unpack(oldest))
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, over - 1)
end
redis.call('EXPIRE', KEYS[2], ttl)
return 1`);

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
    /** Stores a new view and returns its id; the owner's oldest beyond {@link VIEWS_PER_USER} is dropped. */
    async create(view: HistoryView): Promise<string> {
      const id = randomBytes(9).toString("base64url");
      const keys = [prefix + id, `${prefix}of:${view.owner}`];
      await runScript(redis, CREATE, [2, ...keys, JSON.stringify(view), ttl, Date.now(), VIEWS_PER_USER]);
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
