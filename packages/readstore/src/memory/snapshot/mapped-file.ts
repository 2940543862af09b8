import { closeSync, existsSync, fstatSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The part of @riaskov/mmap-io's binding used here. */
interface MmapBinding {
  map(size: number, protection: number, flags: number, fd: number, offset?: number): Buffer;
  readonly PROT_READ: number;
  readonly PROT_WRITE: number;
  readonly MAP_PRIVATE: number;
}

const require = createRequire(import.meta.url);
let binding: MmapBinding | null | undefined;

/**
 * The native binding, or null where it is not built (another platform, an install without scripts).
 * Its compiled file is required by the path node-pre-gyp gives it: the package's own entry loads
 * node-pre-gyp at run time to find that path (about 0.1 s of every start).
 */
function mmapBinding(): MmapBinding | null {
  if (binding !== undefined) return binding;
  binding = null;
  try {
    const root = dirname(require.resolve('@riaskov/mmap-io/package.json'));
    const built = join(root, 'build/binding/Release', `node-v${process.versions.modules}-${process.platform}-${process.arch}`, 'mmap_io.node');
    binding = (existsSync(built) ? require(built) : require('@riaskov/mmap-io')) as MmapBinding;
  } catch {
    binding = null;
  }
  return binding;
}

/** Whether files can be mapped here (`mapFile` answers null otherwise). */
export const canMapFiles = (): boolean => mmapBinding() !== null;

/**
 * The whole of `path` mapped into memory, private to this process: nothing is read until a page is
 * first touched, and then from the page cache without copying; a write to a page copies that page
 * for this process alone and never reaches the file. Null when mapping is not available or refused. The mapping
 * lasts while any view of the buffer does. The file must not be cut or rewritten in place while
 * mapped (the snapshot writer only ever renames a new file over it).
 */
export function mapFile(path: string): Buffer | null {
  const mmap = mmapBinding();
  if (!mmap) return null;
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return Buffer.alloc(0);
    return mmap.map(size, mmap.PROT_READ | mmap.PROT_WRITE, mmap.MAP_PRIVATE, fd, 0);
  } catch {
    // Refused (no address space left, a file system that cannot map): the caller reads the file.
    return null;
  } finally {
    closeSync(fd);
  }
}
