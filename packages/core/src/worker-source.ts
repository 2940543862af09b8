import { fileURLToPath } from 'node:url';

/**
 * Defined (as `true`) in the compiled server by tools/build/server-build.mjs; undeclared when tsx runs
 * the TypeScript sources (tests, tools, the fallback of `npm start`).
 */
declare const COMPILED_SERVER: boolean | undefined;

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
  if (typeof COMPILED_SERVER !== 'undefined') {
    const compiled = new URL(`dist/${moduleUrl.href.slice(ROOT.href.length).replace(/\.ts$/, '.cjs')}`, ROOT);
    return `require(${JSON.stringify(fileURLToPath(compiled))});`;
  }
  return `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(moduleUrl.href)}); });`;
}
