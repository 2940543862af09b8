import { setImmediate } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { type EventLogReader, EventSchemaRegistry, ExportFilterError, exportEvents, type ExportFilter, ndjsonLine, parseExportFilter } from '@chat/eventstore';
import { exportProgress } from '../export/export-progress.js';
import { ExportStop } from '../export/export-stop.js';
import { followUntilStopped } from '../export/follow-until-stopped.js';
import { ndjsonOutput } from '../export/ndjson-output.js';
import { logOptions, openLogReader } from '../open-log.js';
import { type CliIo, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Verb } from '../verb.js';

const options = {
  ...logOptions,
  out: { type: 'string' },
  'from-position': { type: 'string' },
  'to-position': { type: 'string' },
  'resume-after': { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  stream: { type: 'string', multiple: true },
  category: { type: 'string', multiple: true },
  type: { type: 'string', multiple: true },
  actor: { type: 'string', multiple: true },
  follow: { type: 'boolean' },
  original: { type: 'boolean' },
  'include-secrets': { type: 'boolean' },
} as const;

type Args = ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];

function parse(argv: string[]): { args: Args; filter: ExportFilter; resumeAfter: number | null } {
  const { values: args } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
  const knownTypes = new Set([...new EventSchemaRegistry().schemas.values()].map((schema) => schema.title));
  const filter = parseExportFilter(
    {
      from_position: args['from-position'],
      to_position: args['to-position'],
      since: args.since,
      until: args.until,
      stream: args.stream,
      category: args.category,
      type: args.type,
      actor: args.actor,
    },
    knownTypes,
  );
  const resume = args['resume-after'];
  const resumeAfter = resume === undefined ? null : Number(resume);
  if (resumeAfter !== null && !(/^\d+$/.test(resume ?? '') && Number.isSafeInteger(resumeAfter))) throw new Error(`--resume-after: must be a log position, not '${resume}'`);
  return { args, filter, resumeAfter };
}

/** The CLI's name for a filter parameter (from_position → --from-position). */
const flag = (parameter: string): string => `--${parameter.replace('_', '-')}`;

/**
 * `export`: the log as NDJSON, one event per line (schemas/export/ExportLine.v1.json), the same lines
 * as GET /api/v1/export/events. Reads the SQLite file read-only, so it can run beside the server.
 */
export const verb: Verb = {
  name: 'export',
  summary: 'Write the log (or a filtered part of it) as NDJSON, one event per line',
  usage: `Output:
  --out <file>              write to this file instead of stdout
  --follow                  after the stored events, keep writing new ones as they are appended (Ctrl-C stops)
  --original                keep each event's data as written (its stored version) instead of the current version
  --include-secrets         keep password hashes in the data (left out by default; each such line lists them in "redacted")

Filters (all given must hold; a repeated option keeps events matching any of its values):
  --from-position <n>       first log position (inclusive)
  --to-position <n>         last log position (inclusive)
  --resume-after <n>        carry on an interrupted export: only events after this position (the one it printed)
  --since <time>            metadata.occurred_at at or after this ISO 8601 time (2025-01-31 or 2025-01-31T12:00:00Z)
  --until <time>            metadata.occurred_at before this ISO 8601 time
  --stream <name>           one stream, e.g. user-7 (repeatable)
  --category <name>         a stream category, e.g. user, channel, realm (repeatable)
  --type <EventType>        an event type, e.g. MessageSent (repeatable)
  --actor <user id|server>  who caused it: a user id, or 'server' for the server's own events (repeatable)

A progress bar is drawn on stderr when it is a terminal and the lines go elsewhere; otherwise a plain
progress line every ten seconds. Stopped by SIGINT or SIGTERM, or failing half way, it writes out the
lines so far and names the last log position done, to resume from with --resume-after.
Exits 0 when done, 2 on a bad option, 1 when the log cannot be read or the output written, or when stopped.`,

  async run(argv: string[], io: CliIo): Promise<number> {
    let parsed: ReturnType<typeof parse>;
    try {
      parsed = parse(argv);
    } catch (error) {
      const message = error instanceof ExportFilterError ? `${flag(error.parameter)}: ${error.message}` : error instanceof Error ? error.message : String(error);
      io.stderr.write(`export: ${message}\n`);
      return EXIT_USAGE;
    }
    const { args, filter, resumeAfter } = parsed;
    let reader: EventLogReader;
    try {
      reader = await openLogReader(args, io.env, { original: args.original });
    } catch (error) {
      io.stderr.write(`export: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_FAILURE;
    }
    const out = ndjsonOutput(io.stdout, args.out, resumeAfter !== null);
    const lineOptions = { includeSecrets: args['include-secrets'] === true };
    const stop = new ExportStop(resumeAfter);
    let written = 0;
    try {
      const head = await reader.headPosition();
      const first = Math.max(filter.fromPosition ?? 0, resumeAfter ?? 0);
      const progress = exportProgress(io.stderr, args.out === undefined, io.stdout, first, Math.min(filter.toPosition ?? head, head));
      const scanned = (position: number): void => {
        stop.scanned(position);
        progress.scanned(position);
      };
      let turn = performance.now();
      // Reading SQLite and writing to a pipe never wait on the event loop: let a signal in now and then,
      // between kept events and between pages (a sparse filter may keep nothing for a long stretch).
      const letSignalsIn = async (): Promise<boolean> => {
        if (performance.now() - turn > 50) {
          await setImmediate();
          turn = performance.now();
        }
        return stop.signal !== null;
      };
      try {
        for await (const event of exportEvents(reader, filter, head, { onScanned: scanned, resumeAfter: resumeAfter ?? undefined, betweenPages: letSignalsIn })) {
          await Promise.race([out.write(ndjsonLine(event, lineOptions)), out.failed]);
          written += 1;
          stop.written(event.position);
          if (await letSignalsIn()) break;
        }
        if (!stop.signal) stop.finished();
      } finally {
        progress.stop();
        stop.release();
      }
      if (stop.signal) {
        await out.end();
        io.stderr.write(stop.resumeHint(`stopped by ${stop.signal}`, written));
        return EXIT_FAILURE;
      }
      // Where --follow goes on from: the last event scanned, or the head when none was (followEvents keeps from_position).
      const lastScanned = stop.done;
      const done = filter.toPosition !== undefined && lastScanned !== null && lastScanned >= filter.toPosition;
      if (args.follow && !done) written += await followUntilStopped(reader, lastScanned ?? head, filter, out, lineOptions);
      await out.end();
      io.stderr.write(`export: ${written} events written\n`);
      return EXIT_OK;
    } catch (error) {
      await out.end().catch(() => undefined);
      io.stderr.write(`export: ${error instanceof Error ? error.message : String(error)}\n`);
      io.stderr.write(stop.resumeHint('failed', written));
      return EXIT_FAILURE;
    } finally {
      stop.release();
      await reader.close();
    }
  },
};
