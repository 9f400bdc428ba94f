/** Checks of withdrawal writes: the create and its two-factor authorization. */
import { checkPositive, checkPositiveInteger, checkText, Problems } from "./fields.ts";

/** Body of a withdrawal create; the destination must be a confirmed address book entry. */
export interface WithdrawalCreateRequest {
  amount: string;
  address_book_entry_id: number;
}

/** Checks a withdrawal: a positive decimal amount and a positive integer address book entry id. */
export function checkWithdrawalCreate(input: WithdrawalCreateRequest): WithdrawalCreateRequest {
  const p = new Problems();
  const body = {
    amount: checkPositive(p, "amount", input.amount, true) as string,
    address_book_entry_id: checkPositiveInteger(
      p,
      "address_book_entry_id",
      input.address_book_entry_id,
    ) as number,
  };
  return p.done(body);
}

/** Body of a withdrawal authorization: the two-factor code. */
export interface WithdrawalAuthorizeRequest {
  token: string;
}

/** Checks the authorization token (1 to 1024 characters). */
export function checkWithdrawalAuthorize(input: WithdrawalAuthorizeRequest): WithdrawalAuthorizeRequest {
  const p = new Problems();
  const token = checkText(p, "token", input.token, { required: true, nonBlank: true, max: 1024 }) as string;
  return p.done({ token });
}
