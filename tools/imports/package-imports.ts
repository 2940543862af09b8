import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A package named by an import or re-export statement (from the start of a line, so code quoted in a
 * string does not count), by a dynamic `import(…)` (a worker's loader written as text counts), or by a
 * `require(…)` (CommonJS packages loaded through createRequire, named or called at once).
 */
const STATEMENT =
  /^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]|(?:\brequire|\bcreateRequire\([^)]*\))\s*\(\s*['"]([^'"]+)['"]/gm;

/** What a workspace's package.json says, and the folders whose files count as its imports. */
export interface Workspace {
  /** Folder relative to the repository (`packages/core`; `.` for the root). */
  folder: string;
  name: string;
  dependencies: readonly string[];
  devDependencies: readonly string[];
  /** Files the `exports` field names, relative to the workspace. */
  exports: readonly string[];
  /** Folders (relative to the repository) whose `.ts` files are this workspace's code. */
  sources: readonly string[];
}

/** The rules the manifests are checked against (test/unit/architecture/package-rules.ts holds ours). */
export interface PackageRules {
  /** The folders whose code belongs to the root package (tests, tools, benchmarks). */
  rootSources: readonly string[];
  /** Packages only some paths may import (`mongodb`: the read side's adapters). */
  reserved: Readonly<Record<string, readonly string[]>>;
  /** Per workspace folder, packages declared for their commands (`tsx`, `mocha`) rather than imported. */
  commands: Readonly<Record<string, readonly string[]>>;
}

interface Manifest {
  name?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  exports?: string | Record<string, string>;
  workspaces?: string[];
}

const readManifest = (file: string): Manifest => JSON.parse(readFileSync(file, 'utf8')) as Manifest;

/** The package a bare specifier names (`@scope/name/deep` → `@scope/name`); null for `node:` built-ins. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('node:') || specifier.startsWith('.')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Every workspace under `base`: each package of `packages/*`, `services/*` and `projections` (its code
 * is what its folder holds), and the root, whose code is the given folders (tests, tools, benchmarks).
 */
export function workspacesOf(base: string, rootSources: readonly string[]): Workspace[] {
  const root = readManifest(join(base, 'package.json'));
  const folders = ['packages', 'services'].flatMap((group) => (existsSync(join(base, group)) ? readdirSync(join(base, group)).map((name) => `${group}/${name}`) : []));
  const workspaces: Workspace[] = [];
  for (const folder of [...folders, 'projections']) {
    if (!existsSync(join(base, folder, 'package.json'))) continue;
    workspaces.push(workspace(folder, readManifest(join(base, folder, 'package.json')), [folder]));
  }
  workspaces.push(workspace('.', root, rootSources));
  return workspaces;
}

function workspace(folder: string, manifest: Manifest, sources: readonly string[]): Workspace {
  const exports = typeof manifest.exports === 'string' ? [manifest.exports] : Object.values(manifest.exports ?? {});
  return {
    folder,
    name: manifest.name ?? folder,
    dependencies: Object.keys(manifest.dependencies ?? {}),
    devDependencies: Object.keys(manifest.devDependencies ?? {}),
    exports,
    sources,
  };
}

/** Every `.ts`, `.mjs` and `.js` file under `root` (node_modules and dot-folders skipped). */
function codeFiles(root: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(root)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(root, name);
    if (statSync(path).isDirectory()) found.push(...codeFiles(path));
    else if (/\.(ts|mjs|js)$/.test(name) && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** The packages each file under `sources` imports (built-ins and relative paths left out). */
export function importedPackages(base: string, sources: readonly string[]): Map<string, string[]> {
  const users = new Map<string, string[]>();
  for (const source of sources) {
    if (!existsSync(join(base, source))) continue;
    for (const file of codeFiles(join(base, source))) {
      for (const match of readFileSync(file, 'utf8').matchAll(STATEMENT)) {
        const name = packageOf(match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');
        if (!name) continue;
        const files = users.get(name) ?? [];
        const path = relative(base, file);
        if (!files.includes(path)) files.push(path);
        users.set(name, files);
      }
    }
  }
  return users;
}

/**
 * What is wrong with the workspaces' manifests: a package imported but not declared, one declared but
 * never imported (an `@types/x` counts as used where `x` is; the root's `@types` serve the whole
 * tree), an export naming a missing file, and a reserved package imported outside the paths reserved
 * to it. The root may import the workspaces themselves without declaring them (npm links them).
 */
export function packageProblems(base: string, rules: PackageRules): string[] {
  const workspaces = workspacesOf(base, rules.rootSources);
  const own = new Set(workspaces.map((each) => each.name));
  const problems: string[] = [];
  for (const space of workspaces) {
    const imported = importedPackages(base, space.sources);
    const declared = new Set([...space.dependencies, ...space.devDependencies]);
    for (const [name, files] of imported) {
      if (name === space.name || declared.has(name) || (space.folder === '.' && own.has(name))) continue;
      problems.push(`${space.name} imports ${name} without declaring it (${files[0]})`);
    }
    for (const name of declared) {
      const typed = name.startsWith('@types/') ? typesFor(name) : null;
      if (imported.has(name) || rules.commands[space.folder]?.includes(name)) continue;
      if (typed !== null && (imported.has(typed) || space.folder === '.')) continue;
      problems.push(`${space.name} declares ${name} but never imports it`);
    }
    for (const entry of space.exports) {
      // A pattern (`./src/*.ts`) names files under the folder before its `*`.
      const path = entry.includes('*') ? entry.slice(0, entry.lastIndexOf('/', entry.indexOf('*'))) : entry;
      if (!existsSync(join(base, space.folder, path))) problems.push(`${space.name} exports ${entry}, which does not exist`);
    }
    for (const [name, files] of imported) {
      const allowed = rules.reserved[name];
      if (!allowed) continue;
      for (const file of files) if (!allowed.some((path) => file === path || file.startsWith(`${path}/`))) problems.push(`${file} imports ${name}, which only ${allowed.join(', ')} may import`);
    }
  }
  return problems;
}

/** `@types/node` → `node`, `@types/scope__name` → `@scope/name`. */
function typesFor(name: string): string {
  const bare = name.slice('@types/'.length);
  return bare.includes('__') ? `@${bare.replace('__', '/')}` : bare;
}
