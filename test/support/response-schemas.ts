import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import { expect } from 'chai';
import type { JsonObject } from './json-fields.js';

/** The answers clients depend on most, one JSON Schema each (schemas/responses/), and the error answer. */
export const RESPONSE_SCHEMA_DIR = fileURLToPath(new URL('../../schemas/responses/', import.meta.url));

/** The endpoints whose answers have a schema, by method and path, with the schema that describes a success. */
const ENDPOINTS: Readonly<Record<string, string>> = {
  'POST /register': 'register',
  'GET /messages': 'messages-get',
  'GET /events': 'events-get',
  'GET /users/me': 'users-me',
};

let validators: Map<string, ValidateFunction> | null = null;

function load(): Map<string, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  const names = readdirSync(RESPONSE_SCHEMA_DIR).filter((file) => file.endsWith('.json')).map((file) => file.replace(/\.json$/, ''));
  for (const name of names) ajv.addSchema(JSON.parse(readFileSync(`${RESPONSE_SCHEMA_DIR}${name}.json`, 'utf8')) as object, name);
  validators = new Map(names.map((name) => [name, ajv.getSchema(name)!]));
  return validators;
}

/** The schema an answer of `method path` (query string ignored) is checked against, or null when it has none. */
export function responseSchemaOf(method: string, path: string, status: number): string | null {
  const endpoint = ENDPOINTS[`${method.toUpperCase()} ${path.split('?')[0].replace(/\/+$/, '')}`];
  if (endpoint === undefined) return null;
  return status === 200 ? endpoint : 'error';
}

/** Problems of a body against one response schema; empty when it conforms. */
export function responseProblems(schema: string, body: unknown): string[] {
  const validate = load().get(schema);
  if (!validate) throw new Error(`no response schema ${schema}`);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${schema}${error.instancePath} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
}

/**
 * An answer of POST /register, GET /messages, GET /events or GET /users/me has the shape its schema
 * gives (a success, or an error); any other endpoint's answer passes. The API client calls it on every
 * answer, so each test of these endpoints checks the shape; a test may call it on a body it got otherwise.
 */
export function expectResponseShape(method: string, path: string, status: number, body: JsonObject): void {
  const schema = responseSchemaOf(method, path, status);
  if (schema === null || 'raw' in body) return;
  expect(responseProblems(schema, body), `${method} ${path} answered ${status} ${JSON.stringify(body).slice(0, 2000)}`).to.deep.equal([]);
}
