/**
 * `GET /healthz`: 200 `{"status":"ok"}` when the bot's dependencies answer, else 503
 * `{"status":"unavailable"}` (e.g. while Redis is down). Served by the webhook server, and in polling
 * mode by a server of its own when `PORT` is set.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/** Whether the bot can serve now; a throw counts as no. */
export type HealthCheck = () => Promise<boolean>;

/** The health check's path. */
export const HEALTH_PATH = "/healthz";

/** Answers `req` when it is the health check and returns true; leaves it alone otherwise. */
export async function answerHealth(
  req: IncomingMessage,
  res: ServerResponse,
  healthy: HealthCheck,
): Promise<boolean> {
  const path = new URL(req.url ?? "/", "http://bot.invalid").pathname;
  if (req.method !== "GET" || path !== HEALTH_PATH) return false;
  const ok = await healthy().catch(() => false);
  res.writeHead(ok ? 200 : 503, { "content-type": "application/json" });
  res.end(JSON.stringify({ status: ok ? "ok" : "unavailable" }));
  return true;
}

/** Creates (does not start) a server that answers only the health check (404 to everything else). */
export function createHealthServer(healthy: HealthCheck): Server {
  return createServer(async (req, res) => {
    if (await answerHealth(req, res, healthy)) return;
    req.resume();
    res.writeHead(404).end();
  });
}
