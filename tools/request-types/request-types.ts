import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

/** The generated folder: one type per request schema in schemas/api by group, and the maps from schema name to them. */
export const REQUEST_TYPES_DIR = 'packages/http/src/request-types';

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
 * A value of several types whose object form is described by `if: {type: object}, then: {…}` (a
 * group setting: a group id or its members) written as the union it checks, `anyOf` of the other
 * types and the object, so the type says what the object holds. Only the type changes: the check
 * keeps the schema as written.
 */
function withObjectBranches(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withObjectBranches);
  if (typeof value !== 'object' || value === null) return value;
  const node = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withObjectBranches(inner)])) as Record<string, unknown>;
  const { type, if: condition, then, ...rest } = node;
  const objectIf = typeof condition === 'object' && condition !== null && (condition as { type?: unknown }).type === 'object';
  if (!Array.isArray(type) || !type.includes('object') || !objectIf || typeof then !== 'object' || then === null) return node;
  const others = type.filter((each) => each !== 'object');
  return { ...rest, anyOf: [{ type: others.length === 1 ? others[0] : others }, { type: 'object', ...then }] };
}

/** The group a schema's types are written in: its name's first word, singular (users-list → user). */
const groupOf = (id: string): string => id.split('-')[0].replace(/s$/, '');

const HEADER = '// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.';

/**
 * The TypeScript of every request schema (json-schema-to-typescript): its parameters as the schema
 * check leaves them (coerced, JSON-decoded), with the names of its path parameters apart. One file per
 * group of schemas (REQUEST_TYPES_DIR/<group>.ts), and an index that joins their maps; by file name.
 */
export async function requestTypes(root: string): Promise<Map<string, string>> {
  const dir = join(root, 'schemas', 'api');
  const files = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
  const groups = new Map<string, { types: string[]; entries: string[]; paths: string[] }>();
  for (const file of files) {
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as JSONSchema & { 'x-path'?: string[] };
    const id = file.replace(/\.json$/, '');
    const name = `${typeName(id)}Request`;
    const { $id: _id, $schema: _schema, ...body } = withObjectBranches(withoutDescriptions(schema)) as JSONSchema;
    const options = { bannerComment: '', additionalProperties: false, format: false, strictIndexSignatures: true } as const;
    const type = (await compile({ ...body, title: name }, name, options)).trim().replace(/\n\n+/g, '\n');
    const group = groups.get(groupOf(id)) ?? { types: [], entries: [], paths: [] };
    groups.set(groupOf(id), group);
    group.types.push(type);
    // The library spells the name its own way (e2ee → E2Ee): the map names what it wrote.
    group.entries.push(`  '${id}': ${/^export (?:interface|type) (\w+)/.exec(type)?.[1] ?? name};`);
    const pathNames = schema['x-path'] ?? [];
    group.paths.push(`  '${id}': ${pathNames.length === 0 ? 'never' : pathNames.map((p) => `'${p}'`).join(' | ')};`);
  }
  const out = new Map<string, string>();
  const names = [...groups.keys()].sort();
  for (const group of names) {
    const { types, entries, paths } = groups.get(group) ?? { types: [], entries: [], paths: [] };
    const kind = typeName(group);
    out.set(`${group}.ts`, [HEADER, '', ...types, '', `export interface ${kind}RequestTypes {`, ...entries, '}', '', `export interface ${kind}RequestPathNames {`, ...paths, '}', ''].join('\n'));
  }
  const kinds = names.map((group) => typeName(group));
  out.set('index.ts', [
    HEADER,
    '',
    ...names.map((group, i) => `import type { ${kinds[i]}RequestPathNames, ${kinds[i]}RequestTypes } from './${group}.js';`),
    ...names.map((group) => `export type * from './${group}.js';`),
    '',
    "/** Each request schema's parameters, by schema name. */",
    `export interface RequestTypes extends ${kinds.map((kind) => `${kind}RequestTypes`).join(', ')} {}`,
    '',
    "/** The names of each request schema's path parameters. */",
    `export interface RequestPathNames extends ${kinds.map((kind) => `${kind}RequestPathNames`).join(', ')} {}`,
    '',
  ].join('\n'));
  return out;
}
