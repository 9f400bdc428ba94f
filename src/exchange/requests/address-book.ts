/** Checks of address book writes: a new entry and the resend of its confirmation email. */
import { checkAsset, checkBool, checkText, defined, Problems } from "./fields.ts";
import { collectTravelRule, type TravelRule } from "./travel-rule.ts";

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
