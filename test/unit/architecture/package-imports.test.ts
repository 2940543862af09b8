import { expect } from 'chai';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageOf, packageProblems } from '../../../tools/imports/package-imports.js';
import { PACKAGE_RULES } from './package-rules.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** A repository of one workspace `packages/one` with the given manifest and files, and an empty root. */
function repository(manifest: object, files: Record<string, string>): string {
  const base = mkdtempSync(join(tmpdir(), 'packages-'));
  mkdirSync(join(base, 'packages', 'one', 'src', 'store'), { recursive: true });
  writeFileSync(join(base, 'package.json'), JSON.stringify({ name: 'root', devDependencies: { '@types/node': '1' } }));
  writeFileSync(join(base, 'packages', 'one', 'package.json'), JSON.stringify({ name: '@x/one', ...manifest }));
  for (const [path, text] of Object.entries(files)) writeFileSync(join(base, 'packages', 'one', 'src', path), text);
  return base;
}

describe('package manifests', () => {
  it('every workspace declares what it imports, nothing more, and the store clients stay in their adapters', () => {
    expect(packageProblems(ROOT, PACKAGE_RULES)).to.deep.equal([]);
  });

  it('names the package of a specifier', () => {
    expect(packageOf('@chat/core')).to.equal('@chat/core');
    expect(packageOf('tsx/esm/api')).to.equal('tsx');
    expect(packageOf('@scope/name/deep/file.js')).to.equal('@scope/name');
    expect(packageOf('node:fs')).to.equal(null);
    expect(packageOf('./local.js')).to.equal(null);
  });

  it('finds an undeclared import, an unused declaration, a missing export and a reserved package out of place', () => {
    const base = repository(
      { exports: { '.': './src/index.ts' }, dependencies: { left: '1', kept: '1', db: '1' }, devDependencies: { '@types/kept': '1', '@types/gone': '1' } },
      {
        'main.ts': "import type { A } from 'kept';\nimport {\n  b,\n} from 'missing/deep';\nconst quoted = \"import { c } from 'quoted';\";\n",
        // Written in two pieces, so that this file itself does not import 'db'.
        'loader.ts': `const source = \`${'import'}('db').then(() => 1)\`;\n`,
        'store/adapter.ts': "export { d } from 'db';\n",
      },
    );
    const rules = { rootSources: [], reserved: { db: ['packages/one/src/store'] }, commands: {} };
    expect(packageProblems(base, rules)).to.deep.equal([
      '@x/one imports missing without declaring it (packages/one/src/main.ts)',
      '@x/one declares left but never imports it',
      '@x/one declares @types/gone but never imports it',
      '@x/one exports ./src/index.ts, which does not exist',
      'packages/one/src/loader.ts imports db, which only packages/one/src/store may import',
    ]);
  });
});
