/**
 * Request checks. Each takes the caller's input (in the wire's snake_case vocabulary), returns the exact
 * body or query to send, and otherwise throws ExchangeValidationError(fields, true) naming every bad
 * field, so the bot can show all problems at once and nothing the service would refuse is sent.
 * Nested fields are named with dots: `travel_rule.exchange`, `events.0.seen`.
 */
import { isCountryCode } from "./countries.ts";
import { isPositiveDecimal } from "./decimal.ts";
import { ExchangeValidationError, type FieldErrors } from "./errors.ts";
import { type Direction, type Match, TRANSACTION_TYPES, type TransactionType } from "./schemas.ts";
import { addExchangeMonths, formatExchangeTime } from "./time.ts";

// ---- shared machinery ---------------------------------------------------------------------------

/** Collects field messages; `done` throws them all at once. */
class Problems {
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

const REQUIRED = "This field is required.";
const ASSET_PATTERN = /^\w{1,10}$/;

/** Length as the service counts it (code points, not UTF-16 units). */
const length = (s: string) => [...s].length;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Copies the defined entries only, so an omitted option is not sent as `undefined`. */
function defined<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as T;
}

interface TextRule {
  required?: boolean;
  /** At least one non-blank character (the service trims before checking). */
  nonBlank?: boolean;
  max?: number;
}

function checkText(p: Problems, field: string, value: unknown, rule: TextRule): string | undefined {
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

function checkAsset(p: Problems, field: string, value: unknown, required: boolean): string | undefined {
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

function checkPositive(p: Problems, field: string, value: unknown, required: boolean): string | undefined {
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

function checkBool(p: Problems, field: string, value: unknown): boolean | undefined {
  if (value !== undefined && typeof value !== "boolean") p.add(field, "Must be true or false.");
  return value as boolean | undefined;
}

function checkChoice<T>(
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

function checkPositiveInteger(p: Problems, field: string, value: unknown): number | undefined {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    p.add(field, value === undefined ? REQUIRED : "Must be a whole number of 1 or more.");
    return undefined;
  }
  return value;
}

function checkDate(p: Problems, field: string, value: unknown, required: boolean): string | undefined {
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
function checkNotEmpty(p: Problems, body: object): void {
  if (Object.values(body).every((v) => v === undefined))
    p.add("non_field_errors", "Change at least one field.");
}

// ---- simple values ------------------------------------------------------------------------------

/** An asset code (`^\w{1,10}$`) upper-cased, e.g. "btc" -> "BTC"; errors are reported under `field`. */
export function checkAssetCode(code: string, field = "asset"): string {
  const p = new Problems();
  return p.done(checkAsset(p, field, code, true) as string);
}

/** A record id: a whole number of 1 or more; errors are reported under `field`. */
export function checkId(id: number, field = "id"): number {
  const p = new Problems();
  return p.done(checkPositiveInteger(p, field, id) as number);
}

/** Page-size cap of every list (the service's maximum). */
export const MAX_PAGE_SIZE = 1000;

/** List paging: `page` from 1, `page_size` 1 to {@link MAX_PAGE_SIZE}. */
export interface PageParams {
  page?: number;
  page_size?: number;
}

function collectPage(p: Problems, page: unknown, pageSize: unknown): PageParams {
  const query: PageParams = {};
  if (page !== undefined) query.page = checkPositiveInteger(p, "page", page);
  if (pageSize !== undefined) {
    const size = checkPositiveInteger(p, "page_size", pageSize);
    if (size !== undefined && size > MAX_PAGE_SIZE) p.add("page_size", `Use at most ${MAX_PAGE_SIZE}.`);
    query.page_size = size;
  }
  return defined(query);
}

/** Checks optional paging parameters and returns the query part holding the given ones. */
export function checkPage(page?: number, page_size?: number): PageParams {
  const p = new Problems();
  return p.done(collectPage(p, page, page_size));
}

// ---- address book -------------------------------------------------------------------------------

/**
 * Travel rule data of an address book entry (write-only). Which optional fields are required depends
 * on the others: see {@link checkTravelRule}.
 */
export interface TravelRule {
  destination_type: "personal_wallet" | "exchange_account";
  ownership: "self" | "other";
  beneficiary_type?: "individual" | "organisation" | "";
  wallet_provider?: string;
  wallet_provider_other_name?: string;
  exchange?: string;
  exchange_other_name?: string;
  beneficiary_full_name?: string;
  beneficiary_country?: string;
  beneficiary_region?: string;
  beneficiary_organisation_name?: string;
  beneficiary_organisation_country?: string;
  beneficiary_organisation_region?: string;
}

const TRAVEL_RULE_TEXT_MAX = {
  wallet_provider: 50,
  wallet_provider_other_name: 100,
  exchange: 50,
  exchange_other_name: 100,
  beneficiary_full_name: 200,
  beneficiary_region: 100,
  beneficiary_organisation_name: 200,
  beneficiary_organisation_region: 100,
} as const;

const COUNTRY_FIELDS = ["beneficiary_country", "beneficiary_organisation_country"] as const;

const TRAVEL_RULE_CHOICES = {
  destination_type: ["personal_wallet", "exchange_account"],
  ownership: ["self", "other"],
  beneficiary_type: ["individual", "organisation", ""],
} as const;

/** Every travel rule field, in the order a guided form asks them (each depends on earlier ones only). */
export const TRAVEL_RULE_FIELDS = [
  "destination_type",
  "wallet_provider",
  "wallet_provider_other_name",
  "exchange",
  "exchange_other_name",
  "ownership",
  "beneficiary_type",
  "beneficiary_full_name",
  "beneficiary_country",
  "beneficiary_region",
  "beneficiary_organisation_name",
  "beneficiary_organisation_country",
  "beneficiary_organisation_region",
] as const;

/** A travel rule field name. */
export type TravelRuleField = (typeof TRAVEL_RULE_FIELDS)[number];

const filled = (v: unknown) => typeof v === "string" && v.trim() !== "";
// The spec's catch-all value is "other"; compare loosely so a capitalised "Other" still asks for the name.
const isOther = (v: unknown) => typeof v === "string" && v.trim().toLowerCase() === "other";

/**
 * The spec's conditional table: which fields the rule demands given the values it holds, each with the
 * reason. destination_type and ownership always; beneficiary_type when ownership is other;
 * wallet_provider for a personal_wallet (and its other name when it is "other"); exchange for an
 * exchange_account (and its other name when "other"); name and country for an individual or an
 * organisation. The request checks and the bot's guided questions both read it.
 */
export function travelRuleRequirements(
  rule: Readonly<Partial<Record<TravelRuleField, unknown>>>,
): Partial<Record<TravelRuleField, string>> {
  const required: Partial<Record<TravelRuleField, string>> = {
    destination_type: REQUIRED,
    ownership: REQUIRED,
  };
  if (rule.ownership === "other") required.beneficiary_type = "Required when ownership is other.";
  if (rule.destination_type === "personal_wallet") {
    required.wallet_provider = "Required when destination_type is personal_wallet.";
  }
  if (isOther(rule.wallet_provider))
    required.wallet_provider_other_name = "Required when wallet_provider is other.";
  if (rule.destination_type === "exchange_account") {
    required.exchange = "Required when destination_type is exchange_account.";
  }
  if (isOther(rule.exchange)) required.exchange_other_name = "Required when exchange is other.";
  if (rule.beneficiary_type === "individual") {
    required.beneficiary_full_name = "Required when beneficiary_type is individual.";
    required.beneficiary_country = "Required when beneficiary_type is individual.";
  }
  if (rule.beneficiary_type === "organisation") {
    required.beneficiary_organisation_name = "Required when beneficiary_type is organisation.";
    required.beneficiary_organisation_country = "Required when beneficiary_type is organisation.";
  }
  return required;
}

/** Why one travel rule value is refused, for callers that word it themselves. */
export type TravelRuleValueProblem =
  | { code: "not_text" }
  | { code: "too_long"; max: number }
  | { code: "country" }
  | { code: "choice"; allowed: readonly string[] };

/**
 * Checks one given travel rule value on its own (whether the field is required is the business of
 * {@link travelRuleRequirements}): a choice among its allowed values, a text within its maximum length,
 * a country an assigned ISO 3166-1 alpha-2 code (returned upper-cased). An empty string passes.
 */
export function checkTravelRuleValue(
  field: TravelRuleField,
  value: unknown,
): { value: string } | { problem: TravelRuleValueProblem } {
  if (field in TRAVEL_RULE_CHOICES) {
    const allowed: readonly string[] = TRAVEL_RULE_CHOICES[field as keyof typeof TRAVEL_RULE_CHOICES];
    return allowed.includes(value as string)
      ? { value: value as string }
      : { problem: { code: "choice", allowed } };
  }
  if (typeof value !== "string") return { problem: { code: "not_text" } };
  if ((COUNTRY_FIELDS as readonly string[]).includes(field)) {
    if (value === "") return { value };
    // Checked before upper-casing: "ß".toUpperCase() is "SS".
    return isCountryCode(value) ? { value: value.toUpperCase() } : { problem: { code: "country" } };
  }
  const max = TRAVEL_RULE_TEXT_MAX[field as keyof typeof TRAVEL_RULE_TEXT_MAX];
  return length(value) > max ? { problem: { code: "too_long", max } } : { value };
}

function collectTravelRule(p: Problems, prefix: string, rule: unknown): TravelRule | undefined {
  const name = (field: string) => (prefix === "" ? field : `${prefix}.${field}`);
  if (!isObject(rule)) {
    p.add(prefix || "travel_rule", "Must be an object of travel rule fields.");
    return undefined;
  }
  const body: Record<string, unknown> = {};
  for (const [field, allowed] of Object.entries(TRAVEL_RULE_CHOICES)) {
    const required = field !== "beneficiary_type";
    body[field] = checkChoice(p, name(field), rule[field], allowed, required);
  }
  const requiredWhen = travelRuleRequirements(rule);
  // An unknown beneficiary_type was reported above; here only a missing or empty one.
  const beneficiaryReason = requiredWhen.beneficiary_type;
  if (
    beneficiaryReason !== undefined &&
    (rule.beneficiary_type === undefined || rule.beneficiary_type === "")
  ) {
    p.add(name("beneficiary_type"), beneficiaryReason);
  }
  for (const field of [...Object.keys(TRAVEL_RULE_TEXT_MAX), ...COUNTRY_FIELDS] as TravelRuleField[]) {
    const reason = requiredWhen[field];
    const value = rule[field];
    if (reason !== undefined && !filled(value)) {
      p.add(name(field), reason);
      continue;
    }
    if (value === undefined) continue;
    const checked = checkTravelRuleValue(field, value);
    if ("value" in checked) body[field] = checked.value;
    else if (checked.problem.code === "too_long")
      p.add(name(field), `Use at most ${checked.problem.max} characters.`);
    else if (checked.problem.code === "country")
      p.add(name(field), "Use a two-letter ISO 3166-1 country code, like AU.");
    else p.add(name(field), "Must be text.");
  }
  return defined(body) as unknown as TravelRule;
}

/**
 * Checks travel rule data against the spec's table: destination_type and ownership always;
 * beneficiary_type when ownership is other; wallet_provider for a personal_wallet and its
 * wallet_provider_other_name when it is "other"; exchange for an exchange_account and its
 * exchange_other_name when it is "other"; full name and country for an individual; organisation name
 * and country for an organisation; every maximum length; country codes two letters (upper-cased).
 * Errors are named `<prefix>.<field>` (plain field names when `prefix` is "").
 */
export function checkTravelRule(rule: TravelRule, prefix = "travel_rule"): TravelRule {
  const p = new Problems();
  return p.done(collectTravelRule(p, prefix, rule) as TravelRule);
}

/** Body of an address book create (and of a resend, which takes the same fields). */
export interface AddressBookCreateRequest {
  asset: string;
  address: string;
  label: string;
  memo?: string;
  enabled?: boolean;
  travel_rule?: TravelRule;
}

function checkAddressBookBody(input: AddressBookCreateRequest): AddressBookCreateRequest {
  const p = new Problems();
  const body = {
    asset: checkAsset(p, "asset", input.asset, true),
    address: checkText(p, "address", input.address, { required: true, nonBlank: true, max: 256 }),
    label: checkText(p, "label", input.label, { required: true, nonBlank: true, max: 200 }),
    memo: checkText(p, "memo", input.memo, { max: 256 }),
    enabled: checkBool(p, "enabled", input.enabled),
    travel_rule:
      input.travel_rule === undefined ? undefined : collectTravelRule(p, "travel_rule", input.travel_rule),
  };
  return p.done(defined(body) as AddressBookCreateRequest);
}

/** Checks a new address book entry: asset, address (1-256), label (1-200), memo (<= 256), travel rule. */
export function checkAddressBookCreate(input: AddressBookCreateRequest): AddressBookCreateRequest {
  return checkAddressBookBody(input);
}

/** Body of a resend of the confirmation email: the same fields as a create. */
export type AddressBookResendRequest = AddressBookCreateRequest;

/** Checks a confirmation resend body, which the spec defines with the create's fields and bounds. */
export function checkAddressBookResend(input: AddressBookResendRequest): AddressBookResendRequest {
  return checkAddressBookBody(input);
}

// ---- withdrawals --------------------------------------------------------------------------------

/** Body of a withdrawal create; the destination must be a confirmed address book entry. */
export interface WithdrawalCreateRequest {
  amount: string;
  address_book_entry_id: number;
}

/** Checks a withdrawal: a positive decimal amount and a positive integer address book entry id. */
export function checkWithdrawalCreate(input: WithdrawalCreateRequest): WithdrawalCreateRequest {
  const p = new Problems();
  const body = {
    amount: checkPositive(p, "amount", input.amount, true) as string,
    address_book_entry_id: checkPositiveInteger(
      p,
      "address_book_entry_id",
      input.address_book_entry_id,
    ) as number,
  };
  return p.done(body);
}

/** Body of a withdrawal authorization: the two-factor code. */
export interface WithdrawalAuthorizeRequest {
  token: string;
}

/** Checks the authorization token (1 to 1024 characters). */
export function checkWithdrawalAuthorize(input: WithdrawalAuthorizeRequest): WithdrawalAuthorizeRequest {
  const p = new Problems();
  const token = checkText(p, "token", input.token, { required: true, nonBlank: true, max: 1024 }) as string;
  return p.done({ token });
}

// ---- swaps --------------------------------------------------------------------------------------

/** Body of a swap estimate: exactly one of req_spend_amount (src to spend) or req_get_amount (dst to get). */
export interface SwapEstimateRequest {
  src_asset: string;
  dst_asset: string;
  req_spend_amount?: string;
  req_get_amount?: string;
}

/** Body of a swap create: the estimate's fields plus its estimated_price_exact as expected_price. */
export interface SwapCreateRequest extends SwapEstimateRequest {
  expected_price: string;
}

function collectSwap(p: Problems, input: SwapEstimateRequest): SwapEstimateRequest {
  const src = checkAsset(p, "src_asset", input.src_asset, true);
  const dst = checkAsset(p, "dst_asset", input.dst_asset, true);
  if (src !== undefined && src === dst) p.add("dst_asset", "Must differ from src_asset.");
  const spendGiven = input.req_spend_amount !== undefined;
  const getGiven = input.req_get_amount !== undefined;
  if (spendGiven === getGiven) {
    const message = spendGiven
      ? "Give only one of req_spend_amount and req_get_amount."
      : "Give req_spend_amount or req_get_amount.";
    p.add("req_spend_amount", message);
    p.add("req_get_amount", message);
  }
  return defined({
    src_asset: src as string,
    dst_asset: dst as string,
    req_spend_amount: checkPositive(p, "req_spend_amount", input.req_spend_amount, false),
    req_get_amount: checkPositive(p, "req_get_amount", input.req_get_amount, false),
  });
}

/** Checks an estimate: two different valid assets and exactly one positive requested amount. */
export function checkSwapEstimate(input: SwapEstimateRequest): SwapEstimateRequest {
  const p = new Problems();
  return p.done(collectSwap(p, input));
}

/** Checks a swap create: as an estimate, plus a positive expected_price. */
export function checkSwapCreate(input: SwapCreateRequest): SwapCreateRequest {
  const p = new Problems();
  const body = collectSwap(p, input);
  const expected_price = checkPositive(p, "expected_price", input.expected_price, true) as string;
  return p.done({ ...body, expected_price });
}

// ---- recurring buys -----------------------------------------------------------------------------

/** Cadences the web app offers when creating (the service accepts any string). */
export const RECURRING_PERIODS = ["daily", "weekly", "fortnightly", "monthly"] as const;

const DIRECTIONS: readonly Direction[] = [10, 20];

/** Input of a recurring buy create; `start` (first run) defaults to now on the service. */
export interface RecurringBuyCreateInput {
  asset: string;
  quantity: string;
  direction: Direction;
  period: string;
  start?: Date;
  enabled?: boolean;
}

/** Input of a recurring buy update: any of the create's fields, at least one. */
export type RecurringBuyUpdateInput = Partial<RecurringBuyCreateInput>;

/** Wire body of a recurring buy create: `start` as an exchange timestamp. */
export interface RecurringBuyCreateBody {
  asset: string;
  quantity: string;
  direction: Direction;
  period: string;
  start?: string;
  enabled?: boolean;
}

/** Wire body of a recurring buy update. */
export type RecurringBuyUpdateBody = Partial<RecurringBuyCreateBody>;

function collectRecurring(
  p: Problems,
  input: RecurringBuyUpdateInput,
  required: boolean,
): RecurringBuyUpdateBody {
  return defined({
    asset: checkAsset(p, "asset", input.asset, required),
    quantity: checkPositive(p, "quantity", input.quantity, required),
    direction: checkChoice(p, "direction", input.direction, DIRECTIONS, required),
    period: checkText(p, "period", input.period, { required, nonBlank: true }),
    start: checkDate(p, "start", input.start, false),
    enabled: checkBool(p, "enabled", input.enabled),
  });
}

/** Checks a new schedule: asset, positive quantity, direction 10 or 20, a period, optional start. */
export function checkRecurringBuyCreate(input: RecurringBuyCreateInput): RecurringBuyCreateBody {
  const p = new Problems();
  return p.done(collectRecurring(p, input, true) as RecurringBuyCreateBody);
}

/** Checks a schedule update: the given fields as on create, and at least one of them. */
export function checkRecurringBuyUpdate(input: RecurringBuyUpdateInput): RecurringBuyUpdateBody {
  const p = new Problems();
  checkNotEmpty(p, input);
  return p.done(collectRecurring(p, input, false));
}

// ---- price triggers -----------------------------------------------------------------------------

/**
 * Body of a price trigger create. `order_direction` null (or left out) means alert only; a trade
 * needs exactly one of order_quantity (spend side) or order_get_quantity (receive side).
 */
export interface PriceTriggerCreateRequest {
  asset: string;
  price: string;
  match?: Match | null;
  order_direction?: Direction | null;
  order_quantity?: string | null;
  order_get_quantity?: string | null;
  notify_sms?: boolean;
  notify_email?: boolean;
  enabled?: boolean;
}

/** Body of a price trigger update: any create field, plus marking events seen; at least one field. */
export interface PriceTriggerUpdateRequest extends Partial<PriceTriggerCreateRequest> {
  mark_seen?: boolean;
  events?: { seen: boolean }[];
}

const MATCHES: readonly (Match | null)[] = [1, 2, null];
const DIRECTIONS_OR_NULL: readonly (Direction | null)[] = [10, 20, null];

function checkQuantity(p: Problems, field: string, value: unknown): string | null | undefined {
  return value === null ? null : checkPositive(p, field, value, false);
}

/**
 * Quantity rules on what the request itself settles. On create a missing field counts as null; on an
 * update it is left as stored, so only the fields sent can contradict each other.
 */
function collectTrigger(
  p: Problems,
  input: PriceTriggerUpdateRequest,
  create: boolean,
): PriceTriggerUpdateRequest {
  const body: PriceTriggerUpdateRequest = {
    asset: checkAsset(p, "asset", input.asset, create),
    price: checkPositive(p, "price", input.price, create),
    match: checkChoice(p, "match", input.match, MATCHES, false),
    order_direction: checkChoice(p, "order_direction", input.order_direction, DIRECTIONS_OR_NULL, false),
    order_quantity: checkQuantity(p, "order_quantity", input.order_quantity),
    order_get_quantity: checkQuantity(p, "order_get_quantity", input.order_get_quantity),
    notify_sms: checkBool(p, "notify_sms", input.notify_sms),
    notify_email: checkBool(p, "notify_email", input.notify_email),
    enabled: checkBool(p, "enabled", input.enabled),
  };
  const asGiven = (v: unknown) => (create && v === undefined ? null : v);
  const isSet = (v: unknown) => v !== null && v !== undefined;
  const direction = asGiven(input.order_direction);
  const quantity = asGiven(input.order_quantity);
  const getQuantity = asGiven(input.order_get_quantity);
  if (isSet(quantity) && isSet(getQuantity)) {
    const message = "Give only one of order_quantity and order_get_quantity.";
    p.add("order_quantity", message);
    p.add("order_get_quantity", message);
  } else if ((direction === 10 || direction === 20) && quantity === null && getQuantity === null) {
    const message = "A trade needs order_quantity or order_get_quantity.";
    p.add("order_quantity", message);
    p.add("order_get_quantity", message);
  }
  if (direction === null && (isSet(quantity) || isSet(getQuantity))) {
    p.add("order_direction", "Set order_direction (10 buy, 20 sell) to trade a quantity.");
  }
  return body;
}

/** Checks a new trigger: asset, positive price, match, notify flags and the trade rules. */
export function checkPriceTriggerCreate(input: PriceTriggerCreateRequest): PriceTriggerCreateRequest {
  const p = new Problems();
  return p.done(defined(collectTrigger(p, input, true)) as PriceTriggerCreateRequest);
}

/** Checks a trigger update: the given fields as on create, mark_seen, events [{seen}], at least one field. */
export function checkPriceTriggerUpdate(input: PriceTriggerUpdateRequest): PriceTriggerUpdateRequest {
  const p = new Problems();
  checkNotEmpty(p, input);
  const body = collectTrigger(p, input, false);
  body.mark_seen = checkBool(p, "mark_seen", input.mark_seen);
  if (input.events !== undefined) {
    if (!Array.isArray(input.events)) p.add("events", "Must be a list of {seen} objects.");
    else {
      body.events = input.events.map((event: unknown, i) => {
        const seen = isObject(event) ? event.seen : undefined;
        if (typeof seen !== "boolean") p.add(`events.${i}.seen`, "Must be true or false.");
        return { seen: seen as boolean };
      });
    }
  }
  return p.done(defined(body));
}

// ---- statements and history ---------------------------------------------------------------------

/** Query of the account statement: exchange timestamps (Brisbane time, no suffix). */
export interface StatementQuery {
  date_from: string;
  date_to: string;
}

/**
 * Checks a statement range: date_from before date_to, at most twelve calendar months apart (in
 * Brisbane's calendar, compared at the whole seconds that are sent).
 */
export function checkStatementRange(date_from: Date, date_to: Date): StatementQuery {
  const p = new Problems();
  const from = checkDate(p, "date_from", date_from, true);
  const to = checkDate(p, "date_to", date_to, true);
  if (from !== undefined && to !== undefined) {
    const fromSent = new Date(Math.floor(date_from.getTime() / 1000) * 1000);
    const toSent = new Date(Math.floor(date_to.getTime() / 1000) * 1000);
    if (toSent <= fromSent) p.add("date_to", "Must be after date_from.");
    else if (toSent > addExchangeMonths(fromSent, 12))
      p.add("date_to", "Must be at most twelve months after date_from.");
  }
  return p.done({ date_from: from as string, date_to: to as string });
}

/** Time period filter of the transaction history. */
export const TRANSACTION_TIMES = ["24h", "week", "month", "year"] as const;

/** Orderings of the transaction history (newest first is the service's default). */
export const TRANSACTION_ORDERINGS = ["created", "-created"] as const;

/** Filters of the unified transaction history; `ordering` is sent as `o`. */
export interface TransactionQueryInput extends PageParams {
  asset?: string;
  status?: string;
  transaction_type?: readonly TransactionType[];
  time?: (typeof TRANSACTION_TIMES)[number];
  ordering?: (typeof TRANSACTION_ORDERINGS)[number];
}

/** Wire query of the transaction history: `transaction_type` comma-joined, ordering as `o`. */
export interface TransactionQuery extends PageParams {
  asset?: string;
  status?: string;
  transaction_type?: string;
  time?: (typeof TRANSACTION_TIMES)[number];
  o?: (typeof TRANSACTION_ORDERINGS)[number];
}

/** Checks history filters: asset code, status, known types (de-duplicated), time, ordering, paging. */
export function checkTransactionQuery(input: TransactionQueryInput): TransactionQuery {
  const p = new Problems();
  let types: string | undefined;
  if (input.transaction_type !== undefined) {
    const list: unknown = input.transaction_type;
    if (!Array.isArray(list) || list.length === 0) {
      p.add("transaction_type", "Choose at least one transaction type.");
    } else {
      const unknown = list.filter((t) => !TRANSACTION_TYPES.includes(t));
      if (unknown.length > 0)
        p.add("transaction_type", `Each type must be one of: ${TRANSACTION_TYPES.join(", ")}.`);
      else types = [...new Set(list)].join(",");
    }
  }
  const query: TransactionQuery = {
    asset: checkAsset(p, "asset", input.asset, false),
    status: checkText(p, "status", input.status, { nonBlank: true }),
    transaction_type: types,
    time: checkChoice(p, "time", input.time, TRANSACTION_TIMES, false),
    o: checkChoice(p, "ordering", input.ordering, TRANSACTION_ORDERINGS, false),
    ...collectPage(p, input.page, input.page_size),
  };
  return p.done(defined(query));
}
