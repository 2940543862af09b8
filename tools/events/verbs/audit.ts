import { parseArgs } from 'node:util';
import { asOfParameter, auditFilterOf, auditTrail, HistoryParameterError, OrganizationHistory, type RawParameters } from '@chat/projections/history/index';
import { answerAsOf, type AsOfQuestion } from '../audit/as-of-questions.js';
import { type LogHistory, scanLogHistory } from '../audit/log-history-source.js';
import { trailLines } from '../audit/trail-lines.js';
import { logOptions, openLogReader } from '../open-log.js';
import { progressOf } from '../progress.js';
import { type CliIo, EXIT_OK, EXIT_USAGE, type Verb } from '../verb.js';

const options = {
  ...logOptions,
  actor: { type: 'string', multiple: true },
  user: { type: 'string' },
  channel: { type: 'string' },
  message: { type: 'string' },
  kind: { type: 'string', multiple: true },
  since: { type: 'string' },
  until: { type: 'string' },
  after: { type: 'string' },
  'to-position': { type: 'string' },
  limit: { type: 'string' },
  at: { type: 'string' },
  position: { type: 'string' },
  json: { type: 'boolean' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

/** The CLI's options under the names the HTTP query gives them, so both are parsed by the same code. */
function trailParameters(values: Values): RawParameters {
  return {
    actor: values.actor,
    user_id: values.user,
    stream_id: values.channel,
    message_id: values.message,
    kind: values.kind,
    since: values.since,
    until: values.until,
    after: values.after,
    to_position: values['to-position'],
    limit: values.limit,
    at: values.at,
    position: values.position,
  };
}

/** How a refused point-in-time question names what it missed: the option, the thing, the value given. */
const REFUSALS: Record<string, (raw: RawParameters) => [string, string, RawParameters[string]]> = {
  message_id: (raw) => ['--message', 'message', raw.message_id],
  stream_id: (raw) => ['--channel', 'channel', raw.stream_id],
  user_id: (raw) => ['--user', 'user', raw.user_id],
};

/** A point-in-time answer, as JSON or as lines; a channel that did not exist then is a usage error. */
async function printAsOf(question: AsOfQuestion, raw: RawParameters, history: LogHistory, json: boolean, io: CliIo): Promise<number> {
  const outcome = await answerAsOf(question, raw, history);
  if ('refused' in outcome) {
    const [option, what, value] = REFUSALS[outcome.refused](raw);
    io.stderr.write(`audit: ${option}: ${value === undefined ? `name the ${what}` : `no ${what} ${String(value)} then`}\n`);
    return EXIT_USAGE;
  }
  io.stdout.write(json ? `${JSON.stringify(outcome.answer)}\n` : (outcome.text ?? ''));
  return EXIT_OK;
}

const CLI_NAMES: Record<string, string> = { user_id: '--user', stream_id: '--channel', message_id: '--message', to_position: '--to-position' };
const optionName = (parameter: string): string => CLI_NAMES[parameter] ?? `--${parameter}`;

/**
 * `audit`: the auditors' questions answered from the log, on the operator's command line (who holds
 * the data directory): `trail` lists administrative changes as GET /audit/trail does.
 */
export const verb: Verb = {
  name: 'audit',
  summary: 'Answer auditors\' questions from the log: the audit trail; the organization, a channel\'s readers, a message as of a point',
  usage: `audit organization [--at <time> | --position <p>]   users and roles, channels with settings and subscribers, groups, permissions then
audit readers --channel <id> [--at <time> | --position <p>]   who could read the channel then, by the access rules of then
audit message --message <id> [--at <time> | --position <p>]   the message as it was then: content and place, deleted, or erased
audit permissions --user <id> [--at <time> | --position <p>]   the user's groups, organization permissions and channel rights then
audit trail [filters]   administrative changes, oldest first, with who, when, request, client, before and after
  --actor <id|server>      made by this user (repeatable)
  --user <id>              made to this user
  --channel <id>           made to this channel
  --kind <kind>            of this kind (repeatable): role, bot, user_created, user_deactivated, user_erased, …
  --since <time>           at or after this ISO 8601 time
  --until <time>           before this ISO 8601 time
  --after <position>       after this log position (the previous page's next position)
  --to-position <position> up to this log position
  --limit <n>              entries per page (default 100, at most 1000)
  --json                   one JSON object per entry, then {"next_after": …} (the other questions: their answer as one JSON object)
  Neither --at nor --position: as of the end of the log.

The log is read once (a progress bar on a terminal, plain lines otherwise); nothing is written to it.`,

  async run(argv: string[], io: CliIo): Promise<number> {
    let parsed: { values: Values; positionals: string[] };
    try {
      parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true });
    } catch (error) {
      io.stderr.write(`audit: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_USAGE;
    }
    const [question] = parsed.positionals;
    if (question !== 'trail' && question !== 'organization' && question !== 'readers' && question !== 'message' && question !== 'permissions') {
      io.stderr.write(`audit: name a question: trail, organization, readers, message or permissions (got ${question === undefined ? 'none' : `'${question}'`})\n`);
      return EXIT_USAGE;
    }
    const raw = trailParameters(parsed.values);
    let filter: ReturnType<typeof auditFilterOf> | null = null;
    try {
      if (question === 'trail') filter = auditFilterOf(raw);
      else asOfParameter(raw);
    } catch (error) {
      if (!(error instanceof HistoryParameterError)) throw error;
      io.stderr.write(`audit: ${optionName(error.parameter)}: ${error.message}\n`);
      return EXIT_USAGE;
    }
    const reader = await openLogReader(parsed.values, io.env);
    try {
      const head = await reader.headPosition();
      const progress = progressOf('audit', io.stderr, head, { unit: 'positions', resultsOnTerminal: true });
      const messageId = question === 'message' && parsed.values.message !== undefined ? Number(parsed.values.message) : undefined;
      const history = await scanLogHistory(reader, (position) => progress.update(position), messageId);
      progress.stop();
      if (filter === null) return await printAsOf(question as AsOfQuestion, raw, history, parsed.values.json === true, io);
      const page = await auditTrail(new OrganizationHistory(history), filter, await history.entries());
      for (const entry of page.entries) io.stdout.write(parsed.values.json ? `${JSON.stringify(entry)}\n` : trailLines(entry));
      if (parsed.values.json) io.stdout.write(`${JSON.stringify({ next_after: page.next_after })}\n`);
      else if (page.next_after !== null) io.stdout.write(`more: --after ${page.next_after}\n`);
      return EXIT_OK;
    } finally {
      await reader.close();
    }
  },
};
