/**
 * Callback data of the buttons on alert messages and trigger cards: `al:<verb>:<triggerId>`, and for the
 * trade of one event `al:trade:<triggerId>:<fired epoch seconds>`. No single-use token is needed: these
 * buttons read, pause or enable, and every action runs with the presser's own key, so the exchange refuses
 * (404) a trigger that is not theirs.
 */

/** What a trigger button does. */
export type AlertButtonVerb = "open" | "pause" | "enable" | "trade";

/** A parsed trigger button. */
export interface AlertButton {
  verb: AlertButtonVerb;
  triggerId: number;
  /** For `trade`: the event's fired time in epoch seconds. */
  firedAt?: number;
}

/** Matches every trigger button's callback data; parse the match with {@link parseAlertButton}. */
export const ALERT_BUTTON_PATTERN = /^al:(open|pause|enable|trade):(\d{1,12})(?::(\d{1,12}))?$/;

/** The callback data of a trigger button (at most 40 bytes, well under Telegram's 64). */
export function alertButtonData(button: AlertButton): string {
  const base = `al:${button.verb}:${button.triggerId}`;
  return button.verb === "trade" && button.firedAt !== undefined ? `${base}:${button.firedAt}` : base;
}

/** Parses callback data made by {@link alertButtonData}; undefined for anything else. */
export function parseAlertButton(data: string): AlertButton | undefined {
  const match = ALERT_BUTTON_PATTERN.exec(data);
  if (!match) return undefined;
  const verb = match[1] as AlertButtonVerb;
  const triggerId = Number(match[2]);
  if (!Number.isSafeInteger(triggerId) || triggerId < 1) return undefined;
  if (match[3] === undefined) return verb === "trade" ? undefined : { verb, triggerId };
  return verb === "trade" ? { verb, triggerId, firedAt: Number(match[3]) } : undefined;
}
