/**
 * Control endpoints under /_sandbox/ for tests and demos (only when the server enables them; no key):
 * accounts, prices, market walk, clock, outbox, email links, per-account behaviour, fault injection and
 * the request log. The same operations are available in-process through the server handle.
 */

import { openAccount } from "./accounts.ts";
import { cryptoAsset, isKnownAsset, normaliseAssetCode } from "./assets.ts";
import type { Sandbox } from "./context.ts";
import { type Dec, parseDecimal } from "./decimal.ts";
import { runDueWork } from "./due-work.ts";
import { type Faults, faultJson } from "./faults.ts";
import { ApiError, type Body, json, notFound } from "./http-utils.ts";
import type { TickerEntry } from "./market.ts";
import { emailJson } from "./outbox.ts";
import type { Account, Behaviour } from "./records.ts";
import type { RequestLog } from "./request-log.ts";
import type { Router } from "./router.ts";
import { confirmEntry } from "./routes/address-book.ts";
import { evaluateTriggers } from "./routes/price-triggers.ts";
import { awaitingLink, release } from "./routes/withdrawals.ts";
import { formatTime } from "./time.ts";
import { FieldErrors, readBoolean, readChoice, readInteger, readString } from "./validation.ts";

/** Keys and 2FA code of an account, as the control endpoint returns them. */
export interface AccountCredentials {
  account_id: number;
  read_write_key: string;
  read_only_key: string;
  totp: string;
}

/** The credentials of an account. */
export function credentials(account: Account): AccountCredentials {
  return {
    account_id: account.id,
    read_write_key: account.readWriteKey,
    read_only_key: account.readOnlyKey,
    totp: account.totp,
  };
}

/**
 * Opens an account with starting balances (asset code -> decimal string, deposited now) and an optional
 * 2FA code. Throws 400 with a field map for unknown assets or bad amounts.
 */
export function createAccount(sb: Sandbox, balances: unknown, totp: unknown): Account {
  const errors = new FieldErrors();
  const parsed = new Map<string, Dec>();
  if (balances !== undefined && balances !== null) {
    if (typeof balances !== "object" || Array.isArray(balances))
      errors.add("balances", "Expected an object of asset: amount.");
    else {
      for (const [raw, value] of Object.entries(balances)) {
        const code = normaliseAssetCode(raw);
        const amount = parseDecimal(value);
        if (!isKnownAsset(code)) errors.add("balances", `Unknown asset ${raw}.`);
        else if (!amount || amount.isNegative()) errors.add("balances", `Bad amount for ${raw}.`);
        else parsed.set(code, amount);
      }
    }
  }
  const code = readString({ totp }, "totp", errors, { min: 1, max: 1024 });
  errors.throwIfAny();
  return openAccount(sb, { balances: parsed, totp: code ?? undefined });
}

/** Sets the mid price of a listed asset (spread kept) and evaluates triggers at once. */
export function setPrice(sb: Sandbox, asset: string, price: unknown): TickerEntry {
  const code = normaliseAssetCode(asset);
  if (!cryptoAsset(code)) throw notFound();
  const value = parseDecimal(price);
  if (!value || value.lessThanOrEqualTo(0))
    throw new ApiError(400, { price: ["A positive decimal price is required."] });
  const now = sb.clock.now();
  sb.market.setMid(code, value, now);
  evaluateTriggers(sb, now);
  return sb.market.tickerEntry(code);
}

/** The largest single clock jump (five years), which keeps due work bounded. */
const MAX_ADVANCE_SECONDS = 5 * 366 * 24 * 60 * 60;

/** Advances the sandbox clock and runs the work that fell due. */
export function advanceClock(sb: Sandbox, seconds: number): void {
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS) {
    throw new ApiError(400, { seconds: [`Give a number of seconds from 0 to ${MAX_ADVANCE_SECONDS}.`] });
  }
  sb.clock.advance(Math.round(seconds * 1000));
  runDueWork(sb);
}

function clockJson(sb: Sandbox): Record<string, unknown> {
  return { now: formatTime(sb.clock.now()), offset_seconds: sb.clock.offsetMs / 1000 };
}

/** Follows an emailed link: 200 when it took effect, 410 when expired or used, 404 when unknown. */
export function followLink(sb: Sandbox, token: string): Record<string, unknown> {
  const email = sb.outbox.byToken(token);
  const account = email ? sb.accounts.byId(email.accountId) : undefined;
  if (!email || !account) throw notFound("Unknown link.");
  const now = sb.clock.now();
  if (email.usedAt !== null) throw new ApiError(410, { detail: "This link was already used." });
  if (now > email.expiresAt) throw new ApiError(410, { detail: "This link has expired." });
  if (email.kind === "address_confirmation") {
    const entry = account.addressBook.find((e) => e.id === email.recordId);
    if (!entry) throw notFound("Unknown link.");
    confirmEntry(entry, now);
    email.usedAt = now;
    return { kind: email.kind, entry_id: entry.id, confirmed: true };
  }
  const w = account.withdrawals.find((x) => x.id === email.recordId);
  if (!w) throw notFound("Unknown link.");
  if (!awaitingLink(w))
    throw new ApiError(410, { detail: "This withdrawal no longer waits for confirmation." });
  release(sb, account, w, now);
  email.usedAt = now;
  runDueWork(sb);
  return { kind: email.kind, withdrawal_id: w.id, confirmed: true };
}

function updateBehaviour(account: Account, body: Body): Behaviour {
  const errors = new FieldErrors();
  const swap = readChoice(body, "swap_outcome", errors, ["processed", "error"] as const);
  const settle = readInteger(body, "swap_settle_ms", errors, { nullable: true, min: 0 });
  const audValue = readChoice(body, "swap_retrieve_aud_value", errors, ["shown", "omitted"] as const);
  const withdrawal = readChoice(body, "withdrawal_outcome", errors, [
    "processed",
    "error",
    "rejected",
  ] as const);
  errors.throwIfAny();
  const b = account.behaviour;
  if (swap) b.swapOutcome = swap;
  if (settle !== undefined) b.swapSettleMs = settle;
  if (audValue) b.swapRetrieveAudValue = audValue;
  if (withdrawal) b.withdrawalOutcome = withdrawal;
  return b;
}

function accountParam(query: URLSearchParams): number | undefined {
  const raw = query.get("account_id");
  if (raw === null || raw === "") return undefined;
  if (!/^\d+$/.test(raw)) throw new ApiError(400, { account_id: ["A valid integer is required."] });
  return Number(raw);
}

/** Registers the /_sandbox/ routes on the control router. */
export function registerControlRoutes(router: Router, faults: Faults, log: RequestLog): void {
  router.public("POST", "/_sandbox/accounts", ({ sb, body }) =>
    json(201, credentials(createAccount(sb, body.balances, body.totp))),
  );
  router.public("PUT", "/_sandbox/accounts/{id}/behaviour", ({ sb, params, body }) => {
    const account = sb.accounts.byId(Number(params.id));
    if (!account) throw notFound();
    const b = updateBehaviour(account, body);
    return json(200, {
      swap_outcome: b.swapOutcome,
      swap_settle_ms: b.swapSettleMs,
      swap_retrieve_aud_value: b.swapRetrieveAudValue,
      withdrawal_outcome: b.withdrawalOutcome,
    });
  });
  router.public("PUT", "/_sandbox/prices/{asset}", ({ sb, params, body }) =>
    json(200, setPrice(sb, params.asset ?? "", body.price)),
  );
  router.public("PUT", "/_sandbox/market", ({ sb, body }) => {
    const errors = new FieldErrors();
    const walk = readBoolean(body, "walk", errors, { required: true });
    errors.throwIfAny();
    runDueWork(sb);
    sb.market.walk = walk === true;
    return json(200, { walk: sb.market.walk });
  });
  router.public("GET", "/_sandbox/clock", ({ sb }) => json(200, clockJson(sb)));
  router.public("POST", "/_sandbox/clock/advance", ({ sb, body }) => {
    advanceClock(sb, typeof body.seconds === "number" ? body.seconds : Number.NaN);
    return json(200, clockJson(sb));
  });
  router.public("GET", "/_sandbox/outbox", ({ sb, query }) =>
    json(200, sb.outbox.list(accountParam(query)).map(emailJson)),
  );
  router.public("POST", "/_sandbox/links/{token}", ({ sb, params }) =>
    json(200, followLink(sb, params.token ?? "")),
  );
  router.public("POST", "/_sandbox/faults", ({ body }) => {
    const errors = new FieldErrors();
    const method = readString(body, "method", errors, { min: 1, max: 10, nullable: true });
    const pathPrefix = readString(body, "path_prefix", errors, { required: true, min: 1 });
    const drop = readBoolean(body, "drop", errors);
    const malformed = readBoolean(body, "malformed", errors);
    const after = readBoolean(body, "after", errors);
    const status = readInteger(body, "status", errors, { nullable: true, min: 200 });
    const delayMs = readInteger(body, "delay_ms", errors, { nullable: true, min: 0 });
    const count = readInteger(body, "count", errors, { min: 1 });
    const retryAfter = readInteger(body, "retry_after", errors, { nullable: true, min: 0 });
    errors.throwIfAny();
    const delay = delayMs ?? 0;
    if (typeof pathPrefix !== "string") throw new ApiError(400, { path_prefix: ["Required."] });
    if (drop === true && typeof status === "number") {
      throw new ApiError(400, { status: ["Give either a status or drop, not both."] });
    }
    if (drop === true && malformed === true) {
      throw new ApiError(400, { malformed: ["Give either drop or malformed, not both."] });
    }
    if (typeof status === "number" && status > 599) {
      throw new ApiError(400, { status: ["Give an HTTP status from 200 to 599."] });
    }
    if (
      typeof status !== "number" &&
      drop !== true &&
      malformed !== true &&
      (delay === 0 || after === true)
    ) {
      throw new ApiError(400, {
        status: ["Give a status, drop, malformed, or (before processing) a delay_ms."],
      });
    }
    const fault = faults.add({
      method: method ? method.toUpperCase() : null,
      pathPrefix,
      status: status ?? null,
      drop: drop === true,
      malformed: malformed === true,
      phase: after === true ? "after" : "before",
      delayMs: after === true ? 0 : delay,
      remaining: count ?? 1,
      retryAfter: retryAfter ?? null,
    });
    return json(201, faultJson(fault));
  });
  router.public("DELETE", "/_sandbox/faults", () => {
    faults.clear();
    return { status: 204 };
  });
  router.public("GET", "/_sandbox/requests", ({ query }) => json(200, log.summary(accountParam(query))));
}
