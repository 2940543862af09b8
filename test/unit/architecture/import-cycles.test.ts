import { expect } from 'chai';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cyclesUnder, importCycles } from '../../../tools/imports/import-cycles.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

describe('import circles', () => {
  it('finds none in services, packages, projections and tools', () => {
    expect(cyclesUnder(ROOT, ['services', 'packages', 'projections', 'tools'])).to.deep.equal([]);
  });

  it('finds a circle of files, a self-import, and none in a chain', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', ['d']],
      ['e', ['a']],
    ]);
    expect(importCycles(graph)).to.deep.equal([['d'], ['a', 'b', 'c']]);
    expect(importCycles(new Map([['x', ['y']], ['y', []]]))).to.deep.equal([]);
  });

  it('follows type-only, re-export and workspace package imports', () => {
    const base = mkdtempSync(join(tmpdir(), 'cycles-'));
    mkdirSync(join(base, 'packages', 'one', 'src'), { recursive: true });
    writeFileSync(join(base, 'packages', 'one', 'package.json'), JSON.stringify({ name: '@x/one' }));
    writeFileSync(join(base, 'packages', 'one', 'src', 'index.ts'), "export { two } from './two.js';\n");
    writeFileSync(join(base, 'packages', 'one', 'src', 'two.ts'), "import type { Three } from './three.js';\nexport const two = 2;\n");
    writeFileSync(join(base, 'packages', 'one', 'src', 'three.ts'), "import { two } from '@x/one';\nexport type Three = typeof two;\n");
    expect(cyclesUnder(base, ['packages'])).to.deep.equal([
      ['packages/one/src/index.ts', 'packages/one/src/three.ts', 'packages/one/src/two.ts'],
    ]);
  });
});
