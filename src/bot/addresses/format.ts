/** The address book as chat text: list lines, an entry's details, answers, problems and the summary. */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { AddressBookEntry } from "../../exchange/index.ts";
import {
  type AddressDraft,
  answerOf,
  type DraftStep,
  draftSteps,
  OTHER,
  type StepProblem,
} from "../../services/addresses/draft.ts";
import { memoKind } from "../../services/addresses/formats.ts";
import { escapeHtml, typedExcerpt } from "../flow-kit/format/html.ts";
import { formatDateTime } from "../flow-kit/format/time.ts";
import { countryName } from "./countries.ts";

/** An address with both ends visible, e.g. "bc1qar0s…zwf5mdq"; short ones whole. */
export function shortAddress(address: string): string {
  const chars = [...address];
  return chars.length <= 20 ? address : `${chars.slice(0, 8).join("")}…${chars.slice(-7).join("")}`;
}

// Labels of the closed choices, by value.
const CHOICE_KEYS: Readonly<Record<string, string>> = {
  personal_wallet: "addr-choice-personal-wallet",
  exchange_account: "addr-choice-exchange-account",
  self: "addr-choice-self",
  individual: "addr-choice-individual",
  organisation: "addr-choice-organisation",
};

/** A closed choice's label as plain text (for a button): its localized name, or the value itself. */
export function choiceLabel(step: DraftStep, value: string, t: TranslateFunction): string {
  if (step === "ownership" && value === "other") return t("addr-choice-other-owner");
  if ((step === "wallet_provider" || step === "exchange") && value === OTHER) return t("addr-choice-other");
  const key = CHOICE_KEYS[value];
  if (
    key !== undefined &&
    (step === "destination_type" || step === "ownership" || step === "beneficiary_type")
  )
    return t(key);
  return value;
}

/** An answer as the user reads it (HTML): choices by their label, countries by name, text as typed. */
export function answerText(step: DraftStep, value: string, t: TranslateFunction, language: string): string {
  if (step === "beneficiary_country" || step === "beneficiary_organisation_country") {
    return escapeHtml(`${countryName(value, language)} (${value})`);
  }
  return escapeHtml(choiceLabel(step, value, t));
}

/** Words an answer's problem; `input` is what the user typed. */
export function describeStepProblem(
  problem: StepProblem,
  t: TranslateFunction,
  asset: string,
  input: string,
): string {
  const shown = typedExcerpt(input.trim());
  switch (problem.code) {
    case "unknown_asset":
      return t("addr-bad-asset", { asset: shown });
    case "address": {
      const p = problem.problem;
      if (p.code === "shape")
        return t("addr-bad-address-shape", { asset: escapeHtml(asset), shape: escapeHtml(p.shape) });
      if (p.code === "checksum")
        return t("addr-bad-address-checksum", { asset: escapeHtml(asset), prefix: escapeHtml(p.prefix) });
      if (p.code === "too_long") return t("addr-bad-address-too-long", { max: p.max });
      if (p.code === "charset") return t("addr-bad-address-charset");
      return t("addr-bad-blank");
    }
    case "memo": {
      const p = problem.problem;
      if (p.code === "tag") return t("addr-bad-tag");
      if (p.code === "too_long") return t("addr-bad-too-long", { max: p.max });
      return t("addr-bad-memo-charset");
    }
    case "blank":
      return t("addr-bad-blank");
    case "too_long":
      return t("addr-bad-too-long", { max: problem.max });
    case "name_short":
      return t("addr-bad-name-short", { min: problem.min });
    case "pick":
      return t("addr-bad-pick");
    case "travel": {
      const p = problem.problem;
      if (p.code === "country") return t("addr-bad-country", { input: shown });
      if (p.code === "too_long") return t("addr-bad-too-long", { max: p.max });
      return t("addr-bad-pick");
    }
  }
}

// Summary lines of the answers, by question (those not listed are shown within another line).
const SUMMARY_KEYS: Partial<Record<DraftStep, string>> = {
  destination_type: "addr-summary-destination",
  wallet_provider: "addr-summary-provider",
  wallet_provider_other_name: "addr-summary-provider-name",
  exchange: "addr-summary-exchange",
  exchange_other_name: "addr-summary-exchange-name",
  ownership: "addr-summary-ownership",
  beneficiary_type: "addr-summary-beneficiary-type",
  beneficiary_full_name: "addr-summary-name",
  beneficiary_country: "addr-summary-country",
  beneficiary_region: "addr-summary-region",
  beneficiary_organisation_name: "addr-summary-name",
  beneficiary_organisation_country: "addr-summary-country",
  beneficiary_organisation_region: "addr-summary-region",
};

/** Everything a complete draft will save, the address whole, for the user to check before Save. */
export function renderSummary(
  draft: AddressDraft,
  t: TranslateFunction,
  language: string,
  assetName: string,
): string {
  const asset = draft.asset ?? "";
  const lines = [
    t("addr-summary-title"),
    t("addr-summary-asset", { asset: escapeHtml(asset), name: escapeHtml(assetName) }),
    t("addr-summary-address", { address: escapeHtml(draft.address ?? "") }),
  ];
  if (draft.memo && draftSteps(draft).includes("memo")) {
    lines.push(t("addr-summary-memo", { kind: memoKind(asset), memo: escapeHtml(draft.memo) }));
  }
  lines.push(t("addr-summary-label", { label: escapeHtml(draft.label ?? "") }), "", t("addr-summary-travel"));
  for (const step of draftSteps(draft)) {
    const key = SUMMARY_KEYS[step];
    const value = answerOf(draft, step);
    if (key === undefined || value === undefined || value === "") continue;
    lines.push(t(key, { answer: answerText(step, value, t, language) }));
  }
  lines.push("", t("addr-summary-note"));
  return lines.join("\n");
}

/** How often and when an entry was used. */
function usage(entry: AddressBookEntry, t: TranslateFunction, language: string, zone: string): string {
  if (entry.times_used === 0) return t("addr-usage-never");
  if (entry.last_used === null) return t("addr-usage-undated", { count: entry.times_used });
  return t("addr-usage", { count: entry.times_used, when: formatDateTime(entry.last_used, zone, language) });
}

function state(entry: AddressBookEntry, t: TranslateFunction): string {
  return t(entry.confirmed ? "addr-state-confirmed" : "addr-state-unconfirmed");
}

/** One entry of the list: number, label, shortened address, memo, state and usage. */
export function renderEntryLine(
  entry: AddressBookEntry,
  n: number,
  t: TranslateFunction,
  language: string,
  zone: string,
): string {
  const variables = {
    n,
    label: escapeHtml(entry.label),
    address: escapeHtml(shortAddress(entry.address)),
    kind: memoKind(entry.asset),
    memo: escapeHtml(entry.memo ?? ""),
  };
  return [
    t(entry.memo ? "addr-line-memo" : "addr-line", variables),
    t("addr-line-state", { state: state(entry, t), usage: usage(entry, t, language, zone) }),
  ].join("\n");
}

/** The heading of an asset's group in the list. */
export function renderGroup(entry: AddressBookEntry): { asset: string; name: string } {
  return { asset: escapeHtml(entry.asset), name: escapeHtml(entry.asset_name) };
}

/** One entry in full: the whole address and memo in <code> (copyable), state, dates and usage. */
export function renderEntryDetails(
  entry: AddressBookEntry,
  t: TranslateFunction,
  language: string,
  zone: string,
): string {
  const lines = [
    t("addr-details-title", {
      label: escapeHtml(entry.label),
      asset: escapeHtml(entry.asset),
      name: escapeHtml(entry.asset_name),
    }),
    t("addr-details-address", { address: escapeHtml(entry.address) }),
  ];
  if (entry.memo)
    lines.push(t("addr-summary-memo", { kind: memoKind(entry.asset), memo: escapeHtml(entry.memo) }));
  if (!entry.enabled) lines.push(t("addr-details-deleted"));
  else if (!entry.confirmed) lines.push(t("addr-details-unconfirmed"));
  else if (entry.confirmed_at === null) lines.push(t("addr-details-confirmed-undated"));
  else lines.push(t("addr-details-confirmed", { when: formatDateTime(entry.confirmed_at, zone, language) }));
  lines.push(
    t("addr-details-created", { when: formatDateTime(entry.created, zone, language) }),
    t("addr-details-usage", { usage: usage(entry, t, language, zone) }),
    t("addr-times-zone", { zone: escapeHtml(zone) }),
  );
  return lines.join("\n");
}
