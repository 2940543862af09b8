import type { EventMetadata, StoredEvent } from '@chat/core';
import { withoutPaths } from '../sealing/object-paths.js';
import { forgottenPaths } from '../sealing/unseal-data.js';

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
  /** Fields of `data` left out because they are credentials (password hashes); absent when nothing was. */
  redacted?: string[];
  /** Dotted paths of `data` left out because what they held was forgotten (deleted, expired, erased). */
  forgotten?: string[];
}

/** Fields of event data that are credentials: an export leaves them out unless an owner asks for them. */
export const SECRET_DATA_FIELDS: readonly string[] = ['password_hash'];

export interface ExportLineOptions {
  /** Keep credentials (password hashes) in the data: `--include-secrets`, `include_secrets=true`. */
  includeSecrets?: boolean;
}

export function toExportLine(event: StoredEvent, options: ExportLineOptions = {}): ExportLine {
  const { position, stream, revision, id, type, metadata } = event;
  const forgotten = forgottenPaths(event.data);
  const data = forgotten.length > 0 ? withoutPaths(event.data as Record<string, unknown>, forgotten) : event.data;
  const line: ExportLine = { position, stream, revision, id, type, version: metadata.schema_version, data, metadata, ...(forgotten.length > 0 ? { forgotten } : {}) };
  if (options.includeSecrets) return line;
  const redacted = SECRET_DATA_FIELDS.filter((field) => field in data);
  if (redacted.length === 0) return line;
  const kept: Record<string, unknown> = { ...data };
  for (const field of redacted) delete kept[field];
  return { ...line, data: kept, redacted };
}

/** The line as written: compact JSON and a newline, so every line parses on its own. */
export const ndjsonLine = (event: StoredEvent, options: ExportLineOptions = {}): string => `${JSON.stringify(toExportLine(event, options))}\n`;
