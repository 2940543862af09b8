import cliProgress from 'cli-progress';

/** How far a long verb has come, told as it goes. */
export interface Progress {
  /** `done` of the total given at the start (positions or events). */
  update(done: number): void;
  stop(): void;
}

export interface ProgressOptions {
  /** What is counted, for the plain lines: "positions", "events". */
  unit: string;
  /** Where the results go: when that is the same terminal, no bar is drawn over them. */
  resultsOnTerminal?: boolean;
  /** Milliseconds between plain lines (default 10 s; the first comes after that long, so quick runs print none). */
  plainEveryMs?: number;
}

const isTerminal = (stream: NodeJS.WritableStream): boolean => 'isTTY' in stream && stream.isTTY === true;

const seconds = (ms: number): string => (ms >= 120_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`);

/** A plain line every so often: "verify: 41% (410000 of 1000000 positions), about 12 s left". */
function plainLines(verb: string, stderr: NodeJS.WritableStream, total: number, unit: string, everyMs: number): Progress {
  const started = performance.now();
  let last = started;
  return {
    update(done) {
      const now = performance.now();
      if (now - last < everyMs || total <= 0) return;
      last = now;
      const share = Math.min(1, done / total);
      const left = share > 0 ? ((now - started) * (1 - share)) / share : Number.NaN;
      stderr.write(`${verb}: ${Math.floor(share * 100)}% (${done} of ${total} ${unit})${Number.isFinite(left) ? `, about ${seconds(left)} left` : ''}\n`);
    },
    stop: () => undefined,
  };
}

/**
 * Progress of a long verb on stderr: a bar with an estimate of the time left when stderr is a
 * terminal (and the results do not go to that same terminal), else a plain line every ten seconds,
 * so a job's log shows it is alive and how far it is.
 */
export function progressOf(verb: string, stderr: NodeJS.WritableStream, total: number, options: ProgressOptions): Progress {
  if (!isTerminal(stderr)) return plainLines(verb, stderr, total, options.unit, options.plainEveryMs ?? 10_000);
  if (options.resultsOnTerminal || total <= 0) return { update: () => undefined, stop: () => undefined };
  const bar = new cliProgress.SingleBar(
    { stream: stderr, format: `${verb} [{bar}] {percentage}% | {value}/{total} ${options.unit} | {eta_formatted} left`, etaBuffer: 1000, fps: 5 },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return { update: (done) => bar.update(Math.min(done, total)), stop: () => bar.stop() };
}
