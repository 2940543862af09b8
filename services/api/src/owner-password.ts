import { parseArgs } from 'node:util';
import { configFromEnv } from './config.js';
import { resetOwnerPassword } from './reset-owner-password.js';

/**
 * `npm run -s owner-password [-- --email owner@…]`: with the server stopped, gives an organization
 * owner a new generated password and prints it (DATA_DIR and the other settings as for `npm start`).
 */
async function main(): Promise<void> {
  process.umask(0o077);
  const { values } = parseArgs({ options: { email: { type: 'string' } }, strict: true, allowPositionals: false });
  const { email, password } = await resetOwnerPassword(configFromEnv(), values.email);
  process.stdout.write(`Owner login: ${email}  password: ${password}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`owner-password: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
