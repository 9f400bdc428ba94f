/**
 * HTTP plumbing: the error type handlers throw, the response a handler returns, and reading, parsing and
 * writing bodies. Error bodies follow the wire contract ({"detail"}, field maps, {"message"}).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** A JSON object body, as parsed from JSON or a form. */
export type Body = Record<string, unknown>;

/** What a handler answers: JSON, a binary document, or nothing. */
export interface ApiResponse {
  status: number;
  json?: unknown;
  binary?: { contentType: string; data: Buffer; filename: string };
  /** A body sent as is under a JSON content type (only injected faults use it: JSON that does not parse). */
  rawJson?: string;
  headers?: Record<string, string>;
}

/** An error answer; thrown by handlers and turned into a response by the server. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    super(`HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** 404 {"detail": "Not found."}: missing, or another account's record. */
export function notFound(detail = "Not found."): ApiError {
  return new ApiError(404, { detail });
}

/** 400 with a field map: {"field": ["message"]}. */
export function fieldError(field: string, message: string): ApiError {
  return new ApiError(400, { [field]: [message] });
}

/** A JSON answer. */
export function json(status: number, body: unknown): ApiResponse {
  return { status, json: body };
}

/** An answer with no body (204, or the withdrawal authorize's bare 200). */
export function empty(status: number): ApiResponse {
  return { status };
}

const MAX_BODY_BYTES = 1024 * 1024;

/** Reads the whole request body (at most 1 MiB, else 413). */
export async function readRawBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    // Keep draining so the connection stays usable, but stop storing.
    if (size > MAX_BODY_BYTES) tooLarge = true;
    else chunks.push(buf);
  }
  if (tooLarge) throw new ApiError(413, { detail: "Request body too large." });
  return Buffer.concat(chunks);
}

/**
 * Parses a request body: JSON always; urlencoded and multipart forms only where `allowForm`. An empty body
 * is an empty object. Malformed JSON or a non-object: 400 non_field_errors; other media types: 415.
 */
export async function parseBody(
  raw: Buffer,
  contentType: string | undefined,
  allowForm: boolean,
): Promise<Body> {
  if (raw.length === 0) return {};
  const type = (contentType ?? "application/json").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json" || type === "" || type.endsWith("+json")) return parseJson(raw);
  const isForm = type === "application/x-www-form-urlencoded" || type === "multipart/form-data";
  if (!isForm || !allowForm) {
    throw new ApiError(415, { detail: `Unsupported media type "${type}" in request.` });
  }
  try {
    // The Fetch API's Response parses both form encodings.
    const form = await new Response(new Uint8Array(raw), {
      headers: { "content-type": contentType ?? "" },
    }).formData();
    const body: Body = {};
    for (const [key, value] of form) if (typeof value === "string") body[key] = value;
    return body;
  } catch {
    throw new ApiError(400, { non_field_errors: ["Malformed form data."] });
  }
}

function parseJson(raw: Buffer): Body {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString("utf8"));
  } catch (e) {
    throw new ApiError(400, { non_field_errors: [`JSON parse error - ${(e as Error).message}`] });
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    const got = Array.isArray(parsed) ? "list" : parsed === null ? "null" : typeof parsed;
    throw new ApiError(400, { non_field_errors: [`Invalid data. Expected a dictionary, but got ${got}.`] });
  }
  return parsed as Body;
}

/** Writes an answer; HEAD requests get the headers only. */
export function writeResponse(res: ServerResponse, response: ApiResponse, headOnly: boolean): void {
  const headers: Record<string, string | number> = { ...response.headers };
  let payload: Buffer | undefined;
  if (response.binary) {
    payload = response.binary.data;
    headers["content-type"] = response.binary.contentType;
    headers["content-disposition"] = `attachment; filename="${response.binary.filename}"`;
  } else if (response.rawJson !== undefined) {
    payload = Buffer.from(response.rawJson, "utf8");
    headers["content-type"] = "application/json";
  } else if (response.json !== undefined) {
    payload = Buffer.from(JSON.stringify(response.json), "utf8");
    headers["content-type"] = "application/json";
  }
  // 204 and 304 never carry a body, whatever the handler (or an injected fault) gave.
  if (response.status === 204 || response.status === 304) payload = undefined;
  else headers["content-length"] = payload?.length ?? 0;
  res.writeHead(response.status, headers);
  res.end(headOnly ? undefined : payload);
}

/** The peer address a public rate limit is keyed on. */
export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? "unknown";
}
