import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** A module specifier written in a file: after `from`, in a dynamic `import(…)`, or a bare side-effect import. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** Every `.ts` file under `root` (node_modules and dot-folders skipped). */
export function sourceFiles(root: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(root)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(root, name);
    if (statSync(path).isDirectory()) found.push(...sourceFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** A workspace package's name (`@chat/core`) and the file its `.` export names. */
export type PackageEntries = ReadonlyMap<string, string>;

/** The entry file of each workspace package under `base` (`packages/*`, `services/*`, `projections`). */
export function workspaceEntries(base: string): PackageEntries {
  const entries = new Map<string, string>();
  const folders = ['packages', 'services'].flatMap((group) =>
    existsSync(join(base, group)) ? readdirSync(join(base, group)).map((name) => join(base, group, name)) : [],
  );
  for (const folder of [...folders, join(base, 'projections')]) {
    const manifest = join(folder, 'package.json');
    if (!existsSync(manifest)) continue;
    const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || !('name' in parsed) || typeof parsed.name !== 'string') continue;
    const entry = join(folder, 'src', 'index.ts');
    if (existsSync(entry)) entries.set(parsed.name, entry);
  }
  return entries;
}

/**
 * Where a specifier lands: a relative one (`./x.js`), a workspace package, or a file of one by its
 * path under the package's `src` (`@chat/projections/messages/messages-projection`); null for other
 * packages.
 */
export function resolveSpecifier(from: string, specifier: string, packages: PackageEntries = new Map()): string | null {
  const entry = packages.get(specifier);
  if (entry) return entry;
  for (const [name, main] of packages) {
    if (!specifier.startsWith(`${name}/`)) continue;
    const file = join(dirname(main), `${specifier.slice(name.length + 1)}.ts`);
    return existsSync(file) ? file : null;
  }
  if (!specifier.startsWith('.')) return null;
  const target = resolve(dirname(from), specifier);
  for (const candidate of [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, join(target, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The imports of each file within the workspace (type-only ones included: they tie files together as much). */
export function importGraph(files: readonly string[], packages: PackageEntries = new Map()): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolveSpecifier(file, match[1] ?? '', packages);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The strongly connected components with more than one file (or a file importing itself): each is a circle. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      onStack.delete(top);
      component.push(top);
      if (top === node) break;
    }
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The circles among the files under `roots`, as paths relative to `base`. */
export function cyclesUnder(base: string, roots: readonly string[]): string[][] {
  const files = roots.flatMap((root) => sourceFiles(join(base, root)));
  return importCycles(importGraph(files, workspaceEntries(base))).map((cycle) => cycle.map((file) => relative(base, file)));
}
