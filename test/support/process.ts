/**
 * Helpers for tests of the real process: the fake Telegram served over HTTP (so another process can use
 * it as its Bot API root) and free ports.
 */
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer } from "node:net";
import type { FakeTelegram } from "../../src/telegram-fake/index.ts";

/** Serves the fake's fetch over HTTP, so another process can use it as its Bot API root. */
export async function serveFake(fake: FakeTelegram): Promise<{ server: Server; url: string }> {
  const server = createHttpServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(name, value);
    try {
      const answer = await fake.fetch(`http://fake${req.url}`, {
        method: req.method ?? "POST",
        headers,
        body: Buffer.concat(chunks),
        signal: controller.signal,
      });
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(await answer.text());
    } catch (error) {
      // A long poll whose client went away (the bot stopping) is aborted: nobody is left to answer.
      if (!controller.signal.aborted) throw error;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return { server, url: `http://127.0.0.1:${address.port}` };
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address !== null
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}
