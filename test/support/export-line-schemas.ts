import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { expect } from 'chai';
import { EventSchemaRegistry, type ExportLine } from '@chat/eventstore';

const schemaFile = (path: string): object => JSON.parse(readFileSync(fileURLToPath(new URL(`../../schemas/${path}`, import.meta.url)), 'utf8'));

const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addSchema(schemaFile('metadata/EventMetadata.v1.json'));
const validateLine = ajv.compile(schemaFile('export/ExportLine.v1.json'));
const registry = new EventSchemaRegistry();

/** A redacted line's data with a stand-in for each field left out: the rest must still fit the event schema. */
function withPlaceholders(line: ExportLine): unknown {
  if (!line.redacted) return line.data;
  const stand = (field: string): string => (field === 'password_hash' ? 'scrypt$redacted' : 'redacted');
  return { ...(line.data as object), ...Object.fromEntries(line.redacted.map((field) => [field, stand(field)])) };
}

/** Asserts each line fits the export line schema and its data the event schema of its type and version. */
export function expectValidExportLines(lines: readonly ExportLine[]): void {
  for (const line of lines) {
    expect(validateLine(line), `line ${line.position}: ${JSON.stringify(validateLine.errors)}`).to.equal(true);
    expect(registry.check(line.type, line.version, withPlaceholders(line)), `line ${line.position} (${line.type}.v${line.version})`).to.equal(null);
    expect(line.version).to.equal(line.metadata.schema_version);
  }
}
