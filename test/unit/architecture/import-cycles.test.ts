import { expect } from 'chai';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cyclesUnder, importCycles, resolveSpecifier, workspaceEntries } from '../../../tools/imports/import-cycles.js';
import { brokenRules, floorOf, importsUnder, upwardImports } from '../../../tools/imports/layering.js';
import { LAYERINGS, NEVER_RULES } from './layering-rules.js';

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

  it("resolves a workspace package's file by its path under src", () => {
    const base = mkdtempSync(join(tmpdir(), 'paths-'));
    mkdirSync(join(base, 'packages', 'one', 'src', 'deep'), { recursive: true });
    writeFileSync(join(base, 'packages', 'one', 'package.json'), JSON.stringify({ name: '@x/one' }));
    writeFileSync(join(base, 'packages', 'one', 'src', 'index.ts'), 'export {};\n');
    writeFileSync(join(base, 'packages', 'one', 'src', 'deep', 'two.ts'), 'export {};\n');
    const packages = workspaceEntries(base);
    expect(resolveSpecifier(join(base, 'a.ts'), '@x/one/deep/two', packages)).to.equal(join(base, 'packages', 'one', 'src', 'deep', 'two.ts'));
    expect(resolveSpecifier(join(base, 'a.ts'), '@x/one/deep/none', packages)).to.equal(null);
  });
});

describe('import direction', () => {
  const imports = importsUnder(ROOT, ['services', 'packages', 'projections']);

  for (const layering of LAYERINGS) {
    it(`finds no import up the floors of ${layering.folder}`, () => {
      expect(upwardImports(imports, layering)).to.deep.equal([]);
    });
  }

  it('finds no import that a never rule forbids', () => {
    expect(brokenRules(imports, NEVER_RULES)).to.deep.equal([]);
  });

  const layering = { folder: 'src', floors: [['main.ts'], ['views', 'pages/serve-*'], ['*'], ['base.ts']] };

  it('places a file by the longest place that names it, the rest on the floor of *', () => {
    expect(floorOf(layering, 'main.ts')).to.equal(0);
    expect(floorOf(layering, 'views/users.ts')).to.equal(1);
    expect(floorOf(layering, 'pages/serve-file.ts')).to.equal(1);
    expect(floorOf(layering, 'pages/page-store.ts')).to.equal(2);
    expect(floorOf(layering, 'base.ts')).to.equal(3);
    expect(floorOf({ folder: 'src', floors: [['views']] }, 'other.ts')).to.equal(null);
  });

  it('reports an import up a floor, and none sideways or down', () => {
    const found = upwardImports(
      [
        ['src/base.ts', 'src/views/users.ts'],
        ['src/views/users.ts', 'src/pages/serve-file.ts'],
        ['src/main.ts', 'src/base.ts'],
        ['elsewhere/x.ts', 'src/main.ts'],
      ],
      layering,
    );
    expect(found).to.deep.equal(['src/base.ts imports src/views/users.ts, a floor above it']);
  });

  it('reports an import a never rule forbids, unless its file is excepted', () => {
    const rules = [{ from: 'src', except: ['src/main.ts'], never: ['src/context.ts'], why: 'name what you use' }];
    const found = brokenRules(
      [
        ['src/main.ts', 'src/context.ts'],
        ['src/views/users.ts', 'src/context.ts'],
        ['src/views/users.ts', 'src/base.ts'],
      ],
      rules,
    );
    expect(found).to.deep.equal(['src/views/users.ts imports src/context.ts: name what you use']);
  });
});
