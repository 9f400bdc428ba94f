/**
 * What market alerts (market/store.ts, market/watch.ts) and portfolio alerts (portfolio/store.ts) share in
 * how an evaluation's states and events are kept: a state is stored with the revision of the alert record it
 * was evaluated for (every edit and pause adds one), so a state or an event of an alert edited, paused or
 * deleted while it was being evaluated is never written over the new one; and the events wait in an outbox
 * until their delivery jobs are queued.
 */

/**
 * A state read back for revision `rev` with `parse`; a state written for another revision, or malformed,
 * reads as `fresh` (a new alert's state).
 */
export function parseRevisioned<S>(
  raw: string | null | undefined,
  rev: number,
  parse: (raw: unknown) => S,
  fresh: S,
): S {
  if (typeof raw !== "string") return fresh;
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== "object" || parsed === null) return fresh;
    if ((parsed as { rev?: unknown }).rev !== rev) return fresh;
    return parse(parsed);
  } catch {
    return fresh;
  }
}

/** A state as stored: the evaluation's state and the record revision it belongs to. */
export function storedRevisioned(state: object, rev: number): string {
  return JSON.stringify({ ...state, rev });
}

/**
 * Lua that writes one evaluation: KEYS[k] the records (hash id -> JSON with `paused` and `rev`), KEYS[k+1]
 * the states, KEYS[k+2] the outbox; ARGV[a] the number of states, then (id, rev, state JSON) per state,
 * then (event id, alert id, rev, delivery JSON) per event. A state or event is kept only while its alert is
 * there, unpaused and of that revision. Returns the event ids kept.
 */
export function saveEvaluationLua(k: number, a: number): string {
  return `
local function current(id, rev)
  local raw = redis.call("HGET", KEYS[${k}], id)
  if not raw then return false end
  local ok, rec = pcall(cjson.decode, raw)
  return ok and type(rec) == "table" and rec.paused ~= true and tostring(rec.rev or 0) == rev
end
local n = tonumber(ARGV[${a}])
local i = ${a + 1}
for _ = 1, n do
  if current(ARGV[i], ARGV[i + 1]) then redis.call("HSET", KEYS[${k + 1}], ARGV[i], ARGV[i + 2]) end
  i = i + 3
end
local kept = {}
while i <= #ARGV do
  if current(ARGV[i + 1], ARGV[i + 2]) then
    redis.call("HSET", KEYS[${k + 2}], ARGV[i], ARGV[i + 3])
    kept[#kept + 1] = ARGV[i]
  end
  i = i + 4
end
return kept
`;
}
