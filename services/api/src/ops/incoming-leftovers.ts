import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * How long an entry of DATA_DIR/incoming must have been left untouched to count as a leftover: far
 * beyond a request's longest life (CHAT_REQUEST_TIMEOUT_MS, 2 minutes by default), and an export being
 * written touches its file with every line.
 */
export const INCOMING_LEFTOVER_AGE_MS = 60 * 60_000;

/** The newest modification time of an entry (a request's upload directory counts its files). */
async function lastTouched(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const name of await readdir(path)) newest = Math.max(newest, (await stat(join(path, name)).catch(() => info)).mtimeMs);
  return newest;
}

/**
 * Removes what interrupted writes left in DATA_DIR/incoming (an export's `.partial` copy of the log, an
 * upload's bytes, a space probe): every entry untouched for `olderThanMs` (0: all of them, at a start
 * that holds the data directory alone). Answers the names removed. Wall-clock time: file times are.
 */
export async function removeIncomingLeftovers(dataDir: string, olderThanMs: number, now = Date.now()): Promise<string[]> {
  const dir = join(dataDir, 'incoming');
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const touched = await lastTouched(path).catch(() => null);
    if (touched === null || now - touched < olderThanMs) continue;
    await rm(path, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
