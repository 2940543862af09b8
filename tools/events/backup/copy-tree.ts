import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Copies every file under `from` into `to` (directories 0700), skipping one that disappears meanwhile
 * (an upload deleted while the backup runs was deleted before the backup finished). Answers the
 * copied files' paths relative to `to`'s parent layout (`prefix/…`).
 */
export function copyTree(from: string, to: string, prefix: string): string[] {
  if (!existsSync(from)) return [];
  const copied: string[] = [];
  const walk = (dir: string): void => {
    mkdirSync(join(to, relative(from, dir)), { recursive: true, mode: 0o700 });
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const source = join(dir, entry.name);
      if (entry.isDirectory()) walk(source);
      else if (entry.isFile()) {
        try {
          copyFileSync(source, join(to, relative(from, source)));
          copied.push(join(prefix, relative(from, source)));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    }
  };
  walk(from);
  return copied;
}
