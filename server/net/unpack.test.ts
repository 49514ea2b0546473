import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractTar, privateCacheDir, unpackOnce } from './unpack.js';

/** The private cache folder the packaged Chromium and the fonts are unpacked to (unpack.ts), on a temporary root. */
let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-unpack-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** One ustar entry (header + padded body). */
function tarEntry(name: string, body = '', type = '0'): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100);
  header.write('0000644\0', 100);
  header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write(type, 156);
  header.write('ustar\0', 257);
  const padded = Buffer.alloc(Math.ceil(body.length / 512) * 512);
  padded.write(body);
  return Buffer.concat([header, padded]);
}

describe('privateCacheDir', () => {
  it('creates a folder only this user can enter, and reuses it', async () => {
    const dir = await privateCacheDir(root);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(await privateCacheDir(root)).toBe(dir);
  });

  it('refuses a folder others can write to (someone could plant a binary there)', async () => {
    const dir = await privateCacheDir(root);
    fs.chmodSync(dir, 0o777);
    await expect(privateCacheDir(root)).rejects.toThrow(/not a private folder/);
  });

  it('refuses a symbolic link in its place', async () => {
    const elsewhere = fs.mkdtempSync(path.join(root, 'elsewhere-'));
    fs.chmodSync(elsewhere, 0o700);
    fs.symlinkSync(elsewhere, path.join(root, `coverwatch-browser-${process.getuid?.() ?? os.userInfo().username}`));
    await expect(privateCacheDir(root)).rejects.toThrow(/not a private folder/);
  });
});

describe('unpackOnce', () => {
  it('fills a folder once, whole, even when two callers race; a later version replaces the older', async () => {
    const dir = await privateCacheDir(root);
    let fills = 0;
    const fill = async (target: string) => {
      fills++;
      fs.writeFileSync(path.join(target, 'a'), 'first half');
      await new Promise((r) => setTimeout(r, 20));
      fs.writeFileSync(path.join(target, 'b'), 'second half');
    };
    const [one, two] = await Promise.all([unpackOnce(dir, 'thing@1', fill), unpackOnce(dir, 'thing@1', fill)]);
    expect(one).toBe(two);
    expect(fs.readdirSync(one).sort()).toEqual(['a', 'b']);
    expect(await unpackOnce(dir, 'thing@1', fill)).toBe(one);
    expect(fills).toBe(2); // both raced; the second copy was dropped
    await unpackOnce(dir, 'thing@2', fill);
    expect(fs.readdirSync(dir)).toEqual(['thing@2']);
  });

  it('leaves nothing behind when filling fails', async () => {
    const dir = await privateCacheDir(root);
    await expect(
      unpackOnce(dir, 'broken@1', async (target) => {
        fs.writeFileSync(path.join(target, 'part'), 'x');
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('extractTar', () => {
  it('writes the files and folders of the packaged Chromium’s font archive', async () => {
    const bin = path.join(path.dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '..', 'bin');
    const written = await extractTar(zlib.brotliDecompressSync(fs.readFileSync(path.join(bin, 'fonts.tar.br'))), root);
    expect(written).toContain('fonts/Open_Sans/OpenSans-Regular.ttf');
    const font = fs.readFileSync(path.join(root, 'fonts/Open_Sans/OpenSans-Regular.ttf'));
    expect(font.readUInt32BE(0)).toBe(0x00010000); // a TrueType font, whole
  });

  it('refuses names that leave the target folder', async () => {
    for (const name of ['../evil.so', '/etc/evil.so', 'fonts/../../evil.so']) {
      const archive = Buffer.concat([tarEntry(name, 'x'), Buffer.alloc(1024)]);
      await expect(extractTar(archive, path.join(root, 'target')), name).rejects.toThrow(/unsafe path/);
    }
    expect(fs.existsSync(path.join(root, 'evil.so'))).toBe(false);
  });

  it('reads long names from the ustar prefix and skips links', async () => {
    const long = Buffer.concat([tarEntry('file.txt', 'hello'), tarEntry('link', '', '2')]);
    long.write('deep/folder', 345);
    const written = await extractTar(Buffer.concat([long, Buffer.alloc(1024)]), root);
    expect(written).toEqual(['deep/folder/file.txt']);
    expect(fs.readFileSync(path.join(root, 'deep/folder/file.txt'), 'utf8')).toBe('hello');
  });
});
