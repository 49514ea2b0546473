/**
 * Reads Windows icon files (`/favicon.ico`), which sharp (libvips) does not: the header, the
 * directory, and the chosen image — either a PNG stored as is, or a DIB (bitmap without its file
 * header) of 1, 4, 8, 24 or 32 bits per pixel with its AND transparency mask. Every offset is
 * checked against the buffer: a hostile file is refused (null), never read out of bounds.
 */

export type IcoImage = { kind: 'png'; data: Buffer } | { kind: 'rgba'; data: Buffer; width: number; height: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_SIDE = 256;

/** True when the bytes start like an icon file (type 1, 1 to 64 images). */
export function looksLikeIco(buf: Buffer): boolean {
  if (buf.length < 22 || buf.readUInt16LE(0) !== 0 || buf.readUInt16LE(2) !== 1) return false;
  const count = buf.readUInt16LE(4);
  return count >= 1 && count <= 64;
}

/** The largest image of an icon file (the sharpest to scale down), or null when it cannot be read. */
export function decodeIco(buf: Buffer): IcoImage | null {
  if (!looksLikeIco(buf)) return null;
  const count = buf.readUInt16LE(4);
  if (buf.length < 6 + count * 16) return null;
  let best: { side: number; bpp: number; size: number; offset: number } | null = null;
  for (let i = 0; i < count; i++) {
    const e = 6 + i * 16;
    const side = buf[e] || 256;
    const bpp = buf.readUInt16LE(e + 6);
    const size = buf.readUInt32LE(e + 8);
    const offset = buf.readUInt32LE(e + 12);
    if (size === 0 || offset + size > buf.length) continue;
    if (!best || side > best.side || (side === best.side && bpp > best.bpp)) best = { side, bpp, size, offset };
  }
  if (!best) return null;
  const data = buf.subarray(best.offset, best.offset + best.size);
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return { kind: 'png', data };
  return decodeDib(data);
}

function decodeDib(d: Buffer): IcoImage | null {
  if (d.length < 40) return null;
  const headerSize = d.readUInt32LE(0);
  const width = d.readInt32LE(4);
  const height = Math.abs(d.readInt32LE(8)) / 2; // the XOR image and the AND mask, stacked
  const bpp = d.readUInt16LE(14);
  const compression = d.readUInt32LE(16);
  if (headerSize < 40 || headerSize > d.length || compression !== 0) return null;
  if (!Number.isInteger(height) || width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return null;
  if (![1, 4, 8, 24, 32].includes(bpp)) return null;

  let palette: Buffer | null = null;
  let pixels = headerSize;
  if (bpp <= 8) {
    const colours = d.readUInt32LE(32) || 1 << bpp;
    if (colours > 256) return null;
    palette = d.subarray(headerSize, headerSize + colours * 4);
    if (palette.length < colours * 4) return null;
    pixels += colours * 4;
  }
  const xorStride = Math.floor((width * bpp + 31) / 32) * 4;
  const andStride = Math.floor((width + 31) / 32) * 4;
  const maskStart = pixels + xorStride * height;
  if (maskStart > d.length) return null;
  const hasMask = maskStart + andStride * height <= d.length;

  const out = Buffer.alloc(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = pixels + (height - 1 - y) * xorStride; // bottom-up
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      let b: number,
        g: number,
        r: number,
        a = 255;
      if (bpp === 32 || bpp === 24) {
        const p = row + x * (bpp / 8);
        [b, g, r] = [d[p], d[p + 1], d[p + 2]];
        if (bpp === 32) {
          a = d[p + 3];
          if (a) anyAlpha = true;
        }
      } else {
        const bit = x * bpp;
        const byte = d[row + (bit >> 3)];
        const index = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        const c = index * 4;
        if (c + 2 >= palette!.length) return null;
        [b, g, r] = [palette![c], palette![c + 1], palette![c + 2]];
      }
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = a;
    }
  }
  // The AND mask (1 = transparent) applies unless 32-bit pixels carry their own alpha.
  if (hasMask && !(bpp === 32 && anyAlpha)) {
    for (let y = 0; y < height; y++) {
      const row = maskStart + (height - 1 - y) * andStride;
      for (let x = 0; x < width; x++) {
        if ((d[row + (x >> 3)] >> (7 - (x & 7))) & 1) out[(y * width + x) * 4 + 3] = 0;
      }
    }
  }
  return { kind: 'rgba', data: out, width, height };
}
