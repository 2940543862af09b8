/** The part of a JSON Schema the catalogue reads. */
export interface SchemaNode {
  description?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  $ref?: string;
  /** A value sealed under its subjects' keys, and what it reads as once forgotten (docs/topics/forgetting.md). */
  'x-sealed'?: { by: string[]; forgotten?: unknown };
}

/** The sentence a sealed field's description ends with. */
const sealedNote = (sealed: NonNullable<SchemaNode['x-sealed']>): string =>
  ` Sealed under ${sealed.by.map((reference) => `\`${reference.replace(':', '-<')}>\``).join(' and ')}; reads ${literal(sealed.forgotten ?? null)} once forgotten.`;

const literal = (value: unknown): string => JSON.stringify(value);

/** A short type: `integer`, `string (one of "a", "b")`, `array of integer`, `object`, `A \| B`. */
export function typeOf(node: SchemaNode): string {
  if (node.const !== undefined) return `const ${literal(node.const)}`;
  if (node.oneOf && node.oneOf.every((variant) => variant.type === 'object')) {
    return `object, one of ${node.oneOf.length} shapes: ${node.oneOf.map((variant) => variant.description ?? 'object').join('; ')}`;
  }
  if (node.oneOf) return node.oneOf.map(typeOf).join(' or ');
  if (node.$ref) return `see ${node.$ref}`;
  const base = ([] as string[]).concat(node.type ?? 'any').join(' or ');
  if (node.enum) return `${base} (one of ${node.enum.map(literal).join(', ')})`;
  if (node.items) return `array of ${typeOf(node.items)}`;
  return base;
}

/**
 * One row per field, nested fields named by path (`recipient.topic`, `flags.mentioned`); the
 * variants of a oneOf are listed under the field with their own descriptions.
 */
export function fieldRows(node: SchemaNode, prefix = '', parentRequired = true): string[][] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).flatMap(([name, child]) => {
    const path = `${prefix}${name}`;
    const isRequired = parentRequired && required.has(name);
    const row = [`\`${path}\``, typeOf(child), isRequired ? 'yes' : 'no', `${child.description ?? ''}${child['x-sealed'] ? sealedNote(child['x-sealed']) : ''}`];
    const nested = child.oneOf
      ? child.oneOf.flatMap((variant) => fieldRows(variant, `${path}.`, isRequired))
      : [...fieldRows(child, `${path}.`, isRequired), ...(child.items ? fieldRows(child.items, `${path}[].`, isRequired) : [])];
    return [row, ...nested];
  });
}
