import { isAscii } from 'node:buffer';
import { readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import { expect } from 'chai';
import { EVENT_CHECK_OPTIONS, EVENT_SCHEMA_DIR } from '@chat/eventstore';
import { API_SCHEMA_DIR, REQUEST_CHECK_OPTIONS } from '@chat/http';
import { asciiOnly, buildIsCurrent, buildServer, compiledAhead, compiledPath, DIST, MAIN, ROOT } from '../../../tools/build/server-build.mjs';

/**
 * The installed packages a compiled file requires as it is evaluated: the requires at the top level
 * of the bundle (those of a module imported with import() sit inside the function that evaluates it).
 */
function requiredAtStart(file: string): Set<string> {
  const packages = new Set<string>();
  for (const [, path] of readFileSync(file, 'utf8').matchAll(/^(?:var|const|let) [^\n]*?require\("([^"]+)"\)/gm)) {
    const installed = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
    packages.add(installed ? installed[1] : path);
  }
  return packages;
}

/** Source files that start a worker thread through workerSource, with the modules they name. */
function workerModules(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...workerModules(path));
    else if (entry.name.endsWith('.ts')) {
      for (const [, module] of readFileSync(path, 'utf8').matchAll(/workerSource\(new URL\('([^']+)', import\.meta\.url\)\)/g)) found.push(join(dirname(path), module));
    }
  }
  return found;
}

describe('the compiled server (tools/build/server-build.mjs, what npm start runs)', function () {
  this.timeout(120_000);
  before(async () => {
    if (!buildIsCurrent()) await buildServer();
  });

  it('is rebuilt when a source it was built from changes, and current again once it is as it was', function () {
    const source = join(ROOT, 'packages/core/src/worker-source.ts');
    const { atime, mtime } = statSync(source);
    expect(buildIsCurrent()).to.equal(true);
    try {
      utimesSync(source, atime, new Date(mtime.getTime() + 1000));
      expect(buildIsCurrent()).to.equal(false);
    } finally {
      utimesSync(source, atime, mtime);
    }
    expect(buildIsCurrent()).to.equal(true);
  });

  it('starts without loading the production adapters’ clients (MongoDB, EventStoreDB), nor what the first mail or push needs', function () {
    const loaded = requiredAtStart(compiledPath(join(ROOT, MAIN)));
    expect(loaded).to.include('better-sqlite3');
    for (const lazy of ['mongodb', '@eventstore/db-client', 'nodemailer', 'libsodium-wrappers']) expect(loaded, lazy).not.to.include(lazy);
  });

  it('requires each installed package it leaves out as the source resolves it (a workspace may hold its own version), never by import()', function () {
    const bundle = readFileSync(compiledPath(join(ROOT, MAIN)), 'utf8');
    // The bundle runs as a vm script with V8's code cache (tools/build/code-cache.mjs): no import() of a file.
    expect(bundle).to.not.match(/\bimport\("\.\/[./]*\/(services|node_modules|packages)\//);
    const mailer = /createRequire\)\(new URL\("([./]*\/services\/api\/src\/mail\/smtp-mailer\.ts)", __chatBundleUrl\)/.exec(bundle);
    expect(mailer, 'the mailer requires nodemailer from its own source file').to.not.equal(null);
    const fromBundle = new URL(mailer![1], pathToFileURL(compiledPath(join(ROOT, MAIN))));
    expect(relative(ROOT, createRequire(fromBundle).resolve('nodemailer'))).to.match(/^services\/api\/node_modules\/nodemailer\//);
  });

  it('is written in ASCII alone, every bundle, so that a start reads it without decoding UTF-8', function () {
    const bundles = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.cjs') && !path.startsWith('checks'));
    expect(bundles).to.include(relative(DIST, compiledPath(join(ROOT, MAIN))));
    for (const path of bundles) expect(isAscii(readFileSync(join(DIST, path))), path).to.equal(true);
  });

  it('escapes what is past ASCII in comments, regular expressions and strings, meaning the same', function () {
    const code = "// ✔ done ≥ 2\nmodule.exports = { marks: '✔ é 😀'.replace(/^[✔ ]+/u, ''), astral: /😀/.test('a😀'), id: 'é'.length };\n";
    const escaped = asciiOnly(code);
    expect(isAscii(escaped)).to.equal(true);
    const run = (text: string) => {
      const module = { exports: {} };
      new Function('module', text)(module);
      return module.exports;
    };
    expect(run(escaped.toString('latin1'))).to.deep.equal(run(code));
    expect(run(code)).to.deep.equal({ marks: 'é 😀', astral: true, id: 1 });
  });

  it('compiles the server\'s first module on its own, small, for the start script to run before the bundle', function () {
    const ahead = readFileSync(compiledAhead(), 'utf8');
    expect(ahead.length).to.be.below(64 * 1024);
    expect(ahead).to.contain('chat.readstore.snapshotsReadAhead').and.to.contain('chat.keystore.bootedThread');
    expect(ahead).to.not.contain('node_modules/express');
    const start = readFileSync(join(ROOT, 'services/api/start.mjs'), 'utf8');
    expect(start.indexOf('(compiledAhead())')).to.be.above(0).and.below(start.indexOf('requireWithCodeCache(compiledMain())'));
  });

  it('compiles the module of every worker thread the server starts', function () {
    const workers = ['packages', 'projections', 'services'].flatMap((dir) => workerModules(join(ROOT, dir)));
    expect(workers.map((worker) => relative(ROOT, worker))).to.include.members(['packages/eventstore/src/sqlite/wal-checkpoint-thread.ts', 'packages/readstore/src/search/search-reader.ts']);
    for (const worker of workers) expect(statSync(compiledPath(worker)).isFile(), relative(ROOT, worker)).to.equal(true);
  });

  it('compiles every event and request schema ahead, each check answering as the one the sources compile', function () {
    const load = createRequire(import.meta.url);
    const samples = (schema: { required?: string[] }): Record<string, unknown>[] => [
      {},
      { unexpected: true },
      Object.fromEntries((schema.required ?? []).map((name) => [name, '1'])),
    ];
    for (const [dir, kind, options] of [[EVENT_SCHEMA_DIR, 'events', EVENT_CHECK_OPTIONS], [API_SCHEMA_DIR, 'api', REQUEST_CHECK_OPTIONS]] as const) {
      const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
      expect(files.length, kind).to.be.above(50);
      files.forEach((file, index) => {
        const ahead = load(join(DIST, 'checks', kind, file.replace(/\.json$/, '.cjs'))) as ValidateFunction;
        // Every check exists; every tenth is compared with one compiled here, on inputs it takes and refuses.
        if (index % 10 !== 0) return;
        const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { required?: string[] };
        const here = new Ajv(options).compile(schema);
        for (const sample of samples(schema)) {
          const [a, b] = [structuredClone(sample), structuredClone(sample)];
          expect([ahead(a), ahead.errors ?? null, a], `${file} ${JSON.stringify(sample)}`).to.deep.equal([here(b), here.errors ?? null, b]);
        }
      });
    }
  });
});
