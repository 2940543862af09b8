import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { ApiError, badRequest, missingArgument, precompiledCheck } from '@chat/core';

export const API_SCHEMA_DIR = fileURLToPath(new URL('../../../schemas/api/', import.meta.url));
/** How request checks are compiled (the build compiles them ahead with the same: tools/build/precompile-checks.ts). */
export const REQUEST_CHECK_OPTIONS = { coerceTypes: true, useDefaults: false, allErrors: false, strict: false, validateSchema: false } as const;

interface PropertySchema {
  type?: string | string[];
  'x-json'?: boolean;
}

interface RequestSchema {
  $id: string;
  properties?: Record<string, PropertySchema>;
  'x-path'?: string[];
}

/**
 * One endpoint's parameter rules: which fields exist, which carry JSON, and the check, compiled when
 * the endpoint is first called (compiling all ~120 at start took over a second of every start-up;
 * test/unit/http/request-schemas.test.ts compiles every one), or compiled ahead by the build.
 */
export class RequestSchemaCheck {
  readonly known: ReadonlySet<string>;
  private readonly jsonFields: [string, boolean][];
  private compiled: ValidateFunction | null = null;

  constructor(
    readonly schema: RequestSchema,
    private readonly compile: (schema: RequestSchema) => ValidateFunction,
  ) {
    const properties = schema.properties ?? {};
    const path = new Set(schema['x-path'] ?? []);
    this.known = new Set(Object.keys(properties).filter((name) => !path.has(name)));
    this.jsonFields = Object.entries(properties)
      .filter(([, property]) => property['x-json'])
      .map(([name, property]) => [name, ([] as string[]).concat(property.type ?? []).includes('string')]);
  }

  /** Decodes JSON-carrying fields, coerces and checks everything; throws the API error naming the parameter. */
  check(values: Record<string, unknown>): void {
    for (const [name, allowsPlainString] of this.jsonFields) {
      const raw = values[name];
      if (typeof raw !== 'string') continue;
      try {
        values[name] = JSON.parse(raw);
      } catch {
        if (!allowsPlainString) throw badRequest(`Argument '${name}' is not valid JSON.`);
      }
    }
    const validate = this.validator();
    if (!validate(values)) throw describe((validate.errors ?? [])[0]);
  }

  /** The compiled check (compiled now if it was not yet). */
  validator(): ValidateFunction {
    this.compiled ??= this.compile(this.schema);
    return this.compiled;
  }
}

function describe(error: ErrorObject | undefined): ApiError {
  if (!error) return badRequest('Invalid request');
  if (error.keyword === 'required') return missingArgument(String(error.params.missingProperty));
  const [name, ...rest] = error.instancePath.split('/').filter(Boolean);
  const where = rest.length > 0 ? `${name}[${rest.join('][')}]` : name;
  if (error.keyword === 'enum') {
    const allowed = (error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
    return badRequest(`Invalid '${where}': must be one of ${allowed}`);
  }
  return badRequest(`Invalid '${where}': ${error.message ?? 'bad value'}`);
}

/** Reads every request schema in schemas/api; each is compiled on its endpoint's first call, unless the build did. */
export function loadRequestSchemas(dir = API_SCHEMA_DIR): Map<string, RequestSchemaCheck> {
  let ajv: Ajv | null = null;
  // Each schema's own validity is checked by test/unit/http/request-schemas.test.ts, not at every start.
  const compile = (name: string) => (schema: RequestSchema): ValidateFunction =>
    precompiledCheck<ValidateFunction>('api', name) ?? (ajv ??= new Ajv(REQUEST_CHECK_OPTIONS)).compile(schema);
  const checks = new Map<string, RequestSchemaCheck>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const schema = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as RequestSchema;
    const name = file.replace(/\.json$/, '');
    checks.set(name, new RequestSchemaCheck(schema, compile(name)));
  }
  return checks;
}
