import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/**
 * The public API's OpenAPI description (`../shared/reference/zulip-openapi.yaml`, beside the
 * repository), read for facts: which operations exist and which fields an answer may carry.
 */
const REFERENCE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'reference', 'zulip-openapi.yaml');

type Schema = { $ref?: string; allOf?: Schema[]; oneOf?: Schema[]; anyOf?: Schema[]; properties?: Record<string, Schema> };
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type Description = { paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, Schema>> };

let loaded: Description | undefined;
const description = (): Description => (loaded ??= parse(readFileSync(REFERENCE, 'utf8')) as Description);

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the reference as `METHOD /path` with `{name}` parameters. */
export function referenceOperations(): { method: string; path: string }[] {
  return Object.entries(description().paths).flatMap(([path, item]) =>
    Object.keys(item).filter((method) => HTTP_METHODS.has(method)).map((method) => ({ method: method.toUpperCase(), path })));
}

function resolved(schema: Schema): Schema {
  let current = schema;
  while (current.$ref !== undefined) {
    const [, section, name] = current.$ref.replace(/^#\//, '').split('/');
    current = description().components[section][name];
  }
  return current;
}

function propertyNames(schema: Schema, into: Set<string>): Set<string> {
  const current = resolved(schema);
  for (const part of [...(current.allOf ?? []), ...(current.oneOf ?? []), ...(current.anyOf ?? [])]) propertyNames(part, into);
  for (const name of Object.keys(current.properties ?? {})) into.add(name);
  return into;
}

/** The top-level fields the reference defines for an operation's success answer. */
export function referenceAnswerFields(method: string, path: string): Set<string> {
  const schema = description().paths[path]?.[method.toLowerCase()]?.responses?.['200']?.content?.['application/json']?.schema;
  if (schema === undefined) throw new Error(`the reference has no success answer for ${method} ${path}`);
  return propertyNames(schema, new Set());
}
