import { type AuditKind, AUDIT_KINDS, isAuditKind } from '@chat/core';
import { isoTime } from '@chat/eventstore';
import type { AuditFilter } from './audit-trail.js';

/** A history question's parameter that cannot be understood: the endpoint answers BAD_REQUEST naming it, the CLI exits 2. */
export class HistoryParameterError extends Error {
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
    this.name = 'HistoryParameterError';
  }
}

/** Parameters as given (query text or CLI options), named as the HTTP query names them. */
export type RawParameters = Record<string, string | number | boolean | readonly (string | number)[] | undefined>;

export const DEFAULT_AUDIT_LIMIT = 100;
export const MAX_AUDIT_LIMIT = 1000;

const list = (value: RawParameters[string]): (string | number)[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? [...(value as (string | number)[])] : [value as string | number];

/** A whole number at least `min`, or undefined when not given. */
export function integerParameter(raw: RawParameters, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw new HistoryParameterError(name, `Invalid '${name}': must be an integer from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`} (got '${String(value)}')`);
  }
  return number;
}

export function timeParameter(raw: RawParameters, name: string): number | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  const time = isoTime(String(value));
  if (time === null) throw new HistoryParameterError(name, `Invalid '${name}': must be an ISO 8601 time such as 2026-03-03T12:00:00Z (got '${String(value)}')`);
  return time;
}

function actors(raw: RawParameters): (number | null)[] | undefined {
  return list(raw.actor)?.map((item) => {
    if (item === 'server') return null;
    const id = Number(item);
    if (!Number.isSafeInteger(id) || id < 1) throw new HistoryParameterError('actor', `Invalid 'actor': must be a user id or 'server' (got '${String(item)}')`);
    return id;
  });
}

function kinds(raw: RawParameters): AuditKind[] | undefined {
  return list(raw.kind)?.map((item) => {
    if (!isAuditKind(String(item))) throw new HistoryParameterError('kind', `Invalid 'kind': '${String(item)}' is not one of ${AUDIT_KINDS.join(', ')}`);
    return String(item) as AuditKind;
  });
}

/** The audit trail's filter from its parameters: actor, user_id, stream_id, kind, since, until, after, to_position, limit. */
export function auditFilterOf(raw: RawParameters): AuditFilter {
  const filter: AuditFilter = {
    actors: actors(raw),
    user: integerParameter(raw, 'user_id', 1),
    channel: integerParameter(raw, 'stream_id', 1),
    kinds: kinds(raw),
    since: timeParameter(raw, 'since'),
    until: timeParameter(raw, 'until'),
    after: integerParameter(raw, 'after', 0),
    upTo: integerParameter(raw, 'to_position', 1),
    limit: integerParameter(raw, 'limit', 1, MAX_AUDIT_LIMIT) ?? DEFAULT_AUDIT_LIMIT,
  };
  if (filter.since !== undefined && filter.until !== undefined && filter.until <= filter.since) {
    throw new HistoryParameterError('until', "Invalid 'until': must be later than 'since'");
  }
  return filter;
}

/** When a point-in-time question asks about: a log position, a time, or (neither) now. */
export type AsOf = { position: number } | { time: number } | { now: true };

export function asOfParameter(raw: RawParameters): AsOf {
  const position = integerParameter(raw, 'position', 0);
  const time = timeParameter(raw, 'at');
  if (position !== undefined && time !== undefined) throw new HistoryParameterError('at', "Give 'position' or 'at', not both");
  if (position !== undefined) return { position };
  if (time !== undefined) return { time };
  return { now: true };
}
