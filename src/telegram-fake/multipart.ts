/**
 * A small multipart/form-data reader. It accepts grammY's dialect (`content-disposition:form-data;name="x"`,
 * unquoted filenames) as well as the standard one.
 */

/** One part of a multipart body. */
export interface MultipartPart {
  name: string;
  /** Present for file parts. */
  filename?: string;
  contentType?: string;
  body: Uint8Array;
}

const HEADER_END = Buffer.from("\r\n\r\n");

/** The boundary of a multipart/form-data content type, if it is one. */
export function multipartBoundary(contentType: string | null): string | undefined {
  if (contentType === null || !/^multipart\/form-data/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** Splits a multipart body into its parts; throws on a body that does not follow the format. */
export function parseMultipart(body: Uint8Array, boundary: string): MultipartPart[] {
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  let position = buffer.indexOf(delimiter);
  if (position < 0) throw new Error("multipart body without its boundary");
  position += delimiter.length;
  const parts: MultipartPart[] = [];
  // After each delimiter comes either "--" (the end) or CRLF and a part.
  while (buffer.subarray(position, position + 2).toString("latin1") !== "--") {
    position += 2;
    const end = buffer.indexOf(nextDelimiter, position);
    if (end < 0) throw new Error("multipart body is not terminated");
    parts.push(parsePart(buffer.subarray(position, end)));
    position = end + nextDelimiter.length;
  }
  return parts;
}

function parsePart(raw: Buffer): MultipartPart {
  const headerEnd = raw.indexOf(HEADER_END);
  if (headerEnd < 0) throw new Error("multipart part without headers");
  const headers = new Map<string, string>();
  for (const line of raw.subarray(0, headerEnd).toString("utf8").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get("content-disposition") ?? "";
  const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) throw new Error("multipart part without a name");
  const file = /;\s*filename=(?:"([^"]*)"|([^;]*))/i.exec(disposition);
  const filename = file?.[1] ?? file?.[2]?.trim();
  const contentType = headers.get("content-type");
  return {
    name,
    ...(filename === undefined ? {} : { filename }),
    ...(contentType === undefined ? {} : { contentType }),
    // Copy so the part does not keep the whole request body alive.
    body: new Uint8Array(raw.subarray(headerEnd + HEADER_END.length)),
  };
}
