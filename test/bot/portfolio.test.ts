/** /portfolio as chats against the sandbox: the photo, its figures, Refresh, an empty account, errors. */
import { describe, expect, it } from "vitest";
import { svgToPng } from "../../src/bot/flow-kit/pictures/render.ts";
import { createI18n } from "../../src/bot/pipeline/i18n.ts";
import { chartSize, portfolioChartSvg } from "../../src/bot/portfolio/chart.ts";
import { PORTFOLIO_FILE_NAME } from "../../src/bot/portfolio/feature.ts";
import { Dec, type ExchangeClient, toDec } from "../../src/exchange/index.ts";
import { loadPortfolioSummary } from "../../src/services/balance/portfolio-summary.ts";
import { portfolioAllocation } from "../../src/services/portfolio/allocation.ts";
import type { BotOutput } from "../../src/telegram-fake/index.ts";
import { startTestBot } from "../support/bot.ts";
import { placeSwap } from "../support/exchange.ts";
import { decodePng } from "../support/png.ts";

const tb = await startTestBot();

// "sending a photo…" is shown only to a user who waits longer than a quarter second, and the fake
// Telegram takes a photo at once: where a test looks for the action, the upload takes a second, as
// sending a picture over a real network may.
let slowUploads = false;
tb.app.bot.api.config.use(async (prev, method, payload, signal) => {
  if (slowUploads && (method === "sendPhoto" || method === "editMessageMedia")) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return prev(method, payload, signal);
});

/** "$12,345.67" -> "12345.67", "-$3.00" -> "-3.00" */
function money(text: string): string {
  return text.replace(/[^0-9.-]/g, "");
}

/** Rounded to cents as the bot shows money. */
function cents(amount: string | null | undefined): string {
  return toDec(amount ?? "0")
    .toDecimalPlaces(2, Dec.ROUND_HALF_EVEN)
    .toFixed(2);
}

function photoOf(outputs: BotOutput[]): BotOutput {
  const photo = outputs.find((o) => o.kind === "photo" || (o.kind === "edit" && o.file !== undefined));
  if (photo === undefined) throw new Error(`no photo among ${outputs.map((o) => o.kind).join(", ")}`);
  return photo;
}

/** The chat actions the bot sent to a chat, in order. */
function chatActions(chatId: number): string[] {
  return tb.fake
    .callsTo("sendChatAction")
    .filter((call) => call.payload.chat_id === chatId)
    .map((call) => String(call.payload.action));
}

/** The picture the bot should have drawn for this account right now (the sandbox's market is frozen). */
const i18n = createI18n();

async function expectedPicture(client: ExchangeClient, locale = "en") {
  const summary = await loadPortfolioSummary(client);
  const allocation = portfolioAllocation(summary);
  const label = i18n.t(locale, "pf-picture-all-time");
  return {
    png: await svgToPng(portfolioChartSvg(summary, allocation, locale, label)),
    size: chartSize(allocation),
  };
}

describe("/portfolio", () => {
  it("sends the picture as a photo, intact, with every holding's figures in the caption", async () => {
    const { chat, account } = await tb.trader({ AUD: "5000" });
    const client = tb.ex.client(account.readWriteKey);
    await placeSwap(client, "AUD", "BTC", "2000");
    await placeSwap(client, "AUD", "ETH", "1000");

    slowUploads = true;
    const outputs = await chat.send("/portfolio").finally(() => {
      slowUploads = false;
    });
    const photo = photoOf(outputs);
    expect(photo.kind).toBe("photo");
    expect(photo.file?.filename).toBe(PORTFOLIO_FILE_NAME);
    expect(photo.buttons.flat().map((b) => b.text)).toEqual(["Refresh"]);
    expect(chatActions(chat.chat.id)).toContain("upload_photo");

    // The bytes went through grammY's multipart upload and the fake's parser unchanged: a strict decode
    // (every CRC, the inflated size) passes, and they equal the picture drawn here from the same figures.
    const bytes = photo.file?.bytes ?? new Uint8Array();
    const image = decodePng(bytes);
    const expected = await expectedPicture(client);
    expect({ width: image.width, height: image.height }).toEqual(expected.size);
    expect(Buffer.from(bytes).equals(expected.png)).toBe(true);

    // The figures are the exchange's own.
    const caption = photo.plainText;
    expect(caption.length).toBeLessThanOrEqual(1024);
    const stats = await client.portfolio.stats({ overall: true });
    const overall = stats.results[0]?.overall;
    const total = toDec(overall?.overall_aud_wallet_value ?? "0").plus(
      (await client.balances.all()).AUD ?? "0",
    );
    expect(money(/Portfolio: (\S+)/.exec(caption)?.[1] ?? "")).toBe(cents(total.toFixed()));
    const cash = /AUD cash: (\S+)/.exec(caption)?.[1] ?? "";
    expect(money(cash)).toBe(cents((await client.balances.all()).AUD));
    // Each figure says what it is: the day's change of the whole account (AUD cash included, over its value
    // at the day's start), the crypto's own day return, and the crypto's all-time return on its cost.
    const day = /Today: (\S+) \((\S+)% of the whole account; your crypto (\S+)%\)/.exec(caption);
    expect(day, caption).not.toBeNull();
    const dayReturn = toDec(overall?.overall_day_return ?? "0");
    expect(money(day?.[1] ?? "")).toBe(dayReturn.toFixed(2));
    expect(toDec(day?.[2] ?? "").toFixed(2)).toBe(
      dayReturn.dividedBy(total.minus(dayReturn)).times(100).toFixed(2),
    );
    expect(toDec(day?.[3] ?? "").toFixed(2)).toBe(cents(overall?.overall_day_return_percentage));
    const allTime = /Your crypto all time: (\S+) \((\S+)% on what it cost\)/.exec(caption);
    expect(money(allTime?.[1] ?? "")).toBe(cents(overall?.overall_total_return));
    expect(toDec(allTime?.[2] ?? "").toFixed(2)).toBe(cents(overall?.overall_total_return_percentage));
    for (const asset of ["BTC", "ETH"]) {
      const row = stats.results[0]?.assets.find((a) => a.asset === asset);
      const head = new RegExp(`${asset} ([\\d.]+) ≈ (\\S+) \\(`).exec(caption);
      expect(head?.[1]).toBe(toDec(row?.current_balance ?? "").toFixed());
      expect(money(head?.[2] ?? "")).toBe(cents(row?.approximate_value));
      const line =
        caption.split("\n")[caption.split("\n").findIndex((l) => l.startsWith(`${asset} `)) + 1] ?? "";
      const parts = /^avg buy (\S+) · today (\S+) \((\S+)%\) · all time (\S+) \((\S+)%\)$/.exec(line);
      expect(parts, line).not.toBeNull();
      expect(money(parts?.[1] ?? "")).toBe(cents(row?.total_avg_buy));
      expect(money(parts?.[2] ?? "")).toBe(toDec(cents(row?.day_buy_return)).toFixed(2));
      expect(toDec(parts?.[3] ?? "").toFixed(2)).toBe(cents(row?.day_buy_return_percentage));
      expect(money(parts?.[4] ?? "")).toBe(cents(row?.total_buy_return));
      expect(toDec(parts?.[5] ?? "").toFixed(2)).toBe(cents(row?.total_buy_return_percentage));
    }
    expect(caption).toMatch(/Updated \d\d:\d\d:\d\d \S+ \(Australia\/Sydney\)/);
  });

  it("Refresh replaces the picture and caption in place with the new figures", async () => {
    const { chat, account } = await tb.trader({ AUD: "1000", SOL: "10" });
    const first = photoOf(await chat.send("/portfolio"));
    tb.ex.sb.setPrice("SOL", "1000");
    const before = chatActions(chat.chat.id).length;

    slowUploads = true;
    const outputs = await chat.press("Refresh").finally(() => {
      slowUploads = false;
    });
    expect(outputs.some((o) => o.kind === "callback_answer")).toBe(true);
    const edit = photoOf(outputs);
    expect(edit.kind).toBe("edit");
    expect(edit.messageId).toBe(first.messageId);
    expect(edit.file?.fileId).not.toBe(first.file?.fileId);
    expect(edit.plainText).toMatch(/SOL 10 ≈ \$9,9\d\d\.\d\d/);
    expect(edit.buttons.flat().map((b) => b.text)).toEqual(["Refresh"]);
    expect(chatActions(chat.chat.id).slice(before)).toContain("upload_photo");
    const expected = await expectedPicture(tb.ex.client(account.readWriteKey));
    expect(Buffer.from(edit.file?.bytes ?? []).equals(expected.png)).toBe(true);
    // Still one message in the chat from the bot: nothing was sent beside it.
    expect(outputs.filter((o) => o.kind === "photo" || o.kind === "message")).toEqual([]);
  });

  it("an account without crypto is told so, without a picture; Refresh brings the picture once there is some", async () => {
    const { chat, account } = await tb.trader({ AUD: "250" });
    const outputs = await chat.send("/portfolio");
    expect(outputs.map((o) => o.kind)).toEqual(["message"]);
    expect(outputs[0]?.plainText).toContain("You hold no crypto yet");
    expect(outputs[0]?.plainText).toContain("$250.00");
    expect(chatActions(chat.chat.id)).not.toContain("upload_photo");
    // Still nothing: the same text stays, with no apology for the edit Telegram calls "not modified".
    expect((await chat.press("Refresh")).map((o) => o.kind)).toEqual(["callback_answer"]);

    await placeSwap(tb.ex.client(account.readWriteKey), "AUD", "BTC", "100");
    // A moment on (bot/flow-kit/refresh-gap.ts: a Refresh again within a second shows what it just showed).
    await tb.redis.del(`${tb.prefix}cooldown:refresh:${chat.chat.id}:${outputs[0]?.messageId}`);
    const refreshed = await chat.press("Refresh");
    const photo = photoOf(refreshed);
    expect(photo.kind).toBe("photo");
    // The text it replaces is gone, so the chat shows one portfolio message.
    const textId = outputs[0]?.messageId;
    expect(refreshed.some((o) => o.kind === "delete" && o.messageId === textId)).toBe(true);
    expect(decodePng(photo.file?.bytes ?? new Uint8Array()).width).toBe(1080);
  });

  it("many holdings: the picture groups the small ones, the caption stays within 1,024 characters", async () => {
    // Six holdings worth hundreds to thousands of dollars, eight worth tens: those join "other".
    const balances = {
      AUD: "100",
      BTC: "0.1",
      ETH: "1",
      SOL: "10",
      BNB: "1",
      LTC: "5",
      AVAX: "10",
      XRP: "10",
      ADA: "20",
      DOGE: "50",
      USDT: "10",
      USDC: "10",
      LINK: "1",
      DOT: "5",
      TRX: "30",
    };
    const { chat, account } = await tb.trader(balances);
    const summary = await loadPortfolioSummary(tb.ex.client(account.readWriteKey));
    const held = summary.holdings.length;
    expect(held).toBe(14);

    const photo = photoOf(await chat.send("/portfolio"));
    expect(photo.plainText.length).toBeLessThanOrEqual(1024);
    const allocation = portfolioAllocation(summary);
    expect(allocation.slices.at(-1)).toMatchObject({ kind: "other" });
    expect(allocation.slices.at(-1)?.members.length).toBeGreaterThanOrEqual(8);
    const image = decodePng(photo.file?.bytes ?? new Uint8Array());
    expect({ width: image.width, height: image.height }).toEqual(chartSize(allocation));
    const listed = summary.holdings.filter((h) => photo.plainText.includes(`\n${h.asset} `)).length;
    if (listed < held) expect(photo.plainText).toContain(`and ${held - listed} more holding`);
  });

  it("works with a read-only key (it is a read), and in Chinese", async () => {
    const chat = tb.chat({ languageCode: "zh" });
    const account = tb.ex.account({ AUD: "300", ETH: "0.5" });
    await tb.app.deps.accounts.connect(chat.user.id, account.readOnlyKey);
    const photo = photoOf(await chat.send("/portfolio"));
    expect(photo.plainText).toContain("投资组合");
    expect(photo.plainText).toContain("ETH 0.5 ≈");
    const expected = await expectedPicture(tb.ex.client(account.readOnlyKey), "zh");
    expect(Buffer.from(photo.file?.bytes ?? []).equals(expected.png)).toBe(true);
  });

  it("without a key it says how to connect; an exchange failure is explained and nothing is drawn", async () => {
    const stranger = tb.chat();
    expect((await stranger.send("/portfolio")).at(-1)?.plainText).toContain("/connect");

    const { chat } = await tb.trader({ AUD: "1", BTC: "0.1" });
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: "/api/private/v2/wallet-stats/",
      status: 429,
      count: 1,
      retry_after: 600,
    });
    const outputs = await chat.send("/portfolio");
    expect(outputs.map((o) => o.kind)).toEqual(["message"]);
    expect(outputs[0]?.plainText).toContain("busy. Try again in 600 s");
  });

  it("/cancel while the figures load answers at once, and no picture follows", async () => {
    const { chat } = await tb.trader({ AUD: "100", BTC: "0.01" });
    // The statistics hang far longer than the test runs; /cancel aborts the read.
    await tb.ex.control("POST", "/_sandbox/faults", {
      method: "GET",
      path_prefix: "/api/private/v2/wallet-stats/",
      delay_ms: 10 * 60_000,
      count: 1,
    });
    const portfolio = chat.send("/portfolio");
    while (!chatActions(chat.chat.id).includes("typing")) await new Promise((r) => setTimeout(r, 10));
    const cancel = await chat.send("/cancel");
    expect(cancel.map((o) => o.plainText)).toEqual(["Cancelled. Nothing was changed."]);
    expect(await portfolio).toEqual([]);
    expect(tb.fake.callsTo("sendPhoto").filter((call) => call.payload.chat_id === chat.chat.id)).toEqual([]);
  });

  it("is refused in a group, like every account command, before any exchange call", async () => {
    const { chat: trader } = await tb.trader({ AUD: "1", BTC: "0.1" });
    const group = tb.fake.groupChat(-(trader.user.id + 1), "Traders");
    const start = tb.fake.calls.length;
    await tb.app.bot.handleUpdate(tb.fake.userText(trader.user, group, "/portfolio"));
    const calls = tb.fake.calls.slice(start);
    expect(calls.map((call) => call.method)).toEqual(["sendMessage"]);
    expect(calls[0]?.output?.plainText).toContain("private chat");
  });
});
