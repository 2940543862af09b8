import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../backup/restore-backup.js';
import { type CliIo, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Verb } from '../verb.js';

const options = {
  'data-dir': { type: 'string' },
  from: { type: 'string' },
} as const;

/** `restore`: a backup into an empty data directory, checked file by file and verified. */
export const verb: Verb = {
  name: 'restore',
  summary: 'Restore a backup into an empty data directory, checking every file and the hash chain',
  usage: `  --from <dir>             the backup (a directory written by \`backup\`)
  --data-dir <dir>         the data directory to restore into: new, or empty

Every file is checked against backup-manifest.json before anything is copied; the restored log must
verify up to the manifest's head, and its key store must hold a key epoch for every sealed value. Then
start the server on the directory: it rebuilds the read models and the search index from the log.`,

  async run(argv: string[], io: CliIo): Promise<number> {
    let args: { 'data-dir'?: string; from?: string };
    try {
      args = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
      if (!args.from) throw new Error('--from <backup dir> is required');
    } catch (error) {
      io.stderr.write(`restore: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_USAGE;
    }
    const dataDir = resolve(args['data-dir'] ?? (io.env.DATA_DIR || './data'));
    try {
      const manifest = await restoreBackup(resolve(args.from ?? ''), dataDir);
      io.stdout.write(`restored the backup of ${manifest.created_at} into ${dataDir}: the log verifies up to position ${manifest.log.position} (${manifest.log.hash})\n`);
      if (manifest.secret === 'environment') io.stdout.write('the backup has no server secret file: start the server with the CHAT_SERVER_SECRET it used\n');
      return EXIT_OK;
    } catch (error) {
      io.stderr.write(`restore: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_FAILURE;
    }
  },
};
