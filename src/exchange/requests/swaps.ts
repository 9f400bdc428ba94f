/** Checks of swap estimates and creates. */
import { checkAsset, checkPositive, defined, Problems } from "./fields.ts";

/** Body of a swap estimate: exactly one of req_spend_amount (src to spend) or req_get_amount (dst to get). */
export interface SwapEstimateRequest {
  src_asset: string;
  dst_asset: string;
  req_spend_amount?: string;
  req_get_amount?: string;
}

/** Body of a swap create: the estimate's fields plus its estimated_price_exact as expected_price. */
export interface SwapCreateRequest extends SwapEstimateRequest {
  expected_price: string;
}

function collectSwap(p: Problems, input: SwapEstimateRequest): SwapEstimateRequest {
  const src = checkAsset(p, "src_asset", input.src_asset, true);
  const dst = checkAsset(p, "dst_asset", input.dst_asset, true);
  if (src !== undefined && src === dst) p.add("dst_asset", "Must differ from src_asset.");
  const spendGiven = input.req_spend_amount !== undefined;
  const getGiven = input.req_get_amount !== undefined;
  if (spendGiven === getGiven) {
    const message = spendGiven
      ? "Give only one of req_spend_amount and req_get_amount."
      : "Give req_spend_amount or req_get_amount.";
    p.add("req_spend_amount", message);
    p.add("req_get_amount", message);
  }
  return defined({
    src_asset: src as string,
    dst_asset: dst as string,
    req_spend_amount: checkPositive(p, "req_spend_amount", input.req_spend_amount, false),
    req_get_amount: checkPositive(p, "req_get_amount", input.req_get_amount, false),
  });
}

/** Checks an estimate: two different valid assets and exactly one positive requested amount. */
export function checkSwapEstimate(input: SwapEstimateRequest): SwapEstimateRequest {
  const p = new Problems();
  return p.done(collectSwap(p, input));
}

/** Checks a swap create: as an estimate, plus a positive expected_price. */
export function checkSwapCreate(input: SwapCreateRequest): SwapCreateRequest {
  const p = new Problems();
  const body = collectSwap(p, input);
  const expected_price = checkPositive(p, "expected_price", input.expected_price, true) as string;
  return p.done({ ...body, expected_price });
}
