/**
 * The guided steps of a portfolio alert: which figure of the whole account (the total value or the day
 * return; an asset's return is picked beside the market kinds after its asset), then its fields one by one,
 * each by button or typed in either language (a side, an amount in AUD, a direction, a percent), then the
 * summary with Confirm (portfolio/chat.ts). Also the card's Edit: the alert typed anew in one line as after
 * `/alert` (prefilled with its words now), or the same steps, each saying what it has now.
 *
 * Replay rules as in conversation.ts: Redis and exchange reads run in `conversation.external` and return
 * plain data.
 */
import { InlineKeyboard } from "grammy";
import {
  type PortfolioAlertKind,
  type PortfolioAlertSpec,
  parsePortfolioAlertSpec,
  portfolioReadEvery,
} from "../../../services/alerts/portfolio/kinds.ts";
import {
  portfolioKindNamed,
  portfolioWordsOf,
  readPortfolioQuickForm,
  valueSideNamed,
} from "../../../services/alerts/portfolio/words.ts";
import type { BotDeps, ConversationContext } from "../../context.ts";
import { lookUpAsset } from "../../flow-kit/asset-input.ts";
import { escapeHtml } from "../../flow-kit/format/html.ts";
import { formatAud } from "../../flow-kit/format/numbers.ts";
import { nextInput } from "../../flow-kit/prompt-input.ts";
import {
  answered,
  ask,
  askChoice,
  askDirection,
  type Convo,
  cancelled,
  nowLine,
} from "../shared/guided-prompts.ts";
import { summarizePortfolio } from "./chat.ts";
import { describePortfolioError, describePortfolioSpec } from "./describe.ts";

/** What the Edit conversation changes. */
export interface PortfolioEditArgs {
  id: string;
}

/** Percentages offered as buttons, per kind. */
const PERCENT_OFFERS: Readonly<Record<"portfolio_day" | "asset_return", readonly string[]>> = {
  portfolio_day: ["2", "5", "10"],
  asset_return: ["10", "20", "50"],
};

/** Asks which figure of the whole account to watch; undefined on cancel. */
export async function askPortfolioKind(
  conversation: Convo,
  ctx: ConversationContext,
): Promise<PortfolioAlertKind | undefined> {
  return askChoice<PortfolioAlertKind>(
    conversation,
    ctx,
    ctx.t("alerts-portfolio-chat-ask-kind"),
    (["portfolio_value", "portfolio_day"] as const).map((value) => ({
      value,
      label: ctx.t("alerts-portfolio-chat-kind-button", { kind: value }),
    })),
    undefined,
    portfolioKindNamed,
  );
}

/**
 * Asks a typed (or offered) answer until the spec it completes passes every check; undefined on cancel.
 * `complete` puts the answer in the spec.
 */
async function askFigure(
  conversation: Convo,
  ctx: ConversationContext,
  text: string,
  offers: readonly string[],
  complete: (answer: string) => Record<string, unknown> & { kind: string },
): Promise<PortfolioAlertSpec | undefined> {
  const keyboard = new InlineKeyboard();
  offers.forEach((offer, i) => {
    keyboard.text(`${offer}%`, `ag:f:${i}`);
  });
  const at = await ask(ctx, text, keyboard);
  const locale = await ctx.i18n.getLocale();
  for (;;) {
    const input = await nextInput(conversation, at.messageId, "ag:");
    if ("data" in input && input.data === "ag:x") return cancelled(ctx, at);
    const answer = "data" in input ? offers[Number(/^ag:f:(\d+)$/.exec(input.data)?.[1] ?? -1)] : input.text;
    if (answer === undefined) continue;
    const raw = complete(answer);
    const parsed = parsePortfolioAlertSpec(raw);
    if (!parsed.ok) {
      await ctx.reply(describePortfolioError(parsed.error, raw.kind, ctx.t, locale));
      continue;
    }
    const shown =
      parsed.spec.kind === "portfolio_value"
        ? formatAud(parsed.spec.level, locale)
        : `${parsed.spec.percent}%`;
    await answered(ctx, at, text, escapeHtml(shown));
    return parsed.spec;
  }
}

/**
 * Asks the fields of a portfolio alert of `kind` (`asset` for an asset's return), each step showing
 * `current`'s value when editing; undefined on cancel.
 */
export async function askPortfolioFields(
  conversation: Convo,
  ctx: ConversationContext,
  kind: PortfolioAlertKind,
  asset?: string,
  current?: PortfolioAlertSpec,
): Promise<PortfolioAlertSpec | undefined> {
  const was = current?.kind === kind ? current : undefined;
  const locale = await ctx.i18n.getLocale();
  if (kind === "portfolio_value") {
    const side = await askChoice<"above" | "below">(
      conversation,
      ctx,
      ctx.t("alerts-portfolio-chat-ask-side") +
        nowLine(ctx, was?.kind === "portfolio_value" ? describePortfolioSpec(was, ctx.t, locale) : undefined),
      (["above", "below"] as const).map((value) => ({
        value,
        label: ctx.t("alerts-match-button", { match: value }),
      })),
      undefined,
      valueSideNamed,
    );
    if (side === undefined) return undefined;
    const text =
      ctx.t("alerts-portfolio-chat-ask-level", { direction: side }) +
      nowLine(ctx, was?.kind === "portfolio_value" ? formatAud(was.level, locale) : undefined);
    return askFigure(conversation, ctx, text, [], (answer) => {
      const read = readPortfolioQuickForm(`portfolio ${side} ${answer}`)?.words;
      return { kind, direction: side, level: read?.kind === "portfolio_value" ? read.level : answer };
    });
  }
  const code = asset === undefined ? "none" : escapeHtml(asset);
  const direction = await askDirection(
    conversation,
    ctx,
    ctx.t("alerts-portfolio-chat-ask-direction", { asset: code }),
    was && "direction" in was && was.kind !== "portfolio_value" ? was.direction : undefined,
  );
  if (direction === undefined) return undefined;
  const text =
    ctx.t("alerts-portfolio-chat-ask-percent") +
    nowLine(ctx, was && "percent" in was ? `${was.percent}%` : undefined);
  return askFigure(conversation, ctx, text, PERCENT_OFFERS[kind], (answer) => ({
    kind,
    asset,
    direction,
    // The direction was picked: a sign typed with the figure is not another one.
    percent: answer
      .trim()
      .replace(/^[+-]\s*/, "")
      .replace(/\s*[%％]$/, ""),
  }));
}

/**
 * The Edit's first question: the whole alert typed in one line as after `/alert` (prefilled with what it
 * has now, e.g. "portfolio below 50000"; the kind may change too), or the same steps as a new one. A typed
 * line that does not pass is explained and the question stays open; undefined on cancel.
 */
async function askWholeOrSteps(
  conversation: Convo,
  ctx: ConversationContext,
  deps: BotDeps,
  current: PortfolioAlertSpec,
): Promise<PortfolioAlertSpec | undefined> {
  const locale = await ctx.i18n.getLocale();
  const asset = current.kind === "asset_return" ? current.asset : undefined;
  const text = ctx.t("alerts-portfolio-chat-edit-intro", {
    what: describePortfolioSpec(current, ctx.t, locale),
    words: escapeHtml(portfolioWordsOf(current, asset)),
  });
  const at = await ask(ctx, text, new InlineKeyboard().text(ctx.t("market-button-steps"), "ag:steps"));
  for (;;) {
    const input = await nextInput(conversation, at.messageId, "ag:");
    if ("data" in input) {
      if (input.data === "ag:x") return cancelled(ctx, at);
      if (input.data !== "ag:steps") continue;
      await answered(ctx, at, text, escapeHtml(ctx.t("market-button-steps")));
      return askPortfolioFields(conversation, ctx, current.kind, asset, current);
    }
    const form = readPortfolioQuickForm(input.text);
    if (form === undefined) {
      await ctx.reply(ctx.t("alerts-portfolio-chat-error-kind"));
      continue;
    }
    const parsed = parsePortfolioAlertSpec({ ...form.words, asset: "X" });
    if (!parsed.ok) {
      await ctx.reply(describePortfolioError(parsed.error, form.words.kind, ctx.t, locale));
      continue;
    }
    let spec = parsed.spec;
    if (spec.kind === "asset_return") {
      // The asset by code or name in either language, as the quick form takes it.
      const word = form.asset ?? "";
      const found = await conversation.external((outside) => lookUpAsset(outside, deps, word));
      if (!found.found) {
        await ctx.reply(found.text);
        continue;
      }
      spec = { ...spec, asset: found.code };
    }
    await answered(ctx, at, text, escapeHtml(input.text.trim()));
    return spec;
  }
}

/** Builds the card's Edit over the bot's dependencies. */
export function portfolioEditConversation(deps: BotDeps) {
  return async function portfolioEdit(
    conversation: Convo,
    ctx: ConversationContext,
    args: PortfolioEditArgs,
  ): Promise<void> {
    const current = await conversation.external(async (outside) => {
      const alert = await deps.portfolioAlerts.get(outside.from?.id as number, args.id);
      return alert?.spec;
    });
    if (current === undefined) {
      await ctx.reply(ctx.t("market-gone"));
      return;
    }
    const spec = await askWholeOrSteps(conversation, ctx, deps, current);
    if (spec === undefined) return;
    await conversation.external((outside) => summarizePortfolio(outside, deps, spec, args.id));
  };
}

/**
 * The guided create of a portfolio alert from the guided /alert, once its figure is known (`kind` and, for
 * an asset's return, `asset`; the account's kind is asked when undefined): refused at once without a key
 * (`connected` false) or when the heartbeat leaves no room to read the portfolio, else its fields, then its
 * summary with Confirm.
 */
export async function guidedPortfolioAlert(
  conversation: Convo,
  ctx: ConversationContext,
  deps: BotDeps,
  connected: boolean,
  kind?: PortfolioAlertKind,
  asset?: string,
): Promise<void> {
  if (portfolioReadEvery(deps.alertPollSeconds, 1) === null) {
    await ctx.reply(ctx.t("alerts-portfolio-chat-refused-heartbeat", { seconds: deps.alertPollSeconds }));
    return;
  }
  if (!connected) {
    await ctx.reply(ctx.t("connect-needed"));
    return;
  }
  const picked = kind ?? (await askPortfolioKind(conversation, ctx));
  if (picked === undefined) return;
  const spec = await askPortfolioFields(conversation, ctx, picked, asset);
  if (spec !== undefined) await conversation.external((outside) => summarizePortfolio(outside, deps, spec));
}
