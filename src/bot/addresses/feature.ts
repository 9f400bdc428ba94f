/**
 * The address book: /addresses (saved withdrawal destinations grouped by asset, paged), an entry's
 * details, Add (the guided conversation), Resend confirmation and Delete. Reading works with any key;
 * changes need a read & write key, and a read-only one gets an explanation. The Resend button
 * (`addr:resend:<id>`, see buttons.ts) is also put on other features' messages, so its answer is a
 * new message and the pressed one is left as it was.
 */
import { type Composer, InlineKeyboard } from "grammy";
import type { AddressBookEntry, ExchangeClient } from "../../exchange/index.ts";
import { writeOutcome } from "../../exchange/index.ts";
import { activeEntries, resendConfirmation } from "../../services/addresses/entries.ts";
import { type BotContext, type BotDeps, userTimezone } from "../context.ts";
import {
  ADDRESS_BUTTON_PATTERN,
  addressButtonData,
  parseAddressButton,
  resendButtonData,
} from "../flow-kit/address-buttons.ts";
import { ADDRESS_CONVERSATION } from "../flow-kit/conversation-ids.ts";
import { showExchangeError, showWhereAsked } from "../flow-kit/exchange-errors.ts";
import { clientOrConnect, waitForExchange } from "../flow-kit/exchange-wait.ts";
import { escapeHtml, shorten } from "../flow-kit/format/html.ts";
import { formatClock } from "../flow-kit/format/time.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";
import type { AddressArgs } from "./add-flow.ts";
import { afterSaveKeyboard, askDelete, backFromSummary } from "./confirmations.ts";
import { renderEntryDetails, renderEntryLine, renderGroup } from "./format.ts";

const PAGE_SIZE = 5;

/** The user's client, or undefined after saying why there is none (no key, or read-only for a change). */
async function clientOrExplain(
  ctx: BotContext,
  deps: BotDeps,
  change: boolean,
): Promise<ExchangeClient | undefined> {
  const client = await clientOrConnect(ctx, deps);
  if (!client) return undefined;
  if (change && (await deps.accounts.permission(ctx.from?.id as number)) === "read_only") {
    await ctx.reply(ctx.t("addr-read-only"));
    return undefined;
  }
  return client;
}

function listPage(
  ctx: BotContext,
  deps: BotDeps,
  entries: AddressBookEntry[],
  page: number,
  language: string,
) {
  const pages = Math.max(1, Math.ceil(entries.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const keyboard = new InlineKeyboard();
  if (entries.length === 0) {
    keyboard.text(ctx.t("addr-button-add"), addressButtonData("add"));
    return { text: ctx.t("addr-none"), keyboard };
  }
  const zone = userTimezone(ctx, deps);
  const lines = [ctx.t("addr-title", { page: current, pages })];
  let group: string | undefined;
  const first = (current - 1) * PAGE_SIZE;
  entries.slice(first, first + PAGE_SIZE).forEach((entry, i) => {
    const n = first + i + 1;
    if (entry.asset !== group) {
      group = entry.asset;
      lines.push("", ctx.t("addr-group", renderGroup(entry)));
    }
    lines.push(renderEntryLine(entry, n, ctx.t, language, zone));
    keyboard.text(
      ctx.t("addr-button-details", { n, label: shorten(entry.label, 20) }),
      addressButtonData("show", entry.id),
    );
    if (!entry.confirmed) keyboard.text(ctx.t("addr-button-resend-short"), resendButtonData(entry.id));
    keyboard.text(ctx.t("addr-button-delete"), addressButtonData("delete", entry.id)).row();
  });
  lines.push("", ctx.t("addr-times-zone", { zone: escapeHtml(zone) }));
  if (current > 1) keyboard.text(ctx.t("addr-button-previous"), addressButtonData("list", current - 1));
  if (current < pages) keyboard.text(ctx.t("addr-button-next"), addressButtonData("list", current + 1));
  keyboard.row().text(ctx.t("addr-button-add"), addressButtonData("add"));
  return { text: lines.join("\n"), keyboard };
}

async function showList(ctx: BotContext, deps: BotDeps, page: number, edit: boolean): Promise<void> {
  const client = await clientOrExplain(ctx, deps, false);
  if (!client) return;
  try {
    const waited = await waitForExchange(ctx, deps, () => activeEntries(client));
    if (waited.cancelled) return;
    const { text, keyboard } = listPage(ctx, deps, waited.value, page, await ctx.i18n.getLocale());
    await showWhereAsked(ctx, text, edit, { reply_markup: keyboard });
  } catch (error) {
    await showExchangeError(ctx, error, edit);
  }
}

async function showDetails(ctx: BotContext, deps: BotDeps, id: number): Promise<void> {
  const client = await clientOrExplain(ctx, deps, false);
  if (!client) return;
  try {
    const waited = await waitForExchange(ctx, deps, () => client.addressBook.get(id));
    if (waited.cancelled) return;
    const entry = waited.value;
    const language = await ctx.i18n.getLocale();
    const zone = userTimezone(ctx, deps);
    const text = [
      renderEntryDetails(entry, ctx.t, language, zone),
      ctx.t("addr-updated", formatClock(new Date(deps.now()), zone, language)),
    ].join("\n");
    const keyboard = afterSaveKeyboard(ctx, entry);
    if (entry.enabled) keyboard.text(ctx.t("addr-button-delete"), addressButtonData("delete", entry.id));
    keyboard.row().text(ctx.t("addr-button-list"), addressButtonData("list", 1));
    // Two refreshes within the same second render the same text; the error boundary lets that pass.
    await ctx.editMessageText(text, { reply_markup: keyboard });
  } catch (error) {
    await showExchangeError(ctx, error, true);
  }
}

/** How long after a resend the same entry's Resend is refused. */
const RESEND_COOLDOWN_S = 60;

/** One resend for the entry, after reading its state: refused in words when confirmed or deleted. */
async function resend(ctx: BotContext, deps: BotDeps, id: number): Promise<void> {
  const client = await clientOrExplain(ctx, deps, true);
  if (!client) return;
  // One email per entry a minute: a double tap, or a tap on an older message, sends no second one.
  const cooldown = `addr-resend:${ctx.from?.id}:${id}`;
  if (!(await deps.cooldowns.take(cooldown, RESEND_COOLDOWN_S))) {
    await ctx.reply(ctx.t("addr-resend-wait"));
    return;
  }
  let result: Awaited<ReturnType<typeof resendConfirmation>>;
  try {
    const waited = await waitForExchange(ctx, deps, () =>
      resendConfirmation(client, id, (write) => ctx.cancelScope.writing("address", write)),
    );
    if (waited.cancelled) {
      await deps.cooldowns.release(cooldown);
      return;
    }
    result = waited.value;
  } catch (error) {
    // Reading the entry failed: nothing was sent.
    await deps.cooldowns.release(cooldown);
    await showExchangeError(ctx, error, false);
    return;
  }
  // Only an email that went out, or may have, holds the cooldown.
  const mayHaveSent =
    result.status === "done" || (result.status === "failed" && writeOutcome(result.error) === "unknown");
  if (!mayHaveSent) await deps.cooldowns.release(cooldown);
  const label = escapeHtml(result.status === "failed" ? "" : result.entry.label);
  if (result.status === "confirmed") await ctx.reply(ctx.t("addr-resend-confirmed", { label }));
  else if (result.status === "deleted") await ctx.reply(ctx.t("addr-resend-deleted", { label }));
  else if (result.status === "done") await ctx.reply(ctx.t("addr-resent", { label }));
  else if (writeOutcome(result.error) === "unknown") {
    ctx.log.warn({ err: { message: (result.error as Error).message } }, "address resend answer lost");
    await ctx.reply(ctx.t("addr-resend-unknown"));
  } else await showExchangeError(ctx, result.error, false);
}

async function startDelete(ctx: BotContext, deps: BotDeps, id: number): Promise<void> {
  const client = await clientOrExplain(ctx, deps, true);
  if (!client) return;
  try {
    const waited = await waitForExchange(ctx, deps, () => client.addressBook.get(id));
    if (waited.cancelled) return;
    const entry = waited.value;
    if (!entry.enabled) await ctx.reply(ctx.t("addr-delete-already", { label: escapeHtml(entry.label) }));
    else await askDelete(ctx, deps, entry);
  } catch (error) {
    await showExchangeError(ctx, error, false);
  }
}

/** /addresses and the address book's buttons. */
export function addressFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  const privateChats = composer.chatType("private");

  privateChats.command("addresses", (ctx) => showList(ctx, deps, 1, false));
  // Inside the add flow /back is an answer (conversation.ts); at its summary it goes back from there.
  privateChats.command("back", async (ctx, next) => {
    if (!(await backFromSummary(ctx))) await next();
  });
  privateChats.callbackQuery(ADDRESS_BUTTON_PATTERN, async (ctx) => {
    const button = parseAddressButton(ctx.callbackQuery.data);
    await ctx.answerCallbackQuery();
    if (button === undefined) return;
    switch (button.verb) {
      case "list":
        return showList(ctx, deps, button.n, true);
      case "show":
        return showDetails(ctx, deps, button.n);
      case "resend":
        return resend(ctx, deps, button.n);
      case "delete":
        return startDelete(ctx, deps, button.n);
      case "add": {
        if (!(await clientOrExplain(ctx, deps, true))) return;
        // Pressed while another flow waits (a trade, the time zone question): leave it.
        await ctx.conversation.exitAll();
        await ctx.conversation.enter(ADDRESS_CONVERSATION, {} satisfies AddressArgs);
      }
    }
  });

  return composer;
}
