import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

/** The generated file: one type per request schema in schemas/api, and the map from schema name to it. */
export const REQUEST_TYPES_FILE = 'packages/http/src/request-types.ts';

const typeName = (id: string): string => id.replace(/(^|[-_])([a-z0-9])/g, (_all, _sep: string, letter: string) => letter.toUpperCase());

/** The schema without its descriptions: the types stay short, the schemas keep the words. */
function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (typeof value !== 'object' || value === null) return value;
  const kept = Object.entries(value).filter(([key]) => key !== 'description');
  return Object.fromEntries(kept.map(([key, inner]) => [key, key === 'properties' ? propertiesWithoutDescriptions(inner) : withoutDescriptions(inner)]));
}

/** Under `properties` the keys are parameter names (one may be called `description`). */
function propertiesWithoutDescriptions(properties: unknown): unknown {
  if (typeof properties !== 'object' || properties === null) return properties;
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, withoutDescriptions(schema)]));
}

/**
 * The TypeScript of every request schema (json-schema-to-typescript): its parameters as the schema
 * check leaves them (coerced, JSON-decoded), with the names of its path parameters apart.
 */
export async function requestTypes(root: string): Promise<string> {
  const dir = join(root, 'schemas', 'api');
  const files = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
  const types: string[] = [];
  const entries: string[] = [];
  const paths: string[] = [];
  for (const file of files) {
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as JSONSchema & { 'x-path'?: string[] };
    const id = file.replace(/\.json$/, '');
    const name = `${typeName(id)}Request`;
    const { $id: _id, $schema: _schema, ...body } = withoutDescriptions(schema) as JSONSchema;
    const options = { bannerComment: '', additionalProperties: false, format: false, strictIndexSignatures: true } as const;
    const type = (await compile({ ...body, title: name }, name, options)).trim().replace(/\n\n+/g, '\n');
    types.push(type);
    // The library spells the name its own way (e2ee → E2Ee): the map names what it wrote.
    entries.push(`  '${id}': ${/^export (?:interface|type) (\w+)/.exec(type)?.[1] ?? name};`);
    const pathNames = schema['x-path'] ?? [];
    paths.push(`  '${id}': ${pathNames.length === 0 ? 'never' : pathNames.map((p) => `'${p}'`).join(' | ')};`);
  }
  return [
    '// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.',
    '/* eslint-disable */',
    '',
    ...types,
    '',
    '/** Each request schema\'s parameters, by schema name. */',
    'export interface RequestTypes {',
    ...entries,
    '}',
    '',
    '/** The names of each request schema\'s path parameters. */',
    'export interface RequestPathNames {',
    ...paths,
    '}',
    '',
  ].join('\n');
}
