/**
 * A new address book entry being put together step by step: which questions apply given the answers
 * so far, checking each answer on its own, and the create request the answers make. Which travel-rule
 * questions apply is read from the client's own table (travelRuleRequirements), never restated here.
 */
import {
  type AddressBookCreateRequest,
  checkAddressBookCreate,
  checkTravelRuleValue,
  TRAVEL_RULE_FIELDS,
  type TravelRule,
  type TravelRuleField,
  type TravelRuleValueProblem,
  travelRuleRequirements,
} from "../../exchange/index.ts";
import { type AddressProblem, checkAddress, checkMemo, type MemoProblem, memoKind } from "./formats.ts";

/** The answers so far. A skipped optional answer is "". */
export interface AddressDraft {
  asset?: string;
  address?: string;
  memo?: string;
  label?: string;
  travel: Partial<Record<TravelRuleField, string>>;
}

/** One question of the guided add. */
export type DraftStep = "asset" | "address" | "memo" | "label" | TravelRuleField;

/** The maximum length of a label (spec: 1 to 200). */
export const MAX_LABEL_LENGTH = 200;

/**
 * Wallet providers and exchanges offered as buttons. The spec says their allowed values come from a
 * reference listing it does not show; these are the common ones, sent as named, and "other" (the
 * spec's catch-all) asks for the name. Kept here alone so the list is easy to change.
 */
export const WALLET_PROVIDERS = ["Ledger", "Trezor", "MetaMask", "Trust Wallet", "Exodus", "Coinbase Wallet"];
/** Exchanges offered as buttons (see {@link WALLET_PROVIDERS}). */
export const EXCHANGES = [
  "Binance",
  "Coinbase",
  "Kraken",
  "CoinSpot",
  "Swyftx",
  "Independent Reserve",
  "BTC Markets",
  "OKX",
  "Bybit",
];
/** The catch-all value of wallet_provider and exchange. */
export const OTHER = "other";

// Optional questions asked when their companion is demanded: the region after each country.
const REGION_OF: Partial<Record<TravelRuleField, TravelRuleField>> = {
  beneficiary_region: "beneficiary_country",
  beneficiary_organisation_region: "beneficiary_organisation_country",
};

/** The travel-rule answers that count: those of questions that apply, walking the table in order. */
function effectiveTravel(draft: AddressDraft): { fields: TravelRuleField[]; rule: Partial<TravelRule> } {
  const rule: Partial<Record<TravelRuleField, string>> = {};
  const fields: TravelRuleField[] = [];
  for (const field of TRAVEL_RULE_FIELDS) {
    // Each field depends only on earlier ones, so answers kept from an abandoned branch never count.
    const required = travelRuleRequirements(rule);
    const companion = REGION_OF[field];
    if (required[field] === undefined && (companion === undefined || required[companion] === undefined))
      continue;
    fields.push(field);
    const answer = draft.travel[field];
    if (answer !== undefined) rule[field] = answer;
  }
  return { fields, rule: rule as Partial<TravelRule> };
}

/** The questions that apply to `draft`, in order (the memo only for assets that may use one). */
export function draftSteps(draft: AddressDraft): DraftStep[] {
  const memo: DraftStep[] = draft.asset !== undefined && memoKind(draft.asset) === "none" ? [] : ["memo"];
  return ["asset", "address", ...memo, "label", ...effectiveTravel(draft).fields];
}

/** Whether a question may be skipped (memo, regions). */
export function isOptionalStep(step: DraftStep): boolean {
  return step === "memo" || step in REGION_OF;
}

/** The current answer to a question, if any. */
export function answerOf(draft: AddressDraft, step: DraftStep): string | undefined {
  if (step === "asset" || step === "address" || step === "memo" || step === "label") return draft[step];
  return draft.travel[step];
}

/** Records an answer (already checked). */
export function setAnswer(draft: AddressDraft, step: DraftStep, value: string): void {
  if (step === "asset" || step === "address" || step === "memo" || step === "label") draft[step] = value;
  else draft.travel[step] = value;
}

/** Why a typed or picked answer is refused. */
export type StepProblem =
  | { code: "unknown_asset"; asset: string }
  | { code: "address"; problem: AddressProblem }
  | { code: "memo"; problem: MemoProblem }
  | { code: "blank" }
  | { code: "too_long"; max: number }
  | { code: "name_short"; min: number }
  | { code: "pick" }
  | { code: "travel"; problem: TravelRuleValueProblem };

const CHOICES: Partial<Record<DraftStep, readonly string[]>> = {
  destination_type: ["personal_wallet", "exchange_account"],
  ownership: ["self", "other"],
  beneficiary_type: ["individual", "organisation"],
  wallet_provider: [...WALLET_PROVIDERS, OTHER],
  exchange: [...EXCHANGES, OTHER],
};

/** Names of a person or a business, which the exchange's travel-rule check wants real (not "J" or "-"). */
const NAME_STEPS: ReadonlySet<DraftStep> = new Set([
  "beneficiary_full_name",
  "beneficiary_organisation_name",
]);

/** The fewest letters a name has: "J" or "?" is no name, while "王伟" and "Li" are. */
export const MIN_NAME_LETTERS = 2;

/** The closed choices of a question answered by buttons, or undefined for a typed one. */
export function choicesOf(step: DraftStep): readonly string[] | undefined {
  return CHOICES[step];
}

/**
 * Checks one answer. `listed` holds the exchange's asset codes. The address is checked against the
 * draft's asset; a travel-rule value by the client's own rule for that field.
 */
export function checkAnswer(
  draft: AddressDraft,
  step: DraftStep,
  input: string,
  listed: ReadonlySet<string>,
): { value: string } | { problem: StepProblem } {
  const text = input.trim();
  switch (step) {
    case "asset": {
      const asset = text.toUpperCase();
      return listed.has(asset) ? { value: asset } : { problem: { code: "unknown_asset", asset: text } };
    }
    case "address": {
      const checked = checkAddress(draft.asset ?? "", text);
      return "address" in checked
        ? { value: checked.address }
        : { problem: { code: "address", problem: checked.problem } };
    }
    case "memo": {
      const checked = checkMemo(draft.asset ?? "", text);
      return "memo" in checked
        ? { value: checked.memo }
        : { problem: { code: "memo", problem: checked.problem } };
    }
    case "label":
      if (text === "") return { problem: { code: "blank" } };
      if ([...text].length > MAX_LABEL_LENGTH)
        return { problem: { code: "too_long", max: MAX_LABEL_LENGTH } };
      return { value: text };
    default: {
      // Every travel-rule question that is asked wants an answer that is not blank, or /skip.
      if (text === "") return { problem: { code: "blank" } };
      const choices = CHOICES[step];
      if (choices !== undefined) {
        // A typed name of one of the buttons counts as pressing it.
        const chosen = choices.find((choice) => choice.toLowerCase() === text.toLowerCase());
        return chosen === undefined ? { problem: { code: "pick" } } : { value: chosen };
      }
      if (NAME_STEPS.has(step) && (text.match(/\p{L}/gu)?.length ?? 0) < MIN_NAME_LETTERS) {
        return { problem: { code: "name_short", min: MIN_NAME_LETTERS } };
      }
      const checked = checkTravelRuleValue(step, text);
      return "value" in checked
        ? { value: checked.value }
        : { problem: { code: "travel", problem: checked.problem } };
    }
  }
}

/**
 * The create request of a complete draft: only answers of questions that apply, skipped ones left out,
 * checked whole by the client's request check (throws ExchangeValidationError naming each bad field).
 */
export function createRequestOf(draft: AddressDraft): AddressBookCreateRequest {
  const { rule } = effectiveTravel(draft);
  const travel = Object.fromEntries(
    Object.entries(rule).filter(([, value]) => value !== ""),
  ) as unknown as TravelRule;
  return checkAddressBookCreate({
    asset: draft.asset ?? "",
    address: draft.address ?? "",
    label: draft.label ?? "",
    ...(draft.memo && draftSteps(draft).includes("memo") ? { memo: draft.memo } : {}),
    travel_rule: travel,
  });
}
