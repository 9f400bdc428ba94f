/**
 * Each user's portfolio alerts (docs/alerts.md "Portfolio alerts") in Redis, shared by every instance. A
 * user's alerts are one hash and their states another, both keyed by the user: the heartbeat reads them
 * with the user's other data, and no evaluator needs to learn of changes across users (unlike market
 * alerts, whose evaluator reads every alert on every ticker reading). Every write is one Lua script; a
 * state carries the record revision it belongs to, so an edit racing a heartbeat's evaluation is never
 * overwritten by the old alert's state. Anything stored that does not parse reads as absent (a record) or
 * as a new alert's state: never a crash.
 */
import { randomBytes } from "node:crypto";
import { cachedScript, runScript } from "../../../redis/script.ts";
import type { RedisClient } from "../../../redis/url.ts";
import { parseRevisioned, saveEvaluationLua, storedRevisioned } from "../shared/revisioned-states.ts";
import {
  type PortfolioAlertSpec,
  type PortfolioAlertState,
  parsePortfolioAlertSpec,
  parsePortfolioAlertState,
} from "./kinds.ts";

/** A user's portfolio alert as stored. */
export interface StoredPortfolioAlert {
  id: string;
  userId: number;
  spec: PortfolioAlertSpec;
  state: PortfolioAlertState;
  paused: boolean;
  createdAt: number;
  /** The record's revision: every edit and pause adds one; a state is kept for one revision. */
  rev: number;
}

/** The most portfolio alerts one user may keep (paused ones count). */
export const PORTFOLIO_ALERTS_PER_USER = 10;

/** The Redis keys under `prefix` (`<app prefix>portfolio-alerts:`). */
export function portfolioAlertKeys(prefix: string) {
  return {
    /** hash per user: alert id -> record JSON `{spec, sk, paused, createdAt, rev}` */
    alerts: (userId: number) => `${prefix}user:${userId}`,
    /** hash per user: alert id -> state JSON (the evaluation's state plus `rev`) */
    states: (userId: number) => `${prefix}states:${userId}`,
    /** hash per user: event id -> delivery JSON, between a reading's write and its delivery jobs */
    outbox: (userId: number) => `${prefix}outbox:${userId}`,
  };
}

// KEYS: alerts, states. ARGV: id, record JSON, spec key, limit.
const CREATE = cachedScript(`
if redis.call("HEXISTS", KEYS[1], ARGV[1]) == 1 then return "taken" end
local all = redis.call("HGETALL", KEYS[1])
local live = 0
for i = 2, #all, 2 do
  live = live + 1
  local ok, rec = pcall(cjson.decode, all[i])
  if ok and type(rec) == "table" and rec.sk == ARGV[3] then return "duplicate" end
end
if live >= tonumber(ARGV[4]) then return "limit" end
redis.call("HSET", KEYS[1], ARGV[1], ARGV[2])
redis.call("HDEL", KEYS[2], ARGV[1])
return "ok"
`);

// KEYS: alerts, states. ARGV: id, what ("replace" | "pause"), then for replace: spec JSON, spec key; for
// pause: "1" | "0". Returns {record, state} or nil when the alert is not there.
const UPDATE = cachedScript(`
local raw = redis.call("HGET", KEYS[1], ARGV[1])
if not raw then return false end
local ok, rec = pcall(cjson.decode, raw)
if not ok or type(rec) ~= "table" then return false end
rec.rev = (tonumber(rec.rev) or 0) + 1
if ARGV[2] == "replace" then
  rec.spec = cjson.decode(ARGV[3])
  rec.sk = ARGV[4]
  redis.call("HDEL", KEYS[2], ARGV[1])
else
  rec.paused = ARGV[3] == "1"
  -- The state carries over (a resumed alert whose condition still holds does not fire again).
  local sok, state = pcall(cjson.decode, redis.call("HGET", KEYS[2], ARGV[1]) or "")
  if sok and type(state) == "table" and state.rev == rec.rev - 1 then
    state.rev = rec.rev
    redis.call("HSET", KEYS[2], ARGV[1], cjson.encode(state))
  end
end
local out = cjson.encode(rec)
redis.call("HSET", KEYS[1], ARGV[1], out)
return {out, redis.call("HGET", KEYS[2], ARGV[1]) or false}
`);

// KEYS: alerts, states. ARGV: id.
const REMOVE = cachedScript(`
local n = redis.call("HDEL", KEYS[1], ARGV[1])
redis.call("HDEL", KEYS[2], ARGV[1])
return n
`);

// KEYS: alerts, states, outbox (shared/revisioned-states.ts).
const SAVE_READING = cachedScript(saveEvaluationLua(1, 1));

/** A stored record back, without its state; undefined for anything malformed. */
function parseRecord(userId: number, id: string, raw: string | null | undefined) {
  if (typeof raw !== "string") return undefined;
  let r: unknown;
  try {
    r = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof r !== "object" || r === null) return undefined;
  const rec = r as Record<string, unknown>;
  const spec = parsePortfolioAlertSpec(rec.spec);
  if (!spec.ok || typeof rec.createdAt !== "number") return undefined;
  return {
    id,
    userId,
    spec: spec.spec,
    paused: rec.paused === true,
    createdAt: rec.createdAt,
    rev: typeof rec.rev === "number" ? rec.rev : 0,
  };
}

/** A stored state back for revision `rev` (another revision's, or malformed: a new alert's). */
function parseStoredPortfolioState(raw: string | null | undefined, rev: number): PortfolioAlertState {
  return parseRevisioned(raw, rev, parsePortfolioAlertState, { phase: "new" });
}

/** The spec in canonical form (throws on a spec that does not pass its checks: the chat checks first). */
function canonical(spec: PortfolioAlertSpec): PortfolioAlertSpec {
  const parsed = parsePortfolioAlertSpec(spec);
  if (!parsed.ok) throw new TypeError(`portfolio alert spec refused: ${parsed.error}`);
  return parsed.spec;
}

/** Creates the store under `prefix` (`<app prefix>portfolio-alerts:`). */
export function createPortfolioAlertStore(options: { redis: RedisClient; prefix: string }) {
  const { redis } = options;
  const keys = portfolioAlertKeys(options.prefix);
  const pair = (userId: number): [number, string, string] => [2, keys.alerts(userId), keys.states(userId)];

  const withState = (
    record: NonNullable<ReturnType<typeof parseRecord>>,
    state: string | null | undefined,
  ): StoredPortfolioAlert => ({ ...record, state: parseStoredPortfolioState(state, record.rev) });

  return {
    keys,

    /** The user's portfolio alerts, oldest first. */
    async list(userId: number): Promise<StoredPortfolioAlert[]> {
      const [records, states] = await Promise.all([
        redis.hgetall(keys.alerts(userId)),
        redis.hgetall(keys.states(userId)),
      ]);
      const alerts: StoredPortfolioAlert[] = [];
      for (const [id, raw] of Object.entries(records)) {
        const record = parseRecord(userId, id, raw);
        if (record) alerts.push(withState(record, states[id]));
      }
      return alerts.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    },

    /** One of the user's alerts; undefined when it is gone or unreadable. */
    async get(userId: number, id: string): Promise<StoredPortfolioAlert | undefined> {
      const [raw, state] = await Promise.all([
        redis.hget(keys.alerts(userId), id),
        redis.hget(keys.states(userId), id),
      ]);
      const record = parseRecord(userId, id, raw);
      return record && withState(record, state);
    },

    /** Saves a new alert (state new). Refused past {@link PORTFOLIO_ALERTS_PER_USER} or when the user has one of the same spec. */
    async create(
      userId: number,
      spec: PortfolioAlertSpec,
      at: number,
    ): Promise<{ alert: StoredPortfolioAlert } | { refused: "limit" | "duplicate" }> {
      const clean = canonical(spec);
      const sk = JSON.stringify(clean);
      for (;;) {
        const id = randomBytes(6).toString("base64url");
        const record = JSON.stringify({ spec: clean, sk, paused: false, createdAt: at, rev: 0 });
        const answer = await runScript(redis, CREATE, [
          ...pair(userId),
          id,
          record,
          sk,
          String(PORTFOLIO_ALERTS_PER_USER),
        ]);
        if (answer === "limit" || answer === "duplicate") return { refused: answer };
        if (answer === "ok") {
          return {
            alert: { id, userId, spec: clean, state: { phase: "new" }, paused: false, createdAt: at, rev: 0 },
          };
        }
        // "taken": an id drawn twice (48 random bits); draw again.
      }
    },

    /** An edit: the new spec, its state starting anew. Undefined when the alert is not there. */
    async replace(
      userId: number,
      id: string,
      spec: PortfolioAlertSpec,
    ): Promise<StoredPortfolioAlert | undefined> {
      const clean = canonical(spec);
      return update(userId, id, ["replace", JSON.stringify(clean), JSON.stringify(clean)]);
    },

    /** Pauses or resumes an alert (its state is kept). */
    async setPaused(userId: number, id: string, paused: boolean): Promise<StoredPortfolioAlert | undefined> {
      return update(userId, id, ["pause", paused ? "1" : "0"]);
    },

    /** Deletes an alert; false when it was not there. */
    async remove(userId: number, id: string): Promise<boolean> {
      return (await runScript(redis, REMOVE, [...pair(userId), id])) === 1;
    },

    /**
     * Saves what one reading of the user's statistics did, in one script: the changed states and the
     * events (into the user's outbox), each only while its alert is there, unpaused and still of revision
     * `rev`. Returns the ids of the events kept, which the caller queues and then clears.
     */
    async saveReading(
      userId: number,
      states: readonly { id: string; rev: number; state: PortfolioAlertState }[],
      events: readonly { eventId: string; alertId: string; rev: number; delivery: string }[],
    ): Promise<string[]> {
      const args: (string | number)[] = [states.length];
      for (const s of states) args.push(s.id, s.rev, storedRevisioned(s.state, s.rev));
      for (const e of events) args.push(e.eventId, e.alertId, e.rev, e.delivery);
      return (await runScript(redis, SAVE_READING, [
        3,
        keys.alerts(userId),
        keys.states(userId),
        keys.outbox(userId),
        ...args,
      ])) as string[];
    },

    /** The user's outbox: event id -> delivery JSON, written but not yet queued. */
    async outbox(userId: number): Promise<Record<string, string>> {
      return redis.hgetall(keys.outbox(userId));
    },

    /** Clears queued events from the user's outbox. */
    async clearOutbox(userId: number, eventIds: readonly string[]): Promise<void> {
      if (eventIds.length > 0) await redis.hdel(keys.outbox(userId), ...eventIds);
    },
  };

  async function update(
    userId: number,
    id: string,
    args: string[],
  ): Promise<StoredPortfolioAlert | undefined> {
    const out = (await runScript(redis, UPDATE, [...pair(userId), id, ...args])) as
      | [string, string | null]
      | null;
    if (!out) return undefined;
    const record = parseRecord(userId, id, out[0]);
    return record && withState(record, out[1]);
  }
}

/** The portfolio alerts store. */
export type PortfolioAlertStore = ReturnType<typeof createPortfolioAlertStore>;
