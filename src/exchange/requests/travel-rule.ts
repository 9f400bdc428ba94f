/** Checks of an address book entry's travel rule data, and the table of which of its fields are required. */
import { isCountryCode } from "../countries.ts";
import { checkChoice, defined, isObject, length, Problems, REQUIRED } from "./fields.ts";

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

/** Travel rule data into `p`'s problems, for the address book checks that carry it; see {@link checkTravelRule}. */
export function collectTravelRule(p: Problems, prefix: string, rule: unknown): TravelRule | undefined {
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
