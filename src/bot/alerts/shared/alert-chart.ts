/**
 * The small chart an alert message may carry (the user's "chart in alerts" setting): the asset's last six
 * hours of minute history and the event's live price, drawn by /chart's {@link priceChartSvg} at three
 * quarters of its size (810 x 540), with the alert's level (a trigger's level, a market alert's reference
 * price) as a line.
 *
 * A burst renders once: a reading can fire hundreds of alerts on one asset at once, so pictures are kept
 * per asset, minute, live price, levels, time zone and language (the axis labels depend on the last two)
 * for {@link PICTURE_TTL_MS}, at most {@link MAX_PICTURES} of them (about 30 KB each), and a picture being
 * drawn is shared by every delivery that asks for it meanwhile. The history is read once per picture too.
 * Too little history or a failed render gives no picture (undefined, kept as such for the same time, so a
 * burst does not retry a failing render 500 times): the alert goes as text.
 */
import { Decimal } from "decimal.js";
import type { PriceHistory, PricePoint } from "../../../services/market/price-history.ts";
import { MINUTE_MS } from "../../../services/market/price-history.ts";
import { formatPrice } from "../../flow-kit/format/numbers.ts";
import { type ChartLevel, type ChartLevelKind, priceChartSvg } from "../../flow-kit/pictures/price-chart.ts";
import { svgToPng } from "../../flow-kit/pictures/render.ts";

/** How far back an alert's chart reaches. */
export const ALERT_CHART_SPAN_MS = 6 * 60 * MINUTE_MS;
/** The fewest history points drawn; fewer and the alert goes as text. */
export const ALERT_CHART_MIN_POINTS = 3;
/** How long a picture is reused. */
export const PICTURE_TTL_MS = 2 * MINUTE_MS;
/** The most pictures kept at once (the oldest goes first). */
export const MAX_PICTURES = 32;
/** The alert picture's scale of /chart's 1080 x 720 card. */
const SCALE = 0.75;

/** One picture asked for. */
export interface AlertChartRequest {
  asset: string;
  /** The live price from the event, a decimal string, and when it was read (epoch ms). */
  price: string;
  at: number;
  /** The alert's level, if it has one. */
  level?: { price: string; kind: ChartLevelKind };
  timeZone: string;
  locale: string;
}

/** Options of {@link createAlertChart}. */
export interface AlertChartOptions {
  history: Pick<PriceHistory, "series">;
  /** SVG to PNG; /chart's renderer unless a test gives another. */
  render?: (svg: string) => Promise<Buffer>;
  /** The clock for the cache's expiry. */
  now?: () => number;
}

interface Kept {
  expires: number;
  picture: Promise<Buffer | undefined>;
}

/** Creates the alert pictures' source: `picture(request)` is the PNG, or undefined (send text). */
export function createAlertChart(options: AlertChartOptions) {
  const render = options.render ?? svgToPng;
  const now = options.now ?? Date.now;
  const kept = new Map<string, Kept>();

  async function draw(request: AlertChartRequest): Promise<Buffer | undefined> {
    const from = request.at - ALERT_CHART_SPAN_MS;
    const history = await options.history.series(request.asset, from, request.at, "1m");
    if (history.length < ALERT_CHART_MIN_POINTS) return undefined;
    const first = history[0] as PricePoint;
    const live = new Decimal(request.price);
    const points: PricePoint[] = [...history, { at: request.at, mid: live.toNumber() }];
    const levels: ChartLevel[] =
      request.level === undefined
        ? []
        : [
            {
              ...request.level,
              label: formatPrice(request.level.price, request.locale).replace(/^[^\d]+/, ""),
            },
          ];
    const svg = priceChartSvg({
      asset: request.asset,
      period: "6h",
      points,
      slotMs: MINUTE_MS,
      from,
      to: request.at,
      last: request.price,
      change: live.minus(first.mid).dividedBy(first.mid).times(100).toFixed(),
      levels,
      timeZone: request.timeZone,
      locale: request.locale,
      scale: SCALE,
    });
    return render(svg);
  }

  return {
    /** The picture for `request`, drawn once per key while kept; never rejects. */
    picture(request: AlertChartRequest): Promise<Buffer | undefined> {
      const clock = now();
      const key = [
        request.asset,
        Math.floor(request.at / MINUTE_MS),
        request.price,
        request.level ? `${request.level.kind}:${request.level.price}` : "",
        request.timeZone,
        request.locale,
      ].join("|");
      const hit = kept.get(key);
      if (hit !== undefined && hit.expires > clock) return hit.picture;
      for (const [name, entry] of kept) if (entry.expires <= clock) kept.delete(name);
      while (kept.size >= MAX_PICTURES) kept.delete(kept.keys().next().value as string);
      // A failure is a missing picture, never a lost alert.
      const picture = draw(request).catch(() => undefined);
      kept.set(key, { expires: clock + PICTURE_TTL_MS, picture });
      return picture;
    },
  };
}

/** The alert pictures' source. */
export type AlertChart = ReturnType<typeof createAlertChart>;
