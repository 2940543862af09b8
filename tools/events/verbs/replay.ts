import { parseArgs } from 'node:util';
import { logMessageBodies, readModelsDigest } from '@chat/projections';
import { logOptions, openLogReader } from '../open-log.js';
import { type Comparison, compareWithLive, describeComparison } from '../replay/compare-with-live.js';
import type { LiveReadModels } from '../replay/live-read-models.js';
import { LIVE_USAGE, liveOptions, openLiveSource } from '../replay/live-source.js';
import { progressOf } from '../progress.js';
import { eventsPerSecond, LogReplay, type ReplayProgress } from '../replay/replay-log.js';
import { openReplayTarget, type ReplayTarget, TARGET_USAGE, type TargetChoice, TargetChoiceError, targetOptions } from '../replay/replay-target.js';
import { Interruption } from '../interruption.js';
import { type CliIo, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Verb } from '../verb.js';

const options = {
  ...logOptions,
  ...targetOptions,
  ...liveOptions,
  'up-to': { type: 'string' },
  'resume-after': { type: 'string' },
  json: { type: 'boolean' },
} as const;


function parse(argv: string[]) {
  const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
  const upTo = values['up-to'] === undefined ? undefined : Number(values['up-to']);
  if (upTo !== undefined && !(Number.isSafeInteger(upTo) && upTo >= 0)) throw new Error(`--up-to must be a log position, not '${values['up-to']}'`);
  const resume = values['resume-after'];
  const resumeAfter = resume === undefined ? null : Number(resume);
  if (resumeAfter !== null && !(/^\d+$/.test(resume ?? '') && Number.isSafeInteger(resumeAfter))) throw new Error(`--resume-after must be a log position, not '${resume}'`);
  if (resumeAfter !== null && (values['server-url'] !== undefined || values['live-mongo-url'] !== undefined)) throw new Error('--resume-after cannot be combined with a comparison with live models; compare once the replay is done');
  return { ...values, upTo, resumeAfter };
}

function summary(progress: ReplayProgress, into: string): string {
  return `replayed ${progress.events} events up to position ${progress.position} in ${progress.seconds.toFixed(2)} s (${eventsPerSecond(progress)} events/s) into ${into}\n`;
}

/**
 * Where a stopped replay got to and how to carry on. A replay into MongoDB keeps its models and
 * checkpoint (the last event applied); one into memory is gone with the process.
 */
function resumeHint(reason: string, done: ReplayProgress, target: ReplayTarget, args: TargetChoice): string {
  const where = `replay: ${reason} after log position ${done.position} (${done.events} events applied) into ${target.description}`;
  if (target.description === 'memory') return `${where}; models in memory are gone: run it again, into MongoDB (--mongo-url) to be able to resume\n`;
  const search = args['search-file'] === undefined ? '' : ` --search-file ${args['search-file']}`;
  return `${where}; resume with --mongo-db ${target.description.replace('MongoDB database ', '')}${search} --resume-after ${done.position}\n`;
}

/** The rebuilt models' digest, when the comparison computed it at the replay's final position. */
const compared = (comparison: Comparison): string | undefined =>
  comparison.equal ? comparison.digest : 'replayDigest' in comparison ? comparison.replayDigest : undefined;

function report(progress: ReplayProgress, into: string, digest: string, comparison: Comparison | null): Record<string, unknown> {
  return { ...progress, events_per_second: eventsPerSecond(progress), store: into, digest, comparison };
}

/**
 * `replay`: rebuilds every read model from the log into a fresh store with the server's projections,
 * reports the rate, and compares the canonical digest with the live read models when told where they are.
 */
export const verb: Verb = {
  name: 'replay',
  summary: 'Rebuild every read model and the search index from the log into a fresh store and compare its digest with the live models',
  usage: `${TARGET_USAGE}

${LIVE_USAGE}

Otherwise:
  --up-to <position>       stop at this log position (default: the head, or the live models' position)
  --resume-after <position> carry on a replay into MongoDB that was stopped (SIGINT, SIGTERM) or failed,
                           from the position it printed (same --mongo-url, --mongo-db, --search-file)
  --json                   print one JSON object instead of lines

Exits 0 when the digests are equal (or nothing was compared), 1 when they differ: the output names the
first read model and key that differ. Stopped by SIGINT or SIGTERM, or failing half way, it names the last
log position applied and how to resume from it, and exits 1.`,

  async run(argv: string[], io: CliIo): Promise<number> {
    let args: ReturnType<typeof parse>;
    try {
      args = parse(argv);
    } catch (error) {
      io.stderr.write(`replay: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_USAGE;
    }
    const log = await openLogReader(args, io.env);
    let live: LiveReadModels | null = null;
    let target: ReplayTarget | null = null;
    let replay: LogReplay | null = null;
    const interruption = new Interruption();
    try {
      live = await openLiveSource(args, io.env);
      target = await openReplayTarget(args, io.env, Date.now(), args.resumeAfter, logMessageBodies(log));
      replay = new LogReplay(log, target.store, target.search, args.resumeAfter ?? 0);
      // A bar with the time left on a terminal, a plain line every ten seconds otherwise (issue 30).
      const total = Math.min(args.upTo ?? Number.MAX_SAFE_INTEGER, await log.headPosition());
      const shown = live ? null : progressOf('replay', io.stderr, total, { unit: 'positions' });
      const progress = (done: ReplayProgress) => shown?.update(done.position);
      const comparison = live ? await compareWithLive(replay, live) : null;
      if (!live) await replay.to(args.upTo, progress, () => interruption.signal !== null);
      shown?.stop();
      if (interruption.signal) {
        io.stderr.write(resumeHint(`stopped by ${interruption.signal}`, replay.done, target, args));
        return EXIT_FAILURE;
      }
      const digest = (comparison && compared(comparison)) ?? (await readModelsDigest(replay.models)).digest;
      if (args.json) io.stdout.write(`${JSON.stringify(report(replay.done, target.description, digest, comparison))}\n`);
      else {
        io.stdout.write(summary(replay.done, target.description));
        io.stdout.write(`read models digest: ${digest}\n`);
        if (live && comparison) io.stdout.write(describeComparison(comparison, live.source));
      }
      return comparison && !comparison.equal ? EXIT_FAILURE : EXIT_OK;
    } catch (error) {
      io.stderr.write(`replay: ${error instanceof Error ? error.message : String(error)}\n`);
      if (error instanceof TargetChoiceError) return EXIT_USAGE;
      if (replay && target && !live) io.stderr.write(resumeHint('failed', replay.done, target, args));
      return EXIT_FAILURE;
    } finally {
      interruption.release();
      await live?.close();
      await target?.search.close();
      await target?.store.close();
      await log.close();
    }
  },
};
