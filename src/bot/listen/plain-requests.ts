/**
 * Text typed outside any flow, in a private chat: a plain request ("btc", "buy 100 aud of eth", "余额") is
 * handled as the command line that does the same (services/understanding/requests.ts), so it leads into the
 * very flow of that command and ends at the same summary with Confirm; else a text that picks a button of
 * the last keyboard by the looser rules is that button's press (typed-choices.ts); anything else is said to
 * be not understood, with the closest commands as buttons and what each does (`go:<command>`).
 */

import { distance } from "fastest-levenshtein";
import type { Composer } from "grammy";
import type { Update } from "grammy/types";
import type { AssetDirectory } from "../../services/market/asset-names.ts";
import { tradeKind } from "../../services/swaps/quotes.ts";
import { normalizeAnswer } from "../../services/understanding/choice-match.ts";
import type { TypedAmount } from "../../services/understanding/number-words.ts";
import {
  REQUEST_COMMANDS,
  type RequestCommand,
  RequestReader,
  type TradeTalk,
  type UnderstoodRequest,
  WORD_ROLES,
} from "../../services/understanding/requests.ts";
import { cancelAll } from "../cancel/feature.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { assetsOf, listedNow } from "../flow-kit/asset-input.ts";
import { tellFlowLeft } from "../flow-kit/flow-left.ts";
import { escapeHtml, typedExcerpt } from "../flow-kit/format/html.ts";
import { voidConfirmations } from "../flow-kit/live-confirmations.ts";
import { LISTED_COMMANDS, listWords, requestWords } from "../flow-kit/vocabulary.ts";
import { addressedText } from "../pipeline/command-text.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";
import { deleteMessageOnce } from "../pipeline/key-takedown.ts";
import type { SwapPayload } from "../swaps/quotes.ts";
import { ASSET_PICK, askAsset, askShare, pickedShare, SHARE_PICK, withShare } from "./open-requests.ts";
import { typedPick } from "./typed-choices.ts";

/** A text of six digits alone (spaces or a dash between allowed): the shape of a 2FA code. */
const CODE_ALONE = /^\s*\d{3}[\s-]?\d{3}\s*$/;

/** Callback data of a suggested command's button. */
const GO = "go:";
/** Commands offered when nothing typed is near any. */
const DEFAULT_SUGGESTIONS: readonly RequestCommand[] = ["price", "balance", "help"];
/** The most commands suggested at once. */
const MAX_SUGGESTIONS = 3;

// One reader per asset directory (the market data keeps one asset list for ten minutes).
const readers = new WeakMap<AssetDirectory, RequestReader>();

function readerFor(ctx: BotContext, directory: AssetDirectory): RequestReader {
  let reader = readers.get(directory);
  if (reader === undefined) {
    reader = new RequestReader(
      requestWords(ctx.i18n.fluent),
      (phrase) => directory.exact.get(phrase),
      directory.exact.keys(),
    );
    readers.set(directory, reader);
  }
  return reader;
}

/** Handles the rest of the update as the command `/command args`, sent by the same user in the same chat. */
function commandInstead(ctx: BotContext, command: string, args: readonly string[], messageId: number): void {
  const text = [`/${command}`, ...args].join(" ");
  const chat = ctx.chat as NonNullable<BotContext["chat"]>;
  const message = {
    message_id: messageId,
    date: ctx.msg?.date ?? Math.floor(Date.now() / 1000),
    chat,
    from: ctx.from,
    text,
    entities: [{ type: "bot_command" as const, offset: 0, length: command.length + 1 }],
  };
  ctx.replaceUpdate({ update_id: ctx.update.update_id, message } as Update);
}

const isListed = (command: RequestCommand) => (LISTED_COMMANDS as readonly string[]).includes(command);
const isRole = (command: RequestCommand) => (WORD_ROLES as readonly string[]).includes(command);

/** A command's name (its own, or one of its words in a language), normalized. */
interface CommandName {
  command: RequestCommand;
  name: string;
}

// The commands' names by their first character, built once per translations: a slip of the key keeps the
// first character in most cases, and a text's word is compared with a few names only, not all of them.
const commandNames = new WeakMap<BotContext["i18n"]["fluent"], Map<string, CommandName[]>>();

function namesByFirst(ctx: BotContext): Map<string, CommandName[]> {
  const fluent = ctx.i18n.fluent;
  let byFirst = commandNames.get(fluent);
  if (byFirst === undefined) {
    byFirst = new Map();
    for (const command of REQUEST_COMMANDS) {
      const names = [
        command,
        ...(isListed(command) ? listWords(fluent, `listen-commands-${command}`) : []),
        ...(isRole(command) ? listWords(fluent, `listen-words-${command}`) : []),
      ].map(normalizeAnswer);
      for (const name of names) {
        if (name.length < 3) continue;
        const first = name[0] as string;
        byFirst.set(first, [...(byFirst.get(first) ?? []), { command, name }]);
      }
    }
    commandNames.set(fluent, byFirst);
  }
  return byFirst;
}

/** Edits between a word and a name, two neighbouring letters swapped ("alerst") counting as one. */
function slipEdits(word: string, name: string): number {
  const edits = distance(word, name);
  if (edits !== 2 || word.length !== name.length) return edits;
  const at = [...word].findIndex((char, i) => char !== name[i]);
  const swapped = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  return swapped === name ? 1 : edits;
}

/** The commands whose names are nearest to the text's words (a slip of the key or two), nearest first. */
function nearestCommands(ctx: BotContext, text: string): RequestCommand[] {
  const byFirst = namesByFirst(ctx);
  const best = new Map<RequestCommand, number>();
  for (const word of normalizeAnswer(text).split(" ")) {
    if (word.length < 4) continue;
    for (const { command, name } of byFirst.get(word[0] as string) ?? []) {
      const allowed = name.length >= 7 ? 2 : 1;
      // Lengths further apart than the edits allowed cannot be that near: no distance to work out.
      if (Math.abs(name.length - word.length) > allowed) continue;
      const edits = slipEdits(word, name);
      if (edits <= allowed && edits < (best.get(command) ?? Number.POSITIVE_INFINITY))
        best.set(command, edits);
    }
  }
  return [...best].sort(([, a], [, b]) => a - b).map(([command]) => command);
}

/**
 * The text with a command's name typed with a slip put right ("histroy btc" -> "history btc", "balanse"):
 * one word alone is near a command's name, and near that one command only. Undefined when none is.
 */
function withSlipMended(ctx: BotContext, text: string): string | undefined {
  if (text.length > 60) return undefined;
  const words = normalizeAnswer(text).split(" ");
  let mended: string | undefined;
  for (const [at, word] of words.entries()) {
    const near = nearestCommands(ctx, word);
    if (near.length === 0) continue;
    if (near.length > 1 || mended !== undefined) return undefined;
    mended = [...words.slice(0, at), near[0] as string, ...words.slice(at + 1)].join(" ");
  }
  return mended;
}

type Rows = { text: string; callback_data: string }[][];
// The buttons of the usual suggestions, per language: most texts are near no command.
const defaultRows = new Map<string, Rows>();

/** One button per command, labelled with the command and what it does. */
function suggestionRows(ctx: BotContext, commands: readonly RequestCommand[]): Rows {
  return commands.map((command) => [
    { text: `/${command}: ${ctx.t(`cmd-${command}`)}`, callback_data: `${GO}${command}` },
  ]);
}

/**
 * A new amount for the quote on screen ("actually make it 100", 改成200): the quote is voided and the same
 * trade quoted again with that amount (counted as before, or in AUD when "$"/"aud" says so): true when the
 * update is now that command. With no quote on screen, said so.
 */
async function correctQuote(ctx: BotContext, deps: BotDeps, amount: TypedAmount): Promise<boolean> {
  const voided = deps.tokens.mayHaveLive(ctx.from?.id as number) ? await voidConfirmations(ctx, deps) : [];
  const quote = voided
    .map((confirmation) => confirmation.payload as Partial<SwapPayload>)
    .find((payload) => payload.action === "swap" && payload.quote !== undefined)?.quote;
  if (quote === undefined || "share" in amount) {
    await ctx.reply(ctx.t("listen-nothing-to-correct"));
    return false;
  }
  const { src, dst, side } = quote.request;
  const kind = tradeKind(src, dst);
  const unit = amount.fiat && (src === "AUD" || dst === "AUD") ? "AUD" : side === "spend" ? src : dst;
  const assets = kind === "buy" ? [dst] : kind === "sell" ? [src] : [src, dst];
  commandInstead(ctx, kind, [...assets, amount.value, unit], ctx.message?.message_id ?? 0);
  return true;
}

/** Says that words about a trade asked for none now, and how it would be done (see `TradeTalk`). */
async function sayTradeTalk(ctx: BotContext, talk: TradeTalk): Promise<void> {
  await ctx.reply(
    ctx.t("listen-trade-talk", { line: talk.line === undefined ? "none" : escapeHtml(talk.line) }),
  );
}

/** Says a text was not understood, with the closest commands (or a few useful ones) as buttons. */
async function notUnderstood(ctx: BotContext, text: string): Promise<void> {
  const near = nearestCommands(ctx, text);
  let rows: Rows;
  if (near.length === 0) {
    const language = await ctx.i18n.getLocale();
    rows = defaultRows.get(language) ?? suggestionRows(ctx, DEFAULT_SUGGESTIONS);
    defaultRows.set(language, rows);
  } else
    rows = suggestionRows(ctx, [...new Set([...near, ...DEFAULT_SUGGESTIONS])].slice(0, MAX_SUGGESTIONS));
  await ctx.reply(ctx.t("listen-not-understood", { input: echoed(ctx, text) }), {
    reply_markup: { inline_keyboard: rows },
  });
}

/** A text not understood, as said back: shortened, or "that" for a number (it may be a late 2FA code). */
function echoed(ctx: BotContext, text: string): string {
  return /^\s*[\d\s-]{4,}\s*$/.test(text) || text.trim() === ""
    ? ctx.t("listen-that")
    : `<i>${typedExcerpt(text)}</i>`;
}

/**
 * Reads a group message addressed to the bot as a request: true when the update is now the command it
 * comes to (for the caller to check as any command), false when it was answered as not understood.
 */
export async function readAddressed(ctx: BotContext, deps: BotDeps): Promise<boolean> {
  const text = addressedText(ctx);
  const message = ctx.message;
  if (text === undefined || message === undefined) return false;
  const names = await listedNow(deps);
  const request = names && readerFor(ctx, assetsOf(ctx, names, { fiat: true })).read(text);
  if (request && "talk" in request) {
    await sayTradeTalk(ctx, request);
    return false;
  }
  if (request && "command" in request) {
    // An account request is refused here as its command is (the amounts are the account's business).
    commandInstead(ctx, request.command, request.args, message.message_id);
    return true;
  }
  await ctx.reply(ctx.t("listen-not-understood-group", { input: echoed(ctx, text), bot: ctx.me.username }), {
    reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
  });
  return false;
}

/** Whether a request is complete in itself: its command and every argument a step would ask for. */
function isWhole(request: UnderstoodRequest): boolean {
  switch (request.command) {
    case "buy":
    case "sell":
      return request.args.length >= 2 && request.askAsset === undefined;
    case "swap":
      return request.args.length >= 3;
    case "alert":
      return request.args.length >= 2;
    case "dca":
      return request.args.length === 4;
    default:
      return false;
  }
}

/**
 * At a guided step, a whole new request ("sell 500 aud of eth" at an amount question) is that request: the
 * flow is left, with the word that says so, and the request runs as typed outside a flow; a cancel in words
 * ("quit", 算了) does what /cancel does. Anything less (an asset, a number, a word) is the step's answer.
 * Installed before the typed picks and the conversations.
 */
export function requestsOverSteps(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  composer
    .filter((ctx) => {
      const text = ctx.message?.text;
      // Only for a user in a flow: idle users (most) pass by the filter without a middleware run.
      return (
        text !== undefined &&
        !text.startsWith("/") &&
        ctx.chat?.type === "private" &&
        Object.keys(ctx.conversation.active()).length > 0
      );
    })
    .use(async (ctx, next) => {
      const text = ctx.message?.text as string;
      const active = Object.keys(ctx.conversation.active());
      const names = await listedNow(deps);
      const request = names && readerFor(ctx, assetsOf(ctx, names, { fiat: true })).read(text);
      // A correction at a step is the step's answer ("make it 100" at an amount question).
      if (request === undefined || !("command" in request)) return next();
      if (request.command === "cancel") return cancelAll(ctx, deps);
      if (!isWhole(request)) return next();
      await ctx.conversation.exitAll();
      await tellFlowLeft(ctx, active);
      return next();
    });
  return composer;
}

/**
 * Plain requests and the looser typed picks, installed after the guided steps (a text a step waits for
 * never comes here) and before the features; the answer for what is not understood, installed last.
 */
export function plainRequests(deps: BotDeps): {
  requests: Composer<BotContext>;
  fallback: Composer<BotContext>;
} {
  const requests = new BotComposer<BotContext>();
  const privateChats = requests.chatType("private");
  privateChats.on("message:text", async (ctx, next) => {
    const text = ctx.message.text;
    if (text.startsWith("/")) return next();
    const names = await listedNow(deps);
    const reader = names && readerFor(ctx, assetsOf(ctx, names, { fiat: true }));
    const request = reader?.read(text);
    if (request) {
      // Typed outside a flow ("never mind", 算了): /cancel's work, which sits before this in the chain.
      if ("command" in request && request.command === "cancel") return cancelAll(ctx, deps);
      if ("correction" in request) {
        if (await correctQuote(ctx, deps, request.correction)) return next();
        return;
      }
      // A request is a command like any other: the confirmations on screen die with it.
      if (deps.tokens.mayHaveLive(ctx.from.id)) await voidConfirmations(ctx, deps);
      if ("talk" in request) return sayTradeTalk(ctx, request);
      if (request.askShare) return askShare(ctx, { ...request, askShare: request.askShare });
      if (request.askAsset !== undefined) return askAsset(ctx, request);
      const args = request.share
        ? await withShare(ctx, deps, { ...request, share: request.share })
        : request.args;
      if (args === undefined) return;
      commandInstead(ctx, request.command, args, ctx.message.message_id);
      return next();
    }
    const picked = await typedPick(ctx, deps, true);
    if (picked === "asked") return;
    // A command's name with a slip ("balanse", "histroy btc"): read with it put right, when no other
    // command is as near; a request that asks something more (an asset, a share) is left to the suggestions.
    const mended = picked === "none" ? withSlipMended(ctx, text) : undefined;
    const slip = mended === undefined ? undefined : reader?.read(mended);
    if (
      slip &&
      "command" in slip &&
      slip.share === undefined &&
      slip.askShare === undefined &&
      slip.askAsset === undefined
    ) {
      // A command like any other: the confirmations on screen die with it.
      if (deps.tokens.mayHaveLive(ctx.from.id)) await voidConfirmations(ctx, deps);
      commandInstead(ctx, slip.command, slip.args, ctx.message.message_id);
    }
    return next();
  });
  privateChats.callbackQuery(ASSET_PICK, async (ctx, next) => {
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup();
    const [, verb, asset, amount, units] = ctx.match as unknown as [string, string, string, string, string?];
    const unit = units === undefined ? "AUD" : asset;
    commandInstead(ctx, verb, [asset, amount, unit], ctx.callbackQuery.message?.message_id ?? 0);
    return next();
  });
  privateChats.callbackQuery(SHARE_PICK, async (ctx, next) => {
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup();
    const words = await pickedShare(ctx, deps, ctx.match[1] as string, ctx.match[2] as string);
    if (words === undefined) return;
    commandInstead(ctx, "alert", words.slice(1), ctx.callbackQuery.message?.message_id ?? 0);
    return next();
  });
  privateChats.callbackQuery(/^go:([a-z]{1,20})$/, async (ctx, next) => {
    const command = REQUEST_COMMANDS.find((known) => known === ctx.match[1]);
    await ctx.answerCallbackQuery();
    if (command === undefined) return;
    await ctx.editMessageReplyMarkup();
    commandInstead(ctx, command, [], ctx.callbackQuery.message?.message_id ?? 0);
    if (deps.tokens.mayHaveLive(ctx.from.id)) await voidConfirmations(ctx, deps);
    return next();
  });

  const fallback = new BotComposer<BotContext>();
  fallback.chatType("private").on("message:text", async (ctx, next) => {
    if (ctx.message.text.startsWith("/")) return next();
    // Six digits that nothing took: most likely a 2FA code whose wait is gone (Redis lost it, or it came
    // very late). Off the screen, like any code.
    if (CODE_ALONE.test(ctx.message.text)) {
      const deleted = await deleteMessageOnce(ctx);
      await ctx.reply(ctx.t(deleted ? "listen-code-deleted" : "listen-code-not-deleted"));
      return;
    }
    await notUnderstood(ctx, ctx.message.text);
  });
  return { requests, fallback };
}
