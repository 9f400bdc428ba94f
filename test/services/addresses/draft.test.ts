/**
 * The guided add's questions against the spec's travel-rule table, written out here independently:
 * every combination of the closed choices asks exactly the fields the spec demands (plus the optional
 * region after each country), and the request carries exactly those answers.
 */
import { describe, expect, it } from "vitest";
import { ExchangeValidationError } from "../../../src/exchange/index.ts";
import {
  type AddressDraft,
  checkAnswer,
  createRequestOf,
  type DraftStep,
  draftSteps,
  isOptionalStep,
  setAnswer,
} from "../../../src/services/addresses/draft.ts";

const LISTED = new Set(["BTC", "ETH", "XRP"]);

interface Combo {
  destination: "personal_wallet" | "exchange_account";
  other: boolean;
  ownership: "self" | "other";
  beneficiary: "individual" | "organisation";
}

/** The spec's table: what each combination demands, in the order asked. */
function specFields(c: Combo): string[] {
  const fields = ["destination_type"];
  if (c.destination === "personal_wallet") fields.push("wallet_provider");
  if (c.destination === "personal_wallet" && c.other) fields.push("wallet_provider_other_name");
  if (c.destination === "exchange_account") fields.push("exchange");
  if (c.destination === "exchange_account" && c.other) fields.push("exchange_other_name");
  fields.push("ownership");
  if (c.ownership === "other") {
    fields.push("beneficiary_type");
    if (c.beneficiary === "individual")
      fields.push("beneficiary_full_name", "beneficiary_country", "beneficiary_region");
    else
      fields.push(
        "beneficiary_organisation_name",
        "beneficiary_organisation_country",
        "beneficiary_organisation_region",
      );
  }
  return fields;
}

const ANSWERS: Record<string, (c: Combo) => string> = {
  asset: () => "BTC",
  address: () => "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  label: () => "Cold",
  destination_type: (c) => c.destination,
  wallet_provider: (c) => (c.other ? "other" : "Ledger"),
  wallet_provider_other_name: () => "Electrum",
  exchange: (c) => (c.other ? "other" : "Kraken"),
  exchange_other_name: () => "Tiny Exchange",
  ownership: (c) => c.ownership,
  beneficiary_type: (c) => c.beneficiary,
  beneficiary_full_name: () => "Jane Citizen",
  beneficiary_country: () => "nz",
  beneficiary_region: () => "Canterbury",
  beneficiary_organisation_name: () => "Acme Pty Ltd",
  beneficiary_organisation_country: () => "AU",
  beneficiary_organisation_region: () => "",
};

/** Answers every question as it comes (each checked), as the conversation does; returns the steps asked. */
function walk(c: Combo): { draft: AddressDraft; asked: DraftStep[] } {
  const draft: AddressDraft = { travel: {} };
  const asked: DraftStep[] = [];
  for (let step: DraftStep | undefined = "asset"; step !== undefined; ) {
    asked.push(step);
    const answer = ANSWERS[step]?.(c) ?? "";
    if (answer === "" && isOptionalStep(step)) setAnswer(draft, step, "");
    else {
      const checked = checkAnswer(draft, step, answer, LISTED);
      if (!("value" in checked)) throw new Error(`${step}: ${JSON.stringify(checked)}`);
      setAnswer(draft, step, checked.value);
    }
    const steps = draftSteps(draft);
    step = steps[steps.indexOf(step) + 1];
  }
  return { draft, asked };
}

const COMBOS: Combo[] = (["personal_wallet", "exchange_account"] as const).flatMap((destination) =>
  [false, true].flatMap((other) =>
    (["self", "other"] as const).flatMap((ownership) =>
      (["individual", "organisation"] as const).map((beneficiary) => ({
        destination,
        other,
        ownership,
        beneficiary,
      })),
    ),
  ),
);

describe("the travel-rule questions", () => {
  it.each(COMBOS.map((c) => [JSON.stringify(c), c] as const))(
    "%s: asks exactly the demanded fields and sends exactly their answers",
    (_name, combo) => {
      const { draft, asked } = walk(combo);
      const fields = specFields(combo);
      expect(asked).toEqual(["asset", "address", "label", ...fields]);
      const request = createRequestOf(draft);
      const sent = fields.filter((f) => (ANSWERS[f]?.(combo) ?? "") !== "");
      expect(Object.keys(request.travel_rule ?? {}).sort()).toEqual(sent.sort());
      if (combo.ownership === "other" && combo.beneficiary === "individual")
        expect(request.travel_rule?.beneficiary_country).toBe("NZ");
    },
  );

  it("answers left from an abandoned branch are never sent, nor do they demand anything", () => {
    const draft: AddressDraft = {
      asset: "BTC",
      address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      label: "Cold",
      travel: {
        destination_type: "exchange_account",
        wallet_provider: "other",
        exchange: "Kraken",
        ownership: "self",
        beneficiary_type: "individual",
        beneficiary_full_name: "Jane",
      },
    };
    expect(draftSteps(draft)).toEqual([
      "asset",
      "address",
      "label",
      "destination_type",
      "exchange",
      "ownership",
    ]);
    expect(createRequestOf(draft).travel_rule).toEqual({
      destination_type: "exchange_account",
      exchange: "Kraken",
      ownership: "self",
    });
  });

  it("a draft missing a demanded answer is refused whole by the client's check", () => {
    const draft: AddressDraft = {
      asset: "BTC",
      address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      label: "Cold",
      travel: { destination_type: "personal_wallet", ownership: "self" },
    };
    expect(() => createRequestOf(draft)).toThrow(ExchangeValidationError);
  });
});

describe("the memo question", () => {
  it("is asked for assets that may use one, and a memo of an earlier asset is not sent", () => {
    expect(draftSteps({ asset: "XRP", travel: {} })).toContain("memo");
    expect(draftSteps({ asset: "ZZZ", travel: {} })).toContain("memo");
    expect(draftSteps({ asset: "BTC", travel: {} })).not.toContain("memo");
    const draft: AddressDraft = {
      asset: "BTC",
      address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      memo: "12345",
      label: "Cold",
      travel: { destination_type: "exchange_account", exchange: "Kraken", ownership: "self" },
    };
    expect(createRequestOf(draft).memo).toBeUndefined();
    expect(
      createRequestOf({ ...draft, asset: "XRP", address: "rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh" }).memo,
    ).toBe("12345");
  });
});

describe("checkAnswer", () => {
  const draft: AddressDraft = { asset: "BTC", travel: {} };
  it("refuses each kind of bad answer with its reason", () => {
    expect(checkAnswer(draft, "asset", "doge", LISTED)).toEqual({
      problem: { code: "unknown_asset", asset: "doge" },
    });
    expect(checkAnswer(draft, "asset", "eth", LISTED)).toEqual({ value: "ETH" });
    expect(checkAnswer(draft, "label", "   ", LISTED)).toEqual({ problem: { code: "blank" } });
    expect(checkAnswer(draft, "label", "x".repeat(201), LISTED)).toEqual({
      problem: { code: "too_long", max: 200 },
    });
    expect(checkAnswer(draft, "destination_type", "my wallet", LISTED)).toEqual({
      problem: { code: "pick" },
    });
    expect(checkAnswer(draft, "wallet_provider", "trust wallet", LISTED)).toEqual({ value: "Trust Wallet" });
    expect(checkAnswer(draft, "exchange", "OTHER", LISTED)).toEqual({ value: "other" });
    expect(checkAnswer(draft, "beneficiary_country", "ZZ", LISTED)).toEqual({
      problem: { code: "travel", problem: { code: "country" } },
    });
    expect(checkAnswer(draft, "exchange_other_name", "x".repeat(101), LISTED)).toEqual({
      problem: { code: "travel", problem: { code: "too_long", max: 100 } },
    });
    expect(checkAnswer(draft, "beneficiary_full_name", " ", LISTED)).toEqual({ problem: { code: "blank" } });
    expect(checkAnswer(draft, "address", "0xabc", LISTED)).toMatchObject({ problem: { code: "address" } });
  });
});
