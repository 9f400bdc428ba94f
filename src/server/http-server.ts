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

/** The largest webhook body accepted (413 beyond it): Telegram's updates are a few KiB, far below. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

function secretMatches(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Creates (does not start) the server. */
export function createHttpServer(options: HttpServerOptions): Server {
  // "callback": the body is read (and capped) here, then handed over parsed.
  const handleUpdate = webhookCallback(options.bot, "callback", {
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
      const body = await readBody(req, WEBHOOK_BODY_LIMIT);
      if (body === undefined) {
        // The rest is discarded unread and the connection closed after the answer.
        res.writeHead(413, { connection: "close" }).end();
        return;
      }
      try {
        await handleUpdate(
          JSON.parse(body),
          (json: string) => res.writeHead(200, { "content-type": "application/json" }).end(json),
          req.headers[SECRET_HEADER],
        );
      } catch {
        // Not JSON, or the error boundary already answered the user: either way Telegram must not retry
        // a broken update forever.
      }
      if (!res.headersSent) res.writeHead(200).end();
      return;
    }
    req.resume();
    res.writeHead(404).end();
  });
}

/**
 * The body as text, or undefined as soon as it (declared or received) exceeds `limit` bytes, or when the
 * client goes away first (then the answer reaches nobody).
 */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  if (Number(req.headers["content-length"]) > limit) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      req.off("data", onData).off("end", onEnd);
      resolve(undefined);
    };
    const onEnd = () => resolve(Buffer.concat(chunks).toString("utf8"));
    const onGone = () => resolve(undefined);
    req.on("data", onData).once("end", onEnd).once("error", onGone).once("close", onGone);
  });
}
