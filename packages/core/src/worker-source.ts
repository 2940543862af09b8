import { distPath, isCompiledServer } from './compiled-server.js';

/** The repository's root (this file is packages/core/src/worker-source.ts, in the sources as in the build). */
const ROOT = new URL('../../../', import.meta.url);

/**
 * The code of a worker thread that runs the module at `moduleUrl` (a `.ts` file near its starter).
 * Start it with `new Worker(workerSource(…), { eval: true })`, the argument written on that line as
 * `new URL('./the-module.ts', import.meta.url)`: the build finds the modules named this way and
 * compiles each to dist/ at the same path, where the compiled server starts its workers from. Run
 * from the sources, the worker loads tsx's loader first, as the rest of the server runs (a worker does
 * not inherit the loader of the thread that starts it).
 */
export function workerSource(moduleUrl: URL): string {
  if (isCompiledServer) return `require(${JSON.stringify(distPath(moduleUrl.href.slice(ROOT.href.length).replace(/\.ts$/, '.cjs')))});`;
  return `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(moduleUrl.href)}); });`;
}
