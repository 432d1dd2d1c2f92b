import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { FileStorage, StoredObject } from './file-storage';

/** Files under a folder of DATA_DIR: the embedded default, for one machine. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside and renamed: a reader never sees half a file, a crash leaves only a .part.
    const part = `${path}.${process.pid}.part`;
    await writeFile(part, body);
    await rename(part, path);
  }

  async read(key: string) {
    const path = this.pathOf(key);
    try {
      const { size } = await stat(path);
      return { body: createReadStream(path), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }

  async *list(): AsyncIterable<StoredObject> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      const info = await stat(path).catch(() => null);
      if (info) yield { key: relative(this.root, path).split(sep).join('/'), size: info.size, lastModified: info.mtime };
    }
  }

  /** Keys are made by the server, but a key must still never leave the root. */
  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new RangeError(`storage key outside the root: ${key}`);
    return path;
  }
}
