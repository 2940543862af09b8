import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import { expect } from 'chai';

/** One JSON schema per client event type (and op, where the op changes the shape). */
export const CLIENT_EVENT_SCHEMA_DIR = fileURLToPath(new URL('../../schemas/client-events/', import.meta.url));

/** A client event as GET /events returns it. */
export interface ReceivedEvent {
  id: number;
  type: string;
  op?: string;
  [field: string]: unknown;
}

let validators: Map<string, ValidateFunction> | null = null;

function load(): Map<string, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv({ allErrors: true, strict: false });
  validators = new Map();
  for (const file of readdirSync(CLIENT_EVENT_SCHEMA_DIR).filter((name) => name.endsWith('.json'))) {
    const schema = JSON.parse(readFileSync(`${CLIENT_EVENT_SCHEMA_DIR}${file}`, 'utf8')) as Record<string, unknown>;
    validators.set(file.replace(/\.json$/, ''), ajv.compile(schema));
  }
  return validators;
}

/** Names of the schemas available: `type` or `type.op`. */
export function clientEventSchemaNames(): string[] {
  return [...load().keys()].sort();
}

/** The schema for an event: `type.op` when there is one, else `type`. */
export function validatorFor(event: { type?: unknown; op?: unknown }): { name: string; validate: ValidateFunction } | null {
  const all = load();
  const type = String(event.type);
  const withOp = typeof event.op === 'string' ? `${type}.${event.op}` : null;
  if (withOp && all.has(withOp)) return { name: withOp, validate: all.get(withOp)! };
  if (all.has(type)) return { name: type, validate: all.get(type)! };
  return null;
}

/** Problems of one event against its schema; empty when it is valid. */
export function eventProblems(event: unknown): string[] {
  if (typeof event !== 'object' || event === null) return ['event is not an object'];
  const found = validatorFor(event as Record<string, unknown>);
  if (!found) return [`no schema for event type ${JSON.stringify((event as Record<string, unknown>).type)}`];
  if (found.validate(event)) return [];
  return (found.validate.errors ?? []).map((error) => `${found.name}${error.instancePath} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
}

/** Every event must match its schema, and ids must increase strictly. Returns the events, typed. */
export function expectValidEvents(events: unknown): ReceivedEvent[] {
  expect(events, 'events must be an array').to.be.an('array');
  const list = events as unknown[];
  let previous = -1;
  for (const event of list) {
    expect(eventProblems(event), JSON.stringify(event)).to.deep.equal([]);
    const id = (event as ReceivedEvent).id;
    expect(id, `event ids must increase: ${JSON.stringify(list)}`).to.be.greaterThan(previous);
    previous = id;
  }
  return list as ReceivedEvent[];
}
