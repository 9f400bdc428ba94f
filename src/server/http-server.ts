/**
 * The bot's HTTP server: the webhook endpoint (only with the right secret token) and the health check
 * (health.ts).
 * A request without the secret, or with a wrong one, is refused before grammY sees it.
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type Bot, webhookCallback } from "grammy";
import type { BotContext } from "../bot/context.ts";
import { answerHealth } from "./health.ts";

/** Options of {@link createHttpServer}. */
export interface HttpServerOptions {
  bot: Bot<BotContext>;
  /** Path Telegram posts to (the path of WEBHOOK_URL). */
  webhookPath: string;
  secret: string;
  /** Answers the health check: true when the bot's dependencies respond. */
  healthy: () => Promise<boolean>;
}

const SECRET_HEADER = "x-telegram-bot-api-secret-token";

function secretMatches(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Creates (does not start) the server. */
export function createHttpServer(options: HttpServerOptions): Server {
  const handleUpdate = webhookCallback(options.bot, "http", {
    secretToken: options.secret,
    // Telegram waits at most 60 s; answer before that and let slow work continue in the background.
    onTimeout: "return",
    timeoutMilliseconds: 50_000,
  });
  return createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (await answerHealth(req, res, options.healthy)) return;
    const path = new URL(req.url ?? "/", "http://bot.invalid").pathname;
    if (req.method === "POST" && path === options.webhookPath) {
      if (!secretMatches(req.headers[SECRET_HEADER], options.secret)) {
        req.resume();
        res.writeHead(401).end();
        return;
      }
      try {
        await handleUpdate(req, res);
      } catch {
        // The error boundary already answered the user; Telegram must not retry a broken update forever.
        if (!res.headersSent) res.writeHead(200).end();
      }
      return;
    }
    req.resume();
    res.writeHead(404).end();
  });
}
