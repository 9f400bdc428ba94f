/**
 * An HTTP proxy in front of the sandbox exchange that accepts stand-in API keys: a request with
 * `Authorization: Bearer <alias>` goes on with the sandbox key the alias stands for. Tests use it to
 * connect keys of any format (the sandbox only issues `sbx_…` keys), e.g. a canary that only the
 * user's key fingerprint, not a known key format, can recognise.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cleanUpAfterUse } from "./clean-up.ts";

/** A running proxy. */
export interface KeyProxy {
  url: string;
  /** Where requests go, e.g. the test exchange's URL. */
  target: string;
  /** Stand-in key -> sandbox key. */
  readonly aliases: Map<string, string>;
  /** Every write passed on (method, path with query, body as sent), so tests can read the wire. */
  readonly writes: { method: string; path: string; body: string }[];
}

/**
 * Starts the proxy (closed after the test file, or after the test that starts it); set `target` before
 * the first request.
 */
export async function startKeyProxy(): Promise<KeyProxy> {
  const proxy: KeyProxy = { url: "", target: "", aliases: new Map(), writes: [] };
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string" && !["host", "connection", "content-length"].includes(name))
        headers[name] = value;
    }
    const method = request.method ?? "GET";
    if (!["GET", "HEAD", "OPTIONS"].includes(method))
      proxy.writes.push({ method, path: request.url ?? "/", body: Buffer.concat(chunks).toString("utf8") });
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1];
    const real = bearer === undefined ? undefined : proxy.aliases.get(bearer);
    if (real !== undefined) headers.authorization = `Bearer ${real}`;
    try {
      const answer = await fetch(`${proxy.target}${request.url ?? "/"}`, {
        method: request.method ?? "GET",
        headers,
        ...(chunks.length === 0 ? {} : { body: Buffer.concat(chunks) }),
      });
      const passed: Record<string, string> = {};
      for (const name of ["content-type", "retry-after"]) {
        const value = answer.headers.get(name);
        if (value !== null) passed[name] = value;
      }
      response.writeHead(answer.status, passed).end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      response.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cleanUpAfterUse(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return proxy;
}
