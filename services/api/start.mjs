// @ts-check
/**
 * `npm start`: runs the compiled server (dist/, built at install by `prepare`), building it first when
 * a source changed since; when it cannot be built (esbuild missing or failing), runs the TypeScript
 * sources through tsx as before, which starts about 2.5 s of CPU slower. See tools/build/server-build.mjs.
 */
import { requireWithCodeCache } from '../../tools/build/code-cache.mjs';
import { createRequire } from 'node:module';
import { buildIsCurrent, buildServer, compiledAhead, compiledMain } from '../../tools/build/server-build.mjs';

async function compiled() {
  if (buildIsCurrent()) return true;
  try {
    await buildServer();
    return true;
  } catch (error) {
    process.stderr.write(`could not build the server (${error instanceof Error ? error.message : String(error)}); running the TypeScript sources through tsx\n`);
    return false;
  }
}

if (await compiled()) {
  // First the server's first module on its own (a few kilobytes): the snapshot's read and the key
  // store's thread start while the bundle is read and compiled (services/api/src/start-ahead.ts).
  createRequire(import.meta.url)(compiledAhead());
  // Source maps are written beside the bundle: NODE_OPTIONS=--enable-source-maps makes stack traces
  // name the TypeScript sources (off by default: it costs every module loaded a scan for its map).
  // Required, not imported: import() would first scan the whole bundle for the names it exports.
  // With V8's code cache of the bundle once a start has written it (tools/build/code-cache.mjs).
  requireWithCodeCache(compiledMain());
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./src/main.ts');
}
