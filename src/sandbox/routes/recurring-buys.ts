/**
 * Recurring buys (broker schedules): create, list (filters asset, enabled), retrieve, PATCH, DELETE, and
 * the runs. A due run trades at market (direction 10 spends `quantity` AUD on the asset, 20 sells
 * `quantity` of the asset for AUD) and moves `start` to the next occurrence after now; a run the balance
 * cannot cover is skipped. Changing the period resets `start` to now unless the same PATCH gives one.
 */
import { assetName, normaliseAssetCode } from "../assets.ts";
import type { Sandbox } from "../context.ts";
import { FIAT, formatAmount } from "../decimal.ts";
import { dueBy } from "../due-time.ts";
import { type Body, empty, json, notFound } from "../http-utils.ts";
import { paginate } from "../pagination.ts";
import type { Account, Direction, Period, Schedule } from "../records.ts";
import type { Router } from "../router.ts";
import { addDays, addMonths, formatTime, parseTime } from "../time.ts";
import { executeMarketOrder, quoteTrade } from "../trading.ts";
import {
  FieldErrors,
  present,
  queryBoolean,
  readAsset,
  readBoolean,
  readChoice,
  readDecimal,
  readInteger,
} from "../validation.ts";

/** The cadences a schedule may have. */
const PERIODS: readonly Period[] = ["daily", "weekly", "fortnightly", "monthly"];

/** The wire shape of a recurring buy. */
function scheduleJson(s: Schedule): Record<string, unknown> {
  return {
    id: s.id,
    asset: s.asset,
    asset_name: assetName(s.asset),
    in_discovery_zone: false,
    quantity: formatAmount(spendAsset(s.direction, s.asset), s.quantity),
    direction: s.direction,
    start: formatTime(s.start),
    period: s.period,
    enabled: s.enabled,
  };
}

function spendAsset(direction: Direction, asset: string): string {
  return direction === 10 ? FIAT : asset;
}

/** The first occurrence of a cadence that started at `start` which lies after `now`. */
function nextRunAfter(start: number, period: Period, now: number): number {
  if (period === "monthly") {
    let next = start;
    for (let months = 1; next <= now; months++) next = addMonths(start, months);
    return next;
  }
  const step = addDays(0, period === "daily" ? 1 : period === "weekly" ? 7 : 14);
  return start + (Math.floor((now - start) / step) + 1) * step;
}

/** Reads a `start` timestamp field (ISO 8601, Brisbane time without a suffix). */
function readStart(body: Body, errors: FieldErrors): number | undefined {
  if (body.start === undefined) return undefined;
  const parsed = parseTime(body.start);
  if (!parsed) {
    errors.add("start", "Datetime has wrong format. Use YYYY-MM-DDThh:mm:ss.");
    return undefined;
  }
  return parsed.ms;
}

function findSchedule(account: Account, id: string | undefined): Schedule {
  const s = account.schedules.find((x) => x.id === Number(id));
  if (!s) throw notFound();
  return s;
}

function createSchedule(sb: Sandbox, account: Account, body: Body): Schedule {
  const errors = new FieldErrors();
  const asset = readAsset(body, "asset", errors, { required: true });
  const direction = (readInteger(body, "direction", errors, { choices: [10, 20] }) ?? 10) as Direction;
  const quantity = readDecimal(body, "quantity", errors, {
    required: true,
    asset: spendAsset(direction, asset ?? ""),
  });
  const period = readChoice(body, "period", errors, PERIODS, { required: true });
  const start = readStart(body, errors);
  const enabled = readBoolean(body, "enabled", errors);
  errors.throwIfAny();
  const schedule: Schedule = {
    id: sb.ids.next("schedule"),
    asset: present(asset),
    quantity: present(quantity),
    direction,
    start: start ?? sb.clock.now(),
    period: present(period),
    enabled: enabled ?? true,
  };
  account.schedules.push(schedule);
  if (schedule.enabled) dueBy(sb, schedule.start);
  return schedule;
}

function patchSchedule(sb: Sandbox, s: Schedule, body: Body): void {
  const errors = new FieldErrors();
  const asset = readAsset(body, "asset", errors);
  const direction = readInteger(body, "direction", errors, { choices: [10, 20] }) as Direction | undefined;
  const nextDirection = direction ?? s.direction;
  const quantity = readDecimal(body, "quantity", errors, {
    asset: spendAsset(nextDirection, asset ?? s.asset),
  });
  const period = readChoice(body, "period", errors, PERIODS);
  const start = readStart(body, errors);
  const enabled = readBoolean(body, "enabled", errors);
  errors.throwIfAny();
  if (asset) s.asset = asset;
  if (direction) s.direction = direction;
  if (quantity) s.quantity = quantity;
  if (typeof enabled === "boolean") s.enabled = enabled;
  if (period && period !== s.period) {
    s.period = period;
    // A new cadence starts at once unless the same request says when.
    if (start === undefined) s.start = sb.clock.now();
  }
  if (start !== undefined) s.start = start;
  if (s.enabled) dueBy(sb, s.start);
}

/**
 * Runs every enabled schedule whose start has come, once, and moves it to its next occurrence. Returns
 * the earliest next run of an enabled schedule (Infinity: none).
 */
export function runSchedules(sb: Sandbox, now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const account of sb.accounts.all()) {
    for (const s of account.schedules) {
      if (!s.enabled) continue;
      if (s.start <= now) {
        const [src, dst] = s.direction === 10 ? [FIAT, s.asset] : [s.asset, FIAT];
        const quote = quoteTrade(sb, src, dst, { spend: s.quantity });
        if (typeof quote !== "string") executeMarketOrder(sb, account, quote, "recurring_buy", s.id);
        s.start = nextRunAfter(s.start, s.period, now);
      }
      next = Math.min(next, s.start);
    }
  }
  return next;
}

/** Registers the recurring-buy routes under /api/private/broker/schedules/. */
export function registerRecurringBuyRoutes(router: Router): void {
  const base = "/api/private/broker/schedules/";
  router.private("GET", base, (req) => {
    const asset = req.query.get("asset");
    const wanted = asset ? normaliseAssetCode(asset) : undefined;
    const enabled = queryBoolean(req.query, "enabled");
    const list = req.account.schedules
      .filter(
        (s) =>
          (wanted === undefined || s.asset === wanted) && (enabled === undefined || s.enabled === enabled),
      )
      .sort((a, b) => b.id - a.id);
    return json(200, paginate(req, list.map(scheduleJson)));
  });
  router.private("POST", base, ({ sb, account, body }) =>
    json(201, scheduleJson(createSchedule(sb, account, body))),
  );
  router.private("GET", `${base}{id}/`, ({ account, params }) =>
    json(200, scheduleJson(findSchedule(account, params.id))),
  );
  router.private("PATCH", `${base}{id}/`, ({ sb, account, params, body }) => {
    const s = findSchedule(account, params.id);
    patchSchedule(sb, s, body);
    return json(200, scheduleJson(s));
  });
  router.private("DELETE", `${base}{id}/`, ({ account, params }) => {
    const s = findSchedule(account, params.id);
    account.schedules.splice(account.schedules.indexOf(s), 1);
    return empty(204);
  });
}
