import { expect } from 'chai';
import type { ExportLine } from '@chat/eventstore';
import { runEvents } from '../../support/cli-run.js';
import { expectValidExportLines } from '../../support/export-line-schemas.js';
import { exportOverHttp } from '../../support/export-requests.js';
import { readExportLines } from '../../support/fixture-log.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const PASSWORD_EVENTS = ['UserCreated', 'UserPasswordChanged'];
const withPasswords = (lines: readonly ExportLine[]): ExportLine[] => lines.filter((line) => PASSWORD_EVENTS.includes(line.type));

describe('ops: password hashes stay out of exports unless an owner asks', function () {
  this.timeout(20000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    const ann = await server.createUser('Ann');
    expect((await ann.patch('/settings', { old_password: 'pw-Ann-1-secret', new_password: 'a-new-password-1' })).status).to.equal(200);
  });
  after(() => server.stop());

  it('leaves password_hash out of GET /export/events and lists it in the line\'s redacted', async () => {
    const { status, lines, text } = await exportOverHttp(server.owner, { type: PASSWORD_EVENTS });
    expect(status).to.equal(200);
    expect(text).not.to.contain('scrypt$');
    const users = withPasswords(lines);
    expect(users.map((line) => line.type)).to.include.members(PASSWORD_EVENTS);
    for (const line of users) {
      expect(line.data).not.to.have.property('password_hash');
      expect(line.redacted).to.deep.equal(['password_hash']);
    }
    expectValidExportLines(lines);
  });

  it('keeps them with include_secrets=true, without redacted', async () => {
    const { lines } = await exportOverHttp(server.owner, { type: PASSWORD_EVENTS, include_secrets: true });
    const ann = withPasswords(lines).filter((line) => line.type === 'UserPasswordChanged');
    expect(ann).to.have.length(1);
    expect((ann[0].data as { password_hash: string }).password_hash).to.match(/^scrypt\$/);
    for (const line of lines) expect(line).not.to.have.property('redacted');
    expectValidExportLines(lines);
  });

  it('does the same in the CLI, with --include-secrets', async () => {
    const plain = await runEvents(['export', '--data-dir', server.dataDir, '--type', 'UserPasswordChanged']);
    expect(plain.code, plain.stderr).to.equal(0);
    expect(plain.stdout).not.to.contain('scrypt$');
    expect(readExportLines(plain.stdout)[0].redacted).to.deep.equal(['password_hash']);
    const full = await runEvents(['export', '--data-dir', server.dataDir, '--type', 'UserPasswordChanged', '--include-secrets']);
    expect(full.code, full.stderr).to.equal(0);
    expect(full.stdout).to.contain('"password_hash":"scrypt$');
  });
});
