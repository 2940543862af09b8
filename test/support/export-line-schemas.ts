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

/** Asserts each line fits the export line schema and its data the event schema of its type and version. */
export function expectValidExportLines(lines: readonly ExportLine[]): void {
  for (const line of lines) {
    expect(validateLine(line), `line ${line.position}: ${JSON.stringify(validateLine.errors)}`).to.equal(true);
    expect(registry.check(line.type, line.version, line.data), `line ${line.position} (${line.type}.v${line.version})`).to.equal(null);
    expect(line.version).to.equal(line.metadata.schema_version);
  }
}
