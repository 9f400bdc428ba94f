/** Saves the documents and photos the bot sends, so the person can open them. */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { basename, extname, join, relative } from "node:path";
import type { FakeFile } from "../telegram-fake/index.ts";

/**
 * Writes `file` into `dir` (created if needed) under its own name, adding `-2`, `-3`... rather than
 * overwriting an earlier file. Returns the path written. Synchronous so outputs print in order.
 */
export function saveFile(dir: string, file: FakeFile): string {
  mkdirSync(dir, { recursive: true });
  // The name comes from the bot: keep only its last segment so it cannot point outside `dir`.
  const last = basename(file.filename.replaceAll("\\", "/"));
  const name = last === "" || last === "." || last === ".." ? "file" : last;
  const stem = name.slice(0, name.length - extname(name).length);
  let path = join(dir, name);
  for (let n = 2; existsSync(path); n += 1) path = join(dir, `${stem}-${n}${extname(name)}`);
  writeFileSync(path, file.bytes);
  return path;
}

/** A path as short as it can be shown: relative under the working directory, else absolute. */
export function displayPath(path: string): string {
  const short = relative(process.cwd(), path);
  return short === "" ? "." : short.startsWith("..") ? path : short;
}
