import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { ExchangeResponseError } from "../../src/exchange/errors.ts";
import {
  AddressBookEntry,
  AllBalances,
  Balance,
  DIRECTION,
  MATCH,
  PortfolioStatistics,
  PriceTrigger,
  ProfileBrief,
  PublicAsset,
  PublicAssetList,
  paginated,
  parseResponse,
  RecurringBuy,
  ResponseMessage,
  SWAP_STATUS,
  Swap,
  SwapDetail,
  SwapEstimate,
  SwapListItem,
  Ticker,
  TRANSACTION_TYPES,
  Transaction,
  WalletTransaction,
  WITHDRAWAL_STATUS,
  Withdrawal,
} from "../../src/exchange/schemas.ts";

/** The issues of the ExchangeResponseError that parsing `data` throws. */
function issuesOf(schema: z.ZodType, data: unknown, operation = "test"): string[] {
  try {
    parseResponse(schema, data, operation);
  } catch (error) {
    expect(error).toBeInstanceOf(ExchangeResponseError);
    const e = error as ExchangeResponseError;
    expect(e.operation).toBe(operation);
    expect(e.code).toBe("bad_response");
    return e.issues;
  }
  throw new Error("expected the response to be refused");
}

/** `sample` without `key`. */
function without<T extends object>(sample: T, key: keyof T): Partial<T> {
  const copy = { ...sample };
  delete copy[key];
  return copy;
}

const addressBookEntry = {
  id: 7,
  asset: "XRP",
  asset_name: "Ripple",
  address: "rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh",
  memo: "104534",
  label: "Cold storage",
  enabled: true,
  confirmed: true,
  confirmed_at: "2024-03-01T12:30:00",
  created: "2024-03-01T12:00:00",
  last_used: null,
  times_used: 0,
};

const withdrawal = {
  id: 31,
  amount: "0.05",
  address: "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
  tag: "",
  label: "Cold storage",
  txid: null,
  created: "2024-03-02T09:00:00",
  closed: null,
  status: 5,
};

const swap = {
  id: 12,
  status: 15,
  src_asset: "AUD",
  dst_asset: "BTC",
  bought_amount: null,
  sold_amount: null,
  src_fee: "0.5",
  dst_fee: "0",
  req_get_amount: null,
  req_spend_amount: "100",
  expected_price: "101234.56",
};

const estimate = {
  src_asset: "AUD",
  dst_asset: "BTC",
  src_fee: "0.50",
  dst_fee: "0",
  estimated_price: "101234.56",
  estimated_price_exact: "101234.5612345",
  est_sell_amount: "99.5",
  est_buy_amount: "0.00098287",
  estimate_id: "3f2c8e1a-6d0b-4a8e-9f6e-2b1d7c5a9e10",
  slippage: "0.01",
  req_get_amount: null,
  req_spend_amount: "100",
};

const recurringBuy = {
  id: 3,
  asset: "BTC",
  asset_name: "Bitcoin",
  in_discovery_zone: false,
  quantity: "50",
  direction: 10,
  start: "2024-04-01T08:00:00",
  period: "weekly",
  enabled: true,
};

const triggerEvent = {
  fired: "2024-02-10T14:22:05",
  price: "5001.2",
  matched: 1,
  trade: "Sold 0.5 ETH for 2500.60 AUD",
  failure_reason: "",
  seen: false,
};

const priceTrigger = {
  id: 9,
  asset: "ETH",
  asset_name: "Ethereum",
  in_discovery_zone: false,
  created: "2024-02-01T10:00:00",
  price: "5000",
  match: 1,
  paused: true,
  last_trigger: "2024-02-10T14:22:05",
  order_side: "",
  enabled: true,
  notify_sms: false,
  notify_email: true,
  order_direction: 20,
  order_quantity: "0.5",
  order_get_quantity: null,
  mark_seen: false,
  events: [triggerEvent],
};

const portfolioPage = {
  count: 1,
  next: null,
  previous: null,
  results: [
    {
      overall: {
        overall_aud_wallet_value: "15000.25",
        overall_day_return: "-120.5",
        overall_day_return_percentage: "-0.8",
        overall_total_return: "3000",
        overall_total_return_percentage: "25",
      },
      assets: [
        {
          asset: "BTC",
          approximate_value: "15000.25",
          current_balance: "0.15",
          current_buy_price: "100500",
          current_sell_price: "100000",
          last_buy_price: "80000",
          last_sell_price: null,
          day_buy_return: "-120.5",
          day_buy_return_percentage: "-0.8",
          total_avg_buy: "80000",
          total_avg_sell: null,
          total_buy_return: "3000",
          total_buy_return_percentage: "25",
          stale_price: false,
        },
      ],
    },
  ],
};

const transaction = {
  summary_id: 1001,
  id: 55,
  object_id: 12,
  created: "2024-03-05T16:45:00",
  src_asset: "AUD",
  dst_asset: "BTC",
  exchange_rate: "101234.56",
  fee_currency: "AUD",
  transaction_type: "swap",
  transaction_subtype: "",
  src_amount: "100",
  dst_amount: "0.00098287",
  quote_cost: "100",
  cost: "99.5",
  fee: "0.5",
  aud_fee: "0.5",
  aud_value: "100",
  status: "completed",
};

const walletTransaction = {
  id: 77,
  created: "2024-03-06T11:00:00",
  src_amount: null,
  dst_amount: "0.01",
  object_id: 31,
  resulting_balance: "0.16",
  exchange_rate: "100000",
  cost: null,
  fee: "0",
  status: "processed",
  transaction_type: "deposit",
  transaction_subtype: null,
  src_asset: null,
  dst_asset: "BTC",
  quote_cost: null,
  aud_fee: "0",
  aud_value: "1000",
  fee_currency: "BTC",
};

describe("resource schemas accept spec-shaped samples", () => {
  it("address book entry, with Brisbane times as instants", () => {
    const entry = parseResponse(AddressBookEntry, addressBookEntry, "address book");
    expect(entry.confirmed_at?.toISOString()).toBe("2024-03-01T02:30:00.000Z");
    expect(entry.created.toISOString()).toBe("2024-03-01T02:00:00.000Z");
    expect(entry.last_used).toBeNull();
    expect(entry.memo).toBe("104534");
  });

  it("withdrawal, reading empty and null optional text as null", () => {
    const w = parseResponse(Withdrawal, withdrawal, "withdrawal");
    expect(w).toMatchObject({
      amount: "0.05",
      tag: null,
      txid: null,
      closed: null,
      status: WITHDRAWAL_STATUS.DRAFT,
    });
    expect(w.created.toISOString()).toBe("2024-03-01T23:00:00.000Z");
  });

  it("swap, list item (aud_value null until final) and estimate", () => {
    expect(parseResponse(Swap, swap, "swap")).toMatchObject({ req_spend_amount: "100", bought_amount: null });
    const listItem = parseResponse(SwapListItem, { ...swap, aud_value: null }, "swaps");
    expect(listItem.aud_value).toBeNull();
    expect(parseResponse(SwapListItem, { ...swap, status: 60, aud_value: "100.00" }, "swaps").aud_value).toBe(
      "100.00",
    );
    expect(issuesOf(SwapListItem, swap)).toEqual(["aud_value: missing"]);
    // Retrieve: the spec does not list aud_value there, so missing, null or a value are all fine.
    expect(parseResponse(SwapDetail, swap, "swaps.get").aud_value).toBeNull();
    expect(parseResponse(SwapDetail, { ...swap, aud_value: "" }, "swaps.get").aud_value).toBeNull();
    expect(parseResponse(SwapDetail, { ...swap, aud_value: "100.00" }, "swaps.get").aud_value).toBe("100.00");
    expect(issuesOf(SwapDetail, { ...swap, aud_value: 100 })).toEqual([
      "aud_value: expected a decimal string",
    ]);
    expect(parseResponse(SwapEstimate, estimate, "estimate").estimated_price_exact).toBe("101234.5612345");
  });

  it("recurring buy and price trigger with its events", () => {
    expect(parseResponse(RecurringBuy, recurringBuy, "schedule").start?.toISOString()).toBe(
      "2024-03-31T22:00:00.000Z",
    );
    const trigger = parseResponse(PriceTrigger, priceTrigger, "trigger");
    expect(trigger.order_side).toBeNull();
    expect(trigger.events[0]?.failure_reason).toBeNull();
    expect(trigger.events[0]?.fired.toISOString()).toBe("2024-02-10T04:22:05.000Z");
    const alertOnly = {
      ...priceTrigger,
      match: null,
      order_direction: null,
      order_quantity: "",
      last_trigger: null,
    };
    expect(parseResponse(PriceTrigger, without(alertOnly, "mark_seen"), "trigger")).toMatchObject({
      match: null,
      order_direction: null,
      order_quantity: null,
      last_trigger: null,
    });
  });

  it("portfolio statistics page, with and without overall", () => {
    const page = parseResponse(paginated(PortfolioStatistics), portfolioPage, "stats");
    expect(page.results[0]?.overall?.overall_aud_wallet_value).toBe("15000.25");
    expect(page.results[0]?.assets[0]?.last_sell_price).toBeNull();
    expect(parseResponse(PortfolioStatistics, { overall: null, assets: [] }, "stats").overall).toBeNull();
    expect(parseResponse(PortfolioStatistics, { assets: [] }, "stats").overall).toBeNull();
  });

  it("transactions and wallet transactions", () => {
    const page = parseResponse(
      paginated(Transaction),
      { count: 1, next: "https://x/api/?page=2", previous: null, results: [transaction] },
      "history",
    );
    expect(page.next).toBe("https://x/api/?page=2");
    expect(page.results[0]?.transaction_subtype).toBeNull();
    expect(page.results[0]?.created.toISOString()).toBe("2024-03-05T06:45:00.000Z");
    expect(parseResponse(WalletTransaction, walletTransaction, "wallet").resulting_balance).toBe("0.16");
  });

  it("balance, ticker, assets, profile and messages", () => {
    expect(parseResponse(Balance, { total: "0" }, "balance")).toEqual({ total: "0" });
    expect(
      parseResponse(
        Ticker,
        { BTC: { buy: "100500", sell: "100000", last: "100250" }, ETH: { buy: "5", sell: "4" } },
        "t",
      ),
    ).toEqual({ BTC: { buy: "100500", sell: "100000", last: "100250" }, ETH: { buy: "5", sell: "4" } });
    expect(parseResponse(PublicAsset, { code: "BTC", name: "Bitcoin", decimals: 8 }, "asset")).toEqual({
      code: "BTC",
      name: "Bitcoin",
    });
    const list = [{ code: "BTC", name: "Bitcoin" }];
    expect(parseResponse(PublicAssetList, list, "assets")).toEqual(list);
    expect(
      parseResponse(PublicAssetList, { count: 1, next: null, previous: null, results: list }, "assets"),
    ).toEqual(list);
    expect(
      parseResponse(ProfileBrief, { id: 4, email: "a@b.c", first_name: "A", last_name: "" }, "p"),
    ).toEqual({
      id: 4,
      email: "a@b.c",
      first_name: "A",
      last_name: null,
    });
    expect(parseResponse(ProfileBrief, { username: "x" }, "p")).toEqual({});
    expect(parseResponse(ResponseMessage, { response: "Confirmation email sent." }, "resend").response).toBe(
      "Confirmation email sent.",
    );
  });

  it("accepts status, direction and match codes it does not know", () => {
    expect(parseResponse(Withdrawal, { ...withdrawal, status: 70 }, "w").status).toBe(70);
    expect(parseResponse(Swap, { ...swap, status: 30 }, "s").status).toBe(30);
    expect(parseResponse(RecurringBuy, { ...recurringBuy, direction: 30 }, "r").direction).toBe(30);
    expect(parseResponse(PriceTrigger, { ...priceTrigger, match: 3 }, "p").match).toBe(3);
  });
});

describe("tolerance of extra fields", () => {
  it("ignores unknown fields at every level and drops them from the output", () => {
    const page = {
      ...portfolioPage,
      extra: 1,
      results: [
        {
          ...portfolioPage.results[0],
          note: "x",
          assets: [{ ...portfolioPage.results[0]?.assets[0], new: true }],
        },
      ],
    };
    const parsed = parseResponse(paginated(PortfolioStatistics), page, "stats");
    expect(parsed).not.toHaveProperty("extra");
    expect(parsed.results[0]?.assets[0]).not.toHaveProperty("new");
    const trigger = parseResponse(PriceTrigger, { ...priceTrigger, future_field: [1, 2] }, "trigger");
    expect(trigger).not.toHaveProperty("future_field");
  });
});

describe("bad responses name the field path", () => {
  it("names a missing field", () => {
    expect(issuesOf(Withdrawal, without(withdrawal, "amount"))).toEqual(["amount: missing"]);
    expect(issuesOf(AddressBookEntry, without(addressBookEntry, "confirmed_at"))).toEqual([
      "confirmed_at: missing",
    ]);
    const page = { count: 1, next: null, previous: null, results: [without(transaction, "created")] };
    expect(issuesOf(paginated(Transaction), page)).toEqual(["results.0.created: missing"]);
  });

  it("names a mistyped field with what was expected", () => {
    const page = {
      count: 2,
      next: null,
      previous: null,
      results: [withdrawal, { ...withdrawal, amount: 0.05 }],
    };
    expect(issuesOf(paginated(Withdrawal), page)).toEqual(["results.1.amount: expected a decimal string"]);
    expect(issuesOf(Withdrawal, { ...withdrawal, amount: "1e-5" })).toEqual([
      "amount: expected a decimal string",
    ]);
    expect(issuesOf(Withdrawal, { ...withdrawal, id: "31" })).toEqual(["id: expected an integer"]);
    expect(issuesOf(Withdrawal, { ...withdrawal, status: 5.5 })).toEqual(["status: expected an integer"]);
    expect(issuesOf(AddressBookEntry, { ...addressBookEntry, enabled: "yes" })).toEqual([
      "enabled: expected true or false",
    ]);
    expect(issuesOf(AddressBookEntry, { ...addressBookEntry, created: "yesterday" })).toEqual([
      "created: expected a date-time",
    ]);
    expect(issuesOf(AddressBookEntry, { ...addressBookEntry, created: null })).toEqual([
      "created: expected a date-time",
    ]);
  });

  it("names nested fields and every bad one", () => {
    const trigger = {
      ...priceTrigger,
      price: null,
      events: [{ ...triggerEvent, seen: "no" }, without(triggerEvent, "fired")],
    };
    expect(issuesOf(PriceTrigger, trigger)).toEqual([
      "price: expected a decimal string",
      "events.0.seen: expected true or false",
      "events.1.fired: missing",
    ]);
  });

  it("names the envelope's own fields and a non-object body", () => {
    expect(issuesOf(paginated(Swap), { results: [] })).toEqual(["count: missing"]);
    expect(issuesOf(paginated(Swap), { count: 0, results: {} })).toEqual(["results: expected a list"]);
    expect(issuesOf(Balance, "oops")[0]).toMatch(/^\(response\): expected object/);
  });

  it("caps a flood of issues", () => {
    const results = Array.from({ length: 30 }, () => ({ ...withdrawal, amount: 1 }));
    const issues = issuesOf(paginated(Withdrawal), { count: 30, next: null, previous: null, results });
    expect(issues).toHaveLength(21);
    expect(issues.at(-1)).toBe("and 10 more");
  });
});

describe("AllBalances", () => {
  const expected = { AUD: "1500.25", BTC: "0.15" };

  it("reads a map of asset -> {total}", () => {
    expect(
      parseResponse(
        AllBalances,
        { AUD: { total: "1500.25" }, btc: { total: "0.15", available: "0.1" } },
        "b",
      ),
    ).toEqual(expected);
  });

  it("reads a results list of {asset, total}", () => {
    const data = {
      count: 2,
      results: [
        { asset: "AUD", total: "1500.25" },
        { asset: "btc", total: "0.15", name: "Bitcoin" },
      ],
    };
    expect(parseResponse(AllBalances, data, "b")).toEqual(expected);
  });

  it("reads {total: {asset: amount}}", () => {
    expect(parseResponse(AllBalances, { total: { AUD: "1500.25", BTC: "0.15" } }, "b")).toEqual(expected);
  });

  it("reads an empty account", () => {
    expect(parseResponse(AllBalances, {}, "b")).toEqual({});
    expect(parseResponse(AllBalances, { results: [] }, "b")).toEqual({});
  });

  it("keeps an asset that happens to be called total in the map shape", () => {
    expect(parseResponse(AllBalances, { total: { total: "1" } }, "b")).toEqual({ TOTAL: "1" });
  });

  it("names the bad field in each shape", () => {
    expect(issuesOf(AllBalances, { AUD: { total: 1500 } })).toEqual(["AUD.total: expected a decimal string"]);
    expect(issuesOf(AllBalances, { BTC: {} })).toEqual(["BTC.total: missing"]);
    expect(issuesOf(AllBalances, { results: [{ asset: "AUD", total: "1" }, { total: "2" }] })).toEqual([
      "results.1.asset: missing",
    ]);
    expect(issuesOf(AllBalances, { total: { AUD: "1,500" } })).toEqual([
      "total.AUD: expected a decimal string",
    ]);
  });

  it("keeps the path when nested inside another schema", () => {
    expect(issuesOf(paginated(AllBalances), { count: 1, results: [{ BTC: { total: null } }] })).toEqual([
      "results.0.BTC.total: expected a decimal string",
    ]);
  });
});

describe("code maps", () => {
  it("hold the spec's codes", () => {
    expect(WITHDRAWAL_STATUS).toEqual({
      DRAFT: 5,
      PENDING: 10,
      PROCESSING: 15,
      ERROR: 20,
      CANCELED: 30,
      REJECTED: 40,
      EXPIRED: 50,
      PROCESSED: 60,
    });
    expect(SWAP_STATUS).toEqual({
      QUOTE: 5,
      PENDING: 10,
      ESTIMATED: 12,
      PROCESSING: 15,
      ERROR: 20,
      REJECTED: 40,
      PROCESSED: 60,
    });
    expect(DIRECTION).toEqual({ BUY: 10, SELL: 20 });
    expect(MATCH).toEqual({ ABOVE: 1, BELOW: 2 });
    expect(TRANSACTION_TYPES).toEqual([
      "buy",
      "sell",
      "swap",
      "deposit",
      "withdrawal",
      "commission",
      "airdrop",
      "stake",
      "unstake",
      "reward",
    ]);
  });
});
