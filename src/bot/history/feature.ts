/**
 * /history: the unified transaction history, newest first, five rows a page with Newer / Older, filters
 * by asset, by types (several at once) and by period, shown in the header; a row opens its detail. There
 * is no Invoice button: the exchange's invoice call answers the same record the detail shows and keeps
 * the PDF it makes to itself, so the detail says so and points to /statement.
 *
 * Each message's state (filters, page anchors, rows on screen) lives in a short Redis record (see
 * services/history/views.ts); buttons carry `hs:<view>:<verb>[:<arg>]`, well under Telegram's 64 bytes.
 * Every press is checked against that record before anything else: a stale, foreign or forged press gets
 * a short answer and changes nothing. Pages are anchored on the last row seen, so rows arriving while the
 * user pages never repeat a row on a page and never skip one.
 */
import { type Composer, InlineKeyboard } from "grammy";
import { TRANSACTION_TIMES, TRANSACTION_TYPES } from "../../exchange/index.ts";
import {
  HISTORY_PAGE_SIZE,
  type HistoryFilters,
  type HistoryRow,
  hasFilters,
  historyPage,
  NO_FILTERS,
  rowKey,
} from "../../services/history/rows.ts";
import type { HistoryView } from "../../services/history/views.ts";
import { recordShown } from "../../services/paging/anchored.ts";
import { type BotContext, type BotDeps, userTimezone } from "../context.ts";
import { commandAsset, TOP_ASSETS } from "../flow-kit/asset-input.ts";
import { showExchangeError } from "../flow-kit/exchange-errors.ts";
import { clientOrConnect, waitForExchange } from "../flow-kit/exchange-wait.ts";
import { typeLabel } from "../flow-kit/format/transaction-words.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";
import { renderDetail, renderList } from "./format.ts";

const FIAT = "AUD";
const MAX_ASSET_CHOICES = 15;
const PRESS = /^hs:([A-Za-z0-9_-]{12}):([a-z])(?::([A-Za-z0-9*.]{1,16}))?$/;

/** A press on a view that was found, owned and made for this message. */
interface Press {
  ctx: BotContext;
  deps: BotDeps;
  id: string;
  view: HistoryView;
}

function data(id: string, verb: string, arg?: string | number): string {
  return arg === undefined ? `hs:${id}:${verb}` : `hs:${id}:${verb}:${arg}`;
}

/** The list's buttons: a detail button per row, paging, filters, and Clear when filters are set. */
function listKeyboard(ctx: BotContext, id: string, view: HistoryView): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  view.rows.forEach((row, i) => {
    keyboard.text(String(i + 1), data(id, "d", row.id));
  });
  keyboard.row();
  if (view.page > 0) keyboard.text(ctx.t("hist-button-newer"), data(id, "b"));
  if (view.hasMore) keyboard.text(ctx.t("hist-button-older"), data(id, "n"));
  keyboard.row();
  keyboard
    .text(ctx.t("hist-button-asset", { asset: view.filters.asset ?? ctx.t("hist-all") }), data(id, "a"))
    .text(ctx.t("hist-button-types"), data(id, "t"))
    .text(ctx.t("hist-button-period"), data(id, "p"));
  if (hasFilters(view.filters)) keyboard.row().text(ctx.t("hist-button-clear"), data(id, "c"));
  return keyboard;
}

async function listText(ctx: BotContext, deps: BotDeps, view: HistoryView): Promise<string> {
  const locale = await ctx.i18n.getLocale();
  if (view.rows.length === 0) {
    if (view.page > 0) return ctx.t("hist-empty-page");
    return hasFilters(view.filters) ? ctx.t("hist-empty-filtered") : ctx.t("hist-empty");
  }
  return renderList(view.rows, view.filters, view.page, ctx.t, locale, userTimezone(ctx, deps));
}

/**
 * Loads page `index` of the view's filters into `view` (anchored on the row shown before it). Returns
 * false, having told the user why, when the exchange could not be read or a /cancel overtook the wait;
 * the view is then unchanged.
 */
async function loadPage(ctx: BotContext, deps: BotDeps, view: HistoryView, index: number): Promise<boolean> {
  const client = await clientOrConnect(ctx, deps);
  if (!client) return false;
  const after = index === 0 ? undefined : (view.anchors[index] ?? undefined);
  try {
    const waited = await waitForExchange(ctx, deps, () =>
      historyPage(client, view.filters, after, index * HISTORY_PAGE_SIZE),
    );
    if (waited.cancelled) return false;
    const page = waited.value;
    const last = page.rows.at(-1);
    view.anchors = recordShown(view.anchors, index, last ? rowKey(last) : undefined);
    view.page = index;
    view.rows = page.rows;
    view.hasMore = page.hasMore;
    return true;
  } catch (error) {
    await showExchangeError(ctx, error, false);
    return false;
  }
}

/** /history [ASSET]: the first page, as a new message with its own view. */
async function startHistory(ctx: BotContext, deps: BotDeps, args: string): Promise<void> {
  const filters: HistoryFilters = { ...NO_FILTERS };
  const asked = args.trim();
  if (asked !== "") {
    // By code, name or alias ("/history bitcoin"); AUD too. An unknown word is said to be unknown.
    const typed = await commandAsset(ctx, deps, asked, { fiat: true });
    if (typed === undefined || typed === "unknown") return;
    filters.asset = typed.code;
  }
  const view: HistoryView = {
    owner: ctx.from?.id as number,
    chatId: ctx.chat?.id as number,
    messageId: 0,
    filters,
    page: 0,
    anchors: [null],
    rows: [],
    hasMore: false,
    assetChoices: [],
  };
  if (!(await loadPage(ctx, deps, view, 0))) return;
  const id = await deps.historyViews.create(view);
  const sent = await ctx.reply(await listText(ctx, deps, view), {
    reply_markup: listKeyboard(ctx, id, view),
  });
  view.messageId = sent.message_id;
  await deps.historyViews.save(id, view);
}

/** Shows the view's list on its message and stores it. */
async function showList({ ctx, deps, id, view }: Press): Promise<void> {
  await deps.historyViews.save(id, view);
  await ctx.editMessageText(await listText(ctx, deps, view), { reply_markup: listKeyboard(ctx, id, view) });
}

/** Loads page `index` and shows it; nothing changes when it cannot be loaded. */
async function goTo(press: Press, index: number): Promise<void> {
  const next = structuredClone(press.view);
  if (!(await loadPage(press.ctx, press.deps, next, index))) return;
  await showList({ ...press, view: next });
}

/** New filters: back to the newest page. */
async function refilter(press: Press, filters: HistoryFilters): Promise<void> {
  const next: HistoryView = { ...structuredClone(press.view), filters, page: 0, anchors: [null] };
  if (!(await loadPage(press.ctx, press.deps, next, 0))) return;
  await showList({ ...press, view: next });
}

function rowOf(view: HistoryView, arg: string | undefined): HistoryRow | undefined {
  return arg !== undefined && /^\d{1,16}$/.test(arg)
    ? view.rows.find((row) => String(row.id) === arg)
    : undefined;
}

async function showDetail({ ctx, deps, id }: Press, row: HistoryRow): Promise<void> {
  const locale = await ctx.i18n.getLocale();
  const keyboard = new InlineKeyboard().text(ctx.t("hist-button-back"), data(id, "l"));
  await ctx.editMessageText(renderDetail(row, ctx.t, locale, userTimezone(ctx, deps)), {
    reply_markup: keyboard,
  });
}

async function assetPicker({ ctx, deps, id, view }: Press): Promise<void> {
  const seen = view.rows
    .flatMap((row) => [row.srcAsset, row.dstAsset])
    .filter((a): a is string => a !== null);
  const choices = [...new Set([FIAT, ...TOP_ASSETS, ...seen.map((a) => a.toUpperCase())])]
    .filter((code) => /^[A-Z0-9]{1,10}$/.test(code))
    .slice(0, MAX_ASSET_CHOICES);
  const next = { ...view, assetChoices: choices };
  await deps.historyViews.save(id, next);
  const keyboard = new InlineKeyboard();
  choices.forEach((code, i) => {
    keyboard.text(code === view.filters.asset ? `✓ ${code}` : code, data(id, "a", code));
    if (i % 4 === 3) keyboard.row();
  });
  keyboard
    .row()
    .text(ctx.t("hist-all-assets"), data(id, "a", "*"))
    .text(ctx.t("hist-button-back"), data(id, "l"));
  await ctx.editMessageText(ctx.t("hist-pick-asset"), { reply_markup: keyboard });
}

async function typePicker({ ctx, id, view }: Press): Promise<void> {
  const keyboard = new InlineKeyboard();
  TRANSACTION_TYPES.forEach((type, i) => {
    const label = typeLabel(type, ctx.t);
    keyboard.text(view.filters.types.includes(type) ? `✓ ${label}` : label, data(id, "t", type));
    if (i % 2 === 1) keyboard.row();
  });
  keyboard
    .row()
    .text(ctx.t("hist-all-types"), data(id, "t", "*"))
    .text(ctx.t("hist-button-done"), data(id, "t", "."));
  const chosen = view.filters.types.map((type) => ctx.t(`hist-type-${type}`)).join(", ");
  await ctx.editMessageText(ctx.t("hist-pick-types", { chosen: chosen || ctx.t("hist-all") }), {
    reply_markup: keyboard,
  });
}

async function periodPicker({ ctx, id, view }: Press): Promise<void> {
  const keyboard = new InlineKeyboard();
  for (const period of TRANSACTION_TIMES) {
    const label = ctx.t(`hist-period-${period}`);
    keyboard.text(view.filters.period === period ? `✓ ${label}` : label, data(id, "p", period));
  }
  keyboard
    .row()
    .text(ctx.t("hist-all-time"), data(id, "p", "*"))
    .text(ctx.t("hist-button-back"), data(id, "l"));
  await ctx.editMessageText(ctx.t("hist-pick-period"), { reply_markup: keyboard });
}

/** What a press does, given its checked view. */
type Action = (press: Press) => Promise<void>;

/** Stores the types chosen so far and shows the picker again (the list is loaded on Done). */
async function chooseTypes(press: Press, types: HistoryFilters["types"]): Promise<void> {
  press.view = { ...press.view, filters: { ...press.view.filters, types } };
  await press.deps.historyViews.save(press.id, press.view);
  await typePicker(press);
}

/**
 * The action of a press, or undefined when its verb and argument are not ones this view offers (a
 * forged or outdated press): then nothing is done.
 */
function planPress(view: HistoryView, verb: string, arg: string | undefined): Action | undefined {
  const { asset, types, period } = view.filters;
  const keep = (part: Partial<HistoryFilters>): HistoryFilters => ({
    types,
    ...(asset ? { asset } : {}),
    ...(period ? { period } : {}),
    ...part,
  });
  switch (verb) {
    case "n":
      return arg === undefined && view.hasMore && view.rows.length > 0
        ? (press) => goTo(press, view.page + 1)
        : undefined;
    case "b":
      return arg === undefined && view.page > 0 ? (press) => goTo(press, view.page - 1) : undefined;
    case "l":
      return arg === undefined ? showList : undefined;
    case "c":
      return arg === undefined ? (press) => refilter(press, { ...NO_FILTERS }) : undefined;
    case "d": {
      const row = rowOf(view, arg);
      return row ? (press) => showDetail(press, row) : undefined;
    }
    case "a":
      if (arg === undefined) return assetPicker;
      if (arg === "*") return (press) => refilter(press, { types, ...(period ? { period } : {}) });
      return view.assetChoices.includes(arg) ? (press) => refilter(press, keep({ asset: arg })) : undefined;
    case "t": {
      if (arg === undefined) return typePicker;
      if (arg === ".") return (press) => refilter(press, view.filters);
      if (arg === "*") return (press) => chooseTypes(press, []);
      const type = TRANSACTION_TYPES.find((known) => known === arg);
      if (type === undefined) return undefined;
      // Toggled, kept in the exchange's order of types.
      const next = types.includes(type)
        ? types.filter((t) => t !== type)
        : TRANSACTION_TYPES.filter((t) => t === type || types.includes(t));
      return (press) => chooseTypes(press, next);
    }
    case "p": {
      if (arg === undefined) return periodPicker;
      if (arg === "*") return (press) => refilter(press, { types, ...(asset ? { asset } : {}) });
      const chosen = TRANSACTION_TIMES.find((known) => known === arg);
      return chosen ? (press) => refilter(press, keep({ period: chosen })) : undefined;
    }
    default:
      return undefined;
  }
}

/** /history and its buttons. */
export function historyFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  const privateChats = composer.chatType("private");

  privateChats.command("history", (ctx) => startHistory(ctx, deps, ctx.match));

  privateChats.callbackQuery(/^hs:/, async (ctx) => {
    const match = PRESS.exec(ctx.callbackQuery.data);
    const messageId = ctx.callbackQuery.message?.message_id;
    if (match === null || messageId === undefined) {
      await ctx.answerCallbackQuery({ text: ctx.t("hist-bad-button") });
      return;
    }
    const [, id, verb, arg] = match as unknown as [string, string, string, string | undefined];
    const loaded = await deps.historyViews.load(id, ctx.from.id, ctx.chat.id, messageId);
    if (loaded.status === "not_owner") {
      await ctx.answerCallbackQuery({ text: ctx.t("not-your-button") });
      return;
    }
    if (loaded.status === "expired") {
      await ctx.answerCallbackQuery({ text: ctx.t("hist-expired") });
      return;
    }
    const action = planPress(loaded.view, verb, arg);
    if (action === undefined) {
      await ctx.answerCallbackQuery({ text: ctx.t("hist-bad-button") });
      return;
    }
    // Answered before the work: Telegram shows a spinner until then, and the work may wait on the exchange.
    await ctx.answerCallbackQuery();
    await action({ ctx, deps, id, view: loaded.view });
  });

  return composer;
}
