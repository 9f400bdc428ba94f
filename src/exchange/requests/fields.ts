/**
 * The field checks every area's request checks are built from. A request check takes the caller's input
 * (in the wire's snake_case vocabulary), returns the exact body or query to send, and otherwise throws
 * ExchangeValidationError(fields, true) naming every bad field, so the bot can show all problems at once
 * and nothing the service would refuse is sent. Nested fields are named with dots:
 * `travel_rule.exchange`, `events.0.seen`.
 */
import { isPositiveDecimal } from "../decimal.ts";
import { ExchangeValidationError, type FieldErrors } from "../errors.ts";
import { formatExchangeTime } from "../time.ts";

/** Collects field messages; `done` throws them all at once. */
export class Problems {
  readonly fields: FieldErrors = {};

  add(field: string, message: string): void {
    const list = this.fields[field] ?? [];
    list.push(message);
    this.fields[field] = list;
  }

  done<T>(value: T): T {
    if (Object.keys(this.fields).length > 0) throw new ExchangeValidationError(this.fields, true);
    return value;
  }
}

/** The message of a missing required field. */
export const REQUIRED = "This field is required.";
const ASSET_PATTERN = /^\w{1,10}$/;

/** Length as the service counts it (code points, not UTF-16 units). */
export const length = (s: string) => [...s].length;

/** A plain object (not null, not an array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Copies the defined entries only, so an omitted option is not sent as `undefined`. */
export function defined<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as T;
}

/** What a text field must be. */
interface TextRule {
  required?: boolean;
  /** At least one non-blank character (the service trims before checking). */
  nonBlank?: boolean;
  max?: number;
}

/** A text field: required, non-blank and at most `max` characters as the rule says. */
export function checkText(p: Problems, field: string, value: unknown, rule: TextRule): string | undefined {
  if (value === undefined) {
    if (rule.required) p.add(field, REQUIRED);
    return undefined;
  }
  if (typeof value !== "string") {
    p.add(field, "Must be text.");
    return undefined;
  }
  if (rule.nonBlank && value.trim() === "") p.add(field, "Must not be blank.");
  else if (rule.max !== undefined && length(value) > rule.max)
    p.add(field, `Use at most ${rule.max} characters.`);
  return value;
}

/** An asset code (`^\w{1,10}$`), returned upper-cased. */
export function checkAsset(
  p: Problems,
  field: string,
  value: unknown,
  required: boolean,
): string | undefined {
  if (value === undefined) {
    if (required) p.add(field, REQUIRED);
    return undefined;
  }
  if (typeof value !== "string" || !ASSET_PATTERN.test(value)) {
    p.add(field, "Use an asset code of 1 to 10 letters, digits or underscores, like BTC.");
    return undefined;
  }
  return value.toUpperCase();
}

/** A decimal string greater than zero. */
export function checkPositive(
  p: Problems,
  field: string,
  value: unknown,
  required: boolean,
): string | undefined {
  if (value === undefined) {
    if (required) p.add(field, REQUIRED);
    return undefined;
  }
  if (!isPositiveDecimal(value)) {
    p.add(field, "Must be a number greater than zero, written like 12 or 0.5.");
    return undefined;
  }
  return value;
}

/** An optional boolean. */
export function checkBool(p: Problems, field: string, value: unknown): boolean | undefined {
  if (value !== undefined && typeof value !== "boolean") p.add(field, "Must be true or false.");
  return value as boolean | undefined;
}

/** One of `allowed`. */
export function checkChoice<T>(
  p: Problems,
  field: string,
  value: unknown,
  allowed: readonly T[],
  required: boolean,
) {
  if (value === undefined) {
    if (required) p.add(field, REQUIRED);
    return undefined;
  }
  if (!allowed.includes(value as T)) {
    p.add(
      field,
      `Must be one of: ${allowed.map((a) => (a === null ? "null" : JSON.stringify(a))).join(", ")}.`,
    );
    return undefined;
  }
  return value as T;
}

/** A whole number of 1 or more; missing counts as required. */
export function checkPositiveInteger(p: Problems, field: string, value: unknown): number | undefined {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    p.add(field, value === undefined ? REQUIRED : "Must be a whole number of 1 or more.");
    return undefined;
  }
  return value;
}

/** A Date, returned as an exchange timestamp. */
export function checkDate(p: Problems, field: string, value: unknown, required: boolean): string | undefined {
  if (value === undefined) {
    if (required) p.add(field, REQUIRED);
    return undefined;
  }
  try {
    return formatExchangeTime(value as Date);
  } catch {
    p.add(field, "Must be a valid date and time.");
    return undefined;
  }
}

/** Reports an update with nothing to change (the service's whole-request key). */
export function checkNotEmpty(p: Problems, body: object): void {
  if (Object.values(body).every((v) => v === undefined))
    p.add("non_field_errors", "Change at least one field.");
}
