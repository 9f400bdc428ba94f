/**
 * Decodes a Bot API request as a fetch function receives it: `${apiRoot}/bot${token}/${method}` with a JSON
 * body, or a multipart body (grammY streams one when a payload holds an InputFile; other clients may pass
 * FormData). Uploaded files come out as UploadedFile objects where the payload referenced them.
 */
import { badRequest } from "./api-error.ts";
import { multipartBoundary, parseMultipart } from "./multipart.ts";
import type { UploadedFile } from "./types.ts";

/** The parts of fetch's init argument the fake reads. */
export interface FetchInit {
  headers?: ConstructorParameters<typeof Headers>[0];
  body?: unknown;
}

// Form fields that are text even when they look like a number, a boolean or JSON.
const TEXT_FIELDS = new Set([
  "text",
  "caption",
  "title",
  "description",
  "short_description",
  "parse_mode",
  "url",
  "secret_token",
  "callback_query_id",
  "inline_message_id",
  "action",
  "language_code",
]);
const OCTET_STREAM = "application/octet-stream";

/** The bot token and method of a Bot API URL, or undefined for a URL of another shape. */
export function parseApiUrl(url: string): { token: string; method: string } | undefined {
  const match = /\/bot([^/]+)\/(?:test\/)?([A-Za-z]+)$/.exec(new URL(url).pathname);
  return match?.[1] === undefined || match[2] === undefined
    ? undefined
    : { token: match[1], method: match[2] };
}

/** Decodes the payload of a request; throws a 400 FakeApiError for a body it cannot read. */
export async function decodePayload(
  input: string | URL | Request,
  init: FetchInit | undefined,
): Promise<Record<string, unknown>> {
  const request = input instanceof Request && init === undefined ? input : undefined;
  const headers = new Headers(request?.headers ?? init?.headers);
  const body = request === undefined ? init?.body : request.body;
  if (body === undefined || body === null) return {};
  if (body instanceof FormData)
    return fromFields([...body.entries()].map(([name, value]) => [name, fromFormValue(value)]));
  if (body instanceof URLSearchParams) return fromFields([...body.entries()]);
  const bytes = await readBytes(await resolveBody(body));
  const boundary = multipartBoundary(headers.get("content-type"));
  if (boundary !== undefined) {
    let parts: ReturnType<typeof parseMultipart>;
    try {
      parts = parseMultipart(bytes, boundary);
    } catch (error) {
      throw badRequest(`can't parse multipart body: ${(error as Error).message}`);
    }
    return fromFields(
      parts.map((part): [string, string | UploadedFile] => [
        part.name,
        part.filename === undefined
          ? Buffer.from(part.body).toString("utf8")
          : uploaded(part.filename, part.contentType, part.body),
      ]),
    );
  }
  const text = Buffer.from(bytes).toString("utf8");
  if (/^application\/x-www-form-urlencoded/i.test(headers.get("content-type") ?? "")) {
    return fromFields([...new URLSearchParams(text).entries()]);
  }
  if (text.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // Reported below like any other body that is not a JSON object.
  }
  throw badRequest("request body is not a JSON object");
}

function uploaded(filename: string, contentType: string | undefined, bytes: Uint8Array): UploadedFile {
  const mimeType = contentType?.split(";")[0]?.trim().toLowerCase();
  return { filename, ...(mimeType === undefined || mimeType === OCTET_STREAM ? {} : { mimeType }), bytes };
}

function fromFormValue(value: NonNullable<ReturnType<FormData["get"]>>): string | Promise<UploadedFile> {
  if (typeof value === "string") return value;
  return value
    .arrayBuffer()
    .then((data: ArrayBuffer) => uploaded(value.name, value.type || undefined, new Uint8Array(data)));
}

/** Builds a payload from form fields: field values coerced, attach:// references replaced by their files. */
async function fromFields(
  fields: [string, string | UploadedFile | Promise<UploadedFile>][],
): Promise<Record<string, unknown>> {
  const files = new Map<string, UploadedFile>();
  const values: [string, unknown][] = [];
  for (const [name, raw] of fields) {
    const value = await raw;
    if (typeof value === "string") values.push([name, coerce(name, value)]);
    else files.set(name, value);
  }
  const payload: Record<string, unknown> = {};
  const used = new Set<string>();
  const attach = (value: unknown): unknown => {
    if (typeof value === "string" && value.startsWith("attach://")) {
      const id = value.slice("attach://".length);
      const file = files.get(id);
      if (file === undefined) return value;
      used.add(id);
      return file;
    }
    if (Array.isArray(value)) return value.map(attach);
    if (typeof value === "object" && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, attach(inner)]));
    }
    return value;
  };
  for (const [name, value] of values) payload[name] = attach(value);
  // Standard clients send a file directly under its field name instead of through attach://.
  for (const [name, file] of files) if (!used.has(name) && !(name in payload)) payload[name] = file;
  return payload;
}

/** Form fields are strings; Telegram reads each as the type its parameter has. */
function coerce(name: string, value: string): unknown {
  if (TEXT_FIELDS.has(name)) return value;
  if (/^-?\d{1,15}$/.test(value)) return Number(value);
  if (value === "true" || value === "false") return value === "true";
  if (value.startsWith("{") || value.startsWith("[")) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

/** Turns the body shapes fetch accepts into something readBytes can drain. */
async function resolveBody(body: unknown): Promise<unknown> {
  if (body instanceof Blob) return new Uint8Array(await body.arrayBuffer());
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  return body;
}

/** Reads a string, bytes, a web ReadableStream or a Node stream / async iterable of chunks. */
async function readBytes(body: unknown): Promise<Uint8Array> {
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof Uint8Array) return body;
  if (typeof body === "object" && body !== null && Symbol.asyncIterator in body) {
    const chunks: Buffer[] = [];
    for await (const chunk of body as AsyncIterable<unknown>) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk as Uint8Array));
    }
    return Buffer.concat(chunks);
  }
  throw badRequest("unsupported request body");
}
