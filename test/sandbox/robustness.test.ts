import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sandbox } from "./helpers.ts";

const FIELDS = [
  "asset",
  "address",
  "label",
  "memo",
  "enabled",
  "travel_rule",
  "amount",
  "address_book_entry_id",
  "token",
  "src_asset",
  "dst_asset",
  "req_spend_amount",
  "req_get_amount",
  "expected_price",
  "quantity",
  "direction",
  "start",
  "period",
  "price",
  "match",
  "order_direction",
  "order_quantity",
  "order_get_quantity",
  "mark_seen",
  "events",
  "notify_sms",
  "notify_email",
  "destination_type",
  "ownership",
];

const value = fc.oneof(
  fc.constantFrom(
    "BTC",
    "AUD",
    "eth",
    "",
    "10",
    "0.00000001",
    "-1",
    "1e5",
    "daily",
    "2025-02-30",
    "personal_wallet",
    "123456",
  ),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.record({ seen: fc.oneof(fc.boolean(), fc.string()) }), { maxLength: 3 }),
  fc.dictionary(
    fc.constantFrom("destination_type", "ownership", "beneficiary_type", "exchange"),
    fc.string(),
  ),
);

const ROUTES: Array<[string, string]> = [
  ["POST", "/api/private/swaps/estimate/"],
  ["POST", "/api/private/swaps/"],
  ["POST", "/api/private/v2/wallet/address-book/"],
  ["POST", "/api/private/v2/wallet/address-book/1/resend_confirmation/"],
  ["POST", "/api/private/v2/wallet/BTC/withdrawals/"],
  ["POST", "/api/private/v2/wallet/BTC/withdrawals/1/authorize/"],
  ["POST", "/api/private/broker/schedules/"],
  ["PATCH", "/api/private/broker/schedules/1/"],
  ["POST", "/api/private/broker/price-triggers/"],
  ["PATCH", "/api/private/broker/price-triggers/1/"],
  ["POST", "/_sandbox/accounts"],
  ["POST", "/_sandbox/faults"],
  ["PUT", "/_sandbox/prices/BTC"],
];

describe("robustness", () => {
  it("answers every odd body with a JSON status below 500", async () => {
    const t = await sandbox({ limits: { accountWrites: 100_000, publicWrites: 100_000 } });
    // Records with id 1 so the {id} routes reach their validation.
    await t.call("POST", "/api/private/v2/wallet/address-book/", { asset: "BTC", address: "x", label: "y" });
    await t.call("POST", "/api/private/broker/schedules/", {
      asset: "BTC",
      quantity: "1",
      period: "daily",
      start: "2099-01-01",
    });
    await t.call("POST", "/api/private/broker/price-triggers/", { asset: "BTC", price: "1" });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.dictionary(fc.constantFrom(...FIELDS), value),
        async ([method, path], body) => {
          const reply = path.startsWith("/_sandbox/")
            ? await t.control(method, path, body)
            : await t.call(method, path, body);
          expect(reply.status).toBeLessThan(500);
          if (reply.status === 400) expect(typeof reply.body).toBe("object");
          await t.control("DELETE", "/_sandbox/faults");
        },
      ),
      { numRuns: 300 },
    );
  });

  it("answers strange request targets and methods without crashing", async () => {
    const { sb } = await sandbox();
    for (const [method, path] of [
      ["GET", "/api/private/swaps/%E0%A4%A/"],
      ["GET", "/api/private/swaps/99999999999999999999/"],
      ["BREW", "/api/private/swaps/"],
      ["OPTIONS", "/api/private/swaps/"],
      ["HEAD", "/api/public/broker/ticker/"],
    ] as const) {
      const res = await fetch(`${sb.url}${path}`, { method });
      expect(res.status).toBeLessThan(500);
    }
  });
});
