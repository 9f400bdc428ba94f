/**
 * The address book's writes that are confirmed first, through a single-use, owner-bound token (see
 * flow-kit/actions.ts): saving a new entry (Save / Back / Cancel on the summary) and deleting one (Delete /
 * Keep). However often a button is pressed, or by whom, at most one write is sent. A write whose
 * answer was lost is said to have maybe happened, never that nothing changed.
 */
import { InlineKeyboard } from "grammy";
import { type AddressBookEntry, ExchangeValidationError, writeOutcome } from "../../exchange/index.ts";
import { type AddressDraft, createRequestOf, draftSteps } from "../../services/addresses/draft.ts";
import { createEntry, deleteEntry } from "../../services/addresses/entries.ts";
import type { BotContext, BotDeps } from "../context.ts";
import type { ActionPayload } from "../flow-kit/actions.ts";
import { addressButtonData, resendButtonData } from "../flow-kit/address-buttons.ts";
import { withChatAction } from "../flow-kit/chat-action.ts";
import { ADDRESS_CONVERSATION } from "../flow-kit/conversation-ids.ts";
import { describeExchangeError } from "../flow-kit/exchange-errors.ts";
import { clientOrConnect } from "../flow-kit/exchange-wait.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { recordShown, voidedBy } from "../flow-kit/live-confirmations.ts";
import type { AddressArgs } from "./add-flow.ts";
import { renderSummary, shortAddress } from "./format.ts";

// A summary may be read carefully (the address character by character) before Save.
const CONFIRM_TTL_S = 15 * 60;

/** The payload of a summary's or a delete question's token. */
export type AddressPayload = ActionPayload & { action: "addr" } & (
    | { kind: "create"; draft: AddressDraft; assetName: string }
    | { kind: "delete"; id: number; label: string }
  );

/**
 * Shows the summary of a complete draft with Save, Back and Cancel. The draft is checked whole by the
 * client's request check first; a problem there (none is expected after the questions) is shown instead.
 */
export async function showSummary(
  ctx: BotContext,
  deps: BotDeps,
  draft: AddressDraft,
  assetName: string,
): Promise<void> {
  try {
    createRequestOf(draft);
  } catch (error) {
    if (!(error instanceof ExchangeValidationError)) throw error;
    await ctx.reply(describeExchangeError(error, ctx.t) ?? ctx.t("something-went-wrong"));
    return;
  }
  const payload: AddressPayload = { action: "addr", kind: "create", draft, assetName };
  const token = await deps.tokens.issue(ctx.from?.id as number, payload, CONFIRM_TTL_S, "addr-cancelled");
  const keyboard = new InlineKeyboard()
    .text(ctx.t("addr-button-save"), `t:${token}:c`)
    .text(ctx.t("button-back"), `t:${token}:b`)
    .row()
    .text(ctx.t("button-cancel"), `t:${token}:x`);
  const sent = await ctx.reply(renderSummary(draft, ctx.t, await ctx.i18n.getLocale(), assetName), {
    reply_markup: keyboard,
  });
  await recordShown(ctx, deps, token, sent.message_id);
}

/** Asks whether to delete an entry, with a single-use Delete and Keep. */
export async function askDelete(ctx: BotContext, deps: BotDeps, entry: AddressBookEntry): Promise<void> {
  const payload: AddressPayload = { action: "addr", kind: "delete", id: entry.id, label: entry.label };
  const token = await deps.tokens.issue(ctx.from?.id as number, payload, CONFIRM_TTL_S, "cancelled");
  const keyboard = new InlineKeyboard()
    .text(ctx.t("addr-button-delete-confirm"), `t:${token}:c`)
    .text(ctx.t("addr-button-keep"), `t:${token}:x`);
  const text = ctx.t("addr-delete-ask", {
    label: escapeHtml(entry.label),
    asset: escapeHtml(entry.asset),
    address: escapeHtml(shortAddress(entry.address)),
  });
  await ctx.editMessageText(text, { reply_markup: keyboard });
  await recordShown(ctx, deps, token, ctx.callbackQuery?.message?.message_id);
}

/** The buttons under a saved or refreshed entry: Resend while unconfirmed, and Refresh. */
export function afterSaveKeyboard(ctx: BotContext, entry: AddressBookEntry): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (entry.enabled && !entry.confirmed)
    keyboard.text(ctx.t("addr-button-resend"), resendButtonData(entry.id));
  return keyboard.text(ctx.t("button-refresh"), addressButtonData("show", entry.id));
}

/**
 * Shows why the exchange (or the request check) refused a draft, with Back to change the answers
 * (through a fresh single-use token) and Cancel.
 */
async function showRefusal(ctx: BotContext, deps: BotDeps, payload: AddressPayload, explained: string) {
  const token = await deps.tokens.issue(ctx.from?.id as number, payload, CONFIRM_TTL_S, "addr-cancelled");
  const keyboard = new InlineKeyboard()
    .text(ctx.t("button-back"), `t:${token}:b`)
    .text(ctx.t("button-cancel"), `t:${token}:x`);
  await ctx.editMessageText(`${explained}\n\n${ctx.t("addr-create-refused")}`, { reply_markup: keyboard });
  await recordShown(ctx, deps, token, ctx.callbackQuery?.message?.message_id);
}

async function create(
  ctx: BotContext,
  deps: BotDeps,
  payload: AddressPayload & { kind: "create" },
): Promise<void> {
  const { draft } = payload;
  const client = await clientOrConnect(ctx, deps, true);
  if (!client) return;
  await ctx.editMessageText(ctx.t("addr-saving"));
  let result: Awaited<ReturnType<typeof createEntry>>;
  try {
    result = await withChatAction(
      ctx,
      () => createEntry(client, draft, (write) => ctx.cancelScope.writing("address", write)),
      {
        intervalMs: deps.chatActionIntervalMs,
      },
    );
  } catch (error) {
    // Refused by the request check before sending: nothing was sent. Anything else is a bug.
    if (!(error instanceof ExchangeValidationError)) throw error;
    await showRefusal(ctx, deps, payload, describeExchangeError(error, ctx.t) ?? "");
    return;
  }
  if (result.status === "failed") {
    if (writeOutcome(result.error) === "unknown") {
      ctx.log.warn({ err: { message: (result.error as Error).message } }, "address create answer lost");
      await ctx.editMessageText(ctx.t("addr-create-unknown"), {
        reply_markup: new InlineKeyboard().text(ctx.t("addr-button-list"), addressButtonData("list", 1)),
      });
      return;
    }
    const explained = describeExchangeError(result.error, ctx.t);
    if (explained === undefined) throw result.error;
    await showRefusal(ctx, deps, payload, explained);
    return;
  }
  const entry = result.entry;
  await ctx.editMessageText(
    ctx.t("addr-created", { label: escapeHtml(entry.label), asset: escapeHtml(entry.asset) }),
    {
      reply_markup: afterSaveKeyboard(ctx, entry),
    },
  );
}

async function remove(ctx: BotContext, deps: BotDeps, id: number, label: string): Promise<void> {
  const client = await clientOrConnect(ctx, deps, true);
  if (!client) return;
  const shown = escapeHtml(label);
  const back = new InlineKeyboard().text(ctx.t("addr-button-list"), addressButtonData("list", 1));
  // The question's buttons go while it runs, and the words say what is happening: deleting, not saving.
  await ctx.editMessageText(ctx.t("addr-deleting", { label: shown }));
  let result: Awaited<ReturnType<typeof deleteEntry>>;
  try {
    result = await withChatAction(
      ctx,
      () => deleteEntry(client, id, (write) => ctx.cancelScope.writing("address", write)),
      {
        intervalMs: deps.chatActionIntervalMs,
      },
    );
  } catch (error) {
    // Reading the entry's state failed: nothing was sent.
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    await ctx.editMessageText(explained);
    return;
  }
  if (result.status === "deleted") {
    await ctx.editMessageText(ctx.t("addr-delete-already", { label: shown }), { reply_markup: back });
    return;
  }
  if (result.status === "failed") {
    if (writeOutcome(result.error) === "unknown") {
      ctx.log.warn({ err: { message: (result.error as Error).message } }, "address delete answer lost");
      await ctx.editMessageText(ctx.t("addr-delete-unknown", { label: shown }), {
        reply_markup: new InlineKeyboard().text(ctx.t("button-refresh"), addressButtonData("show", id)),
      });
      return;
    }
    const explained = describeExchangeError(result.error, ctx.t);
    if (explained === undefined) throw result.error;
    await ctx.editMessageText(explained);
    return;
  }
  await ctx.editMessageText(ctx.t("addr-deleted", { label: shown }), { reply_markup: back });
}

/** Enters the add flow again at the draft's last question, its answers kept. */
async function askLastAgain(ctx: BotContext, draft: AddressDraft): Promise<void> {
  const at = draftSteps(draft).at(-1);
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(ADDRESS_CONVERSATION, { draft, ...(at ? { at } : {}) } satisfies AddressArgs);
}

/**
 * /back typed at a summary (the flow is over, so it is no answer to a question): the command voided the
 * summary (flow-kit/live-confirmations.ts); its text is shown again without buttons, and the last question is
 * asked again, as the Back button does. False when this command voided no summary.
 */
export async function backFromSummary(ctx: BotContext): Promise<boolean> {
  for (const { payload, shownAt } of voidedBy(ctx)) {
    const address = payload as AddressPayload | null;
    if (address?.action !== "addr" || address.kind !== "create") continue;
    if (shownAt !== undefined) {
      const text = renderSummary(address.draft, ctx.t, await ctx.i18n.getLocale(), address.assetName);
      await ctx.api.editMessageText(shownAt.chatId, shownAt.messageId, text).catch((error: Error) => {
        ctx.log.warn({ err: { message: error.message } }, "could not show the summary again");
      });
    }
    await askLastAgain(ctx, address.draft);
    return true;
  }
  return false;
}

/** Runs a pressed choice of a summary or a delete question (its token already consumed). */
export async function onAddressAction(
  ctx: BotContext,
  deps: BotDeps,
  payload: AddressPayload,
  verb: string | undefined,
): Promise<void> {
  await ctx.answerCallbackQuery();
  if (payload.kind === "delete") {
    if (verb === "x")
      await ctx.editMessageText(ctx.t("addr-delete-kept", { label: escapeHtml(payload.label) }));
    else if (verb === "c") await remove(ctx, deps, payload.id, payload.label);
    return;
  }
  if (verb === "x") {
    await ctx.editMessageText(ctx.t("addr-cancelled"));
    return;
  }
  if (verb === "b") {
    // The summary stays readable; the last question is asked again, the answers kept.
    await ctx.editMessageReplyMarkup();
    await askLastAgain(ctx, payload.draft);
    return;
  }
  if (verb === "c") await create(ctx, deps, payload);
}
