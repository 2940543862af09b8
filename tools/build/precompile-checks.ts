import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type Options } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';
import { EVENT_CHECK_OPTIONS, EVENT_SCHEMA_DIR, METADATA_SCHEMA } from '../../packages/eventstore/src/schema-registry.js';
import { API_SCHEMA_DIR, REQUEST_CHECK_OPTIONS } from '../../packages/http/src/request-schemas.js';

/** One check compiled ahead: where it goes under dist/checks, its CommonJS code, and the schema file it came from. */
export interface PrecompiledCheck {
  path: string;
  code: string;
  source: string;
}

/**
 * Every JSON Schema check the server compiles (event and metadata checks on append, request checks
 * on an endpoint's first call), compiled as ajv's standalone code with the options the server uses
 * (tools/build/server-build.mjs runs this at build time; the compiled server loads them with
 * precompiledCheck). Run from the sources, the server compiles each when first needed instead.
 */
export function precompileChecks(): PrecompiledCheck[] {
  const checks: PrecompiledCheck[] = [];
  const compile = (options: Options, kind: string, name: string, source: string): void => {
    const ajv = new Ajv({ ...options, code: { source: true } });
    const validate = ajv.compile(JSON.parse(readFileSync(source, 'utf8')) as object);
    checks.push({ path: `checks/${kind}/${name}.cjs`, code: standalone.default(ajv, validate), source });
  };
  for (const file of jsonFiles(EVENT_SCHEMA_DIR)) compile(EVENT_CHECK_OPTIONS, 'events', file.replace(/\.json$/, ''), join(EVENT_SCHEMA_DIR, file));
  compile(EVENT_CHECK_OPTIONS, 'metadata', 'EventMetadata.v1', METADATA_SCHEMA);
  for (const file of jsonFiles(API_SCHEMA_DIR)) compile(REQUEST_CHECK_OPTIONS, 'api', file.replace(/\.json$/, ''), join(API_SCHEMA_DIR, file));
  return checks;
}

const jsonFiles = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
