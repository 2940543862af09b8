import { badRequest, ownerRequired, Role } from '@chat/core';
import { type ExportFilter, ExportFilterError, parseExportFilter, type RawExportFilter } from '@chat/eventstore';
import { type CallOf, HANDLED, roomIn, type RouteResult } from '@chat/http';
import { callerUser } from './call-context.js';
import type { Reads, Uses } from '../dependencies.js';

/** A filter list as text: one value, or a JSON list of them (actor ids arrive as numbers). */
function texts(value: string | number | readonly (string | number)[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value]).map(String);
}

type ExportParams = CallOf<'export-events'>['params'];

function rawFilter(params: ExportParams): RawExportFilter {
  return {
    from_position: params.from_position,
    to_position: params.to_position,
    since: params.since,
    until: params.until,
    stream: texts(params.stream),
    category: texts(params.category),
    type: texts(params.type),
    actor: texts(params.actor),
  };
}

function parsedFilter(params: ExportParams, knownTypes: ReadonlySet<string>): ExportFilter {
  try {
    return parseExportFilter(rawFilter(params), knownTypes);
  } catch (error) {
    if (error instanceof ExportFilterError) throw badRequest(error.message, { var_name: error.parameter });
    throw error;
  }
}

/**
 * GET /export/events: the log as NDJSON for organization owners, with the CLI export's filters and
 * lines (packages/eventstore/src/export). Bounded by the log's head when it starts. The log is read
 * and serialized in the export thread (LogExportThread); this thread only writes its chunks, as the
 * client takes them, and stops the export when the client goes away.
 */
export async function exportEventsEndpoint(ctx: Reads<'users'> & Uses<'logExports' | 'log' | 'registry'>, call: CallOf<'export-events'>): Promise<RouteResult> {
  if ((await callerUser(ctx, call)).role !== Role.Owner) throw ownerRequired('Must be an organization owner to export the event log');
  const knownTypes = new Set([...ctx.registry.schemas.values()].map((schema) => schema.title));
  const filter = parsedFilter(call.params, knownTypes);
  const chunks = ctx.logExports.export({ filter, lines: { includeSecrets: call.params.include_secrets === true }, original: call.params.original === true });
  const { res } = call.raw;
  res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' });
  try {
    for await (const chunk of chunks) {
      if (!(await roomIn(res))) return HANDLED;
      res.write(chunk);
    }
  } catch (error) {
    // The 200 is out, so no error envelope can follow: end the response unfinished, so the client
    // sees a broken export instead of a complete-looking one (or one that never ends).
    ctx.log.error({ err: error }, 'event export failed');
    res.destroy();
    return HANDLED;
  }
  if (await roomIn(res)) res.end();
  return HANDLED;
}
