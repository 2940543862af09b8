import { pathToFileURL } from 'node:url';
import type { CliIo, Verb } from './verb.js';
import { EXIT_OK, EXIT_USAGE } from './verb.js';
import { verb as auditVerb } from './verbs/audit.js';
import { verb as backupVerb } from './verbs/backup.js';
import { verb as eraseUserVerb } from './verbs/erase-user.js';
import { verb as exportVerb } from './verbs/export.js';
import { verb as replayVerb } from './verbs/replay.js';
import { verb as restoreVerb } from './verbs/restore.js';
import { verb as retentionVerb } from './verbs/retention.js';
import { verb as sealHistoryVerb } from './verbs/seal-history.js';
import { verb as verifyVerb } from './verbs/verify.js';

/** Every verb of the CLI: one import line and one entry per verb. */
export const verbs: readonly Verb[] = [exportVerb, replayVerb, verifyVerb, auditVerb, backupVerb, restoreVerb, sealHistoryVerb, retentionVerb, eraseUserVerb];

const LOG_OPTIONS = `Where the log is (every verb):
  --data-dir <dir>   SQLite install directory holding events.sqlite3 (default: DATA_DIR or ./data)
  --esdb-url <url>   read EventStoreDB instead (default: ESDB_URL when set)`;

export function helpText(): string {
  const width = Math.max(...verbs.map((v) => v.name.length));
  const list = verbs.map((v) => `  ${v.name.padEnd(width)}  ${v.summary}`).join('\n');
  return `Usage: npm run events -- <verb> [options]
       chat-events <verb> [options]

Tools over the event log.

Verbs:
${list}

${LOG_OPTIONS}

Run \`npm run events -- <verb> --help\` for a verb's options.
`;
}

/** Dispatches `argv` (the arguments after the program) to its verb; resolves to the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(helpText());
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const verb = verbs.find((v) => v.name === name);
  if (!verb) {
    io.stderr.write(`Unknown verb '${name}'.\n\n${helpText()}`);
    return EXIT_USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(`Usage: npm run events -- ${verb.name} [options]\n\n${verb.summary}\n\n${verb.usage}\n\n${LOG_OPTIONS}\n`);
    return EXIT_OK;
  }
  return verb.run(rest, io);
}

/** Runs the CLI in this process: `node --import tsx tools/events/cli.ts` and the chat-events bin. */
export function main(): void {
  const io: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env };
  runCli(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
