type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => value !== null && typeof value === 'object';

/** The concrete paths a pattern names in `data` (`fields.*.value` → `fields.0.value`, `fields.1.value`…). */
export function expandPath(data: unknown, pattern: string): string[] {
  const parts = pattern.split('.');
  const out: string[] = [];
  const walk = (node: unknown, at: number, prefix: string[]): void => {
    if (at === parts.length) {
      out.push(prefix.join('.'));
      return;
    }
    if (!isContainer(node)) return;
    const part = parts[at];
    if (part === '*') {
      if (Array.isArray(node)) node.forEach((item, index) => walk(item, at + 1, [...prefix, String(index)]));
      return;
    }
    if (part in node) walk((node as Record<string, unknown>)[part], at + 1, [...prefix, part]);
  };
  walk(data, 0, []);
  return out;
}

/** The value at a concrete path, or undefined. */
export function valueAt(data: unknown, path: string): unknown {
  let node = data;
  for (const part of path.split('.')) {
    if (!isContainer(node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** The container holding a concrete path's last part, and that part; null when a step is missing. */
export function parentOf(data: unknown, path: string): { parent: Container; key: string } | null {
  const parts = path.split('.');
  let node = data;
  for (const part of parts.slice(0, -1)) {
    if (!isContainer(node)) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return isContainer(node) ? { parent: node, key: parts[parts.length - 1] } : null;
}

/**
 * A copy of `data` without the values at `paths`: only the containers on the way are copied, so the
 * caller's object (a decider's event) is never changed.
 */
export function withoutPaths(data: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> {
  if (paths.every((path) => !path.includes('.'))) {
    // Top-level values only (the common case): a copy without them, no `delete` (which makes an object slow).
    const removed = new Set(paths);
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(data)) if (!removed.has(key)) copy[key] = data[key];
    return copy;
  }
  const root: Record<string, unknown> = { ...data };
  for (const path of paths) {
    const parts = path.split('.');
    let node: Container = root;
    for (const part of parts.slice(0, -1)) {
      const child: unknown = (node as Record<string, unknown>)[part];
      if (!isContainer(child)) break;
      const copy: Container = Array.isArray(child) ? [...child] : { ...child };
      (node as Record<string, unknown>)[part] = copy;
      node = copy;
    }
    delete (node as Record<string, unknown>)[parts[parts.length - 1]];
  }
  return root;
}
