import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const manifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** The workspace packages' names (`@chat/core`, …): npm links them for the root, whatever it declares. */
function workspaceNames(): Set<string> {
  const dirs = [...readdirSync(join(ROOT, 'packages')).map((name) => join(ROOT, 'packages', name)), join(ROOT, 'projections')];
  dirs.push(...readdirSync(join(ROOT, 'services')).map((name) => join(ROOT, 'services', name)));
  return new Set(dirs.map((dir) => manifest(dir).name));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** `lodash` of `lodash/fp`, `@scope/name` of `@scope/name/sub`. */
const packageOf = (specifier: string): string => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

describe('tools: dependencies', function () {
  it('import only Node built-ins, workspace packages and what the root package.json declares', function () {
    const root = manifest(ROOT);
    const declared = new Set([...Object.keys(root.dependencies ?? {}), ...Object.keys(root.devDependencies ?? {}), ...workspaceNames()]);
    const undeclared: string[] = [];
    for (const file of sourceFiles(join(ROOT, 'tools'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^'.][^']*)'/g)) {
        const name = packageOf(match[1]);
        if (!name.startsWith('node:') && !declared.has(name)) undeclared.push(`${file.slice(ROOT.length)}: ${name}`);
      }
    }
    expect(undeclared).to.deep.equal([]);
  });
});
