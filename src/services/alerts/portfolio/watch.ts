/**
 * Portfolio alerts on the heartbeat (docs/alerts.md "Portfolio alerts"): on every k-th beat of a user with
 * unpaused portfolio alerts, one read of their statistics (and of their AUD balance when a value alert
 * needs it), the evaluation, and the states and events written in one script (the events into the user's
 * outbox), then a delivery job per event whose id names it, then the outbox entries cleared. A crash
 * between the write and the jobs leaves the events in the outbox: the user's next read queues them (the
 * job id and the delivery's sent record drop a copy). Reads between beats never read the statistics.
 */
import type { Logger } from "pino";
import {
  type ExchangeClient,
  ExchangeUnauthorizedError,
  MAX_PAGE_SIZE,
  type PortfolioStatistics,
} from "../../../exchange/index.ts";
import { portfolioAlertsWatched, portfolioReadEvery, readsCash } from "./kinds.ts";
import { evaluatePortfolioAlerts, type PortfolioAlertEvent, portfolioFigures } from "./rules.ts";
import type { PortfolioAlertStore } from "./store.ts";

/** What a portfolio alert's delivery carries: the user, the alert's revision when it fired, the event. */
export interface PortfolioDelivery {
  kind: "portfolio_alert";
  userId: number;
  rev: number;
  event: PortfolioAlertEvent;
}

/** The name of an event (its delivery job id and sent record): the same event always gets the same name. */
export function portfolioEventId(event: Pick<PortfolioAlertEvent, "id" | "at" | "direction">): string {
  return `portfolio-${event.id}-${event.at}-${event.direction === "up" ? "u" : "d"}`;
}

/** The index of the beat in `slot` (epoch ms): the same for every instance and across restarts. */
export function beatIndex(slot: number, pollMs: number): number {
  return Math.round(slot / pollMs);
}

/** Options of {@link createPortfolioWatch}. */
export interface PortfolioWatchOptions {
  store: PortfolioAlertStore;
  pollSeconds: number;
  /** Queues delivery jobs (ids: {@link portfolioEventId}); an id already queued is dropped. */
  queue: (deliveries: readonly PortfolioDelivery[]) => Promise<void>;
  logger: Logger;
}

/** Creates the heartbeat's portfolio step. */
export function createPortfolioWatch(options: PortfolioWatchOptions) {
  const { store, logger } = options;
  const pollMs = options.pollSeconds * 1000;
  const watched = portfolioAlertsWatched(options.pollSeconds);
  if (!watched) {
    logger.warn(
      { pollSeconds: options.pollSeconds },
      "portfolio alerts are not watched with this heartbeat (it must be over 50 s to leave room in the read budget)",
    );
  }

  /** Queues what the user's outbox holds (a crash left it there), then clears it (an unreadable entry too). */
  async function drain(userId: number): Promise<void> {
    const entries = Object.entries(await store.outbox(userId));
    if (entries.length === 0) return;
    const deliveries: PortfolioDelivery[] = [];
    for (const [, raw] of entries) {
      try {
        deliveries.push(JSON.parse(raw) as PortfolioDelivery);
      } catch {
        logger.warn({ userId }, "portfolio alerts: an unreadable outbox entry dropped");
      }
    }
    if (deliveries.length > 0) await options.queue(deliveries);
    await store.clearOutbox(
      userId,
      entries.map(([id]) => id),
    );
  }

  return {
    /** Whether portfolio alerts are watched at all (false: the heartbeat is 50 s or less). */
    watched,

    /**
     * A read of the user: first the outbox; then, when the read is the beat in `slot` (epoch ms; undefined
     * for a read between beats) and that beat is a k-th one for the user's alerts, the portfolio reading.
     * A failed exchange read changes nothing and is logged; a refused key (401) is thrown for the caller's
     * key-revoked path.
     */
    async read(userId: number, client: ExchangeClient, slot: number | undefined): Promise<void> {
      await drain(userId);
      if (!watched || slot === undefined) return;
      const alerts = (await store.list(userId)).filter((a) => !a.paused);
      if (alerts.length === 0) return;
      const needsCash = alerts.some((a) => readsCash(a.spec));
      const every = portfolioReadEvery(options.pollSeconds, needsCash ? 2 : 1);
      if (every === null || beatIndex(slot, pollMs) % every !== 0) return;
      let results: PortfolioStatistics[];
      let aud: string | null = null;
      try {
        results = await client.portfolio.all({ overall: true, page_size: MAX_PAGE_SIZE });
        // /portfolio's balance read: the AUD cash of every balance.
        if (needsCash) aud = (await client.balances.all()).AUD ?? "0";
      } catch (error) {
        if (error instanceof ExchangeUnauthorizedError) throw error;
        logger.warn({ userId, err: { name: (error as Error).name } }, "portfolio alerts: read failed");
        return;
      }
      const at = Date.now();
      const { events, changed } = evaluatePortfolioAlerts(alerts, portfolioFigures(results, aud), at);
      if (events.length === 0 && changed.length === 0) return;
      const rev = new Map(alerts.map((a) => [a.id, a.rev]));
      const deliveries = events.map(
        (event): PortfolioDelivery => ({
          kind: "portfolio_alert",
          userId,
          rev: rev.get(event.id) ?? 0,
          event,
        }),
      );
      const kept = new Set(
        await store.saveReading(
          userId,
          changed.map((c) => ({ ...c, rev: rev.get(c.id) ?? 0 })),
          deliveries.map((d) => ({
            eventId: portfolioEventId(d.event),
            alertId: d.event.id,
            rev: d.rev,
            delivery: JSON.stringify(d),
          })),
        ),
      );
      const queued = deliveries.filter((d) => kept.has(portfolioEventId(d.event)));
      if (queued.length === 0) return;
      await options.queue(queued);
      await store.clearOutbox(
        userId,
        queued.map((d) => portfolioEventId(d.event)),
      );
      logger.info({ userId, events: queued.length }, "portfolio alerts: events queued");
    },
  };
}

/** The heartbeat's portfolio step. */
export type PortfolioWatch = ReturnType<typeof createPortfolioWatch>;
