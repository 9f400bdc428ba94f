/**
 * Whatever a button offers can be typed: a text that picks one of the buttons the bot showed last in the
 * chat is handled as a press of that button, by the very handler a press reaches (a guided step, a summary's
 * single-use Confirm, a list's paging). Nothing is written on a typed word that a tap would not write.
 *
 * Every button is known by its label (services/understanding/choice-match.ts); a Confirm or Save also by
 * words of agreement ("yes", "ok", "好", "确认"), a Cancel by words of refusal ("no", "取消"), all kept in the
 * locale files. Options are numbered for "2" only where no button has a number in it and none of the
 * numbered ones is a Confirm, Cancel or Back: an amount, a level or a yes never becomes a button.
 *
 * Inside a guided step every rule applies (a start of a label, a word of it, a typo); outside one, before a
 * text is read as a plain request, only a whole label or word, and the looser rules after (plain-requests.ts).
 * Several fits are asked about, with just those as buttons (`ty:<index>`, pressed as the original button).
 */
import type { Transformer } from "grammy";
import type { Update } from "grammy/types";
import { normaliseAssetWord } from "../../services/market/asset-names.ts";
import type { ShownButton, ShownKeyboard, ShownKeyboards } from "../../services/runtime/shown-keyboards.ts";
import {
  type Choice,
  type ChoiceMatch,
  matchChoice,
  normalizeAnswer,
} from "../../services/understanding/choice-match.ts";
import type { BotContext, BotDeps } from "../context.ts";
import { assetsOf, listedNow } from "../flow-kit/asset-input.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { labelInEveryLanguage, listPairs, listWords } from "../flow-kit/vocabulary.ts";

/** Callback data of the buttons of a which-one question: the original's message and button index. */
const WHICH = "ty:";

/** A which-one button's data, standing for button `index` of `keyboard`. */
function whichData(keyboard: ShownKeyboard, index: number): string {
  return `${WHICH}${keyboard.messageId}:${index}`;
}
/** Callback query ids of typed presses: never sent to Telegram (see {@link typedPressAnswers}). */
const TYPED_ID = "typed:";
/**
 * How many messages may stand between the keyboard and the typed answer (the answer itself, a refusal and
 * the text before it): an older keyboard has scrolled out of the conversation.
 */
const MAX_GAP = 4;

type Fluent = BotContext["i18n"]["fluent"];

/** The list messages of the words that name a share button of an amount step, by its label. */
const SHARE_WORDS: Readonly<Record<string, string>> = {
  "50%": "listen-words-half",
  "100%": "listen-words-all",
};

/** The words of a statement's preset period, in every language (locale list `listen-statement-periods`). */
function periodWords(fluent: Fluent, preset: string): string[] {
  return Object.entries(listPairs(fluent, "listen-statement-periods"))
    .filter(([, value]) => value === preset)
    .map(([name]) => name);
}

/** The words that name a role of a button, normalized, in every language. */
function roleWords(fluent: Fluent, key: string): ReadonlySet<string> {
  return new Set(listWords(fluent, key).map(normalizeAnswer));
}

/** The options of a keyboard, each with the words of its role, and whether it is navigation. */
function choicesOf(fluent: Fluent, keyboard: ShownKeyboard): { choices: Choice[]; numbered: boolean } {
  const confirm = roleWords(fluent, "listen-words-confirm");
  const cancel = roleWords(fluent, "listen-words-cancel");
  const back = roleWords(fluent, "listen-words-back");
  let options = 0;
  let digits = false;
  const roleOf = (label: string, words: ReadonlySet<string>) =>
    words.has(label) || words.has(label.split(" ")[0] ?? "");
  // "no", "nope" cancel where there is a yes to say no to (a summary); at a question only Cancel's own label
  // does, so that a typed answer such as "NOPE" stays an answer.
  const decision = keyboard.buttons.some((button) => roleOf(normalizeAnswer(button.label), confirm));
  let only: number | undefined;
  const choices = keyboard.buttons.map((button, index): Choice => {
    const label = normalizeAnswer(button.label);
    const first = label.split(" ")[0] ?? "";
    digits ||= /\d/.test(label);
    if (roleOf(label, confirm)) return { label: button.label, words: [...confirm] };
    if (roleOf(label, cancel))
      return decision ? { label: button.label, words: [...cancel] } : { label: button.label };
    if (!back.has(label) && !back.has(first)) {
      options++;
      only = index;
    }
    // A share of the balance is also typed in words: "half", "all", "一半"; a label in either language; a
    // statement's period by any of its words ("last month", 上个月).
    const share = SHARE_WORDS[label];
    const translated = labelInEveryLanguage(button.label).filter((text) => text !== button.label);
    const preset = /^st:p:([a-z0-9-]+)$/.exec(button.data)?.[1];
    const periods = preset === undefined ? [] : periodWords(fluent, preset);
    const words = [...translated, ...periods, ...(share === undefined ? [] : listWords(fluent, share))];
    return words.length === 0 ? { label: button.label } : { label: button.label, words };
  });
  // One option offered ("Did you mean BTC?" with BTC and Cancel): a yes picks it.
  if (!decision && options === 1 && only !== undefined) {
    const offered = choices[only] as Choice;
    choices[only] = { ...offered, words: [...(offered.words ?? []), ...confirm] };
  }
  return { choices, numbered: !digits && options >= 2 };
}

/** Matches a typed text against a keyboard; options that are navigation are never picked by number. */
function pickOn(fluent: Fluent, keyboard: ShownKeyboard, text: string, loose: boolean): ChoiceMatch {
  const { choices, numbered } = choicesOf(fluent, keyboard);
  return matchChoice(text, choices, { byNumber: numbered, loose });
}

/** The keyboard a text in this chat may answer: the last one shown, when few messages came after it. */
async function answerable(ctx: BotContext, deps: BotDeps): Promise<ShownKeyboard | undefined> {
  const message = ctx.message;
  if (message?.text === undefined || ctx.chat?.type !== "private" || message.text.startsWith("/"))
    return undefined;
  const keyboard = await deps.keyboards.last(ctx.chat.id);
  if (keyboard === undefined || message.message_id - keyboard.messageId > MAX_GAP) return undefined;
  return keyboard;
}

/** The asset `text` names by code, name or alias, when the listed assets are at hand. */
async function assetNamed(ctx: BotContext, deps: BotDeps, text: string): Promise<string | undefined> {
  const names = await listedNow(deps);
  return names === undefined ? undefined : assetsOf(ctx, names).exact.get(normaliseAssetWord(text));
}

/**
 * Turns the update into a press of `button` on the keyboard's message, and lets it go on as one: with the
 * id of the real press when one stands for it (a which-one button: Telegram waits for its answer), else a
 * typed press's own id.
 */
function pressInstead(ctx: BotContext, keyboard: ShownKeyboard, button: ShownButton, pressId?: string): void {
  const chat = ctx.chat as NonNullable<BotContext["chat"]>;
  const from = ctx.from as NonNullable<BotContext["from"]>;
  const press: Update = {
    update_id: ctx.update.update_id,
    callback_query: {
      id: pressId ?? `${TYPED_ID}${chat.id}:${ctx.update.update_id}`,
      from,
      chat_instance: "typed",
      data: button.data,
      message: {
        message_id: keyboard.messageId,
        date: Math.floor(keyboard.at / 1000),
        chat: chat as Extract<typeof chat, { type: "private" }>,
        from: ctx.me,
        text: button.label,
      },
    },
  };
  ctx.replaceUpdate(press);
}

/** Asks which of several fitting buttons was meant, with just those. */
async function askWhich(ctx: BotContext, keyboard: ShownKeyboard, indices: readonly number[]): Promise<void> {
  const rows = indices.map((index) => [
    { text: (keyboard.buttons[index] as ShownButton).label, callback_data: whichData(keyboard, index) },
  ]);
  await ctx.reply(ctx.t("listen-which"), { reply_markup: { inline_keyboard: rows } });
}

/**
 * Acts on a typed text that picks a button of the chat's last keyboard (`loose`: by the looser rules too):
 * "pressed" when the update is now that button's press (to go on), "asked" when several fit and the user
 * was asked which, "none" when the text picks nothing.
 */
export async function typedPick(
  ctx: BotContext,
  deps: BotDeps,
  loose: boolean,
): Promise<"pressed" | "asked" | "none"> {
  const keyboard = await answerable(ctx, deps);
  if (keyboard === undefined) return "none";
  const text = ctx.message?.text as string;
  // An asset typed by name ("以太坊", "bitcoin") presses the button of its code. (An asset question takes
  // the others by name itself: flow-kit/asset-question.ts.)
  const asset = await assetNamed(ctx, deps, text);
  const coded = keyboard.buttons.find((button) => button.label === asset);
  if (coded !== undefined) {
    pressInstead(ctx, keyboard, coded);
    return "pressed";
  }
  const match = pickOn(ctx.i18n.fluent, keyboard, text, loose);
  if (match.kind === "none") return "none";
  if (match.kind === "some") {
    await askWhich(ctx, keyboard, match.indices);
    return "asked";
  }
  pressInstead(ctx, keyboard, keyboard.buttons[match.index] as ShownButton);
  return "pressed";
}

/**
 * Before the guided steps: a typed text that picks a button of the last keyboard becomes its press (inside
 * a step, by every rule; outside, by a whole label or word only), and a press of a which-one button becomes
 * a press of the button it stands for.
 */
export function typedChoices(deps: BotDeps) {
  return async (ctx: BotContext, next: () => Promise<void>): Promise<void> => {
    const data = ctx.callbackQuery?.data;
    if (data?.startsWith(WHICH)) {
      const keyboard = ctx.chat?.type === "private" ? await deps.keyboards.last(ctx.chat.id) : undefined;
      // Only for the keyboard it was made from: a newer question's buttons are another matter.
      const [messageId, index] = data.slice(WHICH.length).split(":").map(Number);
      const button = keyboard?.messageId === messageId ? keyboard?.buttons[index ?? -1] : undefined;
      if (keyboard === undefined || button === undefined) {
        await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
        return;
      }
      const pressId = ctx.callbackQuery?.id;
      await ctx.editMessageText(escapeHtml(button.label));
      pressInstead(ctx, keyboard, button, pressId);
      return next();
    }
    if (ctx.message?.text === undefined) return next();
    const inStep = Object.keys(ctx.conversation.active()).length > 0;
    if ((await typedPick(ctx, deps, inStep)) === "asked") return;
    return next();
  };
}

/**
 * Answers typed presses without Telegram (they have no callback query there): a notice a tap would have
 * shown over the chat is sent as a message instead.
 */
export const typedPressAnswers: Transformer = (prev, method, payload, signal) => {
  const id = (payload as { callback_query_id?: unknown }).callback_query_id;
  if (method !== "answerCallbackQuery" || typeof id !== "string" || !id.startsWith(TYPED_ID))
    return prev(method, payload, signal);
  const chatId = Number(id.slice(TYPED_ID.length, id.indexOf(":", TYPED_ID.length)));
  const text = (payload as { text?: unknown }).text;
  const answered = { ok: true as const, result: true as const };
  if (typeof text !== "string" || text === "") return Promise.resolve(answered) as ReturnType<typeof prev>;
  return prev("sendMessage", { chat_id: chatId, text: escapeHtml(text), parse_mode: "HTML" }, signal).then(
    () => answered,
  ) as unknown as ReturnType<typeof prev>;
};

/**
 * Sends a refusal to pick (a text ending with "Pick one of these, or /cancel:", in any language, the texts in
 * `refusals`, whatever reason comes before it) with the options of the chat's last keyboard again as its
 * buttons, so nobody has to scroll up: each is a `ty:` button that presses the original (see
 * {@link typedChoices}). One place for every flow's refusal; one that has buttons of its own keeps them.
 */
export function offerOptionsAgain(keyboards: ShownKeyboards, refusals: readonly string[]): Transformer {
  return async (prev, method, payload, signal) => {
    const {
      chat_id: chatId,
      text,
      reply_markup: markup,
    } = payload as {
      chat_id?: unknown;
      text?: unknown;
      reply_markup?: unknown;
    };
    if (
      method !== "sendMessage" ||
      markup !== undefined ||
      typeof chatId !== "number" ||
      chatId <= 0 ||
      typeof text !== "string" ||
      !refusals.some((refusal) => text.endsWith(refusal))
    )
      return prev(method, payload, signal);
    const keyboard = await keyboards.last(chatId);
    if (keyboard === undefined) return prev(method, payload, signal);
    const rows = keyboard.buttons.map((button, index) => [
      { text: button.label, callback_data: whichData(keyboard, index) },
    ]);
    return prev(method, { ...payload, reply_markup: { inline_keyboard: rows } } as typeof payload, signal);
  };
}

const SENDS = new Set(["sendMessage", "sendPhoto", "sendDocument"]);
const EDITS = new Set([
  "editMessageText",
  "editMessageReplyMarkup",
  "editMessageCaption",
  "editMessageMedia",
]);

/** The callback buttons of an inline keyboard in a payload. */
function callbackButtons(markup: unknown): ShownButton[] {
  const rows = (markup as { inline_keyboard?: unknown } | undefined)?.inline_keyboard;
  if (!Array.isArray(rows)) return [];
  return rows
    .flat()
    .flatMap((button: { text?: unknown; callback_data?: unknown }) =>
      typeof button?.text === "string" && typeof button.callback_data === "string"
        ? [{ label: button.text, data: button.callback_data }]
        : [],
    );
}

/** Callback data of buttons that are not worth typing: the bot's own which-one and suggestion buttons. */
const NOT_RECORDED = [WHICH, "go:"];

/**
 * Records the keyboards the bot shows in private chats, and forgets one whose buttons an edit took off.
 * Not recorded: a lone button labelled as in `skipped` (Refresh: /price and /balance send it with every
 * card, and "refresh" is typed nowhere), the bot's which-one questions and suggestions.
 */
export function recordKeyboards(
  keyboards: ShownKeyboards,
  now: () => number,
  skipped: ReadonlySet<string>,
): Transformer {
  return async (prev, method, payload, signal) => {
    const result = await prev(method, payload, signal);
    const send = SENDS.has(method);
    if (!result.ok || (!send && !EDITS.has(method))) return result;
    const {
      chat_id: chatId,
      message_id: edited,
      reply_markup: markup,
    } = payload as {
      chat_id?: unknown;
      message_id?: unknown;
      reply_markup?: unknown;
    };
    // Private chats have the user's (positive) id.
    if (typeof chatId !== "number" || chatId <= 0) return result;
    const messageId = send ? (result.result as { message_id?: unknown }).message_id : edited;
    if (typeof messageId !== "number") return result;
    const buttons = callbackButtons(markup);
    const worth =
      buttons.length > 0 &&
      !(buttons.length === 1 && skipped.has((buttons[0] as ShownButton).label)) &&
      !buttons.every((button) => NOT_RECORDED.some((prefix) => button.data.startsWith(prefix)));
    if (worth) await keyboards.shown(chatId, { messageId, at: now(), buttons });
    else if (!send && buttons.length === 0) await keyboards.cleared(chatId, messageId);
    return result;
  };
}
