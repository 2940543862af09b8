import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Defined (as `true`) in the compiled server by tools/build/server-build.mjs; undeclared when tsx runs
 * the TypeScript sources (tests, tools, the fallback of `npm start`).
 */
declare const COMPILED_SERVER: boolean | undefined;

/** Whether this is the compiled server (dist/), rather than the TypeScript sources. */
export const isCompiledServer = typeof COMPILED_SERVER !== 'undefined';

/** The repository's root (this file is packages/core/src/compiled-server.ts, in the sources as in the build). */
const ROOT = new URL('../../../', import.meta.url);
const load = createRequire(import.meta.url);

/** The path of a file the build wrote under dist/. */
export const distPath = (path: string): string => fileURLToPath(new URL(`dist/${path}`, ROOT));

/**
 * A JSON Schema check the build compiled ahead (dist/checks/<kind>/<name>.cjs, ajv's standalone code),
 * or null in the sources, or when the build has none for it (a schema added since): the caller then
 * compiles it as the sources do. Compiling a check takes 5–50 ms; loading one, well under one.
 */
export function precompiledCheck<T>(kind: string, name: string): T | null {
  if (!isCompiledServer) return null;
  try {
    return load(distPath(`checks/${kind}/${name}.cjs`)) as T;
  } catch {
    return null;
  }
}
