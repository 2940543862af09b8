import { join, relative } from 'node:path';
import { importGraph, sourceFiles, workspaceEntries } from './import-cycles.js';

/**
 * The floors of one folder, top first: a file may import its own floor and those below, never one
 * above. A place is a path under the folder: a subfolder (`actions`), a file (`routes.ts`), file names
 * by their start (`uploads/serve-*`), or `*` for every path no other place names. The longest place
 * that names a file decides its floor.
 */
export interface Layering {
  folder: string;
  floors: readonly (readonly string[])[];
}

/** Imports that must never be: from files under `from` (less `except`) to anything under `never`. */
export interface NeverRule {
  from: string;
  except?: readonly string[];
  never: readonly string[];
  why: string;
}

/** Whether `path` (relative) is `place` or lies under it; `x/serve-*` names files starting `x/serve-`. */
export function under(path: string, place: string): boolean {
  if (place.endsWith('*')) return path.startsWith(place.slice(0, -1));
  return path === place || path.startsWith(`${place}/`);
}

/** The floor (0 = top) of a path relative to the layering's folder; null when no place names it. */
export function floorOf(layering: Layering, path: string): number | null {
  let floor: number | null = null;
  let longest = -1;
  for (const [index, places] of layering.floors.entries()) {
    for (const place of places) {
      const length = place === '*' ? 0 : place.length;
      if ((place === '*' || under(path, place)) && length > longest) {
        floor = index;
        longest = length;
      }
    }
  }
  return floor;
}

/** Every import between files under `roots`, as paths relative to `base`. */
export function importsUnder(base: string, roots: readonly string[]): [string, string][] {
  const files = roots.flatMap((root) => sourceFiles(join(base, root)));
  const pairs: [string, string][] = [];
  for (const [from, targets] of importGraph(files, workspaceEntries(base))) {
    for (const target of targets) pairs.push([relative(base, from), relative(base, target)]);
  }
  return pairs;
}

/** Imports that go up a floor (or touch a file no floor names), one line each. */
export function upwardImports(imports: readonly [string, string][], layering: Layering): string[] {
  const found: string[] = [];
  const inside = (path: string): string | null => (under(path, layering.folder) ? path.slice(layering.folder.length + 1) : null);
  for (const [from, target] of imports) {
    const source = inside(from);
    const goal = inside(target);
    if (source === null || goal === null) continue;
    const low = floorOf(layering, source);
    const high = floorOf(layering, goal);
    if (low === null) found.push(`${from} is on no floor of ${layering.folder}`);
    else if (high !== null && high < low) found.push(`${from} imports ${target}, a floor above it`);
  }
  return [...new Set(found)];
}

/** Imports that break a never rule, each with the rule's reason. */
export function brokenRules(imports: readonly [string, string][], rules: readonly NeverRule[]): string[] {
  const found: string[] = [];
  for (const rule of rules) {
    for (const [from, target] of imports) {
      if (!under(from, rule.from) || rule.except?.some((place) => under(from, place))) continue;
      if (rule.never.some((place) => under(target, place))) found.push(`${from} imports ${target}: ${rule.why}`);
    }
  }
  return found;
}
