/**
 * The bench's bare HTTP/1.1 sender of webhook POSTs (bench/support/webhook-sender.ts), against node:http
 * servers: what it sends is what the bot's server reads, and it reads every framing node:http answers with.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createWebhookSender } from "../../bench/support/webhook-sender.ts";

const servers: Server[] = [];
const senders: { close(): void }[] = [];

/** A server on a free port answering with `handler`; what it received, in order. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const received: { method?: string; url?: string; secret?: unknown; type?: unknown; body: string }[] = [];
  const sockets = new Set<unknown>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({
        method: req.method,
        url: req.url,
        secret: req.headers["x-telegram-bot-api-secret-token"],
        type: req.headers["content-type"],
        body,
      });
      handler(req, res, body);
    });
  });
  server.on("connection", (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, received, sockets };
}

function sender() {
  const made = createWebhookSender("/hook", "s3cret");
  senders.push(made);
  return made;
}

afterEach(async () => {
  for (const made of senders.splice(0)) made.close();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("the bench's webhook sender", () => {
  it("posts the body with Telegram's headers and reads a Content-Length answer, UTF-8 intact", async () => {
    const hook = await serve((_req, res, body) => {
      const json = JSON.stringify({ method: "answerInlineQuery", echo: JSON.parse(body) });
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
      res.end(json);
    });
    const body = JSON.stringify({ update_id: 1, text: "比特币价格 €" });
    const answer = await sender().post(hook.port, body);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ method: "answerInlineQuery", echo: JSON.parse(body) });
    expect(hook.received).toEqual([
      { method: "POST", url: "/hook", secret: "s3cret", type: "application/json", body },
    ]);
  });

  it("reads a chunked answer, and an empty one, on the same kept-alive socket", async () => {
    const hook = await serve((_req, res, body) => {
      if (body === "{}") {
        res.writeHead(200).end();
        return;
      }
      // Headers sent before the body's length is known: node:http frames it in chunks.
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"method":');
      res.end('"sendMessage"}');
    });
    const post = sender();
    const first = await post.post(hook.port, '{"a":1}');
    const second = await post.post(hook.port, "{}");
    expect(first).toEqual({ status: 200, body: '{"method":"sendMessage"}' });
    expect(second).toEqual({ status: 200, body: "" });
    expect(hook.sockets.size).toBe(1);
  });

  it("tells a refused POST's status", async () => {
    const hook = await serve((_req, res) => res.writeHead(401).end());
    expect((await sender().post(hook.port, "{}")).status).toBe(401);
  });

  it("opens a socket of its own for each POST in flight together", async () => {
    const owed: ServerResponse[] = [];
    const hook = await serve((_req, res) => {
      owed.push(res);
      if (owed.length === 3) for (const res of owed) res.writeHead(200).end();
    });
    const post = sender();
    const answers = await Promise.all([1, 2, 3].map((n) => post.post(hook.port, `{"n":${n}}`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(hook.sockets.size).toBe(3);
  });

  it("drops a kept-alive socket the server closed as idle", async () => {
    const hook = await serve((req, res) => {
      res.writeHead(200).end();
      // As its keep-alive timeout does, a moment after the answer.
      res.once("finish", () => setTimeout(() => req.socket.end(), 10));
    });
    const post = sender();
    await post.post(hook.port, '{"n":1}');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await post.post(hook.port, '{"n":2}')).status).toBe(200);
    expect(hook.received.map((request) => request.body)).toEqual(['{"n":1}', '{"n":2}']);
    expect(hook.sockets.size).toBe(2);
  });

  it("posts once more on a fresh socket when a kept-alive one closes with nothing answered", async () => {
    // Each socket's second request is dropped unanswered, as a server closing an idle socket does.
    const served = new WeakMap<object, number>();
    const hook = await serve((req, res) => {
      const count = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, count);
      if (count === 2) req.socket.destroy();
      else res.writeHead(200).end();
    });
    const post = sender();
    await post.post(hook.port, '{"n":1}');
    expect((await post.post(hook.port, '{"n":2}')).status).toBe(200);
    expect(hook.received.map((request) => request.body)).toEqual(['{"n":1}', '{"n":2}', '{"n":2}']);
    expect(hook.sockets.size).toBe(2);
  });

  it("does not reuse a socket the server said it closes", async () => {
    const hook = await serve((_req, res) => res.writeHead(200, { connection: "close" }).end("{}"));
    const post = sender();
    expect(await post.post(hook.port, "{}")).toEqual({ status: 200, body: "{}" });
    expect(await post.post(hook.port, "{}")).toEqual({ status: 200, body: "{}" });
    expect(hook.sockets.size).toBe(2);
  });

  it("fails a POST whose connection breaks before any answer on a fresh socket", async () => {
    const hook = await serve((req) => req.socket.destroy());
    await expect(sender().post(hook.port, "{}")).rejects.toThrow();
    expect(hook.received).toHaveLength(1);
  });
});
