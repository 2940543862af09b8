/**
 * The code of a worker thread that runs a TypeScript module: it loads tsx's loader first, as the rest
 * of the server runs (a worker does not inherit the loader of the thread that starts it). Start it
 * with `new Worker(workerSource(url), { eval: true })`.
 */
export const workerSource = (moduleUrl: URL): string =>
  `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(moduleUrl.href)}); });`;
