/**
 * /portfolio: a picture of the allocation and each holding's all-time return, sent as a photo with the
 * figures in its caption and a Refresh button that replaces both in place. An account without crypto gets
 * a plain message instead (so does one whose holdings have no value to chart). A read: any key will do.
 */
import { type Composer, InlineKeyboard, InputFile } from "grammy";
import { loadPortfolioSummary, type PortfolioSummary } from "../../services/balance/portfolio-summary.ts";
import { portfolioAllocation } from "../../services/portfolio/allocation.ts";
import { type BotContext, type BotDeps, userTimezone } from "../context.ts";
import { withChatAction } from "../flow-kit/chat-action.ts";
import { describeExchangeError } from "../flow-kit/exchange-errors.ts";
import { interactiveCall, waitForExchange } from "../flow-kit/exchange-wait.ts";
import { formatAud } from "../flow-kit/format/numbers.ts";
import { formatClock } from "../flow-kit/format/time.ts";
import { svgToPng } from "../flow-kit/pictures/render.ts";
import { refreshedJustNow } from "../flow-kit/refresh-gap.ts";
import { BotComposer } from "../pipeline/fast-filter.ts";
import { portfolioCaption } from "./caption.ts";
import { portfolioChartSvg } from "./chart.ts";

const REFRESH = "pf:refresh";
/** The file name the picture is uploaded with. */
export const PORTFOLIO_FILE_NAME = "portfolio.png";

type Loaded =
  | { kind: "no-key" }
  | { kind: "error"; text: string }
  | { kind: "summary"; summary: PortfolioSummary };

/** What the user sees: a picture with its caption, or a text. The picture is drawn only when shown. */
type View = { kind: "text"; text: string } | { kind: "photo"; caption: string; draw: () => Promise<Buffer> };

async function load(ctx: BotContext, deps: BotDeps): Promise<Loaded> {
  const client = ctx.from
    ? await deps.accounts.clientFor(ctx.from.id, interactiveCall(ctx, deps))
    : undefined;
  if (!client) return { kind: "no-key" };
  try {
    return { kind: "summary", summary: await loadPortfolioSummary(client) };
  } catch (error) {
    const explained = describeExchangeError(error, ctx.t);
    if (explained === undefined) throw error;
    return { kind: "error", text: explained };
  }
}

async function viewOf(ctx: BotContext, deps: BotDeps, summary: PortfolioSummary): Promise<View> {
  const locale = await ctx.i18n.getLocale();
  if (summary.holdings.length === 0) {
    return { kind: "text", text: ctx.t("pf-empty", { amount: formatAud(summary.aud, locale) }) };
  }
  const allocation = portfolioAllocation(summary);
  const clock = formatClock(new Date(deps.now()), userTimezone(ctx, deps), locale);
  const charted = allocation.slices.some((slice) => slice.kind !== "cash");
  const caption = portfolioCaption(summary, allocation, ctx.t, locale, clock, charted);
  if (!charted) return { kind: "text", text: caption };
  const label = ctx.t("pf-picture-all-time");
  return {
    kind: "photo",
    caption,
    draw: () => svgToPng(portfolioChartSvg(summary, allocation, locale, label)),
  };
}

const keyboard = (ctx: BotContext) => new InlineKeyboard().text(ctx.t("button-refresh"), REFRESH);

/** Loads the figures while "typing…" shows; undefined when the user was answered already (or cancelled). */
async function loadView(ctx: BotContext, deps: BotDeps): Promise<View | undefined> {
  const waited = await waitForExchange(ctx, deps, () => load(ctx, deps));
  if (waited.cancelled) return undefined;
  const loaded = waited.value;
  if (loaded.kind === "no-key") {
    await ctx.reply(ctx.t("connect-needed"));
    return undefined;
  }
  if (loaded.kind === "error") {
    await ctx.reply(loaded.text);
    return undefined;
  }
  return viewOf(ctx, deps, loaded.summary);
}

/** Runs `send` with the picture drawn, "sending a photo…" on screen meanwhile. */
function withPicture(
  ctx: BotContext,
  deps: BotDeps,
  view: Extract<View, { kind: "photo" }>,
  send: (photo: InputFile) => Promise<unknown>,
): Promise<unknown> {
  return withChatAction(ctx, async () => send(new InputFile(await view.draw(), PORTFOLIO_FILE_NAME)), {
    intervalMs: deps.chatActionIntervalMs,
    action: "upload_photo",
  });
}

/** Sends a view as a new message. */
async function sendView(ctx: BotContext, deps: BotDeps, view: View): Promise<void> {
  const reply_markup = keyboard(ctx);
  if (view.kind === "text") await ctx.reply(view.text, { reply_markup });
  else
    await withPicture(ctx, deps, view, (photo) =>
      ctx.replyWithPhoto(photo, { caption: view.caption, reply_markup }),
    );
}

/** The portfolio command and its Refresh button. */
export function portfolioFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new BotComposer<BotContext>();
  const privateChats = composer.chatType("private");

  privateChats.command("portfolio", async (ctx) => {
    const view = await loadView(ctx, deps);
    if (view !== undefined) await sendView(ctx, deps, view);
  });

  privateChats.callbackQuery(REFRESH, async (ctx) => {
    if (await refreshedJustNow(ctx, deps)) return;
    // Answered at once: the button stops spinning, and the chat action shows the work from here.
    await ctx.answerCallbackQuery();
    const view = await loadView(ctx, deps);
    if (view === undefined) return;
    const shown = ctx.callbackQuery.message;
    // A message too old for the bot to see (date 0) is neither edited nor deleted: the new view comes below.
    const isPhoto = shown !== undefined && shown.date !== 0 && "photo" in shown && shown.photo !== undefined;
    const isText = shown !== undefined && shown.date !== 0 && !isPhoto;
    const reply_markup = keyboard(ctx);
    if (view.kind === "photo" && isPhoto) {
      await withPicture(ctx, deps, view, (media) =>
        ctx.editMessageMedia(
          { type: "photo", media, caption: view.caption, parse_mode: "HTML" },
          { reply_markup },
        ),
      );
    } else if (view.kind === "text" && isText) {
      // An unchanged text (an account still empty) is "not modified"; the error boundary lets that pass.
      await ctx.editMessageText(view.text, { reply_markup });
    } else {
      // A photo cannot become a text message or the reverse: the new view replaces the old message.
      await sendView(ctx, deps, view);
      if (shown !== undefined && shown.date !== 0) await ctx.deleteMessage().catch(() => undefined);
    }
  });

  return composer;
}
