/**
 * /dca: the recurring trades (scheduled buys and sells) of the account, paged; a row opens its card with
 * Change amount / cadence / start, Pause or Resume, and Delete (after a Confirm). New ones and changes
 * are guided by conversations and end in a summary with a single-use Confirm (see confirm.ts).
 *
 * Pages are addressed by schedule id, not offset, so a schedule created meanwhile never shows a row twice.
 */
import type { Composer } from "grammy";
import { type ExchangeClient, ExchangeNotFoundError } from "../../exchange/index.ts";
import { allSchedules, pageOf } from "../../services/recurring/schedules.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { confirmKeyboard } from "../flow-kit/confirm-write.ts";
import { DCA_CREATE_CONVERSATION, DCA_EDIT_CONVERSATION } from "../flow-kit/conversation-ids.ts";
import { describeExchangeError, showWhereAsked } from "../flow-kit/exchange-errors.ts";
import { clientOrConnect, waitForExchange } from "../flow-kit/exchange-wait.ts";
import { recordShown } from "../flow-kit/live-confirmations.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";
import { DCA_PAGE_SIZE, issueDcaToken, renderListPage, shownFor, showScheduleCard } from "./card.ts";
import { changeByWords, readDcaChange } from "./change-by-words.ts";
import { type DcaEditArgs, readDcaArgs } from "./conversation.ts";
import { scheduleLines } from "./format.ts";

type Cursor = { olderThan?: number; newerThan?: number };

/**
 * Runs `work` with the user's client while they wait; exchange failures are explained in place of the
 * screen. Nothing happens when no key is connected (said) or a /cancel overtook the update (silent).
 */
async function withClient(
  ctx: BotContext,
  deps: BotDeps,
  edit: boolean,
  work: (client: ExchangeClient) => Promise<void>,
): Promise<void> {
  const client = await clientOrConnect(ctx, deps, edit);
  if (!client) return;
  try {
    await work(client);
  } catch (error) {
    if (await ctx.cancelScope.cancelled()) return;
    const explained =
      error instanceof ExchangeNotFoundError ? ctx.t("dca-not-found") : describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    await showWhereAsked(ctx, explained, edit);
  }
}

async function showList(ctx: BotContext, deps: BotDeps, cursor: Cursor, edit: boolean): Promise<void> {
  await withClient(ctx, deps, edit, async (client) => {
    const waited = await waitForExchange(ctx, deps, () => allSchedules(client));
    if (waited.cancelled) return;
    const page = pageOf(waited.value, DCA_PAGE_SIZE, cursor);
    const view = renderListPage(page, await shownFor(ctx, deps));
    await showWhereAsked(ctx, view.text, edit, { reply_markup: view.keyboard });
  });
}

async function showCard(ctx: BotContext, deps: BotDeps, id: number): Promise<void> {
  await withClient(ctx, deps, true, async (client) => {
    const waited = await waitForExchange(ctx, deps, () => client.recurringBuys.get(id));
    if (waited.cancelled) return;
    await showScheduleCard(ctx, deps, waited.value);
  });
}

/** Asks to confirm a delete, showing what would go. */
async function askDelete(ctx: BotContext, deps: BotDeps, id: number): Promise<void> {
  if ((await deps.accounts.permission(ctx.from?.id as number)) === "read_only") {
    await ctx.editMessageText(ctx.t("dca-read-only"));
    return;
  }
  await withClient(ctx, deps, true, async (client) => {
    const waited = await waitForExchange(ctx, deps, () => client.recurringBuys.get(id));
    if (waited.cancelled) return;
    const schedule = waited.value;
    const token = await issueDcaToken(ctx, deps, { action: "dca", op: "delete", id });
    const text = [
      ctx.t("dca-delete-ask", { id }),
      ...scheduleLines(schedule, ctx.t, await ctx.i18n.getLocale()),
      "",
      ctx.t("dca-delete-note"),
    ].join("\n");
    await ctx.editMessageText(text, { reply_markup: confirmKeyboard(ctx, token, "dca-button-delete-yes") });
    await recordShown(ctx, deps, token, ctx.callbackQuery?.message?.message_id);
  });
}

const EDIT_FIELDS: Readonly<Record<string, DcaEditArgs["field"]>> = {
  q: "quantity",
  p: "period",
  s: "start",
};

/** /dca and the buttons of its screens. */
export function recurringFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  const privateChats = composer.chatType("private");

  privateChats.command("dca", async (ctx) => {
    // `/dca pause BTC buy weekly` (a plain request's line): the one it names, to pause with its button.
    const change = readDcaChange(ctx.match);
    if (change !== undefined)
      return withClient(ctx, deps, false, (client) => changeByWords(ctx, deps, client, change));
    // `/dca BTC buy 50 weekly` (a plain request's line): the create flow with what it says, asked for the rest.
    const given = readDcaArgs(ctx.match);
    if (given === undefined) return showList(ctx, deps, {}, false);
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(DCA_CREATE_CONVERSATION, given);
  });
  privateChats.callbackQuery(/^dca:(?:l|([on]):(\d{1,12}))$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    const [, kind, id] = ctx.match;
    const cursor: Cursor =
      kind === "o" ? { olderThan: Number(id) } : kind === "n" ? { newerThan: Number(id) } : {};
    await showList(ctx, deps, cursor, true);
  });
  privateChats.callbackQuery(/^dca:v:(\d{1,12})$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showCard(ctx, deps, Number(ctx.match[1]));
  });
  privateChats.callbackQuery(/^dca:d:(\d{1,12})$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    await askDelete(ctx, deps, Number(ctx.match[1]));
  });
  privateChats.callbackQuery("dca:new", async (ctx) => {
    await ctx.answerCallbackQuery();
    // A flow already waiting (another edit, a trade) gives way to the one asked for now.
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(DCA_CREATE_CONVERSATION);
  });
  privateChats.callbackQuery(/^dca:e:(\d{1,12}):([qps])$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    const field = EDIT_FIELDS[ctx.match[2] as string] as DcaEditArgs["field"];
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(DCA_EDIT_CONVERSATION, {
      id: Number(ctx.match[1]),
      field,
    } satisfies DcaEditArgs);
  });
  return composer;
}
