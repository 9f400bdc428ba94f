/**
 * Reading request fields with Django-REST-style messages. Each reader records problems in a
 * `FieldErrors` collector and returns undefined for a missing or invalid value (null when the field is
 * nullable and null was sent), so a handler can report every bad field at once.
 */
import { isKnownAsset, normaliseAssetCode } from "./assets.ts";
import { type Dec, decimalsOf, FIAT, parseDecimal } from "./decimal.ts";
import { ApiError, type Body } from "./http-utils.ts";

/** Collects field errors and throws them as one 400. */
export class FieldErrors {
  readonly map: Record<string, string[]> = {};

  /** Records a message for `field` ("non_field_errors" for the whole request). */
  add(field: string, message: string): void {
    const list = this.map[field] ?? [];
    list.push(message);
    this.map[field] = list;
  }

  /** True when `field` already has an error. */
  has(field: string): boolean {
    return field in this.map;
  }

  /** Throws the collected errors as 400 when there are any. */
  throwIfAny(): void {
    if (Object.keys(this.map).length > 0) throw new ApiError(400, this.map);
  }
}

/** The message for a missing required field. */
export const REQUIRED = "This field is required.";

interface Common {
  required?: boolean;
  nullable?: boolean;
}

function absent(body: Body, field: string, errors: FieldErrors, opts: Common): "absent" | "null" | undefined {
  const value = body[field];
  if (value === undefined) {
    if (opts.required) errors.add(field, REQUIRED);
    return "absent";
  }
  if (value === null) {
    if (opts.nullable) return "null";
    errors.add(field, "This field may not be null.");
    return "absent";
  }
  return undefined;
}

/** A string field with length bounds (max counts characters). */
export function readString(
  body: Body,
  field: string,
  errors: FieldErrors,
  opts: Common & { min?: number; max?: number } = {},
): string | null | undefined {
  const state = absent(body, field, errors, opts);
  if (state === "null") return null;
  if (state) return undefined;
  const value = body[field];
  if (typeof value !== "string") {
    errors.add(field, "Not a valid string.");
    return undefined;
  }
  const length = [...value].length;
  if ((opts.min ?? 0) > 0 && value.trim() === "") {
    errors.add(field, "This field may not be blank.");
    return undefined;
  }
  if (opts.min !== undefined && length < opts.min) {
    errors.add(field, `Ensure this field has at least ${opts.min} characters.`);
    return undefined;
  }
  if (opts.max !== undefined && length > opts.max) {
    errors.add(field, `Ensure this field has no more than ${opts.max} characters.`);
    return undefined;
  }
  return value;
}

/** An asset code field: word characters, 1 to 10, and listed (AUD only when `allowFiat`). Upper-cased. */
export function readAsset(
  body: Body,
  field: string,
  errors: FieldErrors,
  opts: Common & { allowFiat?: boolean } = {},
): string | undefined {
  const raw = readString(body, field, errors, { ...opts, nullable: false, min: 1 });
  if (typeof raw !== "string") return undefined;
  const code = normaliseAssetCode(raw);
  if (!/^\w{1,10}$/.test(code)) {
    errors.add(field, "Enter a valid asset code (1 to 10 letters, digits or underscores).");
    return undefined;
  }
  if (!isKnownAsset(code) || (code === FIAT && !opts.allowFiat)) {
    errors.add(field, `"${code}" is not a valid choice.`);
    return undefined;
  }
  return code;
}

/**
 * A decimal amount field: a plain decimal string (or JSON number), strictly positive unless `allowZero`,
 * with at most the decimal places of `asset` when given.
 */
export function readDecimal(
  body: Body,
  field: string,
  errors: FieldErrors,
  opts: Common & { asset?: string; allowZero?: boolean } = {},
): Dec | null | undefined {
  const state = absent(body, field, errors, opts);
  if (state === "null") return null;
  if (state) return undefined;
  const value = parseDecimal(body[field]);
  if (!value) {
    errors.add(field, "A valid number is required.");
    return undefined;
  }
  if (opts.allowZero ? value.isNegative() : value.lessThanOrEqualTo(0)) {
    errors.add(field, `Ensure this value is greater than ${opts.allowZero ? "or equal to " : ""}0.`);
    return undefined;
  }
  if (opts.asset !== undefined && value.decimalPlaces() > decimalsOf(opts.asset)) {
    errors.add(field, `Ensure that there are no more than ${decimalsOf(opts.asset)} decimal places.`);
    return undefined;
  }
  return value;
}

/** A boolean field; forms send "true"/"false" (also "1"/"0"). */
export function readBoolean(
  body: Body,
  field: string,
  errors: FieldErrors,
  opts: Common = {},
): boolean | null | undefined {
  const state = absent(body, field, errors, opts);
  if (state === "null") return null;
  if (state) return undefined;
  const value = body[field];
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "1" || value === "True") return true;
  if (value === "false" || value === "0" || value === "False") return false;
  errors.add(field, "Must be a valid boolean.");
  return undefined;
}

/** An integer field (JSON integer or digit string), optionally limited to `choices`. */
export function readInteger(
  body: Body,
  field: string,
  errors: FieldErrors,
  opts: Common & { choices?: readonly number[]; min?: number } = {},
): number | null | undefined {
  const state = absent(body, field, errors, opts);
  if (state === "null") return null;
  if (state) return undefined;
  const value = body[field];
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^-?\d{1,15}$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isSafeInteger(n)) {
    errors.add(field, "A valid integer is required.");
    return undefined;
  }
  if (opts.choices && !opts.choices.includes(n)) {
    errors.add(field, `"${n}" is not a valid choice.`);
    return undefined;
  }
  if (opts.min !== undefined && n < opts.min) {
    errors.add(field, `Ensure this value is greater than or equal to ${opts.min}.`);
    return undefined;
  }
  return n;
}

/** A string field limited to `choices`. */
export function readChoice<T extends string>(
  body: Body,
  field: string,
  errors: FieldErrors,
  choices: readonly T[],
  opts: Common = {},
): T | undefined {
  const value = readString(body, field, errors, { ...opts, nullable: false });
  if (typeof value !== "string") return undefined;
  if (!(choices as readonly string[]).includes(value)) {
    errors.add(field, `"${value}" is not a valid choice.`);
    return undefined;
  }
  return value as T;
}

/** A true/false query parameter; undefined when absent, 400 when neither. */
export function queryBoolean(query: URLSearchParams, name: string): boolean | undefined {
  const value = query.get(name);
  if (value === null || value === "") return undefined;
  if (["true", "1", "True"].includes(value)) return true;
  if (["false", "0", "False"].includes(value)) return false;
  throw new ApiError(400, { [name]: ["Must be a valid boolean."] });
}

/** A field value that validation already guaranteed (after `throwIfAny`); narrows the type. */
export function present<T>(value: T | null | undefined): T {
  if (value === undefined || value === null) throw new Error("validated field is missing");
  return value;
}
