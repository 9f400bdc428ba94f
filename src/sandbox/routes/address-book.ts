/**
 * The address book: saved withdrawal destinations. Create leaves an entry unconfirmed and emails a link
 * (valid 30 minutes); following it confirms the entry. Resend works only while unconfirmed. Delete is
 * soft (enabled false). Travel-rule data is validated by the spec's conditional table and kept
 * write-only; its errors are reported under dotted names such as "travel_rule.exchange".
 */
import { assetName, normaliseAssetCode } from "../assets.ts";
import type { Sandbox } from "../context.ts";
import { ApiError, type Body, empty, json, notFound } from "../http-utils.ts";
import { paginate } from "../pagination.ts";
import type { Account, AddressEntry } from "../records.ts";
import type { Router } from "../router.ts";
import { formatOptionalTime, formatTime } from "../time.ts";
import {
  FieldErrors,
  present,
  REQUIRED,
  readAsset,
  readBoolean,
  readChoice,
  readString,
} from "../validation.ts";

/** The wire shape of an address book entry (travel-rule data is write-only). */
function entryJson(e: AddressEntry): Record<string, unknown> {
  return {
    id: e.id,
    asset: e.asset,
    asset_name: assetName(e.asset),
    address: e.address,
    memo: e.memo,
    label: e.label,
    enabled: e.enabled,
    confirmed: e.confirmed,
    confirmed_at: formatOptionalTime(e.confirmedAt),
    created: formatTime(e.created),
    last_used: formatOptionalTime(e.lastUsed),
    times_used: e.timesUsed,
  };
}

/** Marks an entry confirmed (its emailed link was followed). */
export function confirmEntry(entry: AddressEntry, now: number): void {
  if (entry.confirmed) return;
  entry.confirmed = true;
  entry.confirmedAt = now;
}

/** The account's entry with this id, or 404. */
function findEntry(account: Account, id: number): AddressEntry {
  const entry = account.addressBook.find((e) => e.id === id);
  if (!entry) throw notFound();
  return entry;
}

const TRAVEL_RULE_TEXT: ReadonlyArray<[string, number]> = [
  ["wallet_provider", 50],
  ["wallet_provider_other_name", 100],
  ["exchange", 50],
  ["exchange_other_name", 100],
  ["beneficiary_full_name", 200],
  ["beneficiary_region", 100],
  ["beneficiary_organisation_name", 200],
  ["beneficiary_organisation_region", 100],
];

/**
 * Reads `travel_rule`: a JSON object, a JSON string (forms), or form keys `travel_rule[field]` /
 * `travel_rule.field`. Null or absent: no data.
 */
function readTravelRule(body: Body, errors: FieldErrors): Record<string, string> | null {
  let raw = body.travel_rule;
  if (raw === undefined) {
    const collected: Body = {};
    for (const [key, value] of Object.entries(body)) {
      const m = /^travel_rule(?:\[(\w+)\]|\.(\w+))$/.exec(key);
      const name = m?.[1] ?? m?.[2];
      if (name) collected[name] = value;
    }
    if (Object.keys(collected).length === 0) return null;
    raw = collected;
  }
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      errors.add("travel_rule", "Invalid data. Expected a dictionary.");
      return null;
    }
  }
  if (raw === null) return null;
  if (typeof raw !== "object" || Array.isArray(raw)) {
    errors.add("travel_rule", "Invalid data. Expected a dictionary.");
    return null;
  }
  const tr = raw as Body;
  const sub = new FieldErrors();
  const out: Record<string, string> = {};
  const destination = readChoice(tr, "destination_type", sub, ["personal_wallet", "exchange_account"], {
    required: true,
  });
  const ownership = readChoice(tr, "ownership", sub, ["self", "other"], { required: true });
  const beneficiary = readChoice(tr, "beneficiary_type", sub, ["individual", "organisation", ""]);
  for (const [name, max] of TRAVEL_RULE_TEXT) {
    const value = readString(tr, name, sub, { max, nullable: true });
    if (typeof value === "string") out[name] = value;
  }
  for (const name of ["beneficiary_country", "beneficiary_organisation_country"]) {
    const value = readString(tr, name, sub, { max: 2, nullable: true });
    if (typeof value !== "string" || value === "") continue;
    if (!/^[A-Za-z]{2}$/.test(value)) sub.add(name, "Enter a two-letter ISO 3166-1 country code.");
    else out[name] = value.toUpperCase();
  }
  const need = (when: boolean, name: string): void => {
    if (when && !sub.has(name) && (out[name] ?? "").trim() === "") sub.add(name, REQUIRED);
  };
  if (ownership === "other" && !sub.has("beneficiary_type") && !beneficiary)
    sub.add("beneficiary_type", REQUIRED);
  need(destination === "personal_wallet", "wallet_provider");
  need(out.wallet_provider?.toLowerCase() === "other", "wallet_provider_other_name");
  need(destination === "exchange_account", "exchange");
  need(out.exchange?.toLowerCase() === "other", "exchange_other_name");
  need(beneficiary === "individual", "beneficiary_full_name");
  need(beneficiary === "individual", "beneficiary_country");
  need(beneficiary === "organisation", "beneficiary_organisation_name");
  need(beneficiary === "organisation", "beneficiary_organisation_country");
  for (const [name, messages] of Object.entries(sub.map))
    for (const m of messages) errors.add(`travel_rule.${name}`, m);
  if (destination) out.destination_type = destination;
  if (ownership) out.ownership = ownership;
  if (beneficiary !== undefined) out.beneficiary_type = beneficiary;
  return out;
}

/** An entry's fields as create and resend take them: the spec gives both the same body and bounds. */
function readEntryFields(body: Body) {
  const errors = new FieldErrors();
  const fields = {
    asset: readAsset(body, "asset", errors, { required: true }),
    address: readString(body, "address", errors, { required: true, min: 1, max: 256 }),
    label: readString(body, "label", errors, { required: true, min: 1, max: 200 }),
    memo: readString(body, "memo", errors, { max: 256, nullable: true }),
    enabled: readBoolean(body, "enabled", errors),
    travelRule: readTravelRule(body, errors),
  };
  errors.throwIfAny();
  return fields;
}

function createEntry(sb: Sandbox, account: Account, body: Body): AddressEntry {
  const { asset, address, label, memo, enabled, travelRule } = readEntryFields(body);
  const entry: AddressEntry = {
    id: sb.ids.next("entry"),
    asset: present(asset),
    address: present(address).trim(),
    memo: memo ?? "",
    label: present(label),
    enabled: enabled ?? true,
    confirmed: false,
    confirmedAt: null,
    created: sb.clock.now(),
    lastUsed: null,
    timesUsed: 0,
    travelRule,
  };
  account.addressBook.push(entry);
  sb.outbox.send(sb, account.id, "address_confirmation", entry.id);
  return entry;
}

/** Registers the address book create, list, retrieve, delete and resend routes. */
export function registerAddressBookRoutes(router: Router): void {
  const base = "/api/private/v2/wallet/address-book/";
  router.private(
    "POST",
    base,
    ({ sb, account, body }) => json(201, entryJson(createEntry(sb, account, body))),
    {
      form: true,
    },
  );
  router.private("GET", base, (req) => {
    const asset = req.query.get("asset");
    const wanted = asset ? normaliseAssetCode(asset) : undefined;
    const entries = req.account.addressBook
      .filter((e) => wanted === undefined || e.asset === wanted)
      .sort((a, b) => b.id - a.id);
    return json(200, paginate(req, entries.map(entryJson)));
  });
  router.private("GET", `${base}{id}/`, ({ account, params }) =>
    json(200, entryJson(findEntry(account, Number(params.id)))),
  );
  router.private("DELETE", `${base}{id}/`, ({ account, params }) => {
    findEntry(account, Number(params.id)).enabled = false;
    return empty(204);
  });
  router.private("POST", `${base}{id}/resend_confirmation/`, ({ sb, account, params, body }) => {
    const entry = findEntry(account, Number(params.id));
    // The spec gives the resend the create's body: required and checked alike, though it changes nothing.
    readEntryFields(body);
    if (entry.confirmed) {
      throw new ApiError(400, {
        non_field_errors: ["This address is already confirmed; only unconfirmed entries can be resent."],
      });
    }
    if (!entry.enabled)
      throw new ApiError(400, { non_field_errors: ["This address book entry was deleted."] });
    sb.outbox.send(sb, account.id, "address_confirmation", entry.id);
    return json(200, { response: "A new confirmation email was sent." });
  });
}
