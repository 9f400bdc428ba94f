/**
 * Telegram's side of a webhook POST, as cheap as it can be made: each update written as bare HTTP/1.1 bytes
 * on keep-alive sockets, and of the answer only the status line, the framing headers and the body read.
 * Telegram's servers pay for their side of a delivery themselves; on a benchmark's machine the sender's CPU
 * is taken from the bot's, and node:http's client costs about as much per request as the bot's server
 * does (bench:storm --http sends thousands a second).
 */
import { connect, type Socket } from "node:net";

/** An answered POST: its status and its body (empty when none). */
export interface SenderAnswer {
  status: number;
  body: string;
}

/** Posts JSON bodies to webhook servers on 127.0.0.1. */
export interface WebhookSender {
  /** POSTs `body` to `port`'s `path`; settles with the answer, or fails when the connection does. */
  post(port: number, body: string): Promise<SenderAnswer>;
  /** Closes every socket (a POST in flight fails). */
  close(): void;
}

/** A socket, reused while the server keeps it open, and its answer being read. */
interface Connection {
  socket: Socket;
  port: number;
  /** The bytes of the answer so far. */
  buffer: Buffer;
  /** The POST in flight on it, if any. */
  waiting?: {
    resolve(answer: SenderAnswer): void;
    reject(error: Error): void;
    /** Whether the socket carried an answer before (a close then may be the server's idle timeout). */
    reused: boolean;
    retry(): void;
  };
  /** When it last finished an answer (epoch ms). */
  idleSince: number;
  /** How many answers it carried. */
  answered: number;
}

/**
 * Node's server closes an idle keep-alive socket after 5 s (keepAliveTimeout): a socket idle for longer
 * than this is not reused, so a POST is seldom written into a socket being closed (one that is gets a
 * fresh socket, once).
 */
const IDLE_REUSE_MS = 4000;

const HEAD_END = Buffer.from("\r\n\r\n");

/**
 * The answer in `buffer`, once whole: its status, body and whether the server closes the socket after it,
 * and how many bytes it took; undefined while more must come. Reads Content-Length and chunked bodies.
 */
function parseAnswer(buffer: Buffer): { answer: SenderAnswer; closing: boolean; size: number } | undefined {
  const headEnd = buffer.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const head = buffer.toString("latin1", 0, headEnd).split("\r\n");
  const status = Number((head[0] ?? "").split(" ")[1]);
  let length: number | undefined;
  let chunked = false;
  let closing = false;
  for (let i = 1; i < head.length; i++) {
    const line = head[i] as string;
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === "content-length") length = Number(value);
    else if (name === "transfer-encoding") chunked = value.includes("chunked");
    else if (name === "connection") closing = value === "close";
  }
  const bodyStart = headEnd + HEAD_END.length;
  if (!chunked) {
    const end = bodyStart + (length ?? 0);
    if (buffer.length < end) return undefined;
    return { answer: { status, body: buffer.toString("utf8", bodyStart, end) }, closing, size: end };
  }
  const parts: Buffer[] = [];
  let at = bodyStart;
  for (;;) {
    const lineEnd = buffer.indexOf("\r\n", at);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(buffer.toString("latin1", at, lineEnd), 16);
    const dataStart = lineEnd + 2;
    if (size === 0) {
      // The last chunk: no trailers here, only the closing line.
      if (buffer.length < dataStart + 2) return undefined;
      return {
        answer: { status, body: Buffer.concat(parts).toString("utf8") },
        closing,
        size: dataStart + 2,
      };
    }
    if (buffer.length < dataStart + size + 2) return undefined;
    parts.push(buffer.subarray(dataStart, dataStart + size));
    at = dataStart + size + 2;
  }
}

/** A sender posting to `path` with Telegram's secret-token header set to `secret`. */
export function createWebhookSender(path: string, secret: string): WebhookSender {
  const idle = new Map<number, Connection[]>();
  const all = new Set<Connection>();
  const head = (port: number, length: number) =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${length}\r\nX-Telegram-Bot-Api-Secret-Token: ${secret}\r\n\r\n`;

  const drop = (connection: Connection) => {
    all.delete(connection);
    const list = idle.get(connection.port);
    const at = list?.indexOf(connection) ?? -1;
    if (at >= 0) list?.splice(at, 1);
    connection.socket.destroy();
  };

  const open = (port: number): Connection => {
    const socket = connect({ host: "127.0.0.1", port, noDelay: true });
    const connection: Connection = {
      socket,
      port,
      buffer: Buffer.alloc(0),
      idleSince: 0,
      answered: 0,
    };
    all.add(connection);
    socket.on("data", (chunk: Buffer) => {
      connection.buffer = connection.buffer.length === 0 ? chunk : Buffer.concat([connection.buffer, chunk]);
      const parsed = parseAnswer(connection.buffer);
      if (parsed === undefined) return;
      const waiting = connection.waiting;
      connection.waiting = undefined;
      connection.buffer = connection.buffer.subarray(parsed.size);
      connection.answered++;
      if (parsed.closing) drop(connection);
      else {
        connection.idleSince = Date.now();
        const list = idle.get(port);
        if (list === undefined) idle.set(port, [connection]);
        else list.push(connection);
      }
      waiting?.resolve(parsed.answer);
    });
    const gone = (error?: Error) => {
      const waiting = connection.waiting;
      connection.waiting = undefined;
      drop(connection);
      if (waiting === undefined) return;
      // Nothing of the answer came on a socket used before: the server closed it as idle, unread.
      if (waiting.reused && connection.buffer.length === 0) waiting.retry();
      else waiting.reject(error ?? new Error("the webhook closed the connection"));
    };
    socket.once("error", gone);
    socket.once("close", () => gone());
    return connection;
  };

  const take = (port: number): Connection => {
    const list = idle.get(port);
    while (list !== undefined && list.length > 0) {
      const connection = list.pop() as Connection;
      if (Date.now() - connection.idleSince < IDLE_REUSE_MS) return connection;
      drop(connection);
    }
    return open(port);
  };

  const post = (port: number, body: string, fresh = false): Promise<SenderAnswer> =>
    new Promise<SenderAnswer>((resolve, reject) => {
      const connection = fresh ? open(port) : take(port);
      connection.waiting = {
        resolve,
        reject,
        reused: connection.answered > 0,
        retry: () => post(port, body, true).then(resolve, reject),
      };
      connection.socket.write(head(port, Buffer.byteLength(body)) + body);
    });

  return {
    post: (port, body) => post(port, body),
    close() {
      for (const connection of [...all]) drop(connection);
    },
  };
}
