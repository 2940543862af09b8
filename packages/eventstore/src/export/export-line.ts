import type { EventMetadata, StoredEvent } from '@chat/core';

/** One line of an NDJSON export (schemas/export/ExportLine.v1.json). */
export interface ExportLine {
  position: number;
  stream: string;
  revision: number;
  id: string;
  type: string;
  /** The schema version `data` follows: the current one, or the one written when exporting originals. */
  version: number;
  data: unknown;
  metadata: EventMetadata;
}

export function toExportLine(event: StoredEvent): ExportLine {
  const { position, stream, revision, id, type, data, metadata } = event;
  return { position, stream, revision, id, type, version: metadata.schema_version, data, metadata };
}

/** The line as written: compact JSON and a newline, so every line parses on its own. */
export const ndjsonLine = (event: StoredEvent): string => `${JSON.stringify(toExportLine(event))}\n`;
