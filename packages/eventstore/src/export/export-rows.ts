import type { EventMetadata } from '@chat/core';
import type { ChainedRow } from '../sqlite/chain-hash.js';
import { toStoredEvent } from '../sqlite/sqlite-event-store.js';
import type { Upcasters } from '../upcasting/upcaster.js';
import { type ExportFilter, matchesFilter } from './export-filter.js';
import { type ExportLineOptions, ndjsonLine, SECRET_DATA_FIELDS } from './export-line.js';
import type { KeyRing } from '@chat/keystore';
import { SEALED, sealedEntries } from '../sealing/sealed-envelope.js';
import { unsealData } from '../sealing/unseal-data.js';

/** Rows read from the log at once. */
const PAGE = 512;

/** Stored rows after a position, as a SQLite log gives them (ReadOnlySqliteLog). */
export interface RowSource {
  rowsAfter(position: number, limit: number): ChainedRow[];
}

/**
 * The export line of a stored row, made without parsing its data: the row's data and metadata are
 * the JSON.stringify text the store wrote, which is exactly what serializing them again would give.
 * Null when the line needs the event itself: an older version to upcast, or a credential to leave out.
 */
function lineOfRow(row: ChainedRow, metadata: EventMetadata, upcasters: Upcasters | null, options: ExportLineOptions): string | null {
  if (upcasters && upcasters.currentVersion(row.type, metadata.schema_version) !== metadata.schema_version) return null;
  if (!options.includeSecrets && SECRET_DATA_FIELDS.some((field) => row.data.includes(`"${field}"`))) return null;
  if (row.data.includes(`"${SEALED}"`)) return null;
  return `{"position":${row.position},"stream":${JSON.stringify(row.stream)},"revision":${row.revision},"id":${JSON.stringify(row.id)},"type":${JSON.stringify(row.type)},"version":${metadata.schema_version},"data":${row.data},"metadata":${row.metadata}}\n`;
}

/** The keys sealed values are read with (looked up per row: a reader may load them again between pages). */
export type RingOf = () => KeyRing | null;

/** The line of a row that needs its event: parsed, unsealed, upcast when asked, serialized. */
function eventLine(row: ChainedRow, upcasters: Upcasters | null, options: ExportLineOptions, ring: RingOf): string {
  const event = toStoredEvent(row);
  if (sealedEntries(event.data).length > 0) {
    const keys = ring();
    if (!keys) throw new Error(`event at ${row.position} holds sealed values: the export needs the key store`);
    unsealData(event.data, event.id, keys);
  }
  return ndjsonLine(upcasters ? upcasters.upcast(event) : event, options);
}

/**
 * The NDJSON lines of an export read from stored rows: the lines exportEvents and ndjsonLine give for
 * the same log (upcast through `upcasters`, or as written when null), made for most events from the
 * rows' text without parsing or serializing their data again, so a whole-log export costs a fraction
 * of the work and the memory churn.
 */
export function* exportRowLines(
  source: RowSource,
  filter: ExportFilter,
  head: number,
  upcasters: Upcasters | null,
  options: ExportLineOptions = {},
  ring: RingOf = () => null,
): Iterable<string> {
  let after = (filter.fromPosition ?? 1) - 1;
  const last = Math.min(filter.toPosition ?? head, head);
  for (;;) {
    const rows = source.rowsAfter(after, PAGE);
    for (const row of rows) {
      if (row.position > last) return;
      after = row.position;
      const metadata = JSON.parse(row.metadata) as EventMetadata;
      if (!matchesFilter(filter, { stream: row.stream, type: row.type, metadata })) continue;
      yield lineOfRow(row, metadata, upcasters, options) ?? eventLine(row, upcasters, options, ring);
    }
    if (rows.length < PAGE) return;
  }
}
