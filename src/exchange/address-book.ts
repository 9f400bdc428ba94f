/** Saved withdrawal destinations. New entries need the emailed confirmation before use. */
import type { Transport } from "./http.ts";
import { iteratePages } from "./pagination.ts";
import {
  type AddressBookCreateRequest,
  type AddressBookResendRequest,
  checkAddressBookCreate,
  checkAddressBookResend,
} from "./requests/address-book.ts";
import { checkAssetCode, checkId, checkPage, type PageParams } from "./requests/values.ts";
import { AddressBookEntry, paginated, ResponseMessage } from "./schemas.ts";

const AddressBookPage = paginated(AddressBookEntry);

/** Filters of the address book list. */
export interface AddressBookQuery extends PageParams {
  asset?: string;
}

/** Operations on the address book. */
export function addressBookApi(http: Transport) {
  const list = async (query: AddressBookQuery = {}) =>
    http.request("addressBook.list", {
      query: {
        ...checkPage(query.page, query.page_size),
        asset: query.asset === undefined ? undefined : checkAssetCode(query.asset),
      },
      schema: AddressBookPage,
    });
  return {
    /** Saves a destination; it starts unconfirmed and a confirmation email is sent. */
    create: async (request: AddressBookCreateRequest) =>
      http.request("addressBook.create", { body: checkAddressBookCreate(request), schema: AddressBookEntry }),
    /** One page of entries (soft-deleted ones included, with `enabled` false). */
    list,
    /** Every entry, page by page. */
    iterate: (query: Omit<AddressBookQuery, "page"> = {}) => iteratePages((page) => list({ ...query, page })),
    /** One entry by id. */
    get: async (id: number) =>
      http.request("addressBook.get", { params: { id: checkId(id) }, schema: AddressBookEntry }),
    /** Soft-deletes an entry: disabled for future withdrawals, history kept. */
    delete: async (id: number) =>
      http.request("addressBook.delete", { params: { id: checkId(id) }, schema: undefined }),
    /** Sends a new confirmation email; only unconfirmed entries are accepted. */
    resendConfirmation: async (id: number, request: AddressBookResendRequest) =>
      http.request("addressBook.resendConfirmation", {
        params: { id: checkId(id) },
        body: checkAddressBookResend(request),
        schema: ResponseMessage,
      }),
  };
}
