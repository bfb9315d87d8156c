import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './file-storage';

/** Files in one folder on the local disk (DATA_DIR/uploads), readable by this user only. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  async write(name: string, data: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(this.#path(name), data, { flag: 'wx', mode: 0o600 });
  }

  read(name: string): Promise<Buffer> {
    return fs.readFile(this.#path(name));
  }

  async remove(names: readonly string[]): Promise<void> {
    await Promise.allSettled(names.map((name) => fs.rm(this.#path(name), { force: true })));
  }

  list(): Promise<string[]> {
    return fs.readdir(this.dir).catch(() => [] as string[]);
  }

  async modifiedAt(name: string): Promise<number | null> {
    const stat = await fs.stat(this.#path(name)).catch(() => null);
    return stat?.isFile() ? stat.mtimeMs : null;
  }

  #path(name: string): string {
    return path.join(this.dir, path.basename(name));
  }
}
