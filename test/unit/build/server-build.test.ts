import { readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect } from 'chai';
import { buildIsCurrent, buildServer, compiledPath, MAIN, ROOT } from '../../../tools/build/server-build.mjs';

/** The installed packages a compiled file loads as it is evaluated: its static imports, through the chunks it imports. */
function staticallyLoaded(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  for (const [, from] of readFileSync(file, 'utf8').matchAll(/^import\s[^;]*?["']([^"']+)["'];?$/gms)) {
    if (from.startsWith('./') || from.startsWith('../')) for (const each of staticallyLoaded(join(dirname(file), from), seen)) packages.add(each);
    else if (!from.startsWith('node:')) packages.add(from);
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

  it('starts without loading the production adapters’ clients (MongoDB, EventStoreDB): they load only when configured', function () {
    const loaded = staticallyLoaded(compiledPath(join(ROOT, MAIN)));
    expect(loaded).to.include('express');
    expect(loaded).not.to.include('mongodb');
    expect(loaded).not.to.include('@eventstore/db-client');
  });

  it('compiles the module of every worker thread the server starts', function () {
    const workers = ['packages', 'projections', 'services'].flatMap((dir) => workerModules(join(ROOT, dir)));
    expect(workers.map((worker) => relative(ROOT, worker))).to.include.members(['packages/eventstore/src/sqlite/wal-checkpoint-thread.ts', 'packages/readstore/src/search/search-reader.ts']);
    for (const worker of workers) expect(statSync(compiledPath(worker)).isFile(), relative(ROOT, worker)).to.equal(true);
  });
});
