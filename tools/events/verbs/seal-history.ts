import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sealHistory } from '../seal-history/seal-history.js';
import { holdDataDir } from '../seal-history/data-dir-free.js';
import { readServerSecret } from '../verify/log-seal.js';
import { type CliIo, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Verb } from '../verb.js';

const options = { 'data-dir': { type: 'string' } } as const;

/** `seal-history`: brings a log written before sealing under it, with the server stopped. */
export const verb: Verb = {
  name: 'seal-history',
  summary: 'Seal a log written before sealing: its deleted and sealable values leave the files (server stopped)',
  usage: `Rewrites DATA_DIR/events.sqlite3 with every value the schemas seal sealed under the key store,
the same positions, streams, ids and metadata, and a hash chain that carries each row's earlier hash;
carries out every deletion the log records; overwrites the old log, the search index and the
read-models snapshot (rebuilt at the next start). A seal taken before still verifies with
\`verify --against\`: see docs/topics/forgetting.md, "Logs written before sealing". Back up first.`,

  async run(argv: string[], io: CliIo): Promise<number> {
    let dataDir: string;
    try {
      dataDir = resolve(parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values['data-dir'] ?? (io.env.DATA_DIR || './data'));
    } catch (error) {
      io.stderr.write(`seal-history: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_USAGE;
    }
    let release: (() => void) | null = null;
    try {
      release = holdDataDir(dataDir);
      const report = await sealHistory(dataDir, readServerSecret(dataDir, io.env), new Date());
      io.stdout.write(
        `sealed ${report.sealed_events} events of ${report.position}; ${report.forgotten} deleted values forgotten; ` +
          `head ${report.position}: was ${report.prior_hash}, now ${report.hash}\n`,
      );
      return EXIT_OK;
    } catch (error) {
      io.stderr.write(`seal-history: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_FAILURE;
    } finally {
      release?.();
    }
  },
};
