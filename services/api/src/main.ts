import { configFromEnv } from './config.js';
import { startServer } from './server.js';

/** `npm start`: serve the API until SIGINT/SIGTERM, then close cleanly. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const server = await startServer(config);
  const { log } = server.ctx;
  if (server.bootstrap.generatedCredentials) {
    const { email, password } = server.bootstrap.generatedCredentials;
    // Printed once, on the start that created the organization; only its hash is kept.
    process.stdout.write(`\nOrganization created. Owner login: ${email}  password: ${password}\n\n`);
  }
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'unclean stop');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  log.info({ url: `${server.url}/api/v1`, dataDir: config.dataDir }, 'serving');
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === 'object' && error !== null && 'code' in error ? ` (${String(error.code)})` : '';
  process.stderr.write(`chat server failed to start: ${message}${code}\n`);
  process.exit(1);
});
