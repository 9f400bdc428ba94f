/** Files the bot sends: uploads and URLs get file ids, and known file ids can be sent again. */
import { extname } from "node:path";
import { badRequest } from "./api-error.ts";
import type { FakeFile, UploadedFile } from "./types.ts";

const MIME_TYPES: Readonly<Record<string, string>> = {
  ".pdf": "application/pdf",
  ".csv": "text/csv",
  ".txt": "text/plain",
  ".json": "application/json",
  ".html": "text/html",
  ".xml": "application/xml",
  ".zip": "application/zip",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
};
// Telegram's upload limit for bots.
const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** Which kind of file a method sends; it decides the file id prefix like Telegram's. */
export type FileKind = "document" | "photo";

/** The files the bot has sent. */
export class FileStore {
  private readonly files = new Map<string, FakeFile>();

  /**
   * The file a document/photo parameter names: an upload, a file_id sent before, or an HTTP URL. Throws the
   * 400 Telegram gives for a missing, empty or unknown file.
   */
  accept(value: unknown, kind: FileKind): FakeFile {
    if (value === undefined || value === null || value === "")
      throw badRequest(`there is no ${kind} in the request`);
    if (typeof value === "string") {
      const known = this.files.get(value);
      if (known !== undefined) return known;
      if (/^https?:\/\//.test(value)) {
        const filename = decodeURIComponent(new URL(value).pathname.split("/").at(-1) ?? "") || kind;
        return this.store(kind, { filename, bytes: new Uint8Array(0) }, value);
      }
      throw badRequest("wrong file identifier/HTTP URL specified");
    }
    const upload = value as UploadedFile;
    if (!(upload.bytes instanceof Uint8Array)) throw badRequest(`there is no ${kind} in the request`);
    if (upload.bytes.byteLength === 0) throw badRequest("file must be non-empty");
    if (upload.bytes.byteLength > MAX_UPLOAD_BYTES) throw badRequest("file is too big");
    return this.store(kind, upload);
  }

  private store(kind: FileKind, upload: UploadedFile, url?: string): FakeFile {
    const n = this.files.size + 1;
    const file: FakeFile = {
      fileId: `${kind === "photo" ? "AgAC" : "BQAC"}AgIAAxkBAAFake${n}`,
      fileUniqueId: `AQADFake${n}`,
      filename: upload.filename,
      mimeType:
        upload.mimeType ?? MIME_TYPES[extname(upload.filename).toLowerCase()] ?? "application/octet-stream",
      bytes: upload.bytes,
      size: upload.bytes.byteLength,
      ...(url === undefined ? {} : { url }),
    };
    this.files.set(file.fileId, file);
    return file;
  }
}
