/** Checks of recurring buy creates and updates. */
import type { Direction } from "../schemas.ts";
import {
  checkAsset,
  checkBool,
  checkChoice,
  checkDate,
  checkNotEmpty,
  checkPositive,
  checkText,
  defined,
  Problems,
} from "./fields.ts";

/** Cadences the web app offers when creating (the service accepts any string). */
export const RECURRING_PERIODS = ["daily", "weekly", "fortnightly", "monthly"] as const;

const DIRECTIONS: readonly Direction[] = [10, 20];

/** Input of a recurring buy create; `start` (first run) defaults to now on the service. */
export interface RecurringBuyCreateInput {
  asset: string;
  quantity: string;
  direction: Direction;
  period: string;
  start?: Date;
  enabled?: boolean;
}

/** Input of a recurring buy update: any of the create's fields, at least one. */
export type RecurringBuyUpdateInput = Partial<RecurringBuyCreateInput>;

/** Wire body of a recurring buy create: `start` as an exchange timestamp. */
export interface RecurringBuyCreateBody {
  asset: string;
  quantity: string;
  direction: Direction;
  period: string;
  start?: string;
  enabled?: boolean;
}

/** Wire body of a recurring buy update. */
export type RecurringBuyUpdateBody = Partial<RecurringBuyCreateBody>;

function collectRecurring(
  p: Problems,
  input: RecurringBuyUpdateInput,
  required: boolean,
): RecurringBuyUpdateBody {
  return defined({
    asset: checkAsset(p, "asset", input.asset, required),
    quantity: checkPositive(p, "quantity", input.quantity, required),
    direction: checkChoice(p, "direction", input.direction, DIRECTIONS, required),
    period: checkText(p, "period", input.period, { required, nonBlank: true }),
    start: checkDate(p, "start", input.start, false),
    enabled: checkBool(p, "enabled", input.enabled),
  });
}

/** Checks a new schedule: asset, positive quantity, direction 10 or 20, a period, optional start. */
export function checkRecurringBuyCreate(input: RecurringBuyCreateInput): RecurringBuyCreateBody {
  const p = new Problems();
  return p.done(collectRecurring(p, input, true) as RecurringBuyCreateBody);
}

/** Checks a schedule update: the given fields as on create, and at least one of them. */
export function checkRecurringBuyUpdate(input: RecurringBuyUpdateInput): RecurringBuyUpdateBody {
  const p = new Problems();
  checkNotEmpty(p, input);
  return p.done(collectRecurring(p, input, false));
}
