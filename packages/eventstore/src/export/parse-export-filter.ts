import type { ExportFilter } from './export-filter.js';

/** Filter parameters as text, named as the HTTP query names them (the CLI's --from-position is from_position). */
export interface RawExportFilter {
  from_position?: string;
  to_position?: string;
  since?: string;
  until?: string;
  stream?: readonly string[];
  category?: readonly string[];
  type?: readonly string[];
  actor?: readonly string[];
}

/** A filter parameter that cannot be understood; `parameter` is its RawExportFilter name. */
export class ExportFilterError extends Error {
  constructor(
    readonly parameter: keyof RawExportFilter,
    message: string,
  ) {
    super(message);
    this.name = 'ExportFilterError';
  }
}

function position(name: 'from_position' | 'to_position', text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isSafeInteger(value) || value < 1) {
    throw new ExportFilterError(name, `Invalid '${name}': must be a positive integer (got '${text}')`);
  }
  return value;
}

// A date, or a date and time with seconds and an offset or Z: no locale-dependent forms.
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Milliseconds since the epoch of an ISO 8601 date or time (with an offset or Z), or null when it is not one. */
export function isoTime(text: string): number | null {
  const value = Date.parse(text);
  return ISO_TIME.test(text) && !Number.isNaN(value) ? value : null;
}

function time(name: 'since' | 'until', text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = isoTime(text);
  if (value === null) {
    throw new ExportFilterError(name, `Invalid '${name}': must be an ISO 8601 time such as 2025-01-31T12:00:00Z (got '${text}')`);
  }
  return value;
}

function actor(text: string): number | null {
  if (text === 'server') return null;
  const value = Number(text);
  if (text.trim() === '' || !Number.isSafeInteger(value) || value < 1) {
    throw new ExportFilterError('actor', `Invalid 'actor': must be a user id or 'server' (got '${text}')`);
  }
  return value;
}

function names(name: 'type' | 'stream' | 'category', list: readonly string[] | undefined, known?: ReadonlySet<string>): string[] | undefined {
  if (list === undefined || list.length === 0) return undefined;
  for (const item of list) {
    if (item === '') throw new ExportFilterError(name, `Invalid '${name}': must not be empty`);
    if (known && !known.has(item)) throw new ExportFilterError(name, `Invalid '${name}': unknown event type '${item}'`);
  }
  return [...list];
}

/**
 * Turns filter text into an ExportFilter, refusing anything unclear with the parameter named.
 * `knownTypes`, when given, refuses event types no schema describes (a typo would export nothing).
 */
export function parseExportFilter(raw: RawExportFilter, knownTypes?: ReadonlySet<string>): ExportFilter {
  const filter: ExportFilter = {
    fromPosition: position('from_position', raw.from_position),
    toPosition: position('to_position', raw.to_position),
    since: time('since', raw.since),
    until: time('until', raw.until),
    streams: names('stream', raw.stream),
    categories: names('category', raw.category),
    types: names('type', raw.type, knownTypes),
    actorIds: raw.actor && raw.actor.length > 0 ? raw.actor.map(actor) : undefined,
  };
  if (filter.fromPosition !== undefined && filter.toPosition !== undefined && filter.toPosition < filter.fromPosition) {
    throw new ExportFilterError('to_position', `Invalid 'to_position': must not be below from_position`);
  }
  if (filter.since !== undefined && filter.until !== undefined && filter.until <= filter.since) {
    throw new ExportFilterError('until', `Invalid 'until': must be after since`);
  }
  return filter;
}
