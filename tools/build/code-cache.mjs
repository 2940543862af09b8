// @ts-check
/**
 * Runs the compiled server's CommonJS bundle with V8's code cache: the first start of a build
 * compiles the 4.6 MB bundle as `require` would and, a few seconds later (once start-up has compiled
 * the functions it runs) or at exit if sooner, writes what V8 compiled beside it; later starts hand that back to V8 and
 * skip most of the parsing and compiling (issue 31, item 7). Node 22 does the same with
 * `module.enableCompileCache()`; Node 20, which we support, has only the `vm` primitives.
 *
 * V8 checks a cache against its own version and flags and the source's length, not its content: the
 * cache file is named after the bundle's size and modification time, so a rebuilt bundle never meets
 * the cache of another build (a build also removes files it did not write, see server-build.mjs). A
 * cache V8 rejects (another Node, other flags) is compiled normally and written again.
 */
import { isAscii } from 'node:buffer';
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { basename, dirname, join } from 'node:path';
import vm from 'node:vm';

/** How long after loading the bundle its cache is written: start-up has compiled what it runs by then. */
const WRITE_AFTER_MS = 5000;

/**
 * The cache file of this exact bundle.
 * @param {string} file
 */
export function codeCacheFile(file) {
  const stat = statSync(file);
  return join(dirname(file), `.${basename(file)}.${stat.size}-${Math.round(stat.mtimeMs)}.v8cache`);
}

/**
 * Loads `file` (a CommonJS module) as `require(file)` would, with the code cache when there is one.
 * Falls back to a plain require when Node lacks what it needs.
 * @param {string} file absolute path
 */
export function requireWithCodeCache(file) {
  return loadWithCodeCache(file).exports;
}

/**
 * What requireWithCodeCache does, saying what became of the cache: `used`, `rejected` (compiled, and
 * written again), `none` (compiled, and written) or `unsupported` (a plain require).
 * @param {string} file absolute path
 * @param {number} [writeAfterMs]
 * @returns {{ exports: unknown, cache: 'used' | 'rejected' | 'none' | 'unsupported' }}
 */
export function loadWithCodeCache(file, writeAfterMs = WRITE_AFTER_MS) {
  const dynamicImports = vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  if (dynamicImports === undefined) return { exports: createRequire(import.meta.url)(file), cache: 'unsupported' };
  const cacheFile = codeCacheFile(file);
  /** @type {Buffer | undefined} */
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The same wrapper Node gives a CommonJS module, so the code runs exactly as required.
  const script = new vm.Script(Module.wrap(sourceOf(file)), { filename: file, cachedData, importModuleDynamically: dynamicImports });
  const cache = cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used';
  if (cache !== 'used') {
    // Once start-up has run (or at exit, for a process stopped sooner), whichever comes first.
    const write = () => {
      clearTimeout(timer);
      process.off('exit', write);
      writeCache(script, cacheFile);
    };
    const timer = setTimeout(write, writeAfterMs).unref();
    process.once('exit', write);
  }
  const module = new Module(file);
  module.filename = file;
  // Modules the bundle leaves out are required by their path from it (server-build.mjs EXTERNAL).
  script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  module.loaded = true;
  return { exports: module.exports, cache };
}

/**
 * The bundle's text: decoded as Latin-1 when it is ASCII (the build writes it so: server-build.mjs
 * `asciiOnly`), a one-byte string made without decoding; as UTF-8 otherwise.
 * @param {string} file
 */
function sourceOf(file) {
  const bytes = readFileSync(file);
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

/**
 * Written under a temporary name and renamed: a server starting meanwhile reads a whole cache or none.
 * @param {vm.Script} script
 * @param {string} cacheFile
 */
function writeCache(script, cacheFile) {
  try {
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, cacheFile);
  } catch {
    // A read-only install: every start compiles, as without the cache.
  }
}
