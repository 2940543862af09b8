import { join } from 'node:path';
import { expect } from 'chai';
import { runEvents } from './cli-run.js';
import { exportOverHttp } from './export-requests.js';
import type { TestServer } from './test-server.js';

/** The owner's export of the whole log, password hashes included: everything the log lets anyone read. */
export async function exportedWithSecrets(server: TestServer): Promise<string> {
  const exported = await exportOverHttp(server.owner, { include_secrets: true });
  expect(exported.status).to.equal(200);
  return exported.text;
}

/** Takes a seal of the log as it stands (kept beside the data directory) and answers its file. */
export async function sealLog(server: TestServer): Promise<string> {
  const file = join(server.dataDir, '..', `seal-${process.pid}-${Date.now()}.json`);
  const sealed = await runEvents(['verify', '--data-dir', server.dataDir, '--seal', '--out', file], {});
  expect(sealed.code, sealed.stderr).to.equal(0);
  return file;
}

/** `replay --server-url`: the log replayed (with the keys destroyed so far) equals the live read models. */
export async function expectReplayEqual(server: TestServer): Promise<void> {
  const credentials = server.owner.credentials!;
  const replay = await runEvents(['replay', '--data-dir', server.dataDir, '--server-url', server.url], { CHAT_EMAIL: credentials.email, CHAT_API_KEY: credentials.apiKey });
  expect(replay.code, replay.stdout + replay.stderr).to.equal(0);
  expect(replay.stdout).to.contain('equal to the server');
}

/** The log still proves itself: it verifies, extends the seal taken before, and replays to the live models. */
export async function expectLogProvable(server: TestServer, sealFile: string): Promise<void> {
  const verified = await runEvents(['verify', '--data-dir', server.dataDir], {});
  expect(verified.code, verified.stdout + verified.stderr).to.equal(0);
  const against = await runEvents(['verify', '--data-dir', server.dataDir, '--against', sealFile], {});
  expect(against.code, against.stdout + against.stderr).to.equal(0);
  expect(against.stdout).to.contain('the log extends the seal');
  await expectReplayEqual(server);
}
