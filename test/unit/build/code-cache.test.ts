import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { codeCacheFile, loadWithCodeCache } from '../../../tools/build/code-cache.mjs';

describe("the compiled server's code cache (tools/build/code-cache.mjs)", function () {
  let directory: string;
  beforeEach(() => (directory = mkdtempSync(join(tmpdir(), 'code-cache-'))));
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('runs a CommonJS file as require would, writes its cache, and hands it to V8 on the next load', async function () {
    const file = join(directory, 'bundle.cjs');
    writeFileSync(file, "exports.answer = 40 + 2; exports.where = __dirname; exports.requires = typeof require('node:path').join;");
    const first = loadWithCodeCache(file, 0);
    expect(first).to.deep.equal({ exports: { answer: 42, where: directory, requires: 'function' }, cache: 'none' });
    await sleep(50);
    expect(existsSync(codeCacheFile(file))).to.equal(true);
    expect(loadWithCodeCache(file, 0)).to.deep.equal({ exports: { answer: 42, where: directory, requires: 'function' }, cache: 'used' });
  });

  it("never hands a rebuilt bundle another build's cache, even of the same length", async function () {
    const file = join(directory, 'bundle.cjs');
    writeFileSync(file, 'exports.answer = 42;');
    loadWithCodeCache(file, 0);
    await sleep(50);
    writeFileSync(file, 'exports.answer = 43;');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(loadWithCodeCache(file, 0)).to.deep.equal({ exports: { answer: 43 }, cache: 'none' });
  });

  it('writes the cache at exit when the process stops before the delay', function () {
    const file = join(directory, 'bundle.cjs');
    writeFileSync(file, 'exports.answer = 42;');
    const module = fileURLToPath(new URL('../../../tools/build/code-cache.mjs', import.meta.url));
    const script = `import { loadWithCodeCache } from ${JSON.stringify(module)}; loadWithCodeCache(${JSON.stringify(file)}, 60000);`;
    execFileSync(process.execPath, ['--input-type=module', '-e', script]);
    expect(existsSync(codeCacheFile(file))).to.equal(true);
  });
});
