/**
 * How a feature waits on the exchange while a user waits in the chat: the chat action stays on screen,
 * every call is bounded by the interactive deadline (then the user is told the exchange is not
 * answering), and the user's /cancel aborts the reads and silences the update (it has already answered).
 */
import type { CallOptions, ExchangeClient } from "../../exchange/index.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { type WaitingAction, withChatAction } from "./chat-action.ts";
import { showWhereAsked } from "./exchange-errors.ts";

/** What waiting came to: the work's value, or a /cancel that overtook the update. */
export type Waited<T> = { cancelled: false; value: T } | { cancelled: true };

/** The options of an exchange client used while the user of `ctx` waits. */
export function interactiveCall(ctx: BotContext, deps: BotDeps): CallOptions {
  return { deadlineMs: deps.exchangeDeadlineMs, signal: ctx.cancelScope.signal };
}

/**
 * The user's client for calls made while they wait ({@link interactiveCall}), or undefined after telling
 * a user with no connected key to connect one: in place of the pressed message when `edit`, else as a
 * new message.
 */
export async function clientOrConnect(
  ctx: BotContext,
  deps: BotDeps,
  edit = false,
): Promise<ExchangeClient | undefined> {
  const client = await deps.accounts.clientFor(ctx.from?.id as number, interactiveCall(ctx, deps));
  if (!client) await showWhereAsked(ctx, ctx.t("connect-needed"), edit);
  return client;
}

/**
 * Runs `work` (which makes its exchange calls with {@link interactiveCall}) with the chat action
 * (`typing` unless told) kept alive. When a /cancel came meanwhile the result is `cancelled` whatever the
 * work came to, and the caller must neither reply nor change anything.
 */
export async function waitForExchange<T>(
  ctx: BotContext,
  deps: BotDeps,
  work: () => Promise<T>,
  action: WaitingAction = "typing",
): Promise<Waited<T>> {
  // Whether the event loop turned while waiting: only then can a /cancel have come in meanwhile. Work
  // that settles without a turn (data this process holds, e.g. the shared ticker's last reading) has
  // waited on nothing, like an update that never waits, and Redis is not asked again.
  let turned = false;
  const turn = setImmediate(() => {
    turned = true;
  });
  const overtaken = () => (turned ? ctx.cancelScope.cancelled() : ctx.cancelScope.interrupted);
  let value: T;
  try {
    value = await withChatAction(ctx, work, { intervalMs: deps.chatActionIntervalMs, action });
  } catch (error) {
    if (await overtaken()) return { cancelled: true };
    throw error;
  } finally {
    clearImmediate(turn);
  }
  return (await overtaken()) ? { cancelled: true } : { cancelled: false, value };
}
