import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { isRealmEmojiStoragePath, isUploadPathId } from '@chat/core';
import type { UploadStorage } from './upload-storage.js';

/** Files under a root directory (DATA_DIR/uploads by default), at their path id. */
export class LocalDiskUploadStorage implements UploadStorage {
  constructor(private readonly root: string) {}

  async put(pathId: string, receivedFile: string): Promise<void> {
    const file = this.fileOf(pathId);
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await chmod(receivedFile, 0o600);
    // Renamed whole (copied aside first when on another file system), so a reader never sees half a file.
    await rename(receivedFile, file).catch(async (error: unknown) => {
      if (!(error instanceof Error && 'code' in error && error.code === 'EXDEV')) throw error;
      const partial = `${file}.partial`;
      await copyFile(receivedFile, partial);
      await rename(partial, file);
    });
  }

  async get(pathId: string): Promise<Readable | null> {
    const file = this.fileOf(pathId);
    const found = await stat(file).catch(() => null);
    return found?.isFile() ? createReadStream(file) : null;
  }

  async delete(pathId: string): Promise<void> {
    const file = this.fileOf(pathId);
    await rm(file, { force: true });
    // The random directory held only this file.
    await rmdir(dirname(file)).catch(() => undefined);
  }

  private fileOf(pathId: string): string {
    if (!isUploadPathId(pathId) && !isRealmEmojiStoragePath(pathId)) throw new Error(`not an upload path id: ${pathId}`);
    return join(this.root, pathId);
  }
}
