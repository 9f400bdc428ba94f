/**
 * What plain requests leave open, asked or worked out: "sell half my eth", "sell 25% of my btc", "when btc
 * hits 200k sell all my btc" name a share of a holding, which only the account's balance turns into the
 * amount the command takes. A conditional trade with no amount at all is asked, with shares as buttons
 * (`rs:<fraction>:<line>`, the command line with `{}` where the amount goes); a trade with an amount and no
 * asset ("buy 100") is asked which asset, with assets as buttons (`ra:<verb>:<asset>:<amount>`).
 */
import { InlineKeyboard } from "grammy";
import { formatDec, toDec } from "../../exchange/decimal.ts";
import { amountDecimals } from "../../services/swaps/checks.ts";
import type { ShareOf, UnderstoodRequest } from "../../services/understanding/requests.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { showExchangeError } from "../flow-kit/exchange-errors.ts";
import { clientOrConnect, waitForExchange } from "../flow-kit/exchange-wait.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";

/** Callback data of an asset picked for "buy 100": the verb, the asset, the AUD amount. */
export const ASSET_PICK = /^ra:(buy|sell):([A-Z0-9]{1,10}):(\d{1,12}(?:\.\d{1,8})?)(:u)?$/;

/** The assets offered for a trade that named none. */
const OFFERED_ASSETS = ["BTC", "ETH", "SOL", "XRP"];

/**
 * Asks which asset a trade with an amount and no asset is for ("buy 100", 买100: dollars; "sell 0.01": units
 * of the asset, `:u` on the buttons), with assets as buttons.
 */
export async function askAsset(ctx: BotContext, request: UnderstoodRequest): Promise<void> {
  const [, amount, unit] = request.args;
  const units = unit !== "AUD";
  const keyboard = new InlineKeyboard();
  for (const code of OFFERED_ASSETS)
    keyboard.text(code, `ra:${request.command}:${code}:${amount}${units ? ":u" : ""}`);
  const words = { verb: request.command === "sell" ? "sell" : "buy", amount: escapeHtml(amount ?? "") };
  await ctx.reply(ctx.t(units ? "listen-ask-asset-units" : "listen-ask-asset", words), {
    reply_markup: keyboard,
  });
}

/** Callback data of a share picked for an alert that trades: fraction, then the command line. */
export const SHARE_PICK =
  /^rs:(1|0\.5|0\.25):(\/alert [A-Z0-9]{1,10} (?:above|below|auto) [\d.]+ (?:buy|sell) \{\})$/;

/** The shares offered as buttons, with their labels. */
const OFFERED = [
  ["1", "listen-share-all"],
  ["0.5", "listen-share-half"],
  ["0.25", "listen-share-quarter"],
] as const;

/**
 * The amount a share of `of` comes to, from the account's balance, rounded down to what the exchange takes;
 * undefined when the user was told why there is none (not connected, nothing held, the exchange failing,
 * or a /cancel meanwhile).
 */
async function amountOfShare(
  ctx: BotContext,
  deps: BotDeps,
  share: Omit<ShareOf, "at">,
): Promise<string | undefined> {
  const client = await clientOrConnect(ctx, deps);
  if (client === undefined) return undefined;
  let balances: Record<string, string>;
  try {
    const waited = await waitForExchange(ctx, deps, () => client.balances.all());
    if (waited.cancelled) return undefined;
    balances = waited.value as Record<string, string>;
  } catch (error) {
    await showExchangeError(ctx, error, false);
    return undefined;
  }
  const amount = formatDec(toDec(balances[share.of] ?? "0").times(share.fraction), amountDecimals(share.of));
  if (toDec(amount).isZero()) {
    await ctx.reply(ctx.t("listen-share-none", { asset: escapeHtml(share.of) }));
    return undefined;
  }
  return amount;
}

/** The request's arguments with its share worked out; undefined when the user was told why not. */
export async function withShare(
  ctx: BotContext,
  deps: BotDeps,
  request: UnderstoodRequest & { share: ShareOf },
): Promise<string[] | undefined> {
  const amount = await amountOfShare(ctx, deps, request.share);
  if (amount === undefined) return undefined;
  const args = [...request.args];
  args[request.share.at] = amount;
  return args;
}

/** Asks how much a conditional trade with no amount should trade, with shares as buttons. */
export async function askShare(
  ctx: BotContext,
  request: UnderstoodRequest & { askShare: { of: string; at: number } },
): Promise<void> {
  const args = [...request.args];
  args[request.askShare.at] = "{}";
  const line = [`/${request.command}`, ...args].join(" ");
  const keyboard = new InlineKeyboard();
  for (const [fraction, label] of OFFERED) keyboard.text(ctx.t(label), `rs:${fraction}:${line}`);
  const verb = args[3] === "buy" ? "buy" : "sell";
  await ctx.reply(
    ctx.t("listen-ask-share", {
      asset: escapeHtml(request.askShare.of),
      verb,
      example: escapeHtml(line.replace("{}", verb === "buy" ? "500" : "0.5")),
    }),
    { reply_markup: keyboard },
  );
}

/** A share picked for a conditional trade: its command line with the amount, or undefined (told why). */
export async function pickedShare(ctx: BotContext, deps: BotDeps, fraction: string, line: string) {
  const words = line.split(" ");
  const of = words[4] === "buy" ? "AUD" : (words[1] as string);
  const amount = await amountOfShare(ctx, deps, { of, fraction });
  return amount === undefined ? undefined : line.replace("{}", amount).split(" ");
}
