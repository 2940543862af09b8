import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { makeBackup } from '../backup/make-backup.js';
import { type CliIo, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Verb } from '../verb.js';

const options = {
  'data-dir': { type: 'string' },
  out: { type: 'string' },
} as const;

/** `backup`: a consistent copy of an install's durable state, while its server runs or not. */
export const verb: Verb = {
  name: 'backup',
  summary: 'Copy the log, its key store, the uploads and the server secret, consistently, while the server runs',
  usage: `  --out <dir>              where to write the backup (a new or empty directory)

The backup holds events.sqlite3 (as of one moment), keys.sqlite3, uploads/ and server-secret, and
backup-manifest.json (the log's head and hash, each file's sha256), written last. The search index and
the read-models snapshot are not copied: a restored server rebuilds them. A backup holds what was not
yet deleted when it was made, for as long as it is kept (docs/topics/forgetting.md, "Backups").
EventStoreDB and MongoDB installs are backed up with their own tools: see docs/topics/operations.md.`,

  async run(argv: string[], io: CliIo): Promise<number> {
    let args: { 'data-dir'?: string; out?: string };
    try {
      args = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
      if (!args.out) throw new Error('--out <dir> is required');
    } catch (error) {
      io.stderr.write(`backup: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_USAGE;
    }
    const dataDir = resolve(args['data-dir'] ?? (io.env.DATA_DIR || './data'));
    try {
      const manifest = await makeBackup(dataDir, resolve(args.out ?? ''), new Date());
      const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
      io.stdout.write(
        `backed up ${dataDir} to ${resolve(args.out ?? '')}: log up to position ${manifest.log.position} (${manifest.log.hash}), ` +
          `${manifest.keys.masters} key epochs live and ${manifest.keys.materialized_epochs} materialized, ${manifest.files.length} files, ${bytes} bytes\n`,
      );
      if (manifest.secret === 'environment') io.stdout.write('the server secret comes from CHAT_SERVER_SECRET: keep it with the backup yourself\n');
      return EXIT_OK;
    } catch (error) {
      io.stderr.write(`backup: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_FAILURE;
    }
  },
};
