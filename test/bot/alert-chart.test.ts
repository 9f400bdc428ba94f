/**
 * Charts in alert messages: the /settings toggle in English and Chinese, and the notifiers sending a
 * trigger alert and a market alert as one photo (the text as caption, the same buttons) when it is on, as
 * text when it is off; text again when there is too little history, the render fails, Telegram refuses the
 * photo or the text is longer than a caption; one render for a burst of deliveries on one asset.
 */
import { type Api, GrammyError, type InputFile } from "grammy";
import { describe, expect, it } from "vitest";
import { ALERT_CHART_SPAN_MS, createAlertChart } from "../../src/bot/alerts/shared/alert-chart.ts";
import type { SessionData } from "../../src/bot/context.ts";
import { MAX_CAPTION, visibleLength } from "../../src/bot/flow-kit/format/html.ts";
import { createI18n } from "../../src/bot/pipeline/i18n.ts";
import { createAlertNotifier, createMarketAlertNotifier } from "../../src/bot/watcher-notifier.ts";
import type { MarketAlertEvent } from "../../src/services/alerts/market/rules.ts";
import type { AlertEvent } from "../../src/services/alerts/triggers/events.ts";
import { createPriceHistory, MINUTE_MS, type PricePoint } from "../../src/services/market/price-history.ts";
import type { JsonStorage } from "../../src/services/runtime/json-storage.ts";
import { startTestBot } from "../support/bot.ts";

const tb = await startTestBot();
const i18n = createI18n();

const FIRED = Date.UTC(2026, 10, 28, 9, 30, 12);

const triggerEvent: AlertEvent = {
  triggerId: 77,
  asset: "BTC",
  level: "100000",
  match: 1,
  orderDirection: null,
  orderQuantity: null,
  orderGetQuantity: null,
  fired: new Date(FIRED).toISOString(),
  index: 0,
  price: "100250.5",
  matched: 1,
  trade: null,
  failureReason: null,
};

const marketEvent: MarketAlertEvent = {
  id: "abcDEF12",
  kind: "move",
  asset: "BTC",
  direction: "up",
  at: FIRED,
  price: "100250.5",
  value: 5.2,
  threshold: "5",
  window: "1h",
  reference: { price: "95300", at: FIRED - 40 * MINUTE_MS },
};

/** Six hours of minutes, a gap of half an hour in the middle. */
function sixHours(at: number): PricePoint[] {
  const points: PricePoint[] = [];
  for (let t = at - ALERT_CHART_SPAN_MS; t < at; t += MINUTE_MS) {
    const minute = (t - (at - ALERT_CHART_SPAN_MS)) / MINUTE_MS;
    if (minute >= 150 && minute < 180) continue;
    points.push({ at: t - (t % MINUTE_MS), mid: 96_000 + 4_000 * Math.sin(minute / 40) + minute * 5 });
  }
  return points;
}

interface Sent {
  method: "sendMessage" | "sendPhoto";
  chatId: number;
  text: string;
  other: Record<string, unknown>;
  photo?: InputFile;
}

/** An Api that records what is sent; `refusePhoto` answers sendPhoto with that error instead. */
function recordingApi(refusePhoto?: GrammyError) {
  const sent: Sent[] = [];
  const api = {
    sendMessage: async (chatId: number, text: string, other: Record<string, unknown> = {}) => {
      sent.push({ method: "sendMessage", chatId, text, other });
      return {};
    },
    sendPhoto: async (chatId: number, photo: InputFile, other: Record<string, unknown> = {}) => {
      if (refusePhoto) throw refusePhoto;
      sent.push({ method: "sendPhoto", chatId, text: String(other.caption), other, photo });
      return {};
    },
  };
  return { api: api as unknown as Api, sent };
}

function sessionsOf(settings: SessionData): JsonStorage<SessionData> {
  return { read: async () => settings, write: async () => {}, delete: async () => {} };
}

const PNG = Buffer.from("89504e470d0a1a0a", "hex");

function setup(
  settings: SessionData,
  options: {
    render?: (svg: string) => Promise<Buffer>;
    history?: PricePoint[];
    refusePhoto?: GrammyError;
  } = {},
) {
  const renders: string[] = [];
  let reads = 0;
  const chart = createAlertChart({
    history: {
      series: async () => {
        reads++;
        return options.history ?? sixHours(FIRED);
      },
    },
    render:
      options.render ??
      (async (svg) => {
        renders.push(svg);
        return PNG;
      }),
    now: () => FIRED,
  });
  const { api, sent } = recordingApi(options.refusePhoto);
  const common = { api, i18n, sessions: sessionsOf(settings), defaultTimezone: "Australia/Sydney", chart };
  return {
    sent,
    renders,
    reads: () => reads,
    alert: createAlertNotifier(common),
    market: createMarketAlertNotifier(common),
  };
}

describe("/settings: chart in alert messages", () => {
  it("is off by default and toggles, in English, stored as alertsChart", async () => {
    const chat = tb.chat();
    const menu = (await chat.send("/settings")).at(-1)?.plainText ?? "";
    expect(menu).toContain("Chart in alert messages: off");
    const on = (await chat.press("Chart in alerts")).find((o) => o.kind === "edit");
    expect(on?.plainText).toContain("Chart in alert messages: on");
    const session = JSON.parse((await tb.redis.get(`${tb.prefix}session:user:${chat.user.id}`)) ?? "{}");
    expect(session.alertsChart).toBe(true);
    const off = (await chat.press("Chart in alerts")).find((o) => o.kind === "edit");
    expect(off?.plainText).toContain("Chart in alert messages: off");
  });

  it("toggles in Chinese", async () => {
    const chat = tb.chat({ languageCode: "zh" });
    expect((await chat.send("/settings")).at(-1)?.plainText).toContain("提醒消息附带走势图：关");
    const on = (await chat.press("提醒附图")).find((o) => o.kind === "edit");
    expect(on?.plainText).toContain("提醒消息附带走势图：开");
  });
});

describe("through the bot: a fired trigger with the chart setting on", () => {
  it("arrives as one photo with the alert as caption and its buttons", async () => {
    const { chat, account } = await tb.trader({ AUD: "10000" });
    await tb.redis.set(`${tb.prefix}session:user:${chat.user.id}`, JSON.stringify({ alertsChart: true }));
    // Ten minutes of history for the picture, written as the bot's readings would have.
    const history = createPriceHistory({ redis: tb.redis, prefix: `${tb.prefix}price-history:` });
    const ticker = await tb.ex.client().market.ticker();
    const now = Date.now();
    for (let minutes = 12; minutes >= 3; minutes--) await history.record(ticker, now - minutes * MINUTE_MS);
    const price = Number(ticker.BTC?.last);
    const client = tb.ex.client(account.readWriteKey);
    const trigger = await client.priceTriggers.create({
      asset: "BTC",
      price: (price * 1.01).toPrecision(6),
      match: 1,
    });
    await tb.app.deps.alerts.triggersChanged(chat.user.id);
    tb.ex.sb.setPrice("BTC", (price * 1.02).toPrecision(6));
    const alert = await chat.waitForOutput((o) => o.plainText.includes("rose to"), 8000);
    expect(alert.kind).toBe("photo");
    expect(alert.buttons.flat().map((b) => b.data)).toContain(`al:open:${trigger.id}`);
    const texts = tb.fake
      .callsTo("sendMessage")
      .filter((c) => (c.payload as { chat_id?: number }).chat_id === chat.chat.id);
    expect(texts).toHaveLength(0);
  });
});

describe("alert messages with the chart setting", () => {
  it("a trigger alert goes as a photo with its text as caption and its buttons when on", async () => {
    const on = setup({ alertsChart: true });
    const result = await on.alert({ kind: "alert", userId: 5, event: triggerEvent });
    expect(result).toEqual({ status: "sent", markSeen: false });
    expect(on.sent).toHaveLength(1);
    const [photo] = on.sent;
    expect(photo?.method).toBe("sendPhoto");
    expect(photo?.text).toContain("BTC");
    expect(photo?.other.reply_markup).toBeDefined();
    // The same text and buttons as the text message sent with the setting off.
    const off = setup({});
    await off.alert({ kind: "alert", userId: 5, event: triggerEvent });
    expect(off.sent.map((s) => s.method)).toEqual(["sendMessage"]);
    expect(photo?.text).toBe(off.sent[0]?.text);
    expect(photo?.other.reply_markup).toEqual(off.sent[0]?.other.reply_markup);
    expect(off.renders).toHaveLength(0);
    // Six hours, the trigger's level drawn, the gap a break: two segments.
    const svg = on.renders[0] ?? "";
    expect(svg).toContain(">6h<");
    expect(svg).toContain("100,000");
    expect(svg.match(/<path d="M[^"]*" fill="none"/g)).toHaveLength(2);
    expect(svg).toContain('width="810" height="540" viewBox="0 0 1080 720"');
  });

  it("a market alert goes as a photo with the reference price drawn when on, as text when off", async () => {
    const on = setup({ alertsChart: true, alerts: "silent" });
    await on.market({ userId: 6, rev: 1, event: marketEvent });
    expect(on.sent.map((s) => s.method)).toEqual(["sendPhoto"]);
    expect(on.sent[0]?.other.disable_notification).toBe(true);
    expect(on.renders[0]).toContain("95,300");
    const off = setup({ alertsChart: false });
    await off.market({ userId: 6, rev: 1, event: marketEvent });
    expect(off.sent.map((s) => s.method)).toEqual(["sendMessage"]);
    expect(on.sent[0]?.text).toBe(off.sent[0]?.text);
    expect(on.sent[0]?.other.reply_markup).toEqual(off.sent[0]?.other.reply_markup);
  });

  it("falls back to text when the render fails, history is short, or Telegram refuses the photo", async () => {
    const failing = setup(
      { alertsChart: true },
      {
        render: async () => {
          throw new Error("resvg failed");
        },
      },
    );
    expect(await failing.alert({ kind: "alert", userId: 5, event: triggerEvent })).toMatchObject({
      status: "sent",
    });
    await failing.market({ userId: 5, rev: 1, event: marketEvent });
    expect(failing.sent.map((s) => s.method)).toEqual(["sendMessage", "sendMessage"]);

    const short = setup({ alertsChart: true }, { history: sixHours(FIRED).slice(-2) });
    await short.alert({ kind: "alert", userId: 5, event: triggerEvent });
    expect(short.sent.map((s) => s.method)).toEqual(["sendMessage"]);
    expect(short.renders).toHaveLength(0);

    const refused = setup(
      { alertsChart: true },
      {
        refusePhoto: new GrammyError(
          "refused",
          { ok: false, error_code: 400, description: "Bad Request: IMAGE_PROCESS_FAILED" },
          "sendPhoto",
          {},
        ),
      },
    );
    await refused.alert({ kind: "alert", userId: 5, event: triggerEvent });
    expect(refused.sent.map((s) => s.method)).toEqual(["sendMessage"]);
  });

  it("a photo's 429 is a retry with nothing sent, not a text instead", async () => {
    const limited = setup(
      { alertsChart: true },
      {
        refusePhoto: new GrammyError(
          "slow down",
          { ok: false, error_code: 429, description: "Too Many Requests", parameters: { retry_after: 3 } },
          "sendPhoto",
          {},
        ),
      },
    );
    expect(await limited.alert({ kind: "alert", userId: 5, event: triggerEvent })).toEqual({
      status: "retry",
      afterMs: 3000,
    });
    expect(limited.sent).toEqual([]);
  });

  it("a text longer than a caption goes as text without the picture", async () => {
    const on = setup({ alertsChart: true });
    // The exchange's words are cut to 300 characters, so only an outlandish asset code gets there.
    const long = {
      ...triggerEvent,
      asset: "A".repeat(400),
      orderDirection: 10,
      orderQuantity: "100",
      trade: "x".repeat(300),
    };
    await on.alert({ kind: "alert", userId: 5, event: long });
    expect(on.sent.map((s) => s.method)).toEqual(["sendMessage"]);
    expect(visibleLength(on.sent[0]?.text ?? "")).toBeGreaterThan(MAX_CAPTION);
    expect(on.renders).toHaveLength(0);
    // Telegram counts the parsed text: tags dropped, an entity one character.
    expect(visibleLength("<b>A&amp;B</b> &lt;3")).toBe(6);
  });

  it("500 deliveries on one asset in one reading read the history and render once", async () => {
    const on = setup({ alertsChart: true });
    await Promise.all(
      Array.from({ length: 500 }, (_, i) => on.market({ userId: 1000 + i, rev: 1, event: marketEvent })),
    );
    expect(on.sent).toHaveLength(500);
    expect(on.sent.every((s) => s.method === "sendPhoto")).toBe(true);
    expect(on.renders).toHaveLength(1);
    expect(on.reads()).toBe(1);
  });

  it("draws a real PNG of 810 x 540", async () => {
    const chart = createAlertChart({ history: { series: async () => sixHours(FIRED) } });
    const png = await chart.picture({
      asset: "BTC",
      price: "100250.5",
      at: FIRED,
      level: { price: "100000", kind: "above" },
      timeZone: "Australia/Sydney",
      locale: "en",
    });
    expect(png?.subarray(1, 4).toString()).toBe("PNG");
    expect(png?.readUInt32BE(16)).toBe(810);
    expect(png?.readUInt32BE(20)).toBe(540);
  });
});
