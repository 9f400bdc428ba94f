import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "../../src/exchange/countries.ts";
import { ExchangeValidationError, type FieldErrors } from "../../src/exchange/errors.ts";
import { checkAddressBookCreate, checkAddressBookResend } from "../../src/exchange/requests/address-book.ts";
import {
  checkPriceTriggerCreate,
  checkPriceTriggerUpdate,
} from "../../src/exchange/requests/price-triggers.ts";
import {
  checkRecurringBuyCreate,
  checkRecurringBuyUpdate,
  RECURRING_PERIODS,
} from "../../src/exchange/requests/recurring-buys.ts";
import { checkStatementRange } from "../../src/exchange/requests/statements.ts";
import { checkSwapCreate, checkSwapEstimate } from "../../src/exchange/requests/swaps.ts";
import {
  checkTransactionQuery,
  TRANSACTION_ORDERINGS,
  TRANSACTION_TIMES,
} from "../../src/exchange/requests/transactions.ts";
import {
  checkTravelRule,
  checkTravelRuleValue,
  type TravelRule,
  travelRuleRequirements,
} from "../../src/exchange/requests/travel-rule.ts";
import { checkAssetCode, checkId, checkPage, MAX_PAGE_SIZE } from "../../src/exchange/requests/values.ts";
import { checkWithdrawalAuthorize, checkWithdrawalCreate } from "../../src/exchange/requests/withdrawals.ts";
import { TRANSACTION_TYPES } from "../../src/exchange/schemas.ts";
import { addExchangeMonths, formatExchangeTime } from "../../src/exchange/time.ts";

// ---- helpers ------------------------------------------------------------------------------------

/** The field errors of the local ExchangeValidationError that `run` throws. */
function fieldsOf(run: () => unknown): FieldErrors {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ExchangeValidationError);
    const e = error as ExchangeValidationError;
    expect(e.local).toBe(true);
    for (const messages of Object.values(e.fields)) {
      expect(messages.length).toBeGreaterThan(0);
      for (const m of messages) expect(m).toMatch(/^[A-Z].*\.$/);
    }
    return e.fields;
  }
  throw new Error("expected the request to be refused");
}

const badFieldNames = (run: () => unknown) => Object.keys(fieldsOf(run)).sort();

/** Drops keys whose value is undefined, as the checks do for the wire. */
const compact = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * Property: corrupting any non-empty set of fields of a valid input is reported under exactly those
 * fields (every bad field is listed, no good one is).
 */
function reportsEveryBadField<T extends object>(
  valid: fc.Arbitrary<T>,
  bad: Record<string, fc.Arbitrary<unknown>>,
  check: (input: T) => unknown,
  nameOf: (field: string) => string = (f) => f,
): void {
  const keys = Object.keys(bad);
  fc.assert(
    fc.property(valid, fc.record(bad), fc.subarray(keys, { minLength: 1 }), (input, values, chosen) => {
      const corrupted = { ...input, ...Object.fromEntries(chosen.map((k) => [k, values[k]])) } as T;
      expect(badFieldNames(() => check(corrupted))).toEqual(chosen.map(nameOf).sort());
    }),
  );
}

// ---- arbitraries --------------------------------------------------------------------------------

const assetCode = fc.stringMatching(/^\w{1,10}$/);
const badAsset = fc.oneof(
  fc.constantFrom("", "BTC-X", "ABCDEFGHIJK", " btc", "bt c", "€", undefined, 5),
  fc.stringMatching(/^\w{11,14}$/),
);
const positive = fc.stringMatching(/^\d{1,12}(\.\d{1,12})?$/).filter((s) => /[1-9]/.test(s));
const badPositive = fc.constantFrom(
  "0",
  "0.00",
  "-1",
  "-0.5",
  "1e3",
  "+1",
  "",
  " 1",
  "abc",
  "1.",
  ".5",
  5,
  null,
);
/** Text of `min`-`max` code points (as the service counts), never blank. */
const text = (min: number, max: number) =>
  fc.string({ unit: "binary", minLength: min, maxLength: max }).filter((s) => s.trim() !== "");
const tooLong = (max: number) =>
  fc.string({ unit: "grapheme-ascii", minLength: max + 1, maxLength: max + 10 });
const badRequiredText = (max: number) => fc.oneof(fc.constantFrom("", "   ", undefined, 42), tooLong(max));
const badBool = fc.constantFrom("yes", "true", 1, 0, null);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const wholeSecondDate = fc
  .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2200-01-01T00:00:00Z"), noInvalidDate: true })
  .map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000));

// ---- simple values ------------------------------------------------------------------------------

describe("checkAssetCode, checkId, checkPage", () => {
  it("upper-cases valid asset codes and keeps them otherwise", () => {
    fc.assert(fc.property(assetCode, (code) => checkAssetCode(code) === code.toUpperCase()));
  });

  it("refuses invalid asset codes under the given field", () => {
    fc.assert(
      fc.property(badAsset, (code) => {
        expect(badFieldNames(() => checkAssetCode(code as string))).toEqual(["asset"]);
        expect(badFieldNames(() => checkAssetCode(code as string, "src_asset"))).toEqual(["src_asset"]);
      }),
    );
  });

  it("accepts positive safe integer ids only", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => checkId(id, "id") === id),
    );
    for (const id of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, "7", undefined]) {
      expect(badFieldNames(() => checkId(id as number, "swap_id"))).toEqual(["swap_id"]);
    }
  });

  it("checks paging", () => {
    fc.assert(
      fc.property(
        optional(fc.integer({ min: 1, max: 1_000_000 })),
        optional(fc.integer({ min: 1, max: MAX_PAGE_SIZE })),
        (page, size) => {
          expect(checkPage(page, size)).toEqual(compact({ page, page_size: size }));
        },
      ),
    );
    expect(checkPage()).toEqual({});
    expect(badFieldNames(() => checkPage(0, 1001))).toEqual(["page", "page_size"]);
    expect(badFieldNames(() => checkPage(1.5, 0))).toEqual(["page", "page_size"]);
    expect(fieldsOf(() => checkPage(1, 5000)).page_size).toEqual(["Use at most 1000."]);
  });
});

// ---- address book -------------------------------------------------------------------------------

const countryCode = fc
  .constantFrom(...COUNTRY_CODES)
  .chain((code) => fc.constantFrom(code, code.toLowerCase()));
const optionalText = (max: number) => fc.oneof(fc.constant(undefined), fc.constant(""), text(1, max));
const providerName = fc.oneof(
  fc.constant(undefined),
  fc.constant(""),
  fc.constantFrom("other", "Other"),
  text(1, 50),
);

/** Travel rules over the whole conditional space (values valid where given). */
const anyTravelRule = fc.record({
  destination_type: fc.constantFrom("personal_wallet", "exchange_account", undefined),
  ownership: fc.constantFrom("self", "other", undefined),
  beneficiary_type: fc.constantFrom("individual", "organisation", "", undefined),
  wallet_provider: providerName,
  wallet_provider_other_name: optionalText(100),
  exchange: providerName,
  exchange_other_name: optionalText(100),
  beneficiary_full_name: optionalText(200),
  beneficiary_country: fc.oneof(fc.constant(undefined), fc.constant(""), countryCode),
  beneficiary_region: optionalText(100),
  beneficiary_organisation_name: optionalText(200),
  beneficiary_organisation_country: fc.oneof(fc.constant(undefined), fc.constant(""), countryCode),
  beneficiary_organisation_region: optionalText(100),
});
type AnyTravelRule = typeof anyTravelRule extends fc.Arbitrary<infer T> ? T : never;

/** The spec's travel rule table, written out independently of the implementation. */
function missingTravelRuleFields(r: AnyTravelRule): string[] {
  const required = ["destination_type", "ownership"];
  const isOther = (v: string | undefined) => v?.trim().toLowerCase() === "other";
  if (r.ownership === "other") required.push("beneficiary_type");
  if (r.destination_type === "personal_wallet") required.push("wallet_provider");
  if (isOther(r.wallet_provider)) required.push("wallet_provider_other_name");
  if (r.destination_type === "exchange_account") required.push("exchange");
  if (isOther(r.exchange)) required.push("exchange_other_name");
  if (r.beneficiary_type === "individual") required.push("beneficiary_full_name", "beneficiary_country");
  if (r.beneficiary_type === "organisation") {
    required.push("beneficiary_organisation_name", "beneficiary_organisation_country");
  }
  return required.filter((f) => {
    const v = r[f as keyof AnyTravelRule];
    return v === undefined || v.trim() === "";
  });
}

const upperCountries = (r: AnyTravelRule) =>
  compact({
    ...r,
    beneficiary_country: r.beneficiary_country?.toUpperCase(),
    beneficiary_organisation_country: r.beneficiary_organisation_country?.toUpperCase(),
  });

/** Valid travel rules: generated over the whole space, kept when the table is satisfied. */
const validTravelRule = anyTravelRule.filter((r) => missingTravelRuleFields(r).length === 0);

const addressBookInput = fc.record(
  {
    asset: assetCode,
    address: text(1, 256),
    label: text(1, 200),
    memo: fc.string({ unit: "binary", maxLength: 256 }),
    enabled: fc.boolean(),
    travel_rule: validTravelRule,
  },
  { requiredKeys: ["asset", "address", "label"] },
);

describe("checkTravelRule", () => {
  it("follows the spec's conditional table exactly", () => {
    fc.assert(
      fc.property(anyTravelRule, (rule) => {
        const missing = missingTravelRuleFields(rule);
        const run = () => checkTravelRule(rule as TravelRule);
        if (missing.length === 0) expect(run()).toEqual(upperCountries(rule));
        else expect(badFieldNames(run)).toEqual(missing.map((f) => `travel_rule.${f}`).sort());
      }),
      { numRuns: 500 },
    );
  });

  it("explains each condition", () => {
    const fields = fieldsOf(() =>
      checkTravelRule({ destination_type: "personal_wallet", ownership: "other", wallet_provider: "other" }),
    );
    expect(fields).toEqual({
      "travel_rule.beneficiary_type": ["Required when ownership is other."],
      "travel_rule.wallet_provider_other_name": ["Required when wallet_provider is other."],
    });
    expect(
      fieldsOf(() =>
        checkTravelRule({ destination_type: "exchange_account", ownership: "self", exchange: "other" }),
      )["travel_rule.exchange_other_name"],
    ).toEqual(["Required when exchange is other."]);
    expect(
      fieldsOf(() =>
        checkTravelRule({
          destination_type: "exchange_account",
          ownership: "other",
          beneficiary_type: "organisation",
          exchange: "Kraken",
        }),
      ),
    ).toEqual({
      "travel_rule.beneficiary_organisation_name": ["Required when beneficiary_type is organisation."],
      "travel_rule.beneficiary_organisation_country": ["Required when beneficiary_type is organisation."],
    });
  });

  it("uses plain names with an empty prefix", () => {
    expect(badFieldNames(() => checkTravelRule({ ownership: "self" } as TravelRule, ""))).toEqual([
      "destination_type",
    ]);
  });

  it("enforces every maximum length", () => {
    const limits = {
      wallet_provider: 50,
      wallet_provider_other_name: 100,
      exchange: 50,
      exchange_other_name: 100,
      beneficiary_full_name: 200,
      beneficiary_region: 100,
      beneficiary_organisation_name: 200,
      beneficiary_organisation_region: 100,
    };
    const base = { destination_type: "exchange_account", ownership: "self", exchange: "Kraken" } as const;
    for (const [field, max] of Object.entries(limits)) {
      expect(checkTravelRule({ ...base, [field]: "x".repeat(max) })).toMatchObject({
        [field]: "x".repeat(max),
      });
      // Code points, not UTF-16 units: an emoji counts once.
      expect(checkTravelRule({ ...base, [field]: "😀".repeat(max) })).toMatchObject({
        [field]: "😀".repeat(max),
      });
      expect(fieldsOf(() => checkTravelRule({ ...base, [field]: "x".repeat(max + 1) }))).toEqual({
        [`travel_rule.${field}`]: [`Use at most ${max} characters.`],
      });
    }
  });

  it("wants assigned ISO 3166-1 alpha-2 country codes, upper-cased", () => {
    const base = {
      destination_type: "personal_wallet",
      ownership: "other",
      wallet_provider: "Ledger",
      beneficiary_type: "individual",
      beneficiary_full_name: "Jane Citizen",
    } as const;
    expect(checkTravelRule({ ...base, beneficiary_country: "nz" }).beneficiary_country).toBe("NZ");
    expect(COUNTRY_CODES.size).toBe(249);
    // Two letters are not enough: unassigned (ZZ, QQ), reserved (EU, UK) and withdrawn (YU) codes are refused.
    for (const bad of ["AUS", "A", "A1", "ß", "éa", " A", 12, "ZZ", "QQ", "EU", "UK", "YU", "XK"]) {
      expect(badFieldNames(() => checkTravelRule({ ...base, beneficiary_country: bad as string }))).toEqual([
        "travel_rule.beneficiary_country",
      ]);
      expect(
        badFieldNames(() =>
          checkTravelRule({
            ...base,
            beneficiary_organisation_country: bad as string,
            beneficiary_country: "AU",
          }),
        ),
      ).toEqual(["travel_rule.beneficiary_organisation_country"]);
    }
  });

  it("checks one value at a time, for a guided form, with problem codes instead of words", () => {
    expect(checkTravelRuleValue("beneficiary_country", "nz")).toEqual({ value: "NZ" });
    expect(checkTravelRuleValue("beneficiary_organisation_country", "ZZ")).toEqual({
      problem: { code: "country" },
    });
    expect(checkTravelRuleValue("exchange_other_name", "x".repeat(101))).toEqual({
      problem: { code: "too_long", max: 100 },
    });
    expect(checkTravelRuleValue("ownership", "mine")).toEqual({
      problem: { code: "choice", allowed: ["self", "other"] },
    });
    expect(checkTravelRuleValue("beneficiary_region", "Queensland")).toEqual({ value: "Queensland" });
  });

  it("names what each answer demands next, the same table the whole check applies", () => {
    expect(Object.keys(travelRuleRequirements({})).sort()).toEqual(["destination_type", "ownership"]);
    expect(
      Object.keys(
        travelRuleRequirements({
          destination_type: "exchange_account",
          exchange: "Other",
          ownership: "other",
          beneficiary_type: "organisation",
        }),
      ).sort(),
    ).toEqual([
      "beneficiary_organisation_country",
      "beneficiary_organisation_name",
      "beneficiary_type",
      "destination_type",
      "exchange",
      "exchange_other_name",
      "ownership",
    ]);
  });

  it("refuses unknown enum values and a non-object", () => {
    const fields = fieldsOf(() =>
      checkTravelRule({
        destination_type: "bank",
        ownership: "mine",
        beneficiary_type: "trust",
      } as unknown as TravelRule),
    );
    expect(Object.keys(fields).sort()).toEqual([
      "travel_rule.beneficiary_type",
      "travel_rule.destination_type",
      "travel_rule.ownership",
    ]);
    expect(badFieldNames(() => checkTravelRule(null as unknown as TravelRule))).toEqual(["travel_rule"]);
  });
});

describe("checkAddressBookCreate and checkAddressBookResend", () => {
  it("pass valid input through, asset upper-cased and countries upper-cased", () => {
    fc.assert(
      fc.property(addressBookInput, (input) => {
        const expected = compact({
          ...input,
          asset: input.asset.toUpperCase(),
          travel_rule: input.travel_rule && upperCountries(input.travel_rule),
        });
        expect(checkAddressBookCreate(input as Parameters<typeof checkAddressBookCreate>[0])).toEqual(
          expected,
        );
        expect(checkAddressBookResend(input as Parameters<typeof checkAddressBookResend>[0])).toEqual(
          expected,
        );
      }),
    );
  });

  it("report every bad field", () => {
    const bad = {
      asset: badAsset,
      address: badRequiredText(256),
      label: badRequiredText(200),
      memo: fc.oneof(tooLong(256), fc.constant(5)),
      enabled: badBool,
      travel_rule: fc.constant("yes"),
    };
    reportsEveryBadField(addressBookInput, bad, (i) =>
      checkAddressBookCreate(i as Parameters<typeof checkAddressBookCreate>[0]),
    );
    reportsEveryBadField(addressBookInput, bad, (i) =>
      checkAddressBookResend(i as Parameters<typeof checkAddressBookResend>[0]),
    );
  });

  it("accepts the boundary lengths", () => {
    const body = checkAddressBookCreate({
      asset: "xrp",
      address: "a".repeat(256),
      label: "l".repeat(200),
      memo: "",
    });
    expect(body).toEqual({ asset: "XRP", address: "a".repeat(256), label: "l".repeat(200), memo: "" });
  });

  it("names nested travel rule problems alongside top-level ones", () => {
    const fields = fieldsOf(() =>
      checkAddressBookCreate({
        asset: "BTC",
        address: "",
        label: "Mine",
        travel_rule: { destination_type: "personal_wallet", ownership: "self" },
      }),
    );
    expect(fields).toEqual({
      address: ["Must not be blank."],
      "travel_rule.wallet_provider": ["Required when destination_type is personal_wallet."],
    });
  });
});

// ---- withdrawals --------------------------------------------------------------------------------

describe("checkWithdrawalCreate and checkWithdrawalAuthorize", () => {
  const withdrawal = fc.record({
    amount: positive,
    address_book_entry_id: fc.integer({ min: 1, max: 2 ** 40 }),
  });

  it("pass valid input unchanged", () => {
    fc.assert(
      fc.property(withdrawal, (input) => {
        expect(checkWithdrawalCreate(input)).toEqual(input);
      }),
    );
    fc.assert(
      fc.property(text(1, 1024), (token) => {
        expect(checkWithdrawalAuthorize({ token })).toEqual({ token });
      }),
    );
  });

  it("report every bad field", () => {
    reportsEveryBadField(
      withdrawal,
      {
        amount: fc.oneof(badPositive, fc.constant(undefined)),
        address_book_entry_id: fc.constantFrom(0, -3, 1.5, Number.NaN, "12", undefined, null),
      },
      checkWithdrawalCreate,
    );
    fc.assert(
      fc.property(badRequiredText(1024), (token) => {
        expect(badFieldNames(() => checkWithdrawalAuthorize({ token: token as string }))).toEqual(["token"]);
      }),
    );
  });

  it("says what is wrong", () => {
    expect(fieldsOf(() => checkWithdrawalCreate({ amount: "0", address_book_entry_id: 1 }))).toEqual({
      amount: ["Must be a number greater than zero, written like 12 or 0.5."],
    });
    expect(fieldsOf(() => checkWithdrawalAuthorize({ token: "x".repeat(1025) }))).toEqual({
      token: ["Use at most 1024 characters."],
    });
  });
});

// ---- swaps --------------------------------------------------------------------------------------

const assetPair = fc.tuple(assetCode, assetCode).filter(([a, b]) => a.toUpperCase() !== b.toUpperCase());
const amountChoice = fc.oneof(
  positive.map((a) => ({ req_spend_amount: a })),
  positive.map((a) => ({ req_get_amount: a })),
);
const swapEstimate = fc
  .tuple(assetPair, amountChoice)
  .map(([[src_asset, dst_asset], amount]) => ({ src_asset, dst_asset, ...amount }));
const swapCreate = fc.tuple(swapEstimate, positive).map(([e, expected_price]) => ({ ...e, expected_price }));

describe("checkSwapEstimate and checkSwapCreate", () => {
  it("pass valid input, assets upper-cased", () => {
    const upper = <T extends { src_asset: string; dst_asset: string }>(i: T) => ({
      ...i,
      src_asset: i.src_asset.toUpperCase(),
      dst_asset: i.dst_asset.toUpperCase(),
    });
    fc.assert(
      fc.property(swapEstimate, (input) => {
        expect(checkSwapEstimate(input)).toEqual(upper(input));
      }),
    );
    fc.assert(
      fc.property(swapCreate, (input) => {
        expect(checkSwapCreate(input)).toEqual(upper(input));
      }),
    );
  });

  it("report every bad field", () => {
    const spendOnly = swapCreate.map((i) => ({
      src_asset: i.src_asset,
      dst_asset: i.dst_asset,
      expected_price: i.expected_price,
      req_spend_amount: "10",
    }));
    const bad = {
      src_asset: badAsset,
      dst_asset: badAsset,
      req_spend_amount: badPositive,
      expected_price: fc.oneof(badPositive, fc.constant(undefined)),
    };
    reportsEveryBadField(spendOnly, bad, checkSwapCreate);
  });

  it("wants exactly one requested amount, reported under both", () => {
    const both = { src_asset: "AUD", dst_asset: "BTC", req_spend_amount: "100", req_get_amount: "0.001" };
    expect(fieldsOf(() => checkSwapEstimate(both))).toEqual({
      req_spend_amount: ["Give only one of req_spend_amount and req_get_amount."],
      req_get_amount: ["Give only one of req_spend_amount and req_get_amount."],
    });
    expect(badFieldNames(() => checkSwapEstimate({ src_asset: "AUD", dst_asset: "BTC" }))).toEqual([
      "req_get_amount",
      "req_spend_amount",
    ]);
  });

  it("wants two different assets, compared after upper-casing", () => {
    fc.assert(
      fc.property(assetCode, positive, (asset, amount) => {
        const input = {
          src_asset: asset.toLowerCase(),
          dst_asset: asset.toUpperCase(),
          req_get_amount: amount,
        };
        expect(fieldsOf(() => checkSwapEstimate(input))).toEqual({
          dst_asset: ["Must differ from src_asset."],
        });
      }),
    );
  });
});

// ---- recurring buys -----------------------------------------------------------------------------

const recurringCreate = fc.record(
  {
    asset: assetCode,
    quantity: positive,
    direction: fc.constantFrom(10 as const, 20 as const),
    period: fc.oneof(fc.constantFrom(...RECURRING_PERIODS), text(1, 30)),
    start: wholeSecondDate,
    enabled: fc.boolean(),
  },
  { requiredKeys: ["asset", "quantity", "direction", "period"] },
);

const recurringWire = <T extends { asset?: string; start?: Date }>(i: T) =>
  compact({ ...i, asset: i.asset?.toUpperCase(), start: i.start && formatExchangeTime(i.start) });

const badRecurring = {
  asset: badAsset,
  quantity: fc.oneof(badPositive, fc.constant(undefined)),
  direction: fc.constantFrom(0, 15, 30, "10", null, undefined),
  period: fc.constantFrom("", "  ", 7, undefined),
  start: fc.constantFrom(new Date(Number.NaN), "2024-01-01T00:00:00", 1_700_000_000_000, null),
  enabled: badBool,
};

describe("checkRecurringBuyCreate and checkRecurringBuyUpdate", () => {
  it("pass valid input, start formatted as Brisbane time", () => {
    fc.assert(
      fc.property(recurringCreate, (input) => {
        expect(checkRecurringBuyCreate(input)).toEqual(recurringWire(input));
      }),
    );
    expect(
      checkRecurringBuyCreate({
        asset: "btc",
        quantity: "50",
        direction: 10,
        period: "weekly",
        start: new Date("2024-06-01T00:00:00Z"),
      }).start,
    ).toBe("2024-06-01T10:00:00");
  });

  it("pass any non-empty valid update", () => {
    const update = fc
      .tuple(
        recurringCreate,
        fc.subarray(["asset", "quantity", "direction", "period", "start", "enabled"], { minLength: 1 }),
      )
      .map(([full, keys]) => compact(Object.fromEntries(keys.map((k) => [k, full[k as keyof typeof full]]))))
      .filter((u) => Object.keys(u).length > 0);
    fc.assert(
      fc.property(update, (input) => {
        expect(checkRecurringBuyUpdate(input)).toEqual(recurringWire(input));
      }),
    );
  });

  it("report every bad field", () => {
    reportsEveryBadField(recurringCreate, badRecurring, checkRecurringBuyCreate);
    const { asset, quantity, direction, period, start, enabled } = badRecurring;
    // On an update only given fields are checked, so "bad" means a given bad value.
    const given = (arb: fc.Arbitrary<unknown>) => arb.filter((v) => v !== undefined);
    reportsEveryBadField(
      recurringCreate,
      {
        asset: given(asset),
        quantity: given(quantity),
        direction: given(direction),
        period: given(period),
        start,
        enabled,
      },
      checkRecurringBuyUpdate,
    );
  });

  it("refuses an update that changes nothing", () => {
    expect(fieldsOf(() => checkRecurringBuyUpdate({}))).toEqual({
      non_field_errors: ["Change at least one field."],
    });
    expect(badFieldNames(() => checkRecurringBuyUpdate({ enabled: undefined }))).toEqual([
      "non_field_errors",
    ]);
  });
});

// ---- price triggers -----------------------------------------------------------------------------

const triggerBase = fc.record(
  {
    asset: assetCode,
    price: positive,
    match: fc.constantFrom(1 as const, 2 as const, null),
    notify_sms: fc.boolean(),
    notify_email: fc.boolean(),
    enabled: fc.boolean(),
  },
  { requiredKeys: ["asset", "price"] },
);
const tradePart = fc.oneof(
  fc.record({ order_direction: fc.constantFrom(null, undefined) }),
  fc.record({
    order_direction: fc.constantFrom(10 as const, 20 as const),
    order_quantity: positive,
    order_get_quantity: fc.constantFrom(null, undefined),
  }),
  fc.record({
    order_direction: fc.constantFrom(10 as const, 20 as const),
    order_quantity: fc.constantFrom(null, undefined),
    order_get_quantity: positive,
  }),
);
const triggerCreate = fc.tuple(triggerBase, tradePart).map(([b, t]) => ({ ...b, ...t }));

/** The trade rules of the spec; `create` reads a missing field as null, an update as "unchanged". */
function tradeRuleFields(
  t: { order_direction?: unknown; order_quantity?: unknown; order_get_quantity?: unknown },
  create: boolean,
): string[] {
  const read = (v: unknown) => (create && v === undefined ? null : v);
  const direction = read(t.order_direction);
  const q = read(t.order_quantity);
  const gq = read(t.order_get_quantity);
  const set = (v: unknown) => v !== null && v !== undefined;
  const fields = new Set<string>();
  if (set(q) && set(gq)) fields.add("order_quantity").add("order_get_quantity");
  else if ((direction === 10 || direction === 20) && q === null && gq === null) {
    fields.add("order_quantity").add("order_get_quantity");
  }
  if (direction === null && (set(q) || set(gq))) fields.add("order_direction");
  return [...fields].sort();
}

describe("checkPriceTriggerCreate and checkPriceTriggerUpdate", () => {
  it("pass valid triggers, alert-only or with exactly one quantity", () => {
    fc.assert(
      fc.property(triggerCreate, (input) => {
        expect(checkPriceTriggerCreate(input)).toEqual(
          compact({ ...input, asset: input.asset.toUpperCase() }),
        );
      }),
    );
  });

  it("report every bad field", () => {
    const alertOnly = triggerBase.map((b) => ({ ...b, order_direction: null }));
    reportsEveryBadField(
      alertOnly,
      {
        asset: badAsset,
        price: fc.oneof(badPositive, fc.constant(undefined)),
        match: fc.constantFrom(0, 3, "1"),
        notify_sms: badBool,
        notify_email: badBool,
        enabled: badBool,
        order_direction: fc.constantFrom(0, 15, "10"),
      },
      checkPriceTriggerCreate,
    );
  });

  it("apply the quantity and direction rules on create and update", () => {
    const direction = fc.constantFrom(10, 20, null, undefined);
    const quantity = fc.oneof(fc.constantFrom(null, undefined), positive);
    fc.assert(
      fc.property(direction, quantity, quantity, (order_direction, order_quantity, order_get_quantity) => {
        const trade = { order_direction, order_quantity, order_get_quantity } as const;
        const create = () => checkPriceTriggerCreate({ asset: "BTC", price: "1", ...trade } as never);
        const update = () => checkPriceTriggerUpdate({ enabled: true, ...trade } as never);
        for (const [run, isCreate] of [
          [create, true],
          [update, false],
        ] as const) {
          const expected = tradeRuleFields(trade, isCreate);
          if (expected.length > 0) expect(badFieldNames(run)).toEqual(expected);
          else expect(run).not.toThrow();
        }
      }),
      { numRuns: 300 },
    );
  });

  it("say what the trade rules want", () => {
    expect(
      fieldsOf(() =>
        checkPriceTriggerCreate({
          asset: "BTC",
          price: "1",
          order_direction: 10,
          order_quantity: "5",
          order_get_quantity: "1",
        }),
      ),
    ).toEqual({
      order_quantity: ["Give only one of order_quantity and order_get_quantity."],
      order_get_quantity: ["Give only one of order_quantity and order_get_quantity."],
    });
    expect(
      fieldsOf(() => checkPriceTriggerCreate({ asset: "BTC", price: "1", order_get_quantity: "1" })),
    ).toEqual({
      order_direction: ["Set order_direction (10 buy, 20 sell) to trade a quantity."],
    });
    expect(
      badFieldNames(() =>
        checkPriceTriggerCreate({ asset: "BTC", price: "1", order_direction: 20, order_quantity: "0" }),
      ),
    ).toEqual(["order_quantity"]);
  });

  it("pass updates that only mark events seen, and name a bad event", () => {
    const events = fc.array(fc.record({ seen: fc.boolean() }), { maxLength: 5 });
    fc.assert(
      fc.property(events, fc.boolean(), (list, mark_seen) => {
        expect(checkPriceTriggerUpdate({ events: list, mark_seen })).toEqual({ events: list, mark_seen });
      }),
    );
    fc.assert(
      fc.property(events, fc.nat(5), fc.constantFrom("yes", null, undefined, 1), (list, at, seen) => {
        const index = Math.min(at, list.length);
        const broken = [...list.slice(0, index), { seen }, ...list.slice(index)] as { seen: boolean }[];
        expect(badFieldNames(() => checkPriceTriggerUpdate({ events: broken }))).toEqual([
          `events.${index}.seen`,
        ]);
      }),
    );
    expect(
      badFieldNames(() => checkPriceTriggerUpdate({ events: "all" as never, mark_seen: "yes" as never })),
    ).toEqual(["events", "mark_seen"]);
    expect(badFieldNames(() => checkPriceTriggerUpdate({ events: [null as never] }))).toEqual([
      "events.0.seen",
    ]);
  });

  it("check given update fields as on create and refuse an empty update", () => {
    expect(checkPriceTriggerUpdate({ price: "25000.5", asset: "btc" })).toEqual({
      price: "25000.5",
      asset: "BTC",
    });
    expect(checkPriceTriggerUpdate({ order_quantity: "2" })).toEqual({ order_quantity: "2" });
    expect(checkPriceTriggerUpdate({ order_quantity: null, order_get_quantity: "3" })).toEqual({
      order_quantity: null,
      order_get_quantity: "3",
    });
    expect(badFieldNames(() => checkPriceTriggerUpdate({ price: "0", match: 5 as never }))).toEqual([
      "match",
      "price",
    ]);
    expect(fieldsOf(() => checkPriceTriggerUpdate({}))).toEqual({
      non_field_errors: ["Change at least one field."],
    });
  });
});

// ---- statements and history ---------------------------------------------------------------------

describe("checkStatementRange", () => {
  it("passes ranges of up to twelve calendar months, as Brisbane timestamps", () => {
    fc.assert(
      fc.property(wholeSecondDate, fc.double({ min: 0, max: 1, noNaN: true }), (from, fraction) => {
        const span = addExchangeMonths(from, 12).getTime() - from.getTime();
        const to = new Date(from.getTime() + 1000 + Math.floor(((span - 1000) * fraction) / 1000) * 1000);
        expect(checkStatementRange(from, to)).toEqual({
          date_from: formatExchangeTime(from),
          date_to: formatExchangeTime(to),
        });
      }),
    );
  });

  it("refuses a range longer than twelve months or not moving forward", () => {
    fc.assert(
      fc.property(wholeSecondDate, fc.integer({ min: 1, max: 400 * 86_400 }), (from, seconds) => {
        const tooLate = new Date(addExchangeMonths(from, 12).getTime() + seconds * 1000);
        expect(fieldsOf(() => checkStatementRange(from, tooLate))).toEqual({
          date_to: ["Must be at most twelve months after date_from."],
        });
        const before = new Date(from.getTime() - (seconds - 1) * 1000);
        expect(fieldsOf(() => checkStatementRange(from, before))).toEqual({
          date_to: ["Must be after date_from."],
        });
      }),
    );
  });

  it("counts calendar months in Brisbane and compares the seconds that are sent", () => {
    // 29 February 2024, 00:00 in Brisbane: twelve months later is 28 February 2025 (the day is clamped).
    const from = new Date("2024-02-28T14:00:00Z");
    expect(checkStatementRange(from, new Date("2025-02-27T14:00:00Z"))).toEqual({
      date_from: "2024-02-29T00:00:00",
      date_to: "2025-02-28T00:00:00",
    });
    expect(badFieldNames(() => checkStatementRange(from, new Date("2025-02-27T14:00:01Z")))).toEqual([
      "date_to",
    ]);
    const t = new Date("2024-05-01T00:00:00.100Z");
    expect(badFieldNames(() => checkStatementRange(t, new Date("2024-05-01T00:00:00.900Z")))).toEqual([
      "date_to",
    ]);
  });

  it("names invalid dates", () => {
    const bad = new Date(Number.NaN);
    expect(badFieldNames(() => checkStatementRange(bad, bad))).toEqual(["date_from", "date_to"]);
    expect(badFieldNames(() => checkStatementRange(new Date(), undefined as never))).toEqual(["date_to"]);
  });
});

describe("checkTransactionQuery", () => {
  const query = fc.record(
    {
      asset: assetCode,
      status: text(1, 20),
      transaction_type: fc.shuffledSubarray([...TRANSACTION_TYPES], { minLength: 1 }),
      time: fc.constantFrom(...TRANSACTION_TIMES),
      ordering: fc.constantFrom(...TRANSACTION_ORDERINGS),
      page: fc.integer({ min: 1, max: 10_000 }),
      page_size: fc.integer({ min: 1, max: MAX_PAGE_SIZE }),
    },
    { requiredKeys: [] },
  );

  it("builds the wire query: types comma-joined, ordering as o", () => {
    fc.assert(
      fc.property(query, (input) => {
        const { ordering, transaction_type, asset, ...rest } = input;
        expect(checkTransactionQuery(input)).toEqual(
          compact({
            ...rest,
            asset: asset?.toUpperCase(),
            o: ordering,
            transaction_type: transaction_type?.join(","),
          }),
        );
      }),
    );
    expect(checkTransactionQuery({ transaction_type: ["buy", "sell", "buy"] })).toEqual({
      transaction_type: "buy,sell",
    });
  });

  it("reports every bad field", () => {
    reportsEveryBadField(
      query,
      {
        asset: badAsset.filter((v) => v !== undefined),
        status: fc.constantFrom("", "  ", 3),
        transaction_type: fc.constantFrom([], ["foo"], ["buy", "Buy"], "buy"),
        time: fc.constantFrom("day", "24H", ""),
        ordering: fc.constantFrom("created_at", "+created", ""),
        page: fc.constantFrom(0, -1, 1.5),
        page_size: fc.constantFrom(0, MAX_PAGE_SIZE + 1, 2.5),
      },
      (i) => checkTransactionQuery(i as never),
    );
  });
});
