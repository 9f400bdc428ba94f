/**
 * A strict PNG reader for tests: checks the signature, every chunk's CRC, IHDR, and that the inflated IDAT
 * data has exactly the size the header promises; then undoes the row filters so pixels can be read.
 * Supports what the bot renders: 8-bit RGB and RGBA, not interlaced.
 */
import { crc32, inflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A decoded image. */
export interface DecodedPng {
  width: number;
  height: number;
  /** Bytes per pixel: 3 (RGB) or 4 (RGBA). */
  channels: number;
  /** Length of the inflated IDAT stream (height × (1 + width × channels) for a valid image). */
  inflatedLength: number;
  /** The pixel at (x, y) as [r, g, b, a] (a = 255 for RGB). */
  pixel(x: number, y: number): [number, number, number, number];
}

/** Decodes `bytes`; throws with the reason on anything that is not an intact PNG of a supported kind. */
export function decodePng(bytes: Uint8Array): DecodedPng {
  const buffer = Buffer.from(bytes);
  if (!buffer.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG signature");
  let offset = 8;
  let header:
    | { width: number; height: number; depth: number; colorType: number; interlace: number }
    | undefined;
  const data: Buffer[] = [];
  let ended = false;
  while (offset < buffer.length) {
    if (offset + 12 > buffer.length) throw new Error(`truncated chunk at ${offset}`);
    const length = buffer.readUInt32BE(offset);
    const type = buffer.subarray(offset + 4, offset + 8).toString("latin1");
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    if (body.length !== length) throw new Error(`truncated ${type} chunk`);
    const crc = buffer.readUInt32BE(offset + 8 + length);
    if (crc32(buffer.subarray(offset + 4, offset + 8 + length)) !== crc)
      throw new Error(`bad CRC in ${type}`);
    if (type === "IHDR") {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8] ?? 0,
        colorType: body[9] ?? 0,
        interlace: body[12] ?? 0,
      };
    } else if (type === "IDAT") data.push(body);
    else if (type === "IEND") {
      ended = true;
      offset += 12 + length;
      break;
    }
    offset += 12 + length;
  }
  if (header === undefined) throw new Error("no IHDR");
  if (!ended || offset !== buffer.length) throw new Error("no IEND at the end");
  if (header.depth !== 8 || (header.colorType !== 2 && header.colorType !== 6) || header.interlace !== 0) {
    throw new Error(`unsupported PNG: depth ${header.depth}, colour type ${header.colorType}`);
  }
  const { width, height } = header;
  const channels = header.colorType === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  if (raw.length !== height * (1 + stride)) {
    throw new Error(`IDAT inflates to ${raw.length} bytes, expected ${height * (1 + stride)}`);
  }
  const pixels = unfilter(raw, width, height, channels);
  return {
    width,
    height,
    channels,
    inflatedLength: raw.length,
    pixel(x, y) {
      const at = y * stride + x * channels;
      return [
        pixels[at] ?? 0,
        pixels[at + 1] ?? 0,
        pixels[at + 2] ?? 0,
        channels === 4 ? (pixels[at + 3] ?? 0) : 255,
      ];
    },
  };
}

function unfilter(raw: Buffer, width: number, height: number, channels: number): Uint8Array {
  const stride = width * channels;
  const out = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = y * stride;
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? (out[row + i - channels] ?? 0) : 0;
      const up = y > 0 ? (out[row - stride + i] ?? 0) : 0;
      const upLeft = y > 0 && i >= channels ? (out[row - stride + i - channels] ?? 0) : 0;
      const value = line[i] ?? 0;
      let predicted: number;
      if (filter === 0) predicted = 0;
      else if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) predicted = paeth(left, up, upLeft);
      else throw new Error(`bad filter type ${filter} on row ${y}`);
      out[row + i] = (value + predicted) & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}
