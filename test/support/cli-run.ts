import { PassThrough } from 'node:stream';
import { runCli } from '../../tools/events/cli.js';

/** What one run of the events CLI printed, and its exit code. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function collect(stream: PassThrough): () => string {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return () => Buffer.concat(chunks).toString('utf8');
}

/** Runs `npm run events -- <argv…>` in this process, with only the environment given. */
export async function runEvents(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const [stdout, stderr] = [new PassThrough(), new PassThrough()];
  const [out, err] = [collect(stdout), collect(stderr)];
  const code = await runCli(argv, { stdout, stderr, env });
  return { code, stdout: out(), stderr: err() };
}
