import { expect } from 'chai';
import { join } from 'node:path';
import { runEvents } from './cli-run.js';
import { exportOverHttp } from './export-requests.js';
import type { TestServer } from './test-server.js';

/** The owner's export with secrets, as text (it must succeed). */
export async function ownerExportText(server: TestServer): Promise<string> {
  const exported = await exportOverHttp(server.owner, { include_secrets: true });
  expect(exported.status).to.equal(200);
  return exported.text;
}

/** Takes a seal of the server's log (`verify --seal`) into a file beside its data directory; answers the file. */
export async function takeSeal(server: TestServer, label: string): Promise<string> {
  const sealFile = join(server.dataDir, '..', `seal-${label}-${process.pid}-${Date.now()}.json`);
  const sealed = await runEvents(['verify', '--data-dir', server.dataDir, '--seal', '--out', sealFile], {});
  expect(sealed.code, sealed.stderr).to.equal(0);
  return sealFile;
}

/** The log is still provable: verify passes, the seal taken before holds (`--against`), a replay equals the live models. */
export async function expectLogProvable(server: TestServer, sealFile: string): Promise<void> {
  const verified = await runEvents(['verify', '--data-dir', server.dataDir], {});
  expect(verified.code, verified.stdout + verified.stderr).to.equal(0);
  const against = await runEvents(['verify', '--data-dir', server.dataDir, '--against', sealFile], {});
  expect(against.code, against.stdout + against.stderr).to.equal(0);
  expect(against.stdout).to.contain('the log extends the seal');
  const credentials = server.owner.credentials;
  if (!credentials) throw new Error('the owner has no credentials');
  const replay = await runEvents(['replay', '--data-dir', server.dataDir, '--server-url', server.url], { CHAT_EMAIL: credentials.email, CHAT_API_KEY: credentials.apiKey });
  expect(replay.code, replay.stdout + replay.stderr).to.equal(0);
  expect(replay.stdout).to.contain('equal to the server');
}
