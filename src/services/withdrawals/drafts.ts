/**
 * A withdrawal draft met again later (from /withdrawals): read afresh before its 2FA code is asked for,
 * since it may have been authorized meanwhile (in the web app, say) or have ended.
 */
import { type ExchangeClient, WITHDRAWAL_STATUS, type Withdrawal } from "../../exchange/index.ts";

/** A withdrawal as the exchange has it now: still a draft (with what the code's follow-up needs), or not. */
export type DraftRead =
  | { draft: true; withdrawal: Withdrawal; firstTime: boolean }
  | { draft: false; withdrawal: Withdrawal };

/**
 * Reads withdrawal `id` of `asset`. A draft also says whether its destination was never used before (the
 * exchange then emails a link after the code): told by the address book entry with its address and memo.
 */
export async function readDraft(client: ExchangeClient, asset: string, id: number): Promise<DraftRead> {
  const withdrawal = await client.withdrawals.get(asset, id);
  if (withdrawal.status !== WITHDRAWAL_STATUS.DRAFT) return { draft: false, withdrawal };
  let firstTime = false;
  for await (const entry of client.addressBook.iterate({ page_size: 100 })) {
    const sameMemo = (entry.memo ?? "") === (withdrawal.tag ?? "");
    if (entry.asset.toUpperCase() === asset && entry.address === withdrawal.address && sameMemo) {
      firstTime = entry.times_used === 0;
      if (entry.enabled) break;
    }
  }
  return { draft: true, withdrawal, firstTime };
}
