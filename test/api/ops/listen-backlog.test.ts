import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** The accept queue of the socket listening on `port`, as the kernel reports it (ss shows it as Send-Q), or null without ss. */
function acceptQueue(port: number): number | null {
  let out: string;
  try {
    out = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' });
  } catch {
    return null;
  }
  const fields = out.trim().split(/\s+/);
  return fields.length > 2 ? Number(fields[2]) : null;
}

describe('ops: thousands of clients connecting at once (the accept queue)', function () {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('listens with the longest accept queue the kernel allows, not Node’s 511 (which reset polls of a reconnecting crowd)', function () {
    const queue = acceptQueue(server.port);
    if (queue === null) this.skip();
    const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    expect(queue).to.equal(Math.min(65_535, somaxconn));
  });
});
