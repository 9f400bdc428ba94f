/**
 * Each user's market alerts (the kinds the bot watches itself, docs/alerts.md "Market alerts watched by the
 * bot") in Redis, shared by every instance. Every write is one Lua script: the record, the user's index, the
 * state and the change log move together. The change log (a version counter and, per alert, the version of
 * its last change) is how the evaluator (market/watch.ts) learns what the chat changed without reading every
 * alert again each second. Anything stored that does not parse reads as absent (a record) or as a new
 * alert's state (a state): never a crash.
 */
import { randomBytes } from "node:crypto";
import type { RedisClient } from "../../../redis/url.ts";
import { parseRevisioned, storedRevisioned } from "../shared/revisioned-states.ts";
import {
  initialMarketAlertState,
  type MarketAlertSpec,
  type MarketAlertState,
  parseMarketAlertSpec,
  parseMarketAlertState,
} from "./kinds.ts";

/** A user's market alert as stored. */
export interface StoredMarketAlert {
  id: string;
  userId: number;
  spec: MarketAlertSpec;
  state: MarketAlertState;
  paused: boolean;
  createdAt: number;
}

/** The most market alerts one user may keep (paused ones count). */
export const MARKET_ALERTS_PER_USER = 20;

/** How many changes the log keeps; an evaluator further behind reads every alert again. */
const CHANGES_KEPT = 50_000;

/** The Redis keys under `prefix` (`<app prefix>market-alerts:`). */
export function marketAlertKeys(prefix: string) {
  return {
    /** hash: alert id -> record JSON `{userId, spec, sk, paused, createdAt, rev}` */
    alerts: `${prefix}alerts`,
    /** hash: alert id -> state JSON (the engine's state plus `rev`, the record revision it belongs to) */
    states: `${prefix}states`,
    /** sorted set per user: alert id -> createdAt */
    user: (userId: number) => `${prefix}user:${userId}`,
    /** string: the change counter */
    version: `${prefix}version`,
    /** sorted set: alert id -> version of its last change by the chat */
    changes: `${prefix}changes`,
    /** string: the highest version dropped from `changes` */
    floor: `${prefix}floor`,
  };
}

// Shared by the writes: log a change of alert ARGV[1] (KEYS[3] version, KEYS[4] changes, KEYS[5] floor).
const LOG_CHANGE = `
local function logChange(id)
  local v = redis.call("INCR", KEYS[3])
  redis.call("ZADD", KEYS[4], v, id)
  local n = redis.call("ZCARD", KEYS[4])
  if n > ${CHANGES_KEPT} then
    local dropped = redis.call("ZRANGE", KEYS[4], 0, n - ${CHANGES_KEPT} - 1, "WITHSCORES")
    redis.call("SET", KEYS[5], dropped[#dropped])
    redis.call("ZREMRANGEBYRANK", KEYS[4], 0, n - ${CHANGES_KEPT} - 1)
  end
  return v
end
`;

// KEYS: alerts, states, version, changes, floor, user. ARGV: id, record, state, spec key, limit.
// Refuses past the limit or when the user has an alert of the same spec; an id already taken: "taken".
const CREATE = `${LOG_CHANGE}
if redis.call("HEXISTS", KEYS[1], ARGV[1]) == 1 then return "taken" end
local ids = redis.call("ZRANGE", KEYS[6], 0, -1)
local live = 0
for _, other in ipairs(ids) do
  local raw = redis.call("HGET", KEYS[1], other)
  if raw then
    live = live + 1
    local ok, rec = pcall(cjson.decode, raw)
    if ok and type(rec) == "table" and rec.sk == ARGV[4] then return "duplicate" end
  else
    redis.call("ZREM", KEYS[6], other)
  end
end
if live >= tonumber(ARGV[5]) then return "limit" end
local rec = cjson.decode(ARGV[2])
redis.call("HSET", KEYS[1], ARGV[1], ARGV[2])
redis.call("HSET", KEYS[2], ARGV[1], ARGV[3])
redis.call("ZADD", KEYS[6], rec.createdAt, ARGV[1])
logChange(ARGV[1])
return "ok"
`;

// KEYS: alerts, states, version, changes, floor. ARGV: id, user id, what ("replace" | "pause"), then
// for replace: spec JSON, spec key, state JSON; for pause: "1" | "0". Returns the new record or nil.
const UPDATE = `${LOG_CHANGE}
local raw = redis.call("HGET", KEYS[1], ARGV[1])
if not raw then return false end
local ok, rec = pcall(cjson.decode, raw)
if not ok or type(rec) ~= "table" or tostring(rec.userId) ~= ARGV[2] then return false end
rec.rev = (tonumber(rec.rev) or 0) + 1
if ARGV[3] == "replace" then
  rec.spec = cjson.decode(ARGV[4])
  rec.sk = ARGV[5]
  local state = cjson.decode(ARGV[6])
  state.rev = rec.rev
  redis.call("HSET", KEYS[2], ARGV[1], cjson.encode(state))
else
  rec.paused = ARGV[4] == "1"
  -- The state carries over to the new revision (a resumed alert that still holds does not fire again).
  local sraw = redis.call("HGET", KEYS[2], ARGV[1])
  local sok, state = pcall(cjson.decode, sraw or "")
  if sok and type(state) == "table" and state.rev == rec.rev - 1 then
    state.rev = rec.rev
    redis.call("HSET", KEYS[2], ARGV[1], cjson.encode(state))
  end
end
local out = cjson.encode(rec)
redis.call("HSET", KEYS[1], ARGV[1], out)
logChange(ARGV[1])
return {out, redis.call("HGET", KEYS[2], ARGV[1]) or false}
`;

// KEYS: alerts, states, version, changes, floor, user. ARGV: id, user id.
const REMOVE = `${LOG_CHANGE}
local raw = redis.call("HGET", KEYS[1], ARGV[1])
if not raw then return 0 end
local ok, rec = pcall(cjson.decode, raw)
if ok and type(rec) == "table" and tostring(rec.userId) ~= ARGV[2] then return 0 end
redis.call("HDEL", KEYS[1], ARGV[1])
redis.call("HDEL", KEYS[2], ARGV[1])
redis.call("ZREM", KEYS[6], ARGV[1])
logChange(ARGV[1])
return 1
`;

/** A stored record, parsed; `rev` is its revision (every edit and pause adds one). */
export interface MarketAlertRecord {
  id: string;
  userId: number;
  spec: MarketAlertSpec;
  paused: boolean;
  createdAt: number;
  rev: number;
}

/** A stored record back; undefined for anything malformed (or of another user when `userId` is given). */
export function parseMarketAlertRecord(
  id: string,
  raw: string | null | undefined,
  userId?: number,
): MarketAlertRecord | undefined {
  if (typeof raw !== "string") return undefined;
  let r: unknown;
  try {
    r = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof r !== "object" || r === null) return undefined;
  const rec = r as Record<string, unknown>;
  const spec = parseMarketAlertSpec(rec.spec);
  if (!spec.ok || !Number.isSafeInteger(rec.userId) || typeof rec.createdAt !== "number") return undefined;
  if (userId !== undefined && rec.userId !== userId) return undefined;
  return {
    id,
    userId: rec.userId as number,
    spec: spec.spec,
    paused: rec.paused === true,
    createdAt: rec.createdAt,
    rev: typeof rec.rev === "number" ? rec.rev : 0,
  };
}

/** A stored state back for revision `rev` (another revision's, or malformed: a new alert's). */
export function parseStoredState(raw: string | null | undefined, rev: number): MarketAlertState {
  return parseRevisioned(raw, rev, parseMarketAlertState, { phase: "new" });
}

/** The spec in its canonical form (throws on a spec that does not pass its checks: the chat checks first). */
function canonical(spec: MarketAlertSpec): MarketAlertSpec {
  const parsed = parseMarketAlertSpec(spec);
  if (!parsed.ok) throw new TypeError(`market alert spec refused: ${parsed.error}`);
  return parsed.spec;
}

/** Creates the store under `prefix` (`<app prefix>market-alerts:`). */
export function createMarketAlertStore(options: { redis: RedisClient; prefix: string }) {
  const { redis } = options;
  const keys = marketAlertKeys(options.prefix);
  const logKeys = [keys.alerts, keys.states, keys.version, keys.changes, keys.floor];

  const stored = (record: MarketAlertRecord, state: string | null | undefined): StoredMarketAlert => ({
    id: record.id,
    userId: record.userId,
    spec: record.spec,
    state: parseStoredState(state, record.rev),
    paused: record.paused,
    createdAt: record.createdAt,
  });

  async function update(userId: number, id: string, args: string[]): Promise<StoredMarketAlert | undefined> {
    const out = (await redis.eval(UPDATE, logKeys.length, ...logKeys, id, String(userId), ...args)) as
      | [string, string | null]
      | null;
    if (!out) return undefined;
    const record = parseMarketAlertRecord(id, out[0], userId);
    return record && stored(record, out[1]);
  }

  return {
    keys,

    /** The user's market alerts, oldest first. */
    async list(userId: number): Promise<StoredMarketAlert[]> {
      const ids = await redis.zrange(keys.user(userId), "0", "-1");
      if (ids.length === 0) return [];
      const [records, states] = await Promise.all([
        redis.hmget(keys.alerts, ...ids),
        redis.hmget(keys.states, ...ids),
      ]);
      const alerts: StoredMarketAlert[] = [];
      ids.forEach((id, i) => {
        const record = parseMarketAlertRecord(id, records[i], userId);
        if (record) alerts.push(stored(record, states[i]));
      });
      return alerts;
    },

    /** One of the user's alerts; undefined when it is not theirs, gone or unreadable. */
    async get(userId: number, id: string): Promise<StoredMarketAlert | undefined> {
      const [record, state] = await Promise.all([redis.hget(keys.alerts, id), redis.hget(keys.states, id)]);
      const parsed = parseMarketAlertRecord(id, record, userId);
      return parsed && stored(parsed, state);
    },

    /**
     * Saves a new alert, its state starting at `price` (the ticker's mid now, a decimal string) at `at`.
     * Refused past {@link MARKET_ALERTS_PER_USER} or when the user has one of the same spec.
     */
    async create(
      userId: number,
      spec: MarketAlertSpec,
      price: string,
      at: number,
    ): Promise<{ alert: StoredMarketAlert } | { refused: "limit" | "duplicate" }> {
      const clean = canonical(spec);
      const sk = JSON.stringify(clean);
      const state = initialMarketAlertState(clean, price, at);
      for (;;) {
        const id = randomBytes(6).toString("base64url");
        const record = JSON.stringify({ userId, spec: clean, sk, paused: false, createdAt: at, rev: 0 });
        const answer = await redis.eval(
          CREATE,
          6,
          ...logKeys,
          keys.user(userId),
          id,
          record,
          storedRevisioned(state, 0),
          sk,
          String(MARKET_ALERTS_PER_USER),
        );
        if (answer === "limit" || answer === "duplicate") return { refused: answer };
        if (answer === "ok") {
          return { alert: { id, userId, spec: clean, state, paused: false, createdAt: at } };
        }
        // "taken": an id drawn twice (48 random bits); draw again.
      }
    },

    /** An edit: the new spec, its state starting anew at `price`, `at`. Undefined when the alert is not there. */
    async replace(
      userId: number,
      id: string,
      spec: MarketAlertSpec,
      price: string,
      at: number,
    ): Promise<StoredMarketAlert | undefined> {
      const clean = canonical(spec);
      const state = initialMarketAlertState(clean, price, at);
      return update(userId, id, [
        "replace",
        JSON.stringify(clean),
        JSON.stringify(clean),
        JSON.stringify(state),
      ]);
    },

    /** Pauses or resumes an alert (its state is kept: a resumed alert that still holds does not fire again). */
    async setPaused(userId: number, id: string, paused: boolean): Promise<StoredMarketAlert | undefined> {
      return update(userId, id, ["pause", paused ? "1" : "0"]);
    },

    /** Deletes an alert; false when it was not there (or not the user's). */
    async remove(userId: number, id: string): Promise<boolean> {
      return (await redis.eval(REMOVE, 6, ...logKeys, keys.user(userId), id, String(userId))) === 1;
    },
  };
}

/** The market alerts store. */
export type MarketAlertStore = ReturnType<typeof createMarketAlertStore>;
