/**
 * Callback data of the buttons on market alert messages: `ma:buy:<ASSET>` and `ma:sell:<ASSET>` open the
 * guided trade with the asset filled in, `ma:pause:<alertId>` pauses the alert. No single-use token is
 * needed: a trade opened this way still asks for the amount and the confirmation of a fresh quote, and the
 * store pauses only an alert of the presser's own (services/alerts/market/store.ts checks the user).
 */

/** What a market alert button does. */
export type MarketButtonVerb = "buy" | "sell" | "pause";

/** A parsed market alert button: the asset (buy, sell) or the alert id (pause). */
export interface MarketButton {
  verb: MarketButtonVerb;
  target: string;
}

/** Matches every market alert button (asset codes as market/kinds.ts checks them; ids are base64url). */
export const MARKET_BUTTON_PATTERN = /^ma:(?:(buy|sell):([A-Z0-9]{1,12})|(pause):([A-Za-z0-9_-]{1,16}))$/;

/** The callback data of a market alert button (at most 25 bytes, well under Telegram's 64). */
export function marketButtonData(button: MarketButton): string {
  return `ma:${button.verb}:${button.target}`;
}

/** Parses callback data made by {@link marketButtonData}; undefined for anything else. */
export function parseMarketButton(data: string): MarketButton | undefined {
  const match = MARKET_BUTTON_PATTERN.exec(data);
  if (!match) return undefined;
  if (match[1] !== undefined) return { verb: match[1] as MarketButtonVerb, target: match[2] as string };
  return { verb: "pause", target: match[4] as string };
}
