/**
 * Callback data of the address book's buttons: `addr:<verb>:<n>`. No single-use token is needed for
 * these: they show, page, or ask first (a delete is confirmed through a token), and every action runs
 * with the presser's own key, so the exchange refuses (404) an entry that is not theirs. The resend is
 * one call per press and refused for a confirmed entry; other features (withdrawals) put it on their
 * own messages through {@link resendButtonData}.
 */

/** What an address book button does. */
export type AddressButtonVerb = "list" | "show" | "resend" | "delete" | "add";

/** Matches every address book button; parse the match with {@link parseAddressButton}. */
export const ADDRESS_BUTTON_PATTERN = /^addr:(list|show|resend|delete|add):(\d{1,12})$/;

/** A parsed address book button: the page for `list`, the entry id otherwise (0 for `add`). */
export interface AddressButton {
  verb: AddressButtonVerb;
  n: number;
}

/** The callback data of an address book button (at most 24 bytes). */
export function addressButtonData(verb: AddressButtonVerb, n = 0): string {
  return `addr:${verb}:${n}`;
}

/** The Resend confirmation button's data for entry `id`: `addr:resend:<id>`. */
export function resendButtonData(id: number): string {
  return addressButtonData("resend", id);
}

/** Parses data made by {@link addressButtonData}; undefined for anything else. */
export function parseAddressButton(data: string): AddressButton | undefined {
  const match = ADDRESS_BUTTON_PATTERN.exec(data);
  if (!match) return undefined;
  const verb = match[1] as AddressButtonVerb;
  const n = Number(match[2]);
  if (!Number.isSafeInteger(n)) return undefined;
  // Pages and entry ids start at 1; only Add carries no number.
  if (verb === "add" ? n !== 0 : n < 1) return undefined;
  return { verb, n };
}
