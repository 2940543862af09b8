import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import { precompiledCheck } from '@chat/core';

export const EVENT_SCHEMA_DIR = fileURLToPath(new URL('../../../schemas/events/', import.meta.url));
export const METADATA_SCHEMA = fileURLToPath(new URL('../../../schemas/metadata/EventMetadata.v1.json', import.meta.url));
/** How event checks are compiled (the build compiles them ahead with the same: tools/build/precompile-checks.ts). */
export const EVENT_CHECK_OPTIONS = { allErrors: true, strict: false, validateSchema: false } as const;

export interface EventSchema {
  $id: string;
  title: string;
  description: string;
  'x-version': number;
  'x-emitted-by': string[];
  properties: Record<string, { type?: string | string[]; description?: string }>;
  required?: string[];
}

/**
 * Every event type's JSON Schema by `Type.vN`, each compiled when first used (compiling all of them
 * took a third of a second of every start; a server appends only some types in a while).
 */
export class EventSchemaRegistry {
  private readonly validators = new Map<string, ValidateFunction>();
  // Each schema's own validity is checked by test/unit/eventstore/schema-registry.test.ts, not at every start.
  private ajvInstance: Ajv | null = null;
  readonly schemas = new Map<string, EventSchema>();
  private metadataCheck: ValidateFunction | null = null;

  constructor(dir = EVENT_SCHEMA_DIR) {
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
      const schema = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as EventSchema;
      this.schemas.set(schema.$id, schema);
    }
  }

  /** The metadata schema's check, compiled on the first append (a restart that appends nothing never needs it). */
  get validateMetadata(): ValidateFunction {
    this.metadataCheck ??= precompiledCheck<ValidateFunction>('metadata', 'EventMetadata.v1') ?? this.ajv.compile(JSON.parse(readFileSync(METADATA_SCHEMA, 'utf8')));
    return this.metadataCheck;
  }

  /** Compiles what the build did not (every check, run from the sources). */
  private get ajv(): Ajv {
    this.ajvInstance ??= new Ajv(EVENT_CHECK_OPTIONS);
    return this.ajvInstance;
  }

  private validator(id: string): ValidateFunction | undefined {
    let validate = this.validators.get(id);
    const schema = this.schemas.get(id);
    if (!validate && schema) {
      validate = precompiledCheck<ValidateFunction>('events', id) ?? this.ajv.compile(schema);
      this.validators.set(id, validate);
    }
    return validate;
  }

  /** Returns a description of what is wrong, or null when the data fits `type.vN`. */
  check(type: string, version: number, data: unknown): string | null {
    const validate = this.validator(`${type}.v${version}`);
    if (!validate) return `no schema for ${type}.v${version}`;
    if (validate(data)) return null;
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
  }

  latestVersion(type: string): number | null {
    let latest: number | null = null;
    for (const schema of this.schemas.values()) {
      if (schema.title === type && (latest === null || schema['x-version'] > latest)) latest = schema['x-version'];
    }
    return latest;
  }
}
