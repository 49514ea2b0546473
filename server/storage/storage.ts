import fs from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded bytes live. The default keeps them under DATA_DIR/uploads; a scaled-out
 * install points DATA_DIR at a shared volume, or adds an object-storage implementation of
 * this interface.
 */
export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** Writes a stream under `key` as it comes, never holding it whole (a million-row export). */
  putStream(key: string, body: Readable): Promise<void>;
  get(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

export class DiskStorage implements Storage {
  constructor(private root: string) {}

  private resolve(key: string): string {
    if (!/^[a-z0-9/_.-]+$/i.test(key) || key.includes('..')) throw new Error(`invalid storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file); // readers never see a half-written file
  }

  async putStream(key: string, body: Readable): Promise<void> {
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      await pipeline(body, createWriteStream(tmp));
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
    await fs.rename(tmp, file); // readers never see a half-written file
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.resolve(key);
    try {
      await fs.access(file);
    } catch {
      return null;
    }
    return createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }
}
