// First: starts what other threads do at a start (the snapshot's read, the key store's thread) while the rest loads.
import './start-ahead.js';
import { chachaBoxes } from '@chat/keystore';
import { configFromEnv } from './config.js';
import { startServer } from './server.js';

/** A stop that takes longer than this (a store that does not answer) ends the process anyway. */
const STOP_DEADLINE_MS = 9_000;

/** `npm start`: serve the API until SIGINT/SIGTERM, then close cleanly within 10 s. */
async function main(): Promise<void> {
  // Everything the process creates (the log, its -wal and -shm, queues, presence, uploads) is its user's alone.
  process.umask(0o077);
  const config = configFromEnv();
  // Told when the server can no longer do its work (see Overrides.onFatal): stop, and exit 1.
  let fatal: (error: Error) => void = () => process.exit(1);
  const server = await startServer(config, { onFatal: (error) => fatal(error) });
  const { log } = server.ctx;
  if (server.bootstrap.generatedCredentials) {
    const { email, password } = server.bootstrap.generatedCredentials;
    // Printed once, on the start that created the organization; only its hash is kept.
    process.stdout.write(`\nOrganization created. Owner login: ${email}  password: ${password}\n\n`);
  }
  let stopping = false;
  const stop = (signal: string, code = 0): void => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    setTimeout(() => {
      log.error({ deadlineMs: STOP_DEADLINE_MS }, 'stop took too long; exiting');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    server.close().then(
      () => process.exit(code),
      (error: unknown) => {
        log.error({ err: error }, 'unclean stop');
        process.exit(1);
      },
    );
  };
  fatal = (error) => {
    log.fatal({ err: error }, 'cannot go on; exiting so that a fresh process takes over');
    stop('fatal', 1);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  log.info({ url: `${server.url}/api/v1`, dataDir: config.dataDir, sealedBoxes: config.logSealing ? chachaBoxes.name : 'off' }, 'serving');
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === 'object' && error !== null && 'code' in error ? ` (${String(error.code)})` : '';
  process.stderr.write(`chat server failed to start: ${message}${code}\n`);
  process.exit(1);
});
