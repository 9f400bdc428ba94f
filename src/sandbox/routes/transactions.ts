/**
 * Transaction history: the unified list (filters asset, status, transaction_type, time, ordering o), its
 * invoice, the per-asset wallet transactions and their invoice. Invoices exist for swap, buy, sell and
 * withdrawal only; any other type answers 501.
 */
import { isKnownAsset, normaliseAssetCode } from "../assets.ts";
import { ApiError, json, notFound } from "../http-utils.ts";
import { INVOICE_TYPES, transactionJson, walletTransactionJson } from "../ledger.ts";
import { paginate } from "../pagination.ts";
import type { Account, Transaction } from "../records.ts";
import type { PrivateRequest, Router } from "../router.ts";
import { addDays, addMonths } from "../time.ts";

/** Every transaction_type the API defines (the sandbox produces the first five). */
const TRANSACTION_TYPES = [
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
];

/** Values of the `time` filter. */
const TIME_WINDOWS = ["24h", "week", "month", "year"];

function unsupported(): ApiError {
  return new ApiError(501, {
    detail: "Invoices are only available for swap, buy, sell and withdrawal transactions.",
  });
}

/** Sorts by creation time: newest first unless `o` is "created". */
function ordered<T>(items: T[], created: (item: T) => number, o: string | null): T[] {
  if (o !== null && o !== "" && o !== "created" && o !== "-created") {
    throw new ApiError(400, { o: [`"${o}" is not a valid ordering; use created or -created.`] });
  }
  const sign = o === "created" ? 1 : -1;
  // Ties keep recording order, reversed for newest first.
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => sign * (created(a.item) - created(b.item) || a.index - b.index))
    .map((x) => x.item);
}

function since(window: string, now: number): number {
  if (window === "24h") return addDays(now, -1);
  if (window === "week") return addDays(now, -7);
  if (window === "month") return addMonths(now, -1);
  return addMonths(now, -12);
}

function filtered(req: PrivateRequest): Transaction[] {
  const q = req.query;
  const asset = q.get("asset") ? normaliseAssetCode(q.get("asset") ?? "") : undefined;
  const status = q.get("status")?.trim().toLowerCase() || undefined;
  const typesParam = q.get("transaction_type");
  const types = typesParam
    ? typesParam
        .split(",")
        .map((t) => t.trim())
        .filter((t) => t !== "")
    : undefined;
  const bad = types?.filter((t) => !TRANSACTION_TYPES.includes(t)) ?? [];
  if (bad.length > 0) {
    throw new ApiError(400, {
      transaction_type: bad.map((t) => `Select a valid choice. ${t} is not one of the available choices.`),
    });
  }
  const time = q.get("time") || undefined;
  if (time !== undefined && !TIME_WINDOWS.includes(time)) {
    throw new ApiError(400, {
      time: [`Select a valid choice. ${time} is not one of the available choices.`],
    });
  }
  const from = time ? since(time, req.sb.clock.now()) : undefined;
  return req.account.transactions.filter(
    (t) =>
      (asset === undefined || t.srcAsset === asset || t.dstAsset === asset) &&
      (status === undefined || t.status === status) &&
      (types === undefined || types.includes(t.type)) &&
      (from === undefined || t.created >= from),
  );
}

function findTransaction(account: Account, summaryId: number): Transaction {
  const tx = account.transactions.find((t) => t.summaryId === summaryId);
  if (!tx) throw notFound();
  return tx;
}

function walletAsset(req: PrivateRequest): string {
  const asset = normaliseAssetCode(req.params.asset ?? "");
  if (!isKnownAsset(asset)) throw notFound();
  return asset;
}

/** Registers the all-transactions and wallet-transactions routes and their invoices. */
export function registerTransactionRoutes(router: Router): void {
  router.private("GET", "/api/private/wallet/all-transactions/", (req) => {
    const list = ordered(filtered(req), (t) => t.created, req.query.get("o"));
    return json(200, paginate(req, list.map(transactionJson)));
  });
  router.private("GET", "/api/private/wallet/all-transactions/{id}/invoice/", ({ account, params }) => {
    const tx = findTransaction(account, Number(params.id));
    if (!INVOICE_TYPES.has(tx.type)) throw unsupported();
    return json(200, transactionJson(tx));
  });
  router.private("GET", "/api/private/v2/wallet/{asset}/wallet-transactions/", (req) => {
    const asset = walletAsset(req);
    const rows = req.account.walletTransactions
      .filter((w) => w.asset === asset)
      .map((w) => ({ w, tx: findTransaction(req.account, w.summaryId) }));
    const list = ordered(rows, (r) => r.tx.created, req.query.get("o"));
    return json(
      200,
      paginate(
        req,
        list.map((r) => walletTransactionJson(r.w, r.tx)),
      ),
    );
  });
  router.private("GET", "/api/private/v2/wallet/{asset}/wallet-transactions/{id}/invoice/", (req) => {
    const asset = walletAsset(req);
    const format = req.query.get("format");
    if (format !== null && format !== "concise" && format !== "json") {
      throw new ApiError(400, { format: [`"${format}" is not a valid choice; use concise or json.`] });
    }
    const w = req.account.walletTransactions.find((x) => x.id === Number(req.params.id) && x.asset === asset);
    if (!w) throw notFound();
    const tx = findTransaction(req.account, w.summaryId);
    if (!INVOICE_TYPES.has(tx.type)) throw unsupported();
    return json(200, walletTransactionJson(w, tx));
  });
}
