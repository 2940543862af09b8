import { parseArgs } from 'node:util';
import { type CliIo, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Verb } from '../verb.js';

const options = {
  'server-url': { type: 'string' },
  email: { type: 'string' },
  'api-key': { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** What POST /api/v1/ops/retention_sweep answers (see services/api/src/retention/retention-sweeps.ts). */
interface SweepAnswer {
  sweep_id: number;
  complete: boolean;
  running: boolean;
  messages_deleted: number;
  batches: number;
  error: string | null;
}

function isSweepAnswer(body: unknown): body is SweepAnswer {
  if (body === null || typeof body !== 'object') return false;
  const fields = body as Record<string, unknown>;
  return typeof fields.sweep_id === 'number' && typeof fields.complete === 'boolean' && typeof fields.running === 'boolean' && typeof fields.messages_deleted === 'number';
}

/** One POST to the running server: start (or join) a sweep, or follow `sweepId`. */
async function ask(baseUrl: string, authorization: string, sweepId: number | null): Promise<SweepAnswer> {
  const url = `${baseUrl.replace(/\/+$/, '')}/api/v1/ops/retention_sweep`;
  const body = sweepId === null ? undefined : new URLSearchParams({ sweep_id: String(sweepId) });
  const response = await fetch(url, { method: 'POST', headers: { authorization }, body });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok || !isSweepAnswer(answer)) {
    const msg = answer !== null && typeof answer === 'object' && 'msg' in answer ? String(answer.msg) : `HTTP ${response.status}`;
    throw new Error(`${url}: ${msg}`);
  }
  return answer;
}

const parse = (argv: string[]) => parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;

const line = (answer: SweepAnswer): string =>
  `retention sweep ${answer.sweep_id}: ${answer.messages_deleted} messages deleted in ${answer.batches} batches` +
  (answer.complete ? ', complete' : answer.running ? ', running' : `, stopped: ${answer.error ?? 'unknown'}`);

/**
 * `retention`: asks a running server to run its message retention sweep now (as the hourly task
 * does), and follows it to its end. The server does the deleting: only it may append to the log.
 */
export const verb: Verb = {
  name: 'retention',
  summary: "Run a running server's message retention sweep now and wait for its end",
  usage: `  --server-url <url>   the running server (POST /api/v1/ops/retention_sweep), as an organization owner:
  --email <email>      the owner's email (default: CHAT_EMAIL)
  --api-key <key>      the owner's API key (default: CHAT_API_KEY)
  --json               print the final report as one JSON object

Starts a sweep, or joins the one running, and reports progress until it ends. Exits 0 when the sweep
completed, 1 when it stopped (the server stopping, a failure) or the server refused.`,

  async run(argv: string[], io: CliIo): Promise<number> {
    let values: ReturnType<typeof parse>;
    try {
      values = parse(argv);
    } catch (error) {
      io.stderr.write(`retention: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_USAGE;
    }
    const serverUrl = values['server-url'];
    const email = values.email ?? io.env.CHAT_EMAIL;
    const apiKey = values['api-key'] ?? io.env.CHAT_API_KEY;
    if (!serverUrl || !email || !apiKey) {
      io.stderr.write("retention: needs --server-url and an owner's --email and --api-key (or CHAT_EMAIL and CHAT_API_KEY)\n");
      return EXIT_USAGE;
    }
    const authorization = `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;
    let answer = await ask(serverUrl, authorization, null);
    while (answer.running) {
      if (!values.json) io.stderr.write(`… ${line(answer)}\n`);
      answer = await ask(serverUrl, authorization, answer.sweep_id);
    }
    io.stdout.write(values.json ? `${JSON.stringify(answer)}\n` : `${line(answer)}\n`);
    return answer.complete ? EXIT_OK : EXIT_FAILURE;
  },
};
