/**
 * Which values of an event type are sealed, read from its schema: a property annotated
 * `"x-sealed": { "by": ["message:message_id"], "forgotten": "" }` is stored encrypted under the key of
 * the subjects named by `by` (kind, and the top-level field holding the id), and reads as `forgotten`
 * once any of those subjects is forgotten. `{field}` in a string `forgotten` is filled from the data.
 */
export interface SealGroup {
  /** Subject references, `kind:field`, in the order their keys are combined. */
  by: readonly string[];
  /** Dotted paths of the values sealed together; `*` stands for every item of an array. */
  paths: readonly string[];
  /** What each path reads as once forgotten (templates). */
  forgotten: readonly unknown[];
}

/** Groups per `Type.vN`; types with nothing sealed are absent. */
export type SealSpecs = ReadonlyMap<string, readonly SealGroup[]>;

interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  'x-sealed'?: { by: string[]; forgotten?: unknown };
}

interface SealedPath {
  path: string;
  by: string[];
  forgotten: unknown;
}

function sealedPaths(node: SchemaNode, prefix: string, found: SealedPath[]): void {
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    const path = prefix === '' ? name : `${prefix}.${name}`;
    const sealed = property['x-sealed'];
    if (sealed) found.push({ path, by: sealed.by, forgotten: sealed.forgotten ?? null });
    else if (property.properties) sealedPaths(property, path, found);
    else if (property.items?.properties) sealedPaths(property.items, `${path}.*`, found);
  }
}

/** The seal groups of every schema given (`$id` is `Type.vN`). */
export function sealSpecsOf(schemas: Iterable<{ $id: string }>): SealSpecs {
  const specs = new Map<string, SealGroup[]>();
  for (const schema of schemas) {
    const found: SealedPath[] = [];
    sealedPaths(schema as SchemaNode, '', found);
    if (found.length === 0) continue;
    const groups = new Map<string, { by: string[]; paths: string[]; forgotten: unknown[] }>();
    for (const each of found) {
      const key = each.by.join(',');
      const group = groups.get(key) ?? { by: each.by, paths: [], forgotten: [] };
      group.paths.push(each.path);
      group.forgotten.push(each.forgotten);
      groups.set(key, group);
    }
    specs.set(schema.$id, [...groups.values()]);
  }
  return specs;
}
