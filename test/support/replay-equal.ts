import { expect } from 'chai';
import { runEvents } from './cli-run.js';
import type { TestServer } from './test-server.js';

/** `replay --server-url`: the log replayed, with the keys destroyed so far, equals the live read models. */
export async function expectReplayEqual(server: TestServer): Promise<void> {
  const { email, apiKey } = server.owner.credentials!;
  const run = await runEvents(['replay', '--data-dir', server.dataDir, '--server-url', server.url], { CHAT_EMAIL: email, CHAT_API_KEY: apiKey });
  expect(run.code, run.stdout + run.stderr).to.equal(0);
  expect(run.stdout).to.contain('equal to the server');
}
