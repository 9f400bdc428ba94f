/**
 * How the add flow (conversation.ts) is entered: its id and arguments. Apart from the flow, so that what
 * the flow itself uses (the summary's Back, confirmations.ts) can enter it again.
 */
import type { AddressDraft, DraftStep } from "../../services/addresses/draft.ts";

/** Entry arguments: a draft to continue (Back from the summary) and the question to start at. */
export interface AddressArgs {
  draft?: AddressDraft;
  at?: DraftStep;
}
