/** Check of the account statement's date range. */
import { addExchangeMonths } from "../time.ts";
import { checkDate, Problems } from "./fields.ts";

/** Query of the account statement: exchange timestamps (Brisbane time, no suffix). */
export interface StatementQuery {
  date_from: string;
  date_to: string;
}

/**
 * Checks a statement range: date_from before date_to, at most twelve calendar months apart (in
 * Brisbane's calendar, compared at the whole seconds that are sent).
 */
export function checkStatementRange(date_from: Date, date_to: Date): StatementQuery {
  const p = new Problems();
  const from = checkDate(p, "date_from", date_from, true);
  const to = checkDate(p, "date_to", date_to, true);
  if (from !== undefined && to !== undefined) {
    const fromSent = new Date(Math.floor(date_from.getTime() / 1000) * 1000);
    const toSent = new Date(Math.floor(date_to.getTime() / 1000) * 1000);
    if (toSent <= fromSent) p.add("date_to", "Must be after date_from.");
    else if (toSent > addExchangeMonths(fromSent, 12))
      p.add("date_to", "Must be at most twelve months after date_from.");
  }
  return p.done({ date_from: from as string, date_to: to as string });
}
