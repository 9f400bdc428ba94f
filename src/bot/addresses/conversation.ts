/**
 * The guided add of an address book entry: asset, address (its shape checked for the asset), memo or
 * tag where the asset may use one, label, then the travel-rule questions that apply given the answers
 * so far (the client's own conditional table decides which). Closed choices are buttons, open ones
 * typed; `/skip` (or Skip) passes an optional question, `/back` (or Back) returns to the previous one,
 * Cancel or /cancel leaves. A refused answer is explained and the same question stays open. At the end
 * the summary is shown with a single-use Save (see confirmations.ts).
 *
 * Replay rules: exchange and Redis calls run in `conversation.external` and return plain data; the
 * draft is rebuilt from the answers on every replay.
 */
import type { Conversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import {
  type AddressDraft,
  answerOf,
  checkAnswer,
  choicesOf,
  type DraftStep,
  draftSteps,
  isOptionalStep,
  setAnswer,
} from "../../services/addresses/draft.ts";
import { addressShape, memoKind } from "../../services/addresses/formats.ts";
import { FIAT } from "../../services/swaps/quotes.ts";
import type { BotContext, BotDeps, ConversationContext } from "../context.ts";
import { TOP_ASSETS } from "../flow-kit/asset-input.ts";
import { typedAsset } from "../flow-kit/asset-question.ts";
import { describeExchangeError } from "../flow-kit/exchange-errors.ts";
import { interactiveCall, waitForExchange } from "../flow-kit/exchange-wait.ts";
import { escapeHtml } from "../flow-kit/format/html.ts";
import { nextInput } from "../flow-kit/prompt-input.ts";
import type { AddressArgs } from "./add-flow.ts";
import { showSummary } from "./confirmations.ts";
import { COMMON_COUNTRIES, countryName, typedCountry } from "./countries.ts";
import { answerText, choiceLabel, describeStepProblem } from "./format.ts";

/** Listed assets as [code, name], popular first; or why the flow cannot start (no text: overtaken by /cancel). */
type AddData = { ok: false; text?: string } | { ok: true; assets: [string, string][] };

type Convo = Conversation<BotContext, ConversationContext>;
type Answer = "next" | "back" | "cancel";

const MAX_ASSET_BUTTONS = 12;

const PROMPTS: Partial<Record<DraftStep, string>> = {
  asset: "addr-ask-asset",
  label: "addr-ask-label",
  destination_type: "addr-ask-destination-type",
  wallet_provider: "addr-ask-wallet-provider",
  wallet_provider_other_name: "addr-ask-wallet-provider-other-name",
  exchange: "addr-ask-exchange",
  exchange_other_name: "addr-ask-exchange-other-name",
  ownership: "addr-ask-ownership",
  beneficiary_type: "addr-ask-beneficiary-type",
  beneficiary_full_name: "addr-ask-beneficiary-full-name",
  beneficiary_country: "addr-ask-beneficiary-country",
  beneficiary_region: "addr-ask-beneficiary-region",
  beneficiary_organisation_name: "addr-ask-beneficiary-organisation-name",
  beneficiary_organisation_country: "addr-ask-beneficiary-organisation-country",
  beneficiary_organisation_region: "addr-ask-beneficiary-organisation-region",
};

const isCountryStep = (step: DraftStep) =>
  step === "beneficiary_country" || step === "beneficiary_organisation_country";

/** The key's owner may change the address book, and the listed assets. */
async function loadAddData(ctx: BotContext, deps: BotDeps): Promise<AddData> {
  const userId = ctx.from?.id as number;
  try {
    const waited = await waitForExchange(ctx, deps, async () => {
      const client = await deps.accounts.clientFor(userId, interactiveCall(ctx, deps));
      if (!client) return { problem: ctx.t("connect-needed") };
      if ((await deps.accounts.permission(userId)) === "read_only")
        return { problem: ctx.t("addr-read-only") };
      return { names: await deps.market.assetNames() };
    });
    if (waited.cancelled) return { ok: false };
    if ("problem" in waited.value) return { ok: false, text: waited.value.problem };
    const names = waited.value.names;
    const top = TOP_ASSETS.filter((code) => names.has(code)) as string[];
    // Fiat is never a withdrawal destination here, should the asset list ever include it.
    const rest = [...names.keys()].filter((code) => !top.includes(code) && code !== FIAT).sort();
    return { ok: true, assets: [...top, ...rest].map((code) => [code, names.get(code) ?? code]) };
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    return { ok: false, text: explained };
  }
}

/** The buttons offered for a question: [label, value]. */
function optionsOf(
  step: DraftStep,
  assets: [string, string][],
  t: ConversationContext["t"],
  language: string,
): [string, string][] {
  if (step === "asset") return assets.slice(0, MAX_ASSET_BUTTONS).map(([code]) => [code, code]);
  if (isCountryStep(step)) {
    const flag = (code: string) =>
      String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
    return COMMON_COUNTRIES.map((code) => [`${flag(code)} ${countryName(code, language)}`, code]);
  }
  return (choicesOf(step) ?? []).map((value) => [choiceLabel(step, value, t), value]);
}

/** The question's text, with the current answer when it is asked again. */
function promptOf(
  step: DraftStep,
  draft: AddressDraft,
  t: ConversationContext["t"],
  language: string,
): string {
  const asset = escapeHtml(draft.asset ?? "");
  let text: string;
  if (step === "address") {
    const shape = addressShape(draft.asset ?? "");
    text =
      shape === undefined
        ? t("addr-ask-address-any", { asset })
        : t("addr-ask-address", { asset, shape: escapeHtml(shape) });
  } else if (step === "memo") {
    const kind = memoKind(draft.asset ?? "");
    text = t(
      kind === "tag" ? "addr-ask-memo-tag" : kind === "memo" ? "addr-ask-memo" : "addr-ask-memo-unknown",
      {
        asset,
      },
    );
  } else text = t(PROMPTS[step] ?? "addr-ask-label");
  const current = answerOf(draft, step);
  if (current === undefined || current === "") return text;
  return `${text}\n${t("addr-current", { answer: answerText(step, current, t, language) })}`;
}

/** Asks one question until it is answered, skipped, backed out of or cancelled. */
async function ask(
  conversation: Convo,
  ctx: ConversationContext,
  deps: BotDeps,
  step: DraftStep,
  draft: AddressDraft,
  assets: [string, string][],
  language: string,
): Promise<Answer> {
  const first = step === "asset";
  const optional = isOptionalStep(step);
  let text = promptOf(step, draft, ctx.t, language);
  let options = optionsOf(step, assets, ctx.t, language);
  const columns = step === "asset" ? 4 : options.length > 3 ? 2 : 1;
  const keyboardOf = (shown: readonly [string, string][]) => {
    const keyboard = new InlineKeyboard();
    shown.forEach(([label], i) => {
      keyboard.text(label, `ad:v:${i}`);
      if (i % columns === columns - 1) keyboard.row();
    });
    keyboard.row();
    if (!first) keyboard.text(ctx.t("button-back"), "ad:b");
    if (optional) keyboard.text(ctx.t("addr-button-skip"), "ad:s");
    return keyboard.text(ctx.t("button-cancel"), "ad:x");
  };
  const message = await ctx.reply(text, { reply_markup: keyboardOf(options) });
  let sent = { chatId: message.chat.id, messageId: message.message_id };
  // The question keeps its text and loses its buttons, with what became of it below.
  const close = (outcome: string) =>
    ctx.api.editMessageText(sent.chatId, sent.messageId, outcome === "" ? text : `${text}\n${outcome}`);
  const listed = new Set(assets.map(([code]) => code));
  // At a question with options, every refusal ends with the refusal to pick, which offers them again.
  const pickAgain = ctx.t("addr-bad-pick");
  const refuse = (reason: string) =>
    ctx.reply(options.length === 0 || reason === pickAgain ? reason : `${reason}\n${pickAgain}`);
  for (;;) {
    const input = await nextInput(conversation, sent.messageId, "ad:", { skip: "ad:s", back: "ad:b" });
    let raw: string;
    if ("data" in input) {
      if (input.data === "ad:x") {
        await ctx.api.editMessageText(sent.chatId, sent.messageId, ctx.t("addr-cancelled"));
        return "cancel";
      }
      if (input.data === "ad:b") {
        if (first) {
          await refuse(ctx.t("addr-no-back"));
          continue;
        }
        await close("");
        return "back";
      }
      if (input.data === "ad:s") {
        if (!optional) {
          await refuse(ctx.t("addr-not-skippable"));
          continue;
        }
        setAnswer(draft, step, "");
        await close(ctx.t("addr-skipped"));
        return "next";
      }
      const option = options[Number(/^ad:v:(\d{1,3})$/.exec(input.data)?.[1] ?? -1)];
      if (option === undefined) continue;
      raw = option[1];
    } else if (step === "asset") {
      const typed = await typedAsset(conversation, ctx, deps, input.text, {
        among: [...listed],
        buttons: (codes) => keyboardOf(codes.map((code) => [code, code])),
        pickAgain,
      });
      if ("refused" in typed) continue;
      if ("asked" in typed) {
        // The closest assets are the question now, and their buttons its options.
        text = typed.asked.text;
        sent = typed.asked;
        options = typed.asked.codes.map((code) => [code, code]);
        continue;
      }
      raw = typed.code;
    } else {
      // A button's label typed out counts as pressing it.
      const lowered = input.text.trim().toLowerCase();
      const named = options.find(([label]) => label.toLowerCase() === lowered);
      raw = named?.[1] ?? (isCountryStep(step) ? typedCountry(input.text, language) : input.text);
    }
    const checked = checkAnswer(draft, step, raw, listed);
    if ("problem" in checked) {
      const typed = "text" in input ? input.text : raw;
      await refuse(describeStepProblem(checked.problem, ctx.t, draft.asset ?? "", typed));
      continue;
    }
    setAnswer(draft, step, checked.value);
    await close(ctx.t("addr-answer", { answer: answerText(step, checked.value, ctx.t, language) }));
    return "next";
  }
}

/** Builds the conversation function over the bot's dependencies. */
export function addressConversation(deps: BotDeps) {
  return async function addAddress(conversation: Convo, ctx: ConversationContext, args: AddressArgs = {}) {
    const data = await conversation.external((outside) => loadAddData(outside, deps));
    if (!data.ok) {
      if (data.text !== undefined) await ctx.reply(data.text);
      return;
    }
    const language = await ctx.i18n.getLocale();
    const draft: AddressDraft = args.draft ?? { travel: {} };
    let step: DraftStep | undefined = args.at ?? "asset";
    while (step !== undefined) {
      const answer = await ask(conversation, ctx, deps, step, draft, data.assets, language);
      if (answer === "cancel") return;
      // Recomputed after each answer: a changed choice changes which questions follow.
      const steps = draftSteps(draft);
      const at = steps.indexOf(step);
      step = answer === "back" ? steps[Math.max(0, at - 1)] : steps[at + 1];
    }
    const assetName = new Map(data.assets).get(draft.asset ?? "") ?? draft.asset ?? "";
    await conversation.external((outside) => showSummary(outside, deps, draft, assetName));
  };
}
