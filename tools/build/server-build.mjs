// @ts-check
/**
 * The compiled server: `services/api/src/main.ts` and the module of every worker thread it starts,
 * each bundled by esbuild into one CommonJS file, in `dist/` (git-ignored) at the source's own path
 * (`dist/services/api/src/main.cjs`). Transpiling ~600 TypeScript files through tsx's loader thread at
 * every start cost about 2.5 s of CPU (issue 31); loading a thousand files of installed packages one
 * by one cost about a third of what was left, so they are in the bundle too, but for those in
 * EXTERNAL. One CommonJS file loads faster than one ES module (whose source Node decodes apart).
 *
 * Written in plain JavaScript: it runs at install (`npm install` runs `prepare`) and from the start
 * script, before anything could transpile it.
 *
 * What a bundle changes and how it is kept right:
 * - `import.meta.url` of each source file is rewritten to that source file's own address, so paths
 *   found from it (schemas/, the emoji table, the read models' version digest) stay as they are;
 * - `COMPILED_SERVER` is defined, so `workerSource` (packages/core) starts the compiled worker;
 * - `dist/build-stamp.json` lists every input with its size and modification time: the start script
 *   rebuilds when any of them differs, so an edited source never runs stale.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DIST = join(ROOT, 'dist');
export const MAIN = 'services/api/src/main.ts';
/**
 * The server's first module, also compiled on its own: the start script runs it before the 4.6 MB
 * bundle is even read, so the threads it starts work while the bundle compiles (start-ahead.ts).
 */
export const AHEAD = 'services/api/src/start-ahead.ts';
const STAMP = join(DIST, 'build-stamp.json');
/**
 * Stamped beside the sources a build read: the build itself, and what npm installed (the packages in
 * the bundle are not stamped file by file: npm rewrites node_modules/.package-lock.json whenever it
 * installs, updates or removes one).
 */
const SETTINGS = [fileURLToPath(import.meta.url), join(ROOT, 'package.json'), join(ROOT, 'package-lock.json'), join(ROOT, 'node_modules/.package-lock.json')];
/**
 * Installed packages Node loads as they are: a native module, the production adapters' clients
 * (loaded only when configured: compose.ts), and what a server loads only for its first mail or push.
 * Each is required by its path from the compiled file, as resolved from the source that imports it
 * (a workspace may have its own version: services/api/node_modules/nodemailer).
 */
const EXTERNAL = /^(better-sqlite3|mongodb|@eventstore\/db-client|nodemailer|libsodium-wrappers)(\/|$)/;
/** `workerSource(new URL('./x.ts', import.meta.url))`: the module a worker thread runs. */
const WORKER_CALL = /workerSource\(new URL\('([^']+\.ts)', import\.meta\.url\)/g;

/** Where the compiled form of a source file (absolute path) is written. */
export const compiledPath = (source) => join(DIST, relative(ROOT, source)).replace(/\.ts$/, '.cjs');

const posix = (path) => path.split(sep).join('/');
/** The bundle's own address, which each source file's `import.meta.url` is counted from. */
const BUNDLE_URL = '__chatBundleUrl';

/**
 * Bundles one entry. Returns its output files (not yet written), the inputs it read, and the worker
 * modules it starts.
 * @param {typeof import('esbuild')} esbuild
 * @param {string} entry absolute path of the source file
 * @param {Record<string, string>} define values the code finds in place of identifiers
 * @param {string} [outfile] where it goes (by default at the source's path under dist/)
 */
async function bundle(esbuild, entry, define, outfile = compiledPath(entry)) {
  /** @type {Set<string>} */
  const workers = new Set();
  /** @type {import('esbuild').Plugin} */
  const plugin = {
    name: 'chat-server',
    setup(build) {
      build.onResolve({ filter: EXTERNAL }, async (args) => {
        if (args.pluginData === 'resolving') return undefined;
        const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'resolving' });
        if (found.errors.length > 0) return { errors: found.errors };
        return { path: `./${posix(relative(dirname(outfile), found.path))}`, external: true };
      });
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        for (const line of text.split('\n')) {
          if (/^\s*(\*|\/\/)/.test(line)) continue; // an example in a comment starts nothing
          const calls = [...line.matchAll(WORKER_CALL)];
          for (const call of calls) workers.add(resolve(dirname(args.path), call[1]));
          // A call written otherwise would start a worker the build never compiled: refuse it here.
          if (calls.length < (line.match(/(?<!function )workerSource\(/g) ?? []).length) {
            throw new Error(`${relative(ROOT, args.path)}: write workerSource(new URL('./module.ts', import.meta.url)) on one line, so the build finds the worker's module`);
          }
        }
        const own = JSON.stringify(posix(relative(dirname(outfile), args.path)));
        return { contents: text.replaceAll('import.meta.url', `new URL(${own}, ${BUNDLE_URL}).href`), loader: 'ts' };
      });
    },
  };
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    // A module imported with import() (the production adapters) is evaluated when first imported,
    // and the packages it requires with it.
    format: 'cjs',
    target: 'node20',
    charset: 'ascii',
    sourcemap: 'linked',
    define,
    banner: { js: `const ${BUNDLE_URL} = require('node:url').pathToFileURL(__filename).href;` },
    plugins: [plugin],
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => resolve(ROOT, input));
  const files = result.outputFiles.map((file) => ({ path: file.path, contents: file.path.endsWith('.cjs') ? asciiOnly(file.text) : file.contents }));
  return { files, inputs, workers };
}

/**
 * The code with every character past ASCII written as a `\u` escape. esbuild's `charset: 'ascii'`
 * escapes strings but leaves comments and regular expressions as they are; an escape means the same
 * character in both (and in an identifier). Node then reads the bundle as a one-byte Latin-1 string
 * (code-cache.mjs), where decoding 4.6 MB of UTF-8 into a two-byte string cost 75-180 ms of every start.
 * @param {string} code
 */
export function asciiOnly(code) {
  return Buffer.from(code.replace(/[^\x00-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`), 'latin1');
}

/** Size and modification time of each file, as the stamp keeps them. */
const fingerprints = (files) => Object.fromEntries(files.map((file) => [posix(relative(ROOT, file)), fingerprint(file)]));

function fingerprint(file) {
  try {
    const stat = statSync(file);
    return `${stat.size}:${stat.mtime.getTime()}`;
  } catch {
    return 'missing';
  }
}

/**
 * Builds the server and its workers into dist/. Each file is written under a temporary name and
 * renamed, and the stamp last, so a server starting meanwhile reads a whole file of one build or the
 * other (two builds of the same sources write the same bytes).
 */
export async function buildServer() {
  const esbuild = await import('esbuild');
  const done = new Set();
  const inputs = new Set(SETTINGS);
  const ahead = await aheadOfTime(esbuild);
  const outputs = [...ahead.checks];
  for (const check of ahead.checks) inputs.add(check.source);
  for (const input of ahead.inputs) inputs.add(input);
  const define = { COMPILED_SERVER: 'true', MODELS_VERSION: JSON.stringify(ahead.modelsVersion) };
  let pending = [join(ROOT, MAIN), join(ROOT, AHEAD)];
  while (pending.length > 0) {
    const built = await Promise.all(pending.map((entry) => bundle(esbuild, entry, define)));
    for (const entry of pending) done.add(entry);
    pending = [];
    for (const each of built) {
      outputs.push(...each.files);
      for (const input of each.inputs) if (!input.includes(`${sep}node_modules${sep}`)) inputs.add(input);
      for (const worker of each.workers) if (!done.has(worker) && !pending.includes(worker)) pending.push(worker);
    }
  }
  for (const file of outputs) writeAtomically(file.path, file.contents);
  writeAtomically(STAMP, JSON.stringify({ built: new Date().toISOString(), inputs: fingerprints([...inputs].sort()) }, null, 1));
  removeOthers(DIST, new Set([STAMP, ...outputs.map((file) => file.path)]));
}

/**
 * What is worked out at build time (tools/build/ahead-of-time.ts, bundled and run here): the JSON
 * Schema checks, compiled, each requiring ajv's runtime helpers by their path from its file; the read
 * models' version; and the sources these were made from.
 * @param {typeof import('esbuild')} esbuild
 */
async function aheadOfTime(esbuild) {
  const runner = join(DIST, `ahead-of-time.${process.pid}.tmp.cjs`);
  const built = await bundle(esbuild, join(ROOT, 'tools/build/ahead-of-time.ts'), {}, runner);
  const code = built.files.find((file) => file.path === runner);
  if (!code) throw new Error('the check compiler was not built');
  writeAtomically(runner, code.contents);
  try {
    const helpers = createRequire(join(ROOT, 'packages/eventstore/package.json'));
    const made = createRequire(import.meta.url)(runner);
    /** @type {{ path: string, code: string, source: string }[]} */
    const compiled = made.precompileChecks();
    const checks = compiled.map(({ path, code, source }) => {
      const file = join(DIST, path);
      const contents = code.replace(/require\("(ajv\/[^"]+)"\)/g, (_, helper) => `require(${JSON.stringify(`./${posix(relative(dirname(file), helpers.resolve(helper)))}`)})`);
      return { path: file, contents, source };
    });
    /** @type {string} */
    const modelsVersion = made.sourcesDigest();
    /** @type {string[]} */
    const digested = made.modelsVersionFiles();
    return { checks, modelsVersion, inputs: [...digested, ...built.inputs.filter((input) => !input.includes(`${sep}node_modules${sep}`))] };
  } finally {
    rmSync(runner, { force: true });
  }
}

/** Removes what earlier builds left (chunks are named by their content) and this one did not write. */
function removeOthers(dir, kept) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) removeOthers(path, kept);
    else if (!kept.has(path) && !entry.name.endsWith('.tmp')) rmSync(path, { force: true });
  }
}

function writeAtomically(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/** Whether dist/ holds a build of the sources as they are now (every stamped input unchanged). */
export function buildIsCurrent() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return false;
  }
  for (const [file, print] of Object.entries(stamp.inputs)) if (fingerprint(join(ROOT, file)) !== print) return false;
  return fingerprint(compiledPath(join(ROOT, MAIN))) !== 'missing' && fingerprint(compiledPath(join(ROOT, AHEAD))) !== 'missing';
}

/** The compiled entry's path, to require. */
export const compiledMain = () => compiledPath(join(ROOT, MAIN));

/** The compiled first module (AHEAD), to require before the entry. */
export const compiledAhead = () => compiledPath(join(ROOT, AHEAD));

// `node tools/build/server-build.mjs` (npm's `prepare` and `npm run build`).
if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  const started = performance.now();
  buildServer().then(
    () => process.stderr.write(`built dist/ in ${Math.round(performance.now() - started)} ms\n`),
    (error) => {
      // At install this must not fail the install: `npm start` builds again, or runs the sources.
      process.stderr.write(`could not build dist/ (${error instanceof Error ? error.message : String(error)}); npm start will run the TypeScript sources\n`);
      process.exitCode = process.argv.includes('--strict') ? 1 : 0;
    },
  );
}
